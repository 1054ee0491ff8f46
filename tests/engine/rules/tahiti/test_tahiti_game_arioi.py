"""15.6 Arioi, sentence by sentence, with hand-worked dice and picks.

The strip map (one row, so each hex touches only its left and right neighbours):

    hex    0101 0201 0301 0401 0501 0601 0701 ... 1401 1501 1601 1701 1801
    index     0    1    2    3    4    5    6 ...   13   14   15   16   17
    terrain   c    ~    c    l    ~    c    ~ ...    ~    c    c    ~    c
    area      h    .    a    .    .    z    . ...    .    b    c    .    k
Red's Home Village is on 0 (area h), Blue's on 17 (area k). From 2 (area a) the Arioi reaches
14 (area b) in 12 hexes = 4 sea points (3 hexes a point), 15 (area c) only in 13.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.movement.reach import sea_reach  # noqa: E402
from motu.engine.rules.tahiti.clan_events import ArioiMoved  # noqa: E402
from motu.engine.rules.tahiti.game_state import CELL, DONE, PICK  # noqa: E402
from motu.engine.rules.tahiti.random_event import RandomEvent  # noqa: E402

from tahiti_testmaps import build  # noqa: E402
from test_tahiti_game_support import BLUE, RED, RULES, feed, game, node_name, run_only  # noqa: E402

STRIP = "c ~ c l ~ c ~ ~ ~ ~ ~ ~ ~ ~ c c ~ c"
AREAS = "h . a . . z . . . . . . . . b c . k"


def strip_game(**opts):
    s = build([STRIP], [AREAS], features=[("home_village", "0101", "red"), ("home_village", "1801", "blue")])
    base = {"rule_3_1_random_homes": False, "rule_15_12_random_events": False, "rule_15_6_arioi": True}
    return RULES.new_initial_state(s, {**base, **opts})


def arioi_turn(turn: int, at: int, initiative: int = RED, **opts):
    """The Arioi on hex `at` in the Initiative Determination Phase of `turn`."""
    st = strip_game(**opts)
    feed(st, PICK + initiative)
    st.turn = turn
    st.arioi = at
    st.initiative = initiative
    return run_only(st, ("arioi",))


def cells(st):
    return sorted(a - CELL for a in st.legal_actions())


def test_rule_15_6_first_placement_by_the_initiative_winner_on_a_coast_without_home_village():
    st = strip_game()
    feed(st, PICK + BLUE)  # Blue wins the initiative of turn 1
    assert node_name(st) == "on_arioi" and st.current_player() == BLUE
    # every coastal hex of a, z, b, c; not 0 (Red's home area h) nor 17 (Blue's, k)
    assert cells(st) == [2, 5, 14, 15]
    feed(st, CELL + 15)
    assert st.arioi == 15


def test_rule_15_6_first_placement_any_coastal_hex_of_the_area_on_the_real_map():
    st = game(rule_15_6_arioi=True)
    feed(st, PICK + RED)
    homes = {st.b.area[c] for c in st.home}
    expected = sorted(c for a, cs in enumerate(st.b.area_coast) if a not in homes for c in cs)
    assert cells(st) == expected
    assert len(expected) > len(st.b.areas) - 4  # more than one hex an area: "a coastal hex in any area"


def test_rule_15_6_later_turn_moves_up_to_four_points_and_must_leave_its_area():
    st = arioi_turn(2, at=2)
    # 12 hexes (4 points) reach 5 (3 hexes) and 14 (12); 15 is 13 hexes; 0 is Red's home area
    # (first Season); 2 is the Arioi's own area: it must leave, so no "done" either.
    assert cells(st) == [5, 14] and DONE not in st.legal_actions()
    feed(st, CELL + 14)
    assert st.arioi == 14


def test_rule_15_6_move_ignores_zones_and_reefs():
    st = strip_game()
    feed(st, PICK + RED)
    st.add_unit("war_canoe", BLUE, 5)  # a Blue sea zone on 4, 5, 6 stops any Red canoe
    st.turn, st.arioi, st.initiative = 2, 2, RED
    run_only(st, ("arioi",))
    # the path 2 -> 3 (lagoon along area a, which Red does not control) -> 4..13 (Blue's zone)
    # -> 14: "ignoring all Zones of Influence", every area "controlled" by the Arioi for reefs
    assert 14 in cells(st)
    # Control: a Red War Canoe on 2 with the same 4 points does not reach 14: the reef of area a
    # bars it, and with area a Red's the Blue zone still does; with neither, it gets there.
    st.add_unit("war_canoe", RED, 2)
    assert 14 not in sea_reach(st, RED, 2, 4)
    st.control_markers[st.b.area[2]] = RED
    assert 14 not in sea_reach(st, RED, 2, 4)
    st.remove([u.uid for u in st.units if u.player == BLUE and u.cell == 5])
    assert 14 in sea_reach(st, RED, 2, 4)


def test_rule_15_6_first_season_no_home_village_area_after_it_allowed():
    in_season_1 = arioi_turn(6, at=2)
    assert 0 not in cells(in_season_1)  # turn 6, Season 1: 0 (Red's home area h, 2 hexes) barred
    in_season_2 = arioi_turn(8, at=2)
    assert cells(in_season_2) == [0, 5, 14]  # turn 8, Season 2: "may be ... moved to areas with a Home Village"


def test_rule_15_6_new_season_first_turn_may_place_a_new_troop_in_any_other_area():
    st = arioi_turn(7, at=2)  # turn 7 opens Season 2
    # the move's 0, 5, 14 and, by removal and placement, 15 (13 hexes) and 17 (Blue's home)
    assert cells(st) == [0, 5, 14, 15, 17]
    feed(st, CELL + 17)
    assert st.arioi == 17


def test_rule_15_6_no_new_troop_in_the_middle_of_a_season():
    st = arioi_turn(9, at=2)  # turn 9: the third of Season 2
    assert cells(st) == [0, 5, 14]  # the move only: 15 (13 hexes) and 17 (Blue's home) not offered
    # Control: on turn 7, the first of the Season, the same Arioi is offered both.
    assert {15, 17} <= set(cells(arioi_turn(7, at=2)))


def test_rule_15_6_storm_keeps_the_arioi_in_its_area():
    st = arioi_turn(3, at=2)
    st.cond["storm"] = "major"
    run_only(st, ("arioi",))
    assert node_name(st) == "on_initiative" and st.arioi == 2  # nothing to choose: it stays


def _rain_then_arioi(at: int, *dice: int):
    st = strip_game(rule_15_12_random_events=True)
    feed(st, PICK + RED)
    st.turn, st.arioi, st.initiative = 8, at, RED    # Season 2, not its first turn
    run_only(st, ("random_events", 1), ("arioi",))
    return feed(st, *dice)


def test_rule_15_12_event_52_53_1_4_rain_cuts_the_arioi_to_two_points():
    st = _rain_then_arioi(2, 5, 3, 1)                # 53-1: "All movement is reduced to 2 points"
    # 2 points = 6 hexes: 0 (2 hexes) and 5 (3); 14 (12 hexes, 4 points) is out of reach
    assert st.cond["rain"] == 2 and node_name(st) == "on_arioi" and cells(st) == [0, 5]


def test_rule_15_12_event_52_53_5_6_heavy_rain_cuts_the_arioi_to_one_point():
    st = _rain_then_arioi(5, 5, 2, 6)                # 52-6: "reduced to 1 point"
    # 1 point = 3 hexes: only 2 (3 hexes); 0 (5) and 14 (9) are out of reach: it goes to 2,
    # with no choice to ask (the next node is the next turn's initiative)
    events = st.drain_events()
    assert any(isinstance(e, RandomEvent) and e.number == 52 for e in events)
    assert st.arioi == 2 and node_name(st) == "on_initiative"
    [moved] = [e for e in events if isinstance(e, ArioiMoved)]  # told, though nobody was asked
    assert (moved.player, moved.cell, moved.placed) == (RED, 2, False)


def test_rule_15_6_initiative_phase_events_then_arioi():
    st = strip_game(rule_15_12_random_events=True)
    feed(st, PICK + RED)
    # 15.12: the events come first ("before any other action takes place"): event 61 (dice 6, 1)
    # is "nothing happens" (third die 1), then Red places the Arioi.
    assert node_name(st) == "_die_rolled"
    feed(st, 6, 1, 1)
    assert node_name(st) == "on_arioi" and st.current_player() == RED


def test_rule_15_6_major_storm_rolled_this_turn_stops_the_arioi():
    st = strip_game(rule_15_12_random_events=True)
    feed(st, PICK + RED, 6, 1, 1, CELL + 2)  # turn 1: event 61, nothing; the Arioi placed on 2
    while st.turn == 1:
        st.apply_action(st.legal_actions()[0])
    feed(st, PICK + BLUE, 1, 4, 3)  # turn 2: Blue's initiative; event 14, third die 3: major storm
    assert st.cond["storm"] == "major" and node_name(st) != "on_arioi" and st.arioi == 2


# --- the Arioi's area: no Construction and Training, conversion unaffected (real map) --------------

def real_game_with_arioi_in(area_of_cell):
    st = game(rule_15_6_arioi=True)
    feed(st, PICK + RED, CELL + st.b.area_coast[0][0])  # Red's initiative; the Arioi first goes to Faaa
    st.arioi = st.b.area_coast[st.b.area[area_of_cell]][0]
    return st


def test_rule_15_6_no_construction_and_training_in_the_arioi_area():
    st = real_game_with_arioi_in(game().home[RED])
    home = st.home[RED]
    logs = st.villages[home][2]
    run_only(st, ("construction", RED))
    # Red's only Village (Pare) is in the Arioi's area: no build is offered, no Big Log gathered
    assert node_name(st) == "on_initiative" and st.villages[home][2] == logs and not st.stumps


def test_rule_15_6_construction_resumes_when_the_arioi_is_elsewhere():
    st = real_game_with_arioi_in(game().home[BLUE])
    run_only(st, ("construction", RED))
    assert node_name(st) == "on_build" and st.current_player() == RED


def test_rule_15_6_villages_remain_dormant_in_the_arioi_area():
    st = real_game_with_arioi_in(game().b.village_sites[2])  # the Arioi in Paea
    site = st.b.village_sites[2]
    st.villages[site] = [RED, 0, 0, 0, -1]
    st.add_unit("population", RED, site)
    run_only(st, ("construction", RED), ("construction", RED))
    assert st.villages[site][1] == 0  # a Population unit on it, but it stays Part-built


def test_rule_15_6_no_part_built_village_placed_into_the_arioi_area():
    from motu.engine.rules.tahiti.constants import BUILDS
    st = real_game_with_arioi_in(game().b.village_sites[0])  # the Arioi in Faaa, next to Pare
    home = st.home[RED]
    faaa = next(c for c in st.b.area_cells[0] if st.b.terrain[c] == "clear")
    st.add_unit("population", RED, faaa)
    run_only(st, ("build", RED, home, 1, True))
    assert CELL + BUILDS.index("part_village") * st.b.size + faaa not in st.legal_actions()
    # Control: the same position with the Arioi in Blue's home area: the build is legal.
    st = real_game_with_arioi_in(game().home[BLUE])
    st.add_unit("population", RED, faaa)
    run_only(st, ("build", RED, home, 1, True))
    assert CELL + BUILDS.index("part_village") * st.b.size + faaa in st.legal_actions()


def test_rule_15_6_conversion_of_neutral_areas_not_affected():
    st = real_game_with_arioi_in(game().b.village_sites[2])  # the Arioi in Paea
    cell = st.b.village_sites[2]
    st.add_unit("clan_elder", RED, cell)
    st.add_unit("fighters", RED, cell)  # a Leader and 1 + 3 = 4 >= 2 combat value, alone in Paea
    run_only(st, ("area_control",))
    assert node_name(st) == "on_draw_counter"  # Red meets the requirements: a 15.5 counter is drawn
