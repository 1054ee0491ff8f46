"""Variable Movement (15.13) in a game: its two steps, every row of the Variable Movement Table,
the -1 result by land and by canoe, the half-way Jungle rule; hand-worked dice.

The map is the shipped tahiti.yaml. Column 7 from 0708 (a coastal hex of Faaa) down to 0715 is a
straight line of hexes costing 1 MP each (0708 coast, 0709-0713 clear, 0714-0715 coast); 0713 and
0714 hold streams (closed in the rain). Down a column each hex is the next one's neighbour, so a
hex n rows down is n MP away and no nearer by any other way. Papara: 1320, 1420 clear, 1520 Jungle.
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE  # noqa: E402

from test_tahiti_game_movement_support import at, cell, land, position, sea, take, targets, where, within  # noqa: E402
from test_tahiti_game_support import RED, pending  # noqa: E402

VM = {"rule_15_13_variable_movement": True}
LEADER = {2: "clan_elder", 3: "clan_elder", 4: "head_chieftain"}
RAIN = {"rain": 2}  # event 52-53, third die 1-4: "All movement is reduced to 2 points"


def test_rule_15_13_first_step_leaders_move_at_most_2_mp():
    st = position(("clan_elder", RED, "0708"), ("head_chieftain", RED, "0408"), **VM)
    # 0710 is 2 MP down the column, 0711 is 3: the Clan Elder (allowance 3) stops at 2 for now.
    assert "0710" in targets(st, "0708") and "0711" not in targets(st, "0708")
    assert targets(st, "0708") <= within(st, "0708", 2)


def test_rule_15_13_first_step_population_moves_its_usual_3_mp_and_never_rolls():
    st = position(("population", RED, "0708"), **VM)
    assert "0711" in targets(st, "0708") and "0712" not in targets(st, "0708")
    st.apply_action(land(st, "0708", "0711"))  # 3 MP
    assert pending(st) == "on_move"
    st.apply_action(DONE)
    assert pending(st) not in ("on_variable_movement", "on_variable_movement_leader")
    assert where(st, "population") == ["0711", "1106"]  # 1106: the spare unit


def test_rule_15_13_no_roll_until_the_first_step_is_done():
    st = position(("clan_elder", RED, "0708"), ("population", RED, "1320"), **VM)
    st.apply_action(land(st, "0708", "0710"))  # 2 MP: he will roll, but only in step two
    assert pending(st) == "on_move"
    st.apply_action(land(st, "1320", "1120"))  # the Population still moves in step one
    assert pending(st) == "on_move"
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"


def test_rule_15_13_leader_who_moved_one_mp_does_not_roll():
    st = position(("clan_elder", RED, "0708"), **VM)
    st.apply_action(land(st, "0708", "0709"))  # 1 MP
    st.apply_action(DONE)
    assert pending(st) != "on_variable_movement" and st.node[0] != "chance"
    assert where(st, "clan_elder") == ["0709"]


def test_rule_15_13_leader_who_did_not_move_does_not_roll():
    st = position(("head_chieftain", RED, "0708"), **VM)
    st.apply_action(DONE)
    assert pending(st) != "on_variable_movement" and st.node[0] != "chance"
    assert where(st, "head_chieftain") == ["0708"]


# Every row of the Variable Movement Table: (allowance, die, extra MP). The Leader's stack (with
# a Fighters unit) moves 0708 -> 0710 (2 MP) in step one, then rolls. Allowance 2 is a Clan Elder
# in the rain (his allowance reduced to 2, so he rolls on column 2).
ROWS = [(2, 1, -1), (2, 2, -1), (2, 3, 0), (2, 4, 0), (2, 5, 1), (2, 6, 2),
        (3, 1, 0), (3, 2, 0), (3, 3, 1), (3, 4, 1), (3, 5, 2), (3, 6, 2),
        (4, 1, 0), (4, 2, 1), (4, 3, 2), (4, 4, 2), (4, 5, 3), (4, 6, 3)]


@pytest.mark.parametrize("allowance, die, extra", ROWS, ids=[f"allowance_{a}_die_{d}_{e:+d}" for a, d, e in ROWS])
def test_rule_15_13_variable_movement_table_row(allowance, die, extra):
    leader = LEADER[allowance]
    st = position((leader, RED, "0708"), ("fighters", RED, "0708"), cond=RAIN if allowance == 2 else None, **VM)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"
    st.apply_action(die)
    if extra < 0:  # back one hex, to the hex he had moved from, the Fighters with him
        assert where(st, leader) == where(st, "fighters") == ["0709"]
        assert pending(st) != "continue_move" and pending(st) != "on_continue"
        return
    assert where(st, leader) == where(st, "fighters") == ["0710"]
    if extra == 0:
        assert pending(st) != "on_continue"
        return
    # +n: exactly n more MP: the hex n down the column, none beyond n hexes.
    assert pending(st) == "on_continue"
    reach = targets(st, "0710")
    down = f"07{10 + extra:02d}"
    assert down in reach and f"07{11 + extra:02d}" not in reach
    assert reach <= within(st, "0710", extra) - {"0710"}
    st.apply_action(land(st, "0710", down))
    assert where(st, leader) == where(st, "fighters") == [down]


def test_rule_15_13_minus_1_by_canoe_goes_back_one_full_mp_three_hexes():
    # In the rain (column 2) a Clan Elder paddles 0608 -> 0612 along the coast: 4 hexes, 1 1/3 MP.
    st = position(("clan_elder", RED, "0608"), ("militia", RED, "0608"), ("war_canoe", RED, "0608"),
                  cond=RAIN, **VM)
    st.apply_action(sea(st, "0608", "0612"))
    st.apply_action(DONE)
    st.apply_action(2)  # column 2, die 2: -1
    # Traced back three hexes: 0612 -> 0611 -> 0610 -> 0609, canoe and all.
    assert where(st, "clan_elder") == where(st, "militia") == where(st, "war_canoe") == ["0609"]


def test_rule_15_13_minus_1_by_canoe_traces_the_route_through_the_lagoon_to_a_coastal_hex():
    # In the rain (column 2) a Clan Elder paddles 0806 -> 1305 (5 hexes): 0806 -> 0906 along the
    # coast, then 1005, 1105, 1204 in the lagoon of Faaa/Paopao, then ashore at 1305. Die 1: -1.
    # Three hexes back along the route is the lagoon hex 1005; no stack stays afloat, so on back
    # along the route to the coastal hex before it, 0906 (not the lagoon hex 1204 the route
    # skipped to, nor the start 0806).
    st = position(("clan_elder", RED, "0806"), ("militia", RED, "0806"), ("war_canoe", RED, "0806"),
                  cond=RAIN, **VM)
    assert [st.b.lagoon[cell(st, h)] for h in ("1005", "1105", "1204")] == [True] * 3
    st.apply_action(sea(st, "0806", "1305"))
    st.apply_action(DONE)
    st.apply_action(1)  # column 2, die 1: -1
    assert where(st, "clan_elder") == where(st, "militia") == where(st, "war_canoe") == ["0906"]


def test_rule_15_13_option_per_stack_one_roll_on_its_best_leaders_column():
    # rule_15_13_roll = per_stack: a Head Chieftain and a Clan Elder move 0708 -> 0710 together:
    # one roll for the stack, on the Head Chieftain's column 4 (die 2: +1; column 3 would give 0),
    # then no second roll.
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", RED, "0708"), **VM, rule_15_13_roll="per_stack")
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"
    st.apply_action(2)
    assert pending(st) == "on_continue"
    st.apply_action(land(st, "0710", "0711"))
    assert where(st, "head_chieftain") == where(st, "clan_elder") == ["0711"]
    assert pending(st) not in ("on_variable_movement", "on_variable_movement_leader")


def test_rule_15_13_a_roll_for_each_leader_who_moved_together():
    # The default (per_leader): "rolls one die ... for each Leader that moved more than one movement
    # point". A Head Chieftain, a Clan Elder and a Fighters unit move 0708 -> 0710 together. The
    # Head Chieftain rolls first (within a group the Head Chieftain leads); the player takes the
    # Fighters with him. Column 4, die 2: +1 -> 0711. Then the Clan Elder rolls for himself:
    # column 3, die 6: +2 -> 0712.
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", RED, "0708"), ("fighters", RED, "0708"), **VM)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    assert pending(st) == "on_choose_units"  # who moves with the Head Chieftain (one hex, one choice)
    assert set(st.legal_actions()) == {DONE, take("fighters")}
    st.apply_action(take("fighters"))  # nobody else to take: the choice ends there
    assert pending(st) == "on_variable_movement" and st.node[3][1][1][3] == 4  # his own column
    st.apply_action(2)
    st.apply_action(land(st, "0710", "0711"))
    assert pending(st) == "on_variable_movement" and st.node[3][1][1][3] == 3  # now the Clan Elder's
    st.apply_action(6)
    assert targets(st, "0710") <= within(st, "0710", 2)
    st.apply_action(land(st, "0710", "0712"))
    assert where(st, "head_chieftain") == where(st, "fighters") == ["0711"]
    assert where(st, "clan_elder") == ["0712"]
    assert pending(st) not in ("on_variable_movement", "on_variable_movement_leader", "on_choose_units")


def test_rule_15_13_a_roll_for_each_leader_minus_1_takes_back_only_his_own():
    # In the rain both Leaders roll on column 2. The Head Chieftain goes alone (nobody taken):
    # die 1: -1, back to 0709 alone. The Clan Elder, last to roll, takes the rest (the Militia):
    # die 6: +2, but rain leaves 2 MP and 2 were spent -- he may still move the 2 the die gives.
    st = position(("head_chieftain", RED, "0708"), ("clan_elder", RED, "0708"), ("militia", RED, "0708"),
                  cond=RAIN, **VM)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    st.apply_action(DONE)  # nobody with the Head Chieftain
    st.apply_action(1)  # column 2, die 1: -1
    assert where(st, "head_chieftain") == ["0709"] and where(st, "clan_elder") == where(st, "militia") == ["0710"]
    assert pending(st) == "on_variable_movement"  # the Clan Elder's roll, for him and the Militia
    st.apply_action(3)  # column 2, die 3: 0
    assert where(st, "clan_elder") == where(st, "militia") == ["0710"]


def test_rule_15_13_by_canoe_extra_mp_are_three_hexes_each():
    # A Head Chieftain paddles 0608 -> 0612 (4 hexes), rolls column 4 die 2: +1 MP = 3 more hexes.
    st = position(("head_chieftain", RED, "0608"), ("war_canoe", RED, "0608"), **VM)
    st.apply_action(sea(st, "0608", "0612"))
    st.apply_action(DONE)
    st.apply_action(2)
    reach = targets(st, "0612")
    assert reach <= within(st, "0612", 3)
    st.apply_action(sea(st, "0612", "0714"))  # 0612 -> 0613 -> 0714: 2 hexes
    assert where(st, "head_chieftain") == where(st, "war_canoe") == ["0714"]


# The half-way Jungle rule: 1320 -> 1420 (1 MP) -> 1520 Jungle (2 MP): the Jungle is entered on
# his second MP of step one, 3 MP in all; the stack stands half-way in.

def halfway(die):
    st = position(("clan_elder", RED, "1320"), **VM)
    assert "1520" in targets(st, "1320")
    st.apply_action(land(st, "1320", "1520"))
    st.apply_action(DONE)
    st.apply_action(die)
    return st


def test_rule_15_13_half_way_into_jungle_without_a_point_goes_back():
    st = halfway(1)  # column 3, die 1: 0 MP: not the one point the Jungle needs
    assert where(st, "clan_elder") == ["1420"]  # the hex adjacent to the Jungle he came from


def test_rule_15_13_half_way_into_jungle_completed_with_one_point():
    st = halfway(3)  # column 3, die 3: +1, spent completing the move into 1520
    assert where(st, "clan_elder") == ["1520"]
    assert pending(st) != "on_continue"


def test_rule_15_13_half_way_into_jungle_then_moves_on_with_the_rest():
    st = halfway(5)  # column 3, die 5: +2: one completes the Jungle, one is left
    assert where(st, "clan_elder") == ["1520"] and pending(st) == "on_continue"
    assert targets(st, "1520") <= within(st, "1520", 1)


def test_rule_15_13_half_way_only_on_the_second_mp():
    # From 1420 the Jungle 1520 costs 2: entered on the first MP and paid within step one's 2 MP,
    # no half-way; 1620 beyond it (a clear hex, 3 MP) is not half-way either.
    st = position(("clan_elder", RED, "1420"), **VM)
    assert "1520" in targets(st, "1420") and "1620" not in targets(st, "1420")
    st.apply_action(land(st, "1420", "1520"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"  # 2 MP moved: he rolls
    st.apply_action(1)  # column 3, die 1: 0 MP -- the Jungle hex was his already: he stays in it
    assert where(st, "clan_elder") == ["1520"]
    # The same Jungle hex entered on the second MP (1320 -> 1420 clear, 1 MP, -> 1520) and the
    # same die 1: half-way in, without the point it needs: back to 1420.
    assert where(halfway(1), "clan_elder") == ["1420"]


def test_rule_15_13_player_chooses_which_leader_rolls_and_completes_each_first():
    st = position(("clan_elder", RED, "0708"), ("head_chieftain", RED, "1120"), **VM)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(land(st, "1120", "1320"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement_leader"
    assert set(st.legal_actions()) == {at(st, "0710"), at(st, "1320")}
    st.apply_action(at(st, "1320"))  # the Head Chieftain first
    st.apply_action(2)  # column 4, die 2: +1
    assert pending(st) == "on_continue"  # his movement is completed before the next roll
    st.apply_action(land(st, "1320", "1420"))
    assert pending(st) == "on_variable_movement"  # now the Clan Elder's roll
    st.apply_action(6)  # column 3, die 6: +2
    st.apply_action(land(st, "0710", "0712"))
    assert where(st, "head_chieftain") == ["1420"] and where(st, "clan_elder") == ["0712"]


def test_rule_15_13_stack_stopped_by_an_enemy_zone_does_not_move_on():
    # A Blue Population unit at 0711 puts 0710 in its zone: the Clan Elder entering it stops.
    st = position(("clan_elder", RED, "0708"), ("population", 1, "0711"), **VM)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    st.apply_action(6)  # column 3, die 6: +2, but his move ended in the zone
    assert pending(st) != "on_continue" and where(st, "clan_elder") == ["0710"]


def test_rule_15_13_off_leaders_move_their_whole_allowance_at_once():
    st = position(("clan_elder", RED, "0708"))
    assert "0711" in targets(st, "0708")  # 3 MP
    st.apply_action(land(st, "0708", "0711"))
    st.apply_action(DONE)
    # No second step, no roll: Red's Movement Phase is over and his Construction comes next
    # (nobody else has units to move or fight).
    assert st.node[0] == "decide" and st.current_player() == RED and pending(st) == "on_build"
    assert where(st, "clan_elder") == ["0711"]


def test_rule_15_13_minus_1_by_canoe_no_stack_ever_afloat_in_random_games():
    # Whole games with every option on, random bots, seeded dice; these seeds each hold a -1 by
    # canoe after a route through water hexes (e.g. tahiti.yaml seed 125: 1106 -> 1005 (lagoon)
    # -> 0906 -> 0806 -> 0807). Never, at any moment, does a land unit or a War Canoe stand on
    # a hex that is neither land nor coast.
    import random

    from test_tahiti_game_support import RULES, all_on, scenario

    from motu.engine.ai.bot import RandomBot, play_game

    def check(state, *_):
        b = state.b
        afloat = [(u.kind, b.labels[u.cell]) for u in state.units if not (b.land[u.cell] or b.coast[u.cell])]
        assert afloat == []

    for name, seed in (("tahiti.yaml", 125), ("tahiti-moorea.yaml", 120), ("tahiti-moorea.yaml", 125)):
        rng = random.Random(seed)
        st = RULES.new_initial_state(scenario(name), all_on())
        st = play_game(st, [RandomBot(rng)] * st.num_players(), rng, on_action=check)
        check(st)
