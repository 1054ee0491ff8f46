"""Random Events (15.12) 44-56, each row with hand-worked dice (the position and the Random
Area Selection Table as test_tahiti_game_events.py describes them)."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from test_tahiti_game_events import at_red_movement, roll_event, rolled, start
from test_tahiti_game_support import BLUE, GREEN, RED, YELLOW, at_step, count, feed, kinds, node_name

from motu.engine.rules.tahiti.movement.reach import land_reach
from motu.engine.rules.tahiti.game_state import CELL, COMBAT, PICK


def _blue_village_in_arue(st):
    st.villages[202] = [BLUE, 1, 0, 0, -1]           # arue (next to Red's pare) is Blue's


def _battle_at_245(st):
    st.add_unit("militia", BLUE, 245)               # a Blue Militia in Red's Village hex
    at_step(st, ("combat",))
    return st


# --- 44-45 truce and demobilisation -------------------------------------------------------------

@pytest.mark.parametrize("second,third", [(4, 1), (5, 5)])
def test_rule_15_12_event_44_45_1_5_truce_no_combat_no_entering_enemy_areas(second, third):
    st = start()
    _blue_village_in_arue(st)
    roll_event(st, 4, second, third)
    at_red_movement(st)
    assert st.cond["truce"] is True
    reach = land_reach(st, RED, 245, 4)
    calm = st.clone()
    calm.cond = {}
    arue = [c for c in land_reach(calm, RED, 245, 4) if st.b.area[c] == 4]
    assert arue and not any(st.b.area[c] == 4 for c in reach)
    _battle_at_245(st)                               # combat is prohibited: no battle, Red moves on
    assert node_name(st) == "on_move" and count(st, BLUE, "militia", 245) == 1


def _more_troops(st):
    st.add_unit("heavy_troops", RED, 245)            # uid 44
    st.add_unit("slingers", RED, 200)                # uid 45
    st.add_unit("militia", BLUE, 1001)               # uid 46


def test_rule_15_12_event_44_45_6_demobilisation_each_player_selects_three():
    st = start()
    _more_troops(st)
    roll_event(st, 4, 4, 6)
    assert st.cond["truce"] is True
    n = st.b.size
    act = lambda kind, cell: CELL + COMBAT.index(kind) * n + cell
    # Red (the roller) first: 5 Combat Units, the choices by kind and hex
    assert st.node[1] == RED and sorted(st.node[2]) == sorted(
        [act("militia", 245), act("fighters", 245), act("heavy_troops", 245), act("slingers", 200)])
    assert st.action_to_string(act("heavy_troops", 245)) == f"keep Heavy Troops at {st.b.labels[245]} (44-45)"
    feed(st, act("heavy_troops", 245), act("slingers", 200))
    assert st.node[1] == RED and sorted(st.node[2]) == [act("militia", 245), act("fighters", 245)]
    feed(st, act("militia", 245))
    # Blue next (4 Combat Units); Green and Yellow have three and are not asked
    assert st.node[1] == BLUE
    feed(st, act("fighters", 1001))                  # then Militia is the only choice left: taken
    at_red_movement(st)
    assert kinds(st, RED, 245).count("population") == 3 + 2          # a Militia and the Fighters
    assert sorted(u.kind for u in st.units if u.player == RED and u.kind in COMBAT) == ["heavy_troops", "militia", "slingers"]
    assert st.unit(7).kind == "militia" and st.unit(8).kind == "population"
    assert sorted(u.uid for u in st.units if u.player == BLUE and u.kind in COMBAT) == [18, 19, 20]
    assert st.unit(46).kind == "population"
    for p in (GREEN, YELLOW):
        assert sorted(u.kind for u in st.units if u.player == p and u.kind in COMBAT) == ["fighters", "militia", "militia"]


def test_rule_15_12_event_44_45_6_three_or_fewer_keep_all_not_asked():
    st = rolled(4, 5, 6)                             # everybody has 2 Militia + 1 Fighters
    at_red_movement(st)
    assert all(sum(1 for u in st.units if u.player == p and u.kind in COMBAT) == 3 for p in range(4))


# --- 46 more events ---------------------------------------------------------------------------------

@pytest.mark.parametrize("third,extra", [(2, 2), (4, 3), (6, 4)])
def test_rule_15_12_event_46_rolls_more_events(third, extra):
    st = rolled(4, 6, third)
    for _ in range(extra - 1):
        feed(st, 6, 1, 3)                            # 61: nothing happens
        assert node_name(st) == "_die_rolled" and st.node[3][0] == "on_event_first"
    feed(st, 5, 3, 4)                                # the last: 53-4, rain
    at_red_movement(st)
    assert st.cond == {"rain": 2}


def test_rule_15_12_event_46_events_accumulate():
    st = rolled(4, 6, 1)
    feed(st, 1, 4, 3)                                # 14-3: major storm
    feed(st, 4, 6, 1)                                # 46 again (the second of two): two more
    feed(st, 5, 2, 6, 6, 1, 1)                       # 52-6 heavy rain; 61
    at_red_movement(st)
    assert st.cond == {"storm": "major", "rain": 1}


def test_rule_15_12_event_46_unless_11_12_13_end_the_events_immediately():
    st = rolled(4, 6, 6, turn=3)                     # four events to come
    feed(st, 1, 4, 3)                                # 14-3: storm
    feed(st, 1, 1)                                   # 11 in turn 3: no Season has passed
    assert st.turn == 4 and node_name(st) == "on_initiative"   # no more events; next turn
    assert not st.is_terminal()


def test_rule_15_12_event_46_then_12_ends_the_game():
    st = rolled(4, 6, 2, turn=13)
    feed(st, 1, 2)                                   # 12 after two Seasons: the game ends
    assert st.is_terminal() and st.result[0] == "draw"   # one area each


# --- 51 earthquake ----------------------------------------------------------------------------------

def test_rule_15_12_event_51_1_4_earthquake_one_area():
    st = rolled(5, 1, 4)
    feed(st, 3, 5)                                   # RAST papara: Blue's Village
    assert st.villages[1001] == [BLUE, 0, 1, 0, BLUE]   # Part-built; its Big Log unaffected
    assert count(st, BLUE, "population", 1001) == 4
    assert all(st.villages[c][1] == 1 for c in (245, 592, 1028))


def test_rule_15_12_event_51_5_6_adjacent_areas_inland_villages_too():
    st = start()
    st.villages[242] = [RED, 1, 0, 0, -1]            # faaa (adjacent to papara), coastal
    st.villages[290] = [GREEN, 1, 0, 0, -1]          # faaa, inland: an earthquake shakes it too
    roll_event(st, 5, 1, 6, 3, 5)
    assert [st.villages[c][1] for c in (1001, 242, 290, 245)] == [0, 0, 0, 1]
    assert count(st, RED, "population", 242) == 1 and count(st, GREEN, "population", 290) == 1


# --- 52-53 rain -----------------------------------------------------------------------------------

@pytest.mark.parametrize("second,third,mp", [(2, 1, 2), (3, 4, 2), (2, 5, 1), (3, 6, 1)])
def test_rule_15_12_event_52_53_rain_movement_streams_combat(second, third, mp):
    st = start()
    st.unit(0).cell = 209                              # Red's HC beside the stream hex 210 (papenoo)
    roll_event(st, 5, second, third)
    at_red_movement(st)
    assert st.cond["rain"] == mp
    reach = land_reach(st, RED, 209, 4)        # the HC's 4 MP cut to `mp`
    assert reach and max(cost for cost, _ in reach.values()) <= mp
    assert not set(reach) & st.b.streams
    calm = st.clone()
    calm.cond = {}
    assert 210 in land_reach(calm, RED, 209, 4)
    _battle_at_245(st)                               # "combat is prohibited"
    assert node_name(st) == "on_move"


# --- 54-55 fertility ------------------------------------------------------------------------------

def test_rule_15_12_event_54_55_1_2_one_area_receives_population():
    st = rolled(5, 4, 2)
    feed(st, 1, 4)                                   # pare: Red's
    assert count(st, RED, "population", 245) == 4


def test_rule_15_12_event_54_55_1_2_neutral_area_ignored():
    st = rolled(5, 5, 1)
    before = [u.copy() for u in st.units]
    feed(st, 1, 1)                                   # faaa: neutral
    assert st.units == before


def test_rule_15_12_event_54_55_3_4_two_different_areas():
    st = rolled(5, 4, 3)
    feed(st, 1, 4, 1, 4, 3, 5)                       # pare; pare again (rolled again); papara
    assert count(st, RED, "population", 245) == 4 and count(st, BLUE, "population", 1001) == 4


def test_rule_15_12_event_54_55_5_6_three_areas():
    st = rolled(5, 5, 6)
    feed(st, 1, 4, 1, 1, 5, 4)                       # pare; faaa (neutral); tautira: Green's
    assert [count(st, p, "population") for p in range(4)] == [4, 3, 4, 3]


# --- 56 new Clan Elders ---------------------------------------------------------------------------

def test_rule_15_12_event_56_1_3_high_roller_less_two_per_elder():
    st = start()
    st.remove([12, 13])                              # Blue has no Clan Elder
    roll_event(st, 5, 6, 3)
    # Red 6 - 4 = 2, Blue 3 - 0 = 3, Green 6 - 4 = 2, Yellow 5 - 4 = 1: Blue
    feed(st, 6, 3, 6, 5)
    assert count(st, BLUE, "clan_elder", 1001) == 1 and count(st, RED, "clan_elder") == 2


def test_rule_15_12_event_56_tie_resolved_by_rolling_player():
    st = rolled(5, 6, 1)
    feed(st, 6, 6, 1, 1)                             # Red 2, Blue 2: tied
    assert st.node[1] == RED and st.node[4][1] == (RED, BLUE)
    feed(st, PICK + 1)
    assert count(st, BLUE, "clan_elder") == 3 and count(st, RED, "clan_elder") == 2


def test_rule_15_12_event_56_4_5_two_elders_recounted():
    st = rolled(5, 6, 4)
    feed(st, 6, 5, 3, 2)                             # 2, 1, -1, -2: Red (now 3 Clan Elders)
    feed(st, 6, 5, 3, 2)                             # Red 6 - 6 = 0, Blue 1: Blue
    assert [count(st, p, "clan_elder") for p in range(4)] == [3, 3, 2, 2]


def test_rule_15_12_event_56_6_as_many_as_players():
    st = rolled(5, 6, 6)
    feed(st, 6, 1, 1, 1,  1, 6, 1, 1,  1, 1, 6, 1,  1, 1, 1, 6)   # four contests, one each
    at_red_movement(st)
    assert [count(st, p, "clan_elder", c) for p, c in enumerate((245, 1001, 1028, 592))] == [3, 3, 3, 3]
