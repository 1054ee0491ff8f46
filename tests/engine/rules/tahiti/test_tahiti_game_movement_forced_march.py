"""Forced March (15.14) in a game: every row of the Forced March column, the Panic check after the
march, who marches with the Leader, each Leader's own attempt, and its place after all regular
movement; hand-worked dice.

Column 7 of tahiti.yaml from 0708 down to 0715: a straight line of 1-MP hexes (see
test_tahiti_game_movement_variable.py), so a hex n rows down is exactly n MP away.
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE, FLIPPED, TAKE  # noqa: E402

from test_tahiti_game_movement_support import at, label, land, position, sea, take, targets, where, within  # noqa: E402
from test_tahiti_game_support import BLUE, RED, at_step, pending  # noqa: E402

FM = {"rule_15_14_forced_march": True}
COLUMN = [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)]


def take_all(st):
    """Every unit on the Leader's hex marches with him: take each one offered, then done."""
    while pending(st) == "on_choose_units" and any(a >= TAKE for a in st.legal_actions()):
        st.apply_action(max(st.legal_actions()))
    if pending(st) == "on_choose_units":
        st.apply_action(DONE)


def marched(*units, start="0708", **opts):
    """Red's Head Chieftain (and `units`, marching with him) at `start` say done at once; the
    Forced March is offered."""
    st = position(("head_chieftain", RED, start), *units, **FM, **opts)
    st.apply_action(DONE)
    assert pending(st) == "on_forced_march"
    st.apply_action(at(st, start))
    take_all(st)
    return st


@pytest.mark.parametrize("die, mp", COLUMN, ids=[f"die_{d}_{m}_mp" for d, m in COLUMN])
def test_rule_15_14_forced_march_table_row(die, mp):
    st = marched(("fighters", RED, "0708"))
    st.apply_action(die)
    if mp == 0:  # "even if the result ... was zero": straight to the Panic check
        assert pending(st) == "on_forced_march_panic_check"
        assert where(st, "head_chieftain") == ["0708"]
        return
    reach = targets(st, "0708")
    down = f"07{8 + mp:02d}"
    assert down in reach and f"07{9 + mp:02d}" not in reach
    assert reach <= within(st, "0708", mp) - {"0708"}
    st.apply_action(land(st, "0708", down))
    # "The Leader and the Units moving with him now move up to this number of movement points."
    assert where(st, "head_chieftain") == where(st, "fighters") == [down]
    assert pending(st) == "on_forced_march_panic_check"


def test_rule_15_14_panic_check_even_has_no_effect():
    st = marched(("fighters", RED, "0708"), ("population", RED, "0708"))
    st.apply_action(1)  # 0 MP
    st.apply_action(4)  # even: no effect
    assert pending(st) != "on_panic"
    assert not any(u.flags & FLIPPED for u in st.units)


def test_rule_15_14_panic_check_odd_each_unit_but_clan_elders_rolls():
    st = marched(("clan_elder", RED, "0708"), ("fighters", RED, "0708"), ("shaman", RED, "0708"),
                 ("population", RED, "0708"))
    st.apply_action(2)  # 1 MP
    st.apply_action(land(st, "0708", "0709"))
    st.apply_action(5)  # odd: the Fighters, the Shaman and the Population roll (not the Clan
    # Elder; the Head Chieftain never panics, 15.9), in the order they were raised
    rolled = []
    for face in (1, 2, 3):  # Fighters 1: panic; Shaman 2: none; Population 3: panic (odd, 9.2)
        assert pending(st) == "on_panic"
        rolled.append(st.unit(st.node[3][1][0]).kind)
        st.apply_action(face)
    assert rolled == ["fighters", "shaman", "population"]
    assert pending(st) != "on_panic"
    flipped = sorted(u.kind for u in st.units if u.flags & FLIPPED)
    assert flipped == ["fighters", "population"]


