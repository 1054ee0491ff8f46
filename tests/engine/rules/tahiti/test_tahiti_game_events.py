"""Random Events (15.12), the table's numbering and events 11-26, each row with hand-worked dice.

Two dice make the number (first die tens), the third die the result. The position: the shipped
map, the scenario's Home Villages (Red Pare 245, Blue Papara 1001, Green Tautira 1028, Yellow
Hitiaa 592), each with HC, 2 CE, Shaman, 3 P, 2 Mi, 1 F, a War Canoe and a Big Log; Red wins
the initiative and rolls. The map's Random Area Selection Table: first die 1-2 faaa, punaauia,
paea, pare, arue, mahina; 3-4 papenoo, tiarei, mahaena, hitiaa, papara, mataiea; 5-6 papeari,
vairao, teahupoo, tautira, pueu, Roll Again. Rows 31-43: _31_43; 44-56: _44_56; 61-66: _61_66.
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from tahiti_positions import CANOE, HOME, SHAMAN
from test_tahiti_game_support import (BLUE, GREEN, RED, YELLOW, at_step, count, feed, finish_turn, game, node_name,
                                      stack_value)

from motu.engine.rules.tahiti.movement import moves
from motu.engine.rules.tahiti.movement.reach import sea_reach
from motu.engine.rules.tahiti.game_state import LAND, PICK, SEA
from motu.engine.rules.tahiti.queries import unit_value
from motu.engine.rules.tahiti.data.tables import events_by_number, load

NUMBERS = [10 * a + b for a in range(1, 7) for b in range(1, 7)]


def start(turn=1, **opts):
    """The set-up, events on, before the initiative pick (adjust the board, then roll)."""
    st = game(rule_15_12_random_events=True, **opts)
    st.turn = turn
    return st


def roll_event(st, *dice):
    """Red takes the initiative, then the dice (event number, third die, anything after)."""
    return feed(st, PICK + RED, *dice)


def rolled(first, second, third=None, turn=1, **opts):
    st = start(turn, **opts)
    return roll_event(st, first, second, *([] if third is None else [third]))


def at_red_movement(st):
    assert st.node[0] == "decide" and st.node[1] == RED and node_name(st) == "on_move", st.node
    return st


# --- the table -----------------------------------------------------------------------------------

def test_rule_15_12_table_numbers_all_36_results_once():
    assert sorted(events_by_number()) == NUMBERS
    assert len(load("events")) == 28
    for entry in load("events"):  # every third die has exactly one result
        if entry["event"] != "season_end":
            assert sorted(d for r in entry["results"] for d in r["dice"]) == [1, 2, 3, 4, 5, 6]


def test_rule_15_12_example_5_then_3_is_rain():
    assert events_by_number()[53]["event"] == "rain"


@pytest.mark.parametrize("number", NUMBERS)
def test_smoke_random_events_every_number_plays_on_to_the_turn_end(number):
    """Smoke test (not a row test): each number, third die 6, plays on to the turn's end."""
    st = rolled(number // 10, number % 10, None if number in (11, 12, 13) else 6, turn=13)
    finish_turn(st, seed=number)
    assert st.is_terminal() or st.turn in (14, 15)


def test_rule_15_12_random_area_selection_roll_again_rolls_again():
    st = rolled(5, 1, 2)       # 51-2: earthquake in one area
    feed(st, 6, 6)             # Random Area Selection 5-6 / 6: "Roll Again"
    assert node_name(st) == "_die_rolled" and st.node[3][0] == "on_rast_first"
    feed(st, 1, 4)             # 1-2 / 4: pare, Red's home
    assert st.villages[245][1] == 0


# --- 11, 12, 13: the season endings -------------------------------------------------------------

def _red_two_areas(st):
    st.control_markers[0] = RED  # faaa: Red 2 areas, the others 1 each


@pytest.mark.parametrize("second,turn", [(1, 7), (2, 13), (3, 19)])
def test_rule_15_12_event_11_12_13_ends_game_when_enough_seasons_passed(second, turn):
    # (turn - 1) div 6 seasons passed: 7 -> 1 (11), 13 -> 2 (12), 19 -> 3 (13): the game ends
    # by areas: Red 2 against 1, a lead of 1 = marginal victory.
    st = start(turn)
    _red_two_areas(st)
    roll_event(st, 1, second)
    assert st.is_terminal()
    assert st.returns() == [1.0, -1.0, -1.0, -1.0]
    assert st.result[0] == "marginal victory" and f"event 1{second}" in st.result[2]


@pytest.mark.parametrize("second,turn", [(1, 6), (2, 12), (3, 18)])
def test_rule_15_12_event_11_12_13_not_ending_skips_to_advance_game_turn(second, turn):
    # turn 6: 0 seasons passed (< 1); 12: 1 (< 2); 18: 2 (< 3): skip straight to Advance Game Turn.
    st = start(turn)
    before = [u.copy() for u in st.units]
    roll_event(st, 1, second)
    assert not st.is_terminal()
    assert st.turn == turn + 1                      # no movement, combat or construction happened
    assert st.units == before
    assert node_name(st) == "on_initiative"          # the next turn begins


# --- 14-15 storm ----------------------------------------------------------------------------------

def _sea_moves(st):
    return [a for a in st.legal_actions() if SEA <= a < SEA + 30_000_000]


def test_rule_15_12_event_14_15_1_2_storm_sea_movement_only_in_coastal_hexes():
    st = at_red_movement(rolled(1, 4, 2))
    assert st.cond["storm"] == "coastal"
    reach = sea_reach(st, RED, 245, 4)
    calm = st.clone()
    calm.cond = {}
    calm_reach = sea_reach(calm, RED, 245, 4)
    # calm: the canoe's route to 243 cuts across a hex of open water; in the storm it keeps to
    # coastal hexes (on this coast at no extra cost: 243 is 2 hexes either way)
    assert any(not st.b.coast[c] for c in moves._path(calm_reach, 243))
    assert reach[243][0] == 2 and all(st.b.coast[c] for c in moves._path(reach, 243))
    for t in reach:  # every hex of every route is a coastal hex
        assert all(st.b.coast[c] for c in moves._path(reach, t))
    assert sorted(_sea_moves(st)) == sorted(SEA + 245 * st.b.size + t for t in reach)


@pytest.mark.parametrize("second,third", [(4, 3), (5, 5)])
def test_rule_15_12_event_14_15_3_5_major_storm_no_sea_movement(second, third):
    st = at_red_movement(rolled(1, second, third))
    assert st.cond["storm"] == "major"
    assert _sea_moves(st) == []
    assert count(st, RED, "war_canoe") == 1          # nothing wrecked


def test_rule_15_12_event_14_15_6_hurricane_wrecks_a_random_canoe_to_part_built():
    st = rolled(1, 5, 6)
    assert node_name(st) == "on_pick_unit" and len(st.node[1]) == 4   # the four War Canoes
    feed(st, PICK + 2)                               # the third: Green's, at its Village 1028
    assert st.unit(CANOE[GREEN]) is None
    assert st.villages[1028][3] == 1                 # a Part-built Canoe instead
    assert all(st.unit(CANOE[p]) is not None for p in (RED, BLUE, YELLOW))
    at_red_movement(st)
    assert st.cond["storm"] == "hurricane" and _sea_moves(st) == []


# --- 16 flood ------------------------------------------------------------------------------------

def test_rule_15_12_event_16_1_4_flood_one_coastal_area():
    st = rolled(1, 6, 4)
    feed(st, 1, 4)                                   # RAST 1-2 / 4: pare
    assert st.villages[245] == [RED, 0, 1, 0, RED]   # Part-built; its Big Log unaffected
    assert count(st, RED, "population", 245) == 4    # 3 + the Population unit
    assert all(st.villages[HOME[p]][1] == 1 for p in (BLUE, GREEN, YELLOW))


def test_rule_15_12_event_16_5_6_flood_adjacent_areas_too():
    st = start()
    st.villages[154] = [BLUE, 1, 0, 0, -1]           # arue (adjacent to pare), coastal
    st.villages[205] = [BLUE, 1, 0, 0, -1]           # mahina (adjacent), not coastal: unaffected
    st.villages[242] = [GREEN, 1, 0, 0, -1]          # faaa (adjacent), coastal
    roll_event(st, 1, 6, 5, 1, 4)                    # 16-5, RAST pare
    assert st.villages[245][1] == 0 and st.villages[154][1] == 0 and st.villages[242][1] == 0
    assert st.villages[205][1] == 1
    assert count(st, BLUE, "population", 154) == 1 and count(st, GREEN, "population", 242) == 1
    assert st.villages[1001][1] == 1                 # papara is not adjacent to pare


# --- 21 the Shaman dies ------------------------------------------------------------------------

def test_rule_15_12_event_21_1_3_own_shaman_dies_and_returns_in_two_turns():
    st = rolled(2, 1, 3)
    assert st.unit(SHAMAN[RED]) is None and st.shaman_due[RED] == 3
    st.turn = 3
    at_step(st, ("turn_start",))                     # turn 3 begins: the new Shaman arrives
    assert count(st, RED, "shaman", 245) == 1 and RED not in st.shaman_due


def test_rule_15_12_event_21_replacement_waits_for_a_built_home_village():
    st = rolled(2, 1, 3)                             # Red's own Shaman dies: due on turn 3
    st.villages[HOME[RED]][1] = 0                    # Pare is Part-built when he is due
    st.turn = 3
    at_step(st, ("turn_start",))
    assert count(st, RED, "shaman") == 0 and st.shaman_due == {RED: 3}   # not lost: still due
    st.villages[HOME[RED]][1] = 1                    # Pare built again
    st.turn = 4
    at_step(st, ("turn_start",))                     # "replaced ... per the normal rules": now
    assert count(st, RED, "shaman", HOME[RED]) == 1 and RED not in st.shaman_due


def test_rule_15_12_event_21_4_6_opponent_shaman_chosen_by_roller():
    st = start()
    st.remove([SHAMAN[BLUE]])                        # Blue has no Shaman: not offered
    roll_event(st, 2, 1, 4)
    assert st.node[1] == RED and st.node[4][1] == (GREEN, YELLOW)
    feed(st, PICK + 1)                               # Yellow's
    assert st.unit(SHAMAN[YELLOW]) is None and st.shaman_due == {YELLOW: 3}
    assert st.unit(SHAMAN[GREEN]) is not None and st.unit(SHAMAN[RED]) is not None


# --- 22-23 eclipse --------------------------------------------------------------------------------

def test_rule_15_12_event_22_23_1_2_own_shaman_no_combat_value():
    # the home stack: HC 2 + CE 1+1 + Shaman 1 + P 0 + Mi 1+1 + F 3 = 10; eclipsed: 9
    st = rolled(2, 2, 2)
    assert unit_value(st, st.unit(SHAMAN[RED])) == 0
    assert stack_value(st, RED, HOME[RED]) == 9 and stack_value(st, BLUE, HOME[BLUE]) == 10


def test_rule_15_12_event_22_23_3_4_opponent_shaman_chosen():
    st = rolled(2, 3, 3)
    assert st.node[1] == RED and st.node[4][1] == (BLUE, GREEN, YELLOW)
    feed(st, PICK + 1)                               # Green
    assert stack_value(st, GREEN, HOME[GREEN]) == 9
    assert [stack_value(st, p, HOME[p]) for p in (RED, BLUE, YELLOW)] == [10, 10, 10]


def test_rule_15_12_event_22_23_5_6_all_shamans_no_combat_value():
    st = rolled(2, 3, 6)
    assert [stack_value(st, p, HOME[p]) for p in (RED, BLUE, GREEN, YELLOW)] == [9, 9, 9, 9]


# --- 24-25 the Shaman cured -----------------------------------------------------------------------

@pytest.mark.parametrize("second,third", [(4, 1), (5, 6)])
def test_rule_15_12_event_24_25_own_shaman_at_two_this_turn(second, third):
    st = rolled(2, second, third)
    assert unit_value(st, st.unit(SHAMAN[RED])) == 2 and stack_value(st, RED, HOME[RED]) == 11
    assert stack_value(st, BLUE, HOME[BLUE]) == 10
    st.turn = 2
    at_step(st, ("turn_start",))                     # "for the rest of this turn" only
    assert unit_value(st, st.unit(SHAMAN[RED])) == 1


# --- 26 purification: the Shaman recalled ----------------------------------------------------------

def test_rule_15_12_event_26_1_3_own_shaman_walks_home_by_shortest_route():
    st = start()
    shaman = st.unit(SHAMAN[RED])
    shaman.cell = 342                                  # 6 MP from home by the shortest route
    dist = moves._distance_to(st, 245)
    assert dist[342] == 6
    roll_event(st, 2, 6, 2)
    assert (RED, "shaman") in st.recalled
    at_red_movement(st)
    # his walk (3 MP): into the jungle hex 295 (2 MP, 4 from home); the next hex on, 248, is
    # jungle too (2 MP > the 1 left)
    assert shaman.cell == 295 and dist[295] == 4
    assert (RED, "shaman") in st.recalled             # not home yet: he walks on next turn
    n = st.b.size                                     # and he makes no other move
    assert not any(LAND + 295 * n <= a < LAND + 296 * n for a in st.legal_actions())


def test_rule_15_12_event_26_1_3_recalled_shaman_arrives_home_and_is_free_again():
    st = start()
    shaman = st.unit(SHAMAN[RED])
    shaman.cell = 201                                  # 3 MP from home: one walk
    roll_event(st, 2, 6, 1)
    at_red_movement(st)
    assert shaman.cell == 245 and (RED, "shaman") not in st.recalled


def test_rule_15_12_event_26_4_6_opponent_shaman_recalled():
    st = start()
    st.unit(SHAMAN[BLUE]).cell = 1000                  # Blue's Shaman one hex from his Village
    roll_event(st, 2, 6, 5)
    feed(st, PICK + 0)                               # Red chooses Blue
    assert st.recalled == {(BLUE, "shaman")}
