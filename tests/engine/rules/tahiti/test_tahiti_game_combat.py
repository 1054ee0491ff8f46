"""Land combat (9.2): who fights, the combat values, the results table, the loss order, Clan
Elders captured (12.1), Head Chieftains killed, when there is no combat; hand-worked dice.

Retreat and Panic: test_tahiti_game_combat_retreat.py; battles of three or four players:
test_tahiti_game_combat_several_players.py. The helpers here serve all three.
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from tahiti_positions import BLUE_HOME, PAEA_AREA, PAEA_HEX, RED_HOME  # noqa: E402
from test_tahiti_game_support import (BLUE, GREEN, RED, at_step, clear_board, count, feed, game, kinds,  # noqa: E402
                                      pending, positions, run_only)

from motu.engine.rules.tahiti.game_state import (CELL, CURSED, DONE, FLIPPED, IN_MARAE, MOVED, PICK, SULLEN)  # noqa: E402

# Cells of the shipped map (tahiti_positions), Red, Blue and Green at their own Home Villages.
NEXT_TO_BLUE_HOME = 954  # one hex from Blue's Home Village
# Two-hex retreats from PAEA_HEX toward each Home Village (retreat.retreat_path; land hexes to the home):
BLUE_WAY = (808, 855)   # 7 -> 6 -> 5 hexes from Blue's Home Village
RED_WAY = (760, 713)    # 13 -> 12 -> 11 hexes from Red's
GREEN_WAY = (761, 762)  # 33 -> 32 -> 31 hexes from Green's
RED_STACK = ["heavy_troops", "slingers"]  # combat value 6: the attacker of the retreat and Panic tests


def battle(red, blue, green=(), cell=PAEA_HEX, setup=None, **opts):
    """Red (initiative, so turn order Red, Blue, Green, Yellow) has just moved `red` into `cell`,
    where `blue` and `green` stand; the Combat Phase starts. A unit is a kind or (kind, flags)."""
    st = game(**opts)
    feed(st, PICK + RED)
    clear_board(st)
    for player, units, moved in ((RED, red, MOVED), (BLUE, blue, 0), (GREEN, green, 0)):
        for u in units:
            kind, flags = (u, 0) if isinstance(u, str) else u
            st.add_unit(kind, player, cell, flags | moved)
    if setup:
        setup(st)
    at_step(st, ("combat",))
    return st


def panics(st, *plan, last=True):
    """Answer the retreat's Panic rolls: each (kind, cell, face) asserts that the next roll is a
    unit of that kind in that hex, then rolls the face; `last`: no roll is left to make."""
    for kind, cell, face in plan:
        assert pending(st) == "on_retreat_panic", pending(st)
        u = st.unit(st.node[3][1][-1][0])
        assert (u.kind, u.cell) == (kind, cell)
        st.apply_action(face)
    assert pending(st) != "on_retreat_panic" or not last


# --- the results table (combat.yaml `results`), the defender wins ties ---------------------------

@pytest.mark.parametrize("red_die, blue_die, red_left, blue_left", [
    # Red: Heavy Troops + 4 Militia = 8; Blue: Fighters + 4 Militia = 7. Militia are lost first.
    (1, 2, 3, 3),   # 8 + 1 = 9 against 7 + 2 = 9: a tie, Blue wins; margin 0: each side loses 1
    (2, 2, 3, 3),   # 10 against 9: Red wins by 1: each side loses 1
    (3, 2, 4, 3),   # 11 against 9: margin 2: the loser loses 1, the winner nothing
    (4, 2, 4, 3),   # 12 against 9: margin 3: the same
    (5, 2, 4, 2),   # 13 against 9: margin 4: the loser loses 2
    (6, 2, 4, 2),   # 14 against 9: margin 5: the same
    (6, 1, 4, 1),   # 14 against 8: margin 6: the loser loses 3
])
def test_rule_9_2_results_table_every_row(red_die, blue_die, red_left, blue_left):
    st = battle(["heavy_troops"] + ["militia"] * 4, ["fighters"] + ["militia"] * 4)
    feed(st, red_die, blue_die)  # the attacker's die first
    assert kinds(st, RED) == ["heavy_troops"] + ["militia"] * red_left
    assert kinds(st, BLUE) == ["fighters"] + ["militia"] * blue_left
    # The loser's stack is on its way: its first Panic roll is asked in the first hex of the retreat.
    loser, first = (BLUE, BLUE_WAY[0]) if red_die + 1 > blue_die else (RED, RED_WAY[0])
    winner = RED if loser == BLUE else BLUE
    assert pending(st) == "on_retreat_panic"
    assert {u.cell for u in st.units if u.player == loser} == {first}
    assert {u.cell for u in st.units if u.player == winner} == {PAEA_HEX}


def test_rule_9_2_margin_far_above_six_is_still_three_losses():
    st = battle(["heavy_troops"] * 5, ["militia"] * 5)
    feed(st, 6, 1)  # 20 + 6 = 26 against 5 + 1 = 6: margin 20, the 6+ row: three Militia lost
    assert kinds(st, BLUE) == ["militia"] * 2 and kinds(st, RED) == ["heavy_troops"] * 5


def test_rule_9_2_defender_wins_ties_and_the_attacker_retreats():
    st = battle(["heavy_troops", "militia"], ["fighters", "slingers"])
    feed(st, 3, 3)  # 5 + 3 = 8 against 5 + 3 = 8: Blue (defending) wins; margin 0: each loses its weakest
    assert kinds(st, BLUE) == ["fighters"] and kinds(st, RED) == ["heavy_troops"]
    panics(st, ("heavy_troops", RED_WAY[0], 2), ("heavy_troops", RED_WAY[1], 4))  # even: no panic
    assert positions(st, RED) == [("heavy_troops", RED_WAY[1], False)]
    assert positions(st, BLUE) == [("fighters", PAEA_HEX, False)]


def test_rule_9_2_attacker_is_the_player_who_moved_in_last():
    # Both moved this turn; Blue moves after Red in turn order, so Blue moved in last: he attacks.
    st = battle(["fighters"], [("militia", MOVED)])
    feed(st, 6, 1)  # Blue 1 + 6 = 7 against Red 3 + 1 = 4: Blue wins by 3, Red loses its Fighters
    assert kinds(st, RED) == [] and positions(st, BLUE) == [("militia", PAEA_HEX, False)]


# --- the loss order, 12.1 captures, a Head Chieftain killed -------------------------------------

def test_rule_9_2_loss_order_population_militia_slingers_first():
    blue = ["heavy_troops", "fighters", "slingers", "militia", "population", "clan_elder", "shaman", "head_chieftain"]
    st = battle(["heavy_troops"] * 6, blue)
    feed(st, 6, 1)  # 24 + 6 = 30 against 14 + 1 = 15: margin 15, three losses
    assert kinds(st, BLUE) == sorted(["heavy_troops", "fighters", "clan_elder", "shaman", "head_chieftain"])


def test_rule_9_2_loss_order_fighters_heavy_troops_then_shaman():
    st = battle(["heavy_troops"] * 6, ["shaman", "heavy_troops", "clan_elder", "head_chieftain", "fighters"])
    feed(st, 6, 1)  # 24 + 6 = 30 against 11 + 1 = 12: three losses: Fighters, Heavy Troops, Shaman
    assert kinds(st, BLUE) == ["clan_elder", "head_chieftain"]


def shaman_back_at_home(st, player, due):
    """Run the start of turn `due - 1` and of turn `due`: (Shamans at home before, after)."""
    at = []
    for turn in (due - 1, due):
        st.turn = turn
        run_only(st, ("turn_start",))
        at.append(count(st, player, "shaman", st.home[player]))
    return at


def test_rule_21_shaman_lost_in_battle_is_replaced_in_two_turns():
    # 21: the Shaman "dies and is replaced (in two turns) per the normal rules": the normal rule
    # for any death. Red 24 + 6 = 30 against Blue 11 + 1 = 12: three losses, the Shaman third.
    st = battle(["heavy_troops"] * 6, ["shaman", "heavy_troops", "clan_elder", "head_chieftain", "fighters"])
    feed(st, 6, 1)
    assert count(st, BLUE, "shaman") == 0 and st.shaman_due == {BLUE: st.turn + 2}
    assert shaman_back_at_home(st, BLUE, st.turn + 2) == [0, 1]  # not the turn after; two turns on


@pytest.mark.parametrize("capture, red_elders_at_home", [("adopt", 1), ("remove", 0)])
def test_rule_12_1_clan_elder_lost_in_battle_is_captured(capture, red_elders_at_home):
    st = battle(["heavy_troops", "heavy_troops"], ["clan_elder"], rule_12_1_capture=capture)
    feed(st, 6, 1)  # 8 + 6 = 14 against 1 + 1 = 2: margin 12, Blue's only unit, his Clan Elder, is lost
    assert kinds(st, BLUE) == []
    # adopt: he serves Red from Red's Home Village; remove: he is out of play.
    assert positions(st, RED) == ([("clan_elder", RED_HOME, False)] * red_elders_at_home
                                  + [("heavy_troops", PAEA_HEX, False)] * 2)


def test_rule_12_1_winner_clan_elder_lost_is_captured_by_the_loser():
    st = battle(["clan_elder"], ["militia"])
    feed(st, 6, 5)  # 1 + 6 = 7 against 1 + 5 = 6: Red wins by 1, each side loses 1: Red's Clan Elder too
    assert kinds(st, RED) == []
    assert positions(st, BLUE) == [("clan_elder", BLUE_HOME, False)]


def test_rule_12_1_head_chieftain_lost_is_killed_and_his_player_is_out():
    st = battle(["heavy_troops", "heavy_troops"], ["head_chieftain", "clan_elder"])
    feed(st, 6, 1)  # 8 + 6 = 14 against 3 + 1 = 4: margin 10, three losses; Blue has two
    assert st.out[BLUE] and not st.is_terminal()  # FACTS: killed, the player loses; three players go on
    assert kinds(st, BLUE) == [] and st.villages[BLUE_HOME][0] == -1
    # The Clan Elder went first (captured by Red), then the Head Chieftain.
    assert positions(st, RED) == [("clan_elder", RED_HOME, False)] + [("heavy_troops", PAEA_HEX, False)] * 2


# --- 7.5: attacking Population alone is optional ------------------------------------------------

def test_rule_7_5_attacking_population_alone_declined():
    st = battle(["fighters", "clan_elder"], ["population", "population"])
    assert st.node[:3] == ("decide", RED, (DONE, CELL + PAEA_HEX))
    feed(st, DONE)  # no battle: both stay, and the hex is at peace for this Combat Phase
    assert positions(st, BLUE) == [("population", PAEA_HEX, False)] * 2
    assert positions(st, RED) == [("clan_elder", PAEA_HEX, False), ("fighters", PAEA_HEX, False)]
    assert PAEA_HEX in st.cond["peace"] and pending(st) not in ("on_attack_die", "on_defence_die")


def test_rule_7_5_attacking_population_alone_accepted():
    st = battle(["fighters", "clan_elder"], ["population", "population"])
    feed(st, CELL + PAEA_HEX, 3, 1)  # attack: 4 + 3 = 7 against 0 + 1 = 1: margin 6, three losses: both lost
    assert kinds(st, BLUE) == []
    assert positions(st, RED) == [("clan_elder", PAEA_HEX, False), ("fighters", PAEA_HEX, False)]


def test_rule_7_5_population_with_a_leader_is_attacked_without_asking():
    st = battle(["fighters"], ["population", "clan_elder"])
    assert pending(st) == "on_attack_die"


# --- combat values ------------------------------------------------------------------------------

def test_rule_9_2_flipped_unit_fights_at_half():
    st = battle([("fighters", FLIPPED), "militia"], ["slingers"])
    feed(st, 3, 2)  # 3 // 2 + 1 = 2, + 3 = 5 against 2 + 2 = 4: margin 1, each loses 1 (unhalved: margin 3)
    assert kinds(st, RED) == ["fighters"] and kinds(st, BLUE) == []


def test_rule_65_cursed_unit_fights_at_zero():
    st = battle([("heavy_troops", CURSED), "militia"], ["militia"])
    feed(st, 4, 3)  # 0 + 1 + 4 = 5 against 1 + 3 = 4: margin 1, each loses 1 (uncursed: margin 5)
    assert kinds(st, RED) == ["heavy_troops"] and kinds(st, BLUE) == []


def test_rule_41_42_sullen_clan_elder_adds_nothing_attacking():
    st = battle([("clan_elder", SULLEN), "militia"], ["militia"])
    feed(st, 4, 3)  # 0 + 1 + 4 = 5 against 1 + 3 = 4: margin 1, each loses 1 (with him: margin 2)
    assert kinds(st, RED) == ["clan_elder"] and kinds(st, BLUE) == []


def test_rule_41_42_sullen_clan_elder_adds_to_the_defence():
    st = battle(["slingers"], [("clan_elder", SULLEN), "militia"])
    feed(st, 4, 3)  # 2 + 4 = 6 against 1 + 1 + 3 = 5: margin 1, each loses 1 (without him: margin 2)
    assert kinds(st, RED) == [] and kinds(st, BLUE) == ["clan_elder"]


@pytest.mark.parametrize("shaman_cv, red_left, blue_left", [
    (None, ["shaman"], ["fighters"]),            # 1 + 1 + 5 = 7 against 4 + 2 = 6: margin 1, each loses 1
    (2, ["militia", "shaman"], ["fighters"]),   # 24-25: 2 + 1 + 5 = 8 against 6: margin 2, Blue loses 1
    (0, ["shaman"], ["fighters"]),               # 22-23: 0 + 1 + 5 = 6 against 6: a tie, Blue wins, each loses 1
])
def test_rule_22_25_shaman_combat_value_from_events(shaman_cv, red_left, blue_left):
    def events(st):
        if shaman_cv is not None:
            st.cond["shaman_cv"] = {RED: shaman_cv}
    st = battle(["shaman", "militia"], ["fighters", "militia"], setup=events)
    feed(st, 5, 2)
    assert kinds(st, RED) == red_left and kinds(st, BLUE) == blue_left
    # Who won shows by who retreats: Blue at 7 against 6 and 8 against 6, Red on the tie.
    loser = RED if shaman_cv == 0 else BLUE
    assert {u.cell for u in st.units if u.player == loser} != {PAEA_HEX}


def test_rule_15_8_units_in_the_marae_compound_take_no_part():
    def compound(st):
        st.maraes[PAEA_HEX] = 1
        st.add_unit("heavy_troops", BLUE, PAEA_HEX, IN_MARAE)
    st = battle(["militia"], ["militia"], setup=compound)
    feed(st, 6, 1)  # 1 + 6 = 7 against 1 + 1 = 2 (the Heavy Troops in the compound do not defend): margin 5
    assert positions(st, BLUE) == [("heavy_troops", PAEA_HEX, False)]  # the Militia lost, the compound untouched
    # Margin 5: the loser loses 2, the winner nothing. Had the compound defended, 7 against
    # 4 + 1 + 1 = 6 would be margin 1, each side losing 1: Red's Militia would be gone.
    assert positions(st, RED) == [("militia", PAEA_HEX, False)]


# --- no combat: rain, truce, the Arioi's area ---------------------------------------------------

@pytest.mark.parametrize("why", ["none", "rain", "truce", "arioi"])
def test_rule_15_6_52_53_44_45_no_combat_in_rain_truce_or_the_arioi_area(why):
    def prohibit(st):
        if why == "rain":
            st.cond["rain"] = 2           # 52-53: "combat is prohibited"
        elif why == "truce":
            st.cond["truce"] = True       # 44-45: "combat ... is prohibited for this turn"
        elif why == "arioi":
            st.arioi = st.b.area_coast[PAEA_AREA][0]  # 15.6: the Arioi in Paea
    st = battle(["heavy_troops", "clan_elder"], ["militia"], setup=prohibit)
    if why == "none":
        assert pending(st) == "on_attack_die"
    else:
        assert pending(st) not in ("on_attack_die", "on_attack_population")
        assert positions(st, BLUE) == [("militia", PAEA_HEX, False)]
        assert positions(st, RED) == [("clan_elder", PAEA_HEX, False), ("heavy_troops", PAEA_HEX, False)]