def test_rule_15_14_after_all_regular_movement_each_leader_once():
    # The Clan Elder moves regularly first; the Forced March is offered only when Red is done,
    # to each Leader's stack once (the Head Chieftain at 0708, the Clan Elder where he went).
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", RED, "1320"), **FM)
    st.apply_action(land(st, "1320", "1120"))
    assert pending(st) == "on_move"
    st.apply_action(DONE)
    assert set(st.legal_actions()) == {DONE, at(st, "0708"), at(st, "1120")}
    st.apply_action(at(st, "0708"))
    st.apply_action(2)  # 1 MP
    st.apply_action(land(st, "0708", "0709"))
    st.apply_action(2)  # even
    assert set(st.legal_actions()) == {DONE, at(st, "1120")}  # the Head Chieftain has marched


def test_rule_15_14_forced_march_comes_after_variable_movement():
    st = position(("clan_elder", RED, "0708"), **FM, rule_15_13_variable_movement=True)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"  # 15.13's second step first
    st.apply_action(1)  # column 3, die 1: 0 MP
    assert pending(st) == "on_forced_march"


def test_rule_15_14_each_leader_marches_once_not_again_with_another_leader():
    # The Head Chieftain's stack marches 0708 -> 0710 onto the Clan Elder's hex; the Clan Elder's
    # own march then carries only him: the Head Chieftain and his Fighters have marched already.
    st = position(("head_chieftain", RED, "0708"), ("fighters", RED, "0708"), ("clan_elder", RED, "0710"), **FM)
    st.apply_action(DONE)
    st.apply_action(at(st, "0708"))
    take_all(st)
    st.apply_action(4)  # Forced March die 4: 2 MP
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(2)  # Panic check even: no effect
    assert set(st.legal_actions()) == {DONE, at(st, "0710")}  # the Clan Elder's march is left
    st.apply_action(at(st, "0710"))
    st.apply_action(6)  # die 6: 3 MP
    st.apply_action(land(st, "0710", "0713"))
    assert where(st, "clan_elder") == ["0713"]
    assert where(st, "head_chieftain") == where(st, "fighters") == ["0710"]


def test_rule_15_14_recalled_head_chieftain_makes_no_forced_march():
    # Event 31: the recalled Head Chieftain walks toward his Home Village (1106) at the start of
    # the phase, "he makes no other move": no Forced March is offered to him.
    st = position(("head_chieftain", RED, "1520"), **FM)
    st.recalled.add((RED, "head_chieftain"))
    at_step(st, ("movement", RED))
    assert (RED, "head_chieftain") in st.recalled  # 1520 is further than his 4 MP from 1106
    walked = where(st, "head_chieftain")
    assert walked != ["1520"]
    st.apply_action(DONE)
    assert pending(st) != "on_forced_march"
    assert where(st, "head_chieftain") == walked


def test_rule_15_14_panic_check_by_sea_only_the_units_that_paddled():
    # One War Canoe carries 6 units (canoe_capacity): the Head Chieftain and 5 of the 6 Militia.
    # The player takes the canoe and 5 Militia with him; the stack paddles 0608 -> 0612 (4 hexes
    # of the 3 MP = 9 the die 6 gives); the sixth Militia stays on 0608, is not in the stack that
    # marched, and does not roll for Panic.
    st = position(("head_chieftain", RED, "0608"), ("war_canoe", RED, "0608"),
                  *[("militia", RED, "0608")] * 6, **FM)
    st.apply_action(DONE)
    st.apply_action(at(st, "0608"))
    for a in [take("war_canoe")] + [take("militia")] * 5:
        st.apply_action(a)
    st.apply_action(DONE)
    st.apply_action(6)  # 3 MP
    st.apply_action(sea(st, "0608", "0612"))
    assert where(st, "militia") == ["0608"] + ["0612"] * 5
    st.apply_action(1)  # Panic check odd: each Unit of the stack rolls
    rolled = []
    while pending(st) == "on_panic":
        rolled.append(label(st, st.unit(st.node[3][1][0]).cell))
        st.apply_action(2)  # even: no panic
    assert rolled == ["0612"] * 5


