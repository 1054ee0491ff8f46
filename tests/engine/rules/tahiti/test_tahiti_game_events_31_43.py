"""Random Events (15.12) 31-43, each row with hand-worked dice (the position and the Random
Area Selection Table as test_tahiti_game_events.py describes them)."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from tahiti_positions import BLUE_HOME, CANOE, ELDERS, HC, RED_HOME
from test_tahiti_game_events import at_red_movement, roll_event, rolled, start
from test_tahiti_game_support import BLUE, GREEN, RED, YELLOW, at_step, count, feed, kinds, node_name

from motu.engine.rules.tahiti.movement import moves
from motu.engine.rules.tahiti.game_state import CELL, LAND, MOVED, PICK, SULLEN
from motu.engine.rules.tahiti.queries import unit_value


# --- 31 the Head Chieftain recalled ------------------------------------------------------------

def test_rule_15_12_event_31_1_3_own_head_chieftain_walks_home():
    st = start()
    hc = st.unit(HC[RED])
    hc.cell = 342                                      # 6 MP from home
    roll_event(st, 3, 1, 3)
    assert st.recalled == {(RED, "head_chieftain")}
    at_red_movement(st)
    # 4 MP: 342 -> 341 (jungle, 2) -> 293 (jungle, 2): 2 MP from home (the best of the hexes
    # he can reach: 295 and 248 are 4 and 3 from home), still recalled
    assert hc.cell == 293 and moves._distance_to(st, 245)[293] == 2
    assert (RED, "head_chieftain") in st.recalled
    n = st.b.size
    assert not any(LAND + 293 * n <= a < LAND + 294 * n for a in st.legal_actions())


def test_rule_15_12_event_31_4_6_opponent_head_chieftain_chosen():
    st = rolled(3, 1, 6)
    assert st.node[1] == RED and st.node[4][1] == (BLUE, GREEN, YELLOW)
    feed(st, PICK + 2)
    assert st.recalled == {(YELLOW, "head_chieftain")}


# --- 32 free build -----------------------------------------------------------------------------

def _builds_left(st, p, cell):
    at_step(st, ("construction", p))
    assert node_name(st) == "on_build" and st.node[4][:2] == (p, cell), st.node
    return st.node[4][2]


def test_rule_15_12_event_32_1_4_home_village_one_free_build():
    st = rolled(3, 2, 4)
    assert st.cond["free"] == {245: 1}
    assert _builds_left(st, RED, 245) == 2           # its one build + the free one
    grow = CELL + 1 * st.b.size + 245                # BUILDS[1] = grow
    feed(st, grow)
    assert node_name(st) == "on_build" and st.node[4] == (RED, 245, 1)
    feed(st, grow)
    assert count(st, RED, "population", 245) == 5    # 3 + 2 grown


def test_rule_15_12_event_32_5_6_adjacent_areas_with_a_village_too():
    st = start()
    st.villages[154] = [BLUE, 1, 0, 0, -1]           # arue, adjacent to pare
    st.villages[242] = [RED, 1, 0, 0, -1]            # faaa, adjacent
    st.villages[205] = [GREEN, 0, 0, 0, -1]          # mahina, adjacent, only Part-built
    roll_event(st, 3, 2, 5)
    assert st.cond["free"] == {245: 1, 154: 1, 242: 1}   # papara etc. are not adjacent


def test_rule_15_12_event_32_5_6_option_own_villages_only():
    st = start(rule_15_12_free_build_villages="own_villages")
    st.villages[154] = [BLUE, 1, 0, 0, -1]
    st.villages[242] = [RED, 1, 0, 0, -1]
    roll_event(st, 3, 2, 6)
    assert st.cond["free"] == {245: 1, 242: 1}


# --- 33 defection ------------------------------------------------------------------------------

def _red_elders_away(st):
    for uid in (1, 2, 4, 7, 10):                     # both Clan Elders, a P, a Mi, the War Canoe
        st.unit(uid).cell = 200


def test_rule_15_12_event_33_defection_to_fewest_elders_roller_breaks_tie():
    st = start()
    _red_elders_away(st)                             # the only elders not with HC or Shaman
    roll_event(st, 3, 3, 1)
    assert node_name(st) == "on_pick_unit" and st.node[3][0] == (1, 2)
    feed(st, PICK + 1)                               # Clan Elder 2 defects
    # Blue, Green, Yellow have 2 Clan Elders each: Red picks
    assert st.node[1] == RED and st.node[4][1] == (BLUE, GREEN, YELLOW)
    feed(st, PICK + 1)                               # to Green
    owner = {u.uid: u.player for u in st.units if u.cell == 200}
    assert owner == {1: RED, 2: GREEN, 4: GREEN, 7: GREEN, 10: RED}   # the other Leader and canoe stay


def test_rule_15_12_event_33_defection_goes_to_player_with_fewest_elders():
    st = start()
    _red_elders_away(st)
    st.remove([ELDERS[YELLOW][0]])                   # Yellow: 1 Clan Elder, the fewest
    roll_event(st, 3, 3, 6, PICK + 0)                # Clan Elder 1
    assert {u.uid: u.player for u in st.units if u.cell == 200} == {1: YELLOW, 2: RED, 4: YELLOW, 7: YELLOW, 10: RED}


def test_rule_15_12_event_33_no_elder_away_from_leaders_nothing_defects():
    st = rolled(3, 3, 4)                             # every Clan Elder is with his HC
    at_red_movement(st)
    assert all(u.player == o for u, o in zip(st.units, [u.player for u in start().units]))


# --- 34 the Head Chieftain dies, his heir at home -------------------------------------------------

@pytest.mark.parametrize("pick,player", [(0, RED), (1, BLUE)])
def test_rule_15_12_event_34_any_head_chieftain_heir_at_home(pick, player):
    st = start()
    hc = st.unit(HC[player])
    hc.cell = 342
    st.recalled.add((player, "head_chieftain"))
    home = st.home[player]
    roll_event(st, 3, 4, 2)
    assert st.node[1] == RED and st.node[4][1] == (RED, BLUE, GREEN, YELLOW)   # his own too
    feed(st, PICK + pick)
    assert hc.cell == home and hc.flags == 0 and (player, "head_chieftain") not in st.recalled


def test_rule_15_12_event_34_heir_functions_normally_this_turn():
    st = start()
    st.unit(HC[RED]).cell = 342
    st.remove(list(ELDERS[RED]))                     # the heir is Red's only Leader at home
    roll_event(st, 3, 4, 6, PICK + 0)
    at_red_movement(st)
    hc = st.unit(HC[RED])
    assert hc.cell == RED_HOME and not hc.flags & MOVED
    # 249 is 4 MP from Pare: only a Head Chieftain's allowance (4) reaches it, and Combat Units
    # move only with a Leader: the heir leads the whole home stack there this turn.
    n = st.b.size
    feed(st, LAND + RED_HOME * n + 249)
    assert kinds(st, RED, 249) == sorted(["head_chieftain", "shaman", "militia", "militia", "fighters"]
                                         + ["population"] * 3)


# --- 35 a canoe sinks ---------------------------------------------------------------------------

def test_rule_15_12_event_35_1_4_random_canoe_sinks_passengers_survive():
    st = rolled(3, 5, 4)
    assert st.node[3][0] == tuple(CANOE.values())
    feed(st, PICK + 0)                               # Red's, at his Village
    assert st.unit(CANOE[RED]) is None
    assert count(st, RED, "militia", 245) == 2 and count(st, RED, "fighters", 245) == 1
    assert st.villages[245][3] == 0                  # no Part-built Canoe: it sank


def test_rule_15_12_event_35_5_6_a_random_combat_unit_drowns():
    st = rolled(3, 5, 5)
    feed(st, PICK + 1)                               # Blue's canoe
    assert node_name(st) == "on_pick_unit" and st.node[3][0] == (18, 19, 20)   # Mi, Mi, F
    feed(st, PICK + 2)
    assert st.unit(20) is None and count(st, BLUE, "militia", 1001) == 2


def test_rule_15_12_event_35_5_6_heavy_troops_drown_first():
    st = start()
    st.unit(20).kind = "heavy_troops"                  # Blue's Fighters trained up
    roll_event(st, 3, 5, 6, PICK + 1)
    assert st.unit(20) is None and st.unit(CANOE[BLUE]) is None    # no pick: the Heavy Troops
    assert count(st, BLUE, "militia", 1001) == 2


# --- 36 famine ------------------------------------------------------------------------------------

@pytest.mark.parametrize("third,areas", [(3, {3}), (4, {0, 3, 4, 5}), (6, set(range(17)))])
def test_rule_15_12_event_36_famine_blights_area_adjacent_island(third, areas):
    st = rolled(3, 6, third)
    feed(st, 1, 4)                                   # RAST pare
    assert st.cond["blight"] == areas


def test_rule_15_12_event_36_no_builds_in_blighted_area():
    st = start()
    st.villages[200] = [RED, 0, 0, 0, -1]            # a Part-built Village with a Population unit
    st.unit(4).cell = 200
    roll_event(st, 3, 6, 1, 1, 4)                    # blight on pare
    at_step(st, ("construction", RED), ("construction", BLUE))
    # Red builds nothing and his Part-built Village stays so; Blue builds as usual
    assert node_name(st) == "on_build" and st.node[4][:2] == (BLUE, 1001)
    assert st.villages[200][1] == 0 and st.unit(4) is not None


# --- 41-42 indecision -----------------------------------------------------------------------------

def test_rule_15_12_event_41_42_1_3_one_sullen_elder_stays_but_defends():
    st = rolled(4, 1, 2)
    assert st.node[3][0] == (1, 2, 12, 13, 23, 24, 34, 35)
    feed(st, PICK + 0)
    elder = st.unit(1)
    assert elder.flags & SULLEN and not st.unit(2).flags & SULLEN
    assert unit_value(st, elder) == 1 and unit_value(st, elder, attacking=True) == 0
    at_red_movement(st)
    n = st.b.size
    feed(st, LAND + 245 * n + 200)                   # the home stack moves off
    assert elder.cell == 245 and st.unit(2).cell == 200 and st.unit(0).cell == 200


def test_rule_15_12_event_41_42_4_5_two_sullen_elders():
    st = rolled(4, 2, 5)
    feed(st, PICK + 0, PICK + 2)                     # 1, then the third of the rest: 13
    assert sorted(u.uid for u in st.units if u.flags & SULLEN) == [1, 13]


def test_rule_15_12_event_41_42_6_all_elders_sullen():
    st = rolled(4, 1, 6)
    for p in (RED, BLUE, GREEN, YELLOW):
        assert all(st.unit(e).flags & SULLEN for e in ELDERS[p])
    st.remove([HC[RED]])                             # Red's home stack without its HC
    at_red_movement(st)
    n = st.b.size
    feed(st, LAND + 245 * n + 200)                   # only the Shaman and Population walk off
    assert sorted(u.kind for u in st.units if u.player == RED and u.cell == 200) == ["population"] * 3 + ["shaman"]
    assert all(st.unit(e).cell == 245 for e in ELDERS[RED]) and count(st, RED, "militia", 245) == 2


# --- 43 the Mauve Death ---------------------------------------------------------------------------

def test_rule_15_12_event_43_1_3_mauve_death_one_area_heir_survives():
    st = rolled(4, 3, 2)
    # RAST 3-4 / 5: papara, Blue's home. A die for each of HC, CE, CE, Sh, P, P, P, Mi, Mi, F
    # (the War Canoe is not rolled), the heir's roll right after the HC's, then the Village.
    feed(st, 3, 5)
    feed(st, 1, 2,  1, 6, 1, 1, 6, 6, 1, 6, 6,  1)
    assert st.unit(HC[BLUE]).cell == 1001 and not st.out[BLUE]       # the heir lived (2)
    assert sorted(u.uid for u in st.units if u.player == BLUE) == [11, 13, 16, 17, 19, 20, CANOE[BLUE]]
    assert st.shaman_due == {BLUE: 3}                 # the Shaman is replaced in two turns
    assert st.villages[1001][1] == 0 and count(st, BLUE, "population") == 2   # no Population added


def test_rule_15_12_event_43_1_3_heir_also_rolls_one_you_just_lost():
    st = rolled(4, 3, 1)
    feed(st, 3, 5, 1, 1)                             # papara; the HC 1, his heir at home 1
    assert st.out[BLUE] and not any(u.player == BLUE for u in st.units)
    assert not st.is_terminal()                      # three clans play on


def test_rule_15_12_event_43_second_mauve_death_same_turn_places_a_new_heir():
    st = start()
    st.units = [u for u in st.units if u.uid == HC[BLUE]]   # Blue's HC alone, at Papara
    roll_event(st, 4, 6, 1)                          # 46-1: two more events
    # the first: 43-1 on papara (RAST 3, 5); HC 1: his heir at home, rolled for: 2, lives;
    # the Village of Papara: 6
    feed(st, 4, 3, 1, 3, 5,  1, 2, 6)
    assert not st.out[BLUE] and st.unit(HC[BLUE]).cell == BLUE_HOME
    # the second: 43-1 on papara again; the surviving heir is now the Head Chieftain: his 1
    # places a new heir, rolled for at home: 3, lives; the Village: 6
    feed(st, 4, 3, 1, 3, 5,  1, 3, 6)
    assert not st.out[BLUE] and st.unit(HC[BLUE]).cell == BLUE_HOME and st.villages[BLUE_HOME][1] == 1


def test_rule_15_12_event_43_4_5_adjacent_areas_heir_home_not_affected():
    st = start()
    keep = {7, 11, 40}
    st.units = [u for u in st.units if u.uid in keep]
    st.unit(11).cell = 154                             # Blue's HC in arue
    st.unit(40).cell = 242                             # Yellow's Militia in faaa
    roll_event(st, 4, 3, 4, 1, 4)                    # pare + faaa, arue, mahina
    feed(st, 6, 1, 1, 6)                             # Red Mi 6; Blue HC 1; Yellow Mi 1; Village 245: 6
    assert st.unit(11).cell == 1001                    # his heir, at home (papara: not rolled for)
    assert st.unit(7) is not None and st.unit(40) is None and st.villages[245][1] == 1
    assert not st.out[BLUE] and st.node[0] == "decide"


def test_rule_15_12_event_43_6_whole_island():
    st = start()
    st.units = [u for u in st.units if u.uid in (7, 35)]
    roll_event(st, 4, 3, 6, 5, 4)                    # tautira, and every area of Tahiti
    feed(st, 1, 6,  6, 6, 1, 6)                      # Red Mi dies; CE lives; Villages 245, 592, 1001, 1028
    assert st.unit(7) is None and st.unit(35) is not None
    assert [st.villages[c][1] for c in (245, 592, 1001, 1028)] == [1, 1, 0, 1]