def test_rule_15_14_forced_march_by_canoe_each_mp_is_three_hexes():
    # "marching (or paddling)": the stack on the coastal hex 0608 with its War Canoe rolls 2 on
    # the Forced March column: 1 MP, paddled as 3 hexes down the coast (0609, 0610, 0611); the
    # fourth, 0612, is beyond it.
    st = marched(("war_canoe", RED, "0608"), ("militia", RED, "0608"), start="0608")
    st.apply_action(2)  # 1 MP
    assert sea(st, "0608", "0611") in st.legal_actions() and sea(st, "0608", "0612") not in st.legal_actions()
    assert targets(st, "0608") <= within(st, "0608", 3)
    st.apply_action(sea(st, "0608", "0611"))
    assert where(st, "head_chieftain") == where(st, "war_canoe") == where(st, "militia") == ["0611"]
    assert pending(st) == "on_forced_march_panic_check"
    st.apply_action(3)  # odd: the Militia rolls (not the Head Chieftain, not the War Canoe)
    assert pending(st) == "on_panic" and st.unit(st.node[3][1][0]).kind == "militia"
    st.apply_action(5)  # odd: panics, flipped
    assert pending(st) != "on_panic"
    assert [u.kind for u in st.units if u.flags & FLIPPED] == ["militia"]


def test_rule_15_14_unit_flipped_before_the_march_panics_again_stays_flipped():
    # Docs, Combat (9.2) Panic: a unit is lost on its second panic only *in the same retreat*;
    # a Forced March is no retreat, so a Fighters flipped earlier this turn (a fire, 62) that
    # panics again stays on the map, flipped (halved) as before.
    st = marched(("fighters", RED, "0708"))
    fighters = next(u for u in st.units if u.kind == "fighters")
    fighters.flags |= FLIPPED
    st.apply_action(1)  # 0 MP: straight to the Panic check
    st.apply_action(1)  # odd: the Fighters rolls
    assert pending(st) == "on_panic" and st.unit(st.node[3][1][0]) is fighters
    st.apply_action(3)  # odd: a second panic this turn
    assert st.unit(fighters.uid) is fighters and fighters.flags & FLIPPED
    assert where(st, "fighters") == ["0708"]


def test_rule_15_14_after_every_players_regular_movement():
    # "After all regular Movement is complete, each Leader may attempt a Forced March" (the default,
    # rule_15_14_when = after_all): Red says done, then Blue makes his regular move; only then
    # does Red's Forced March come, and Blue's after it, in turn order.
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", BLUE, "1522"), **FM)
    st.apply_action(DONE)
    assert pending(st) == "on_move" and st.current_player() == BLUE
    st.apply_action(land(st, "1522", "1520"))  # his only stack: his movement is over
    assert pending(st) == "on_forced_march" and st.current_player() == RED
    st.apply_action(DONE)
    assert pending(st) == "on_forced_march" and st.current_player() == BLUE
    assert set(st.legal_actions()) == {DONE, at(st, "1520")}


def test_rule_15_14_option_after_own_movement():
    # rule_15_14_when = after_own: Red's Forced March follows his own movement, before Blue moves.
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", BLUE, "1522"), **FM, rule_15_14_when="after_own")
    st.apply_action(DONE)
    assert pending(st) == "on_forced_march" and st.current_player() == RED
    st.apply_action(DONE)
    assert pending(st) == "on_move" and st.current_player() == BLUE


def test_rule_15_14_the_player_chooses_who_marches_with_the_leader():
    # "The Leader and the Units moving with him": the player takes the Fighters, not the
    # Population. Die 4: 2 MP, 0708 -> 0710; the Population stays on 0708 and, not having marched,
    # does not roll in the Panic check (odd: the Fighters alone rolls).
    st = position(("head_chieftain", RED, "0708"), ("fighters", RED, "0708"), ("population", RED, "0708"), **FM)
    st.apply_action(DONE)
    st.apply_action(at(st, "0708"))
    assert pending(st) == "on_choose_units"
    assert set(st.legal_actions()) == {DONE, take("fighters"), take("population")}
    st.apply_action(take("fighters"))
    st.apply_action(DONE)
    st.apply_action(4)  # 2 MP
    st.apply_action(land(st, "0708", "0710"))
    assert where(st, "head_chieftain") == where(st, "fighters") == ["0710"] and where(st, "population") == ["0708", "1106"]
    st.apply_action(3)  # Panic check odd
    assert pending(st) == "on_panic" and st.unit(st.node[3][1][0]).kind == "fighters"
    st.apply_action(2)
    assert pending(st) != "on_panic"


# --- each Leader his own attempt ("each Leader may attempt a Forced March") --------------------

def two_leaders(*units):
    """Red's Head Chieftain and a Clan Elder (and `units`) on 0708; Red says done and picks 0708
    for a Forced March: the player is asked which of the two Leaders marches."""
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", RED, "0708"), *units, **FM)
    st.apply_action(DONE)
    st.apply_action(at(st, "0708"))
    assert pending(st) == "on_choose_units"
    assert set(st.legal_actions()) == {take("head_chieftain"), take("clan_elder")}  # a Leader must march
    return st


def test_15_14_each_leader_on_a_hex_has_his_own_forced_march():
    # The Head Chieftain marches first with the Fighters: die 4, 2 MP, 0708 -> 0710, Panic check
    # even. The Clan Elder on 0708 has not marched: the hex is offered again, and his own march
    # (die 6, 3 MP) takes him 0708 -> 0711 alone (the Fighters have marched already).
    st = two_leaders(("fighters", RED, "0708"))
    st.apply_action(take("head_chieftain"))
    assert st.action_to_string(DONE) == "Forced March by Head Chieftain"
    st.apply_action(DONE)  # the Head Chieftain alone of the Leaders
    assert pending(st) == "on_choose_units" and set(st.legal_actions()) == {DONE, take("fighters")}
    st.apply_action(take("fighters"))  # the last unit to take: done at once
    st.apply_action(4)  # 2 MP
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(2)  # Panic check even
    assert pending(st) == "on_forced_march" and set(st.legal_actions()) == {DONE, at(st, "0708")}
    st.apply_action(at(st, "0708"))
    assert pending(st) == "on_forced_march_roll"  # he alone is left there: nobody to take
    st.apply_action(6)  # 3 MP
    st.apply_action(land(st, "0708", "0711"))
    st.apply_action(2)  # even
    assert where(st, "head_chieftain") == where(st, "fighters") == ["0710"]
    assert where(st, "clan_elder") == ["0711"]
    assert pending(st) != "on_forced_march"  # both Leaders have marched


def test_15_14_a_leader_whose_march_gave_nothing_leaves_the_other_his_attempt():
    # The Clan Elder tries first, with the Fighters: die 1, 0 MP; they stay, Panic check odd,
    # the Fighters roll (2: no panic). The Head Chieftain still tries, with the Population the
    # Clan Elder left: die 5, 2 MP, 0708 -> 0710; the Fighters, having marched, stay on 0708.
    st = two_leaders(("fighters", RED, "0708"), ("population", RED, "0708"))
    st.apply_action(take("clan_elder"))
    st.apply_action(DONE)
    st.apply_action(take("fighters"))
    st.apply_action(DONE)
    st.apply_action(1)  # 0 MP
    st.apply_action(1)  # Panic check odd: the Fighters roll
    assert pending(st) == "on_panic" and st.unit(st.node[3][1][0]).kind == "fighters"
    st.apply_action(2)  # no panic
    assert pending(st) == "on_forced_march" and at(st, "0708") in st.legal_actions()
    st.apply_action(at(st, "0708"))
    assert pending(st) == "on_choose_units" and set(st.legal_actions()) == {DONE, take("population")}
    st.apply_action(take("population"))  # the last: done at once
    st.apply_action(5)  # 2 MP
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(2)  # even
    assert where(st, "head_chieftain") == ["0710"] and where(st, "clan_elder") == where(st, "fighters") == ["0708"]
    assert where(st, "population") == ["0710", "1106"]


def test_15_14_leaders_who_march_together_spend_both_attempts():
    # The player takes both Leaders into one march (the Clan Elder one of "the Units moving
    # with" the Head Chieftain): one die (4, 2 MP), both to 0710, and neither marches again.
    st = two_leaders()
    st.apply_action(take("head_chieftain"))
    st.apply_action(take("clan_elder"))  # the last: done at once
    assert pending(st) == "on_forced_march_roll"
    st.apply_action(4)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(2)
    assert where(st, "head_chieftain") == where(st, "clan_elder") == ["0710"]
    assert pending(st) != "on_forced_march"
