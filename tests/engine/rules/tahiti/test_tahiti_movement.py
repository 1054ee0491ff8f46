"""Tahiti movement by rule number: land (15.13, TEC), sea (15.13, 8.4), reef (15.6), portage (15.7),
storm / truce / rain events (14-15, 44-45, 52-53). Expected reaches are hand-checked on small maps."""
import math
import os
import sys

import pytest

from motu.engine.board.search import find_path
from motu.engine.rules.ruleset import RuleSetError
sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from tahiti_testmaps import RULES, build, cell, reach_labels  # noqa: E402

THIRD = round(1 / 3, 6)


def test_rule_15_13_population_moves_on_its_own_with_3_mp():
    s = build([". . . . . ."])
    assert RULES.unit_kind("population") == ("foot", 3)
    assert reach_labels(s, "0101", 3, "population") == {"0101": 0, "0201": 1, "0301": 2, "0401": 3}


def test_rule_15_13_leaders_have_allowances_of_the_variable_movement_columns():
    assert RULES.unit_kind("head_chieftain") == ("foot", 4)
    assert RULES.unit_kind("clan_elder") == ("foot", 3)
    cat = RULES.catalogue
    assert all(cat.pieces[k].props["leader"] for k in ("head_chieftain", "clan_elder"))


def test_combat_units_move_only_with_a_leader():
    # No allowance of their own: a query must give the Leader's (--mp).
    for kind in ("militia", "slingers", "fighters", "heavy_troops"):
        assert RULES.unit_kind(kind) == ("foot", math.inf)


def test_rule_15_13_jungle_costs_two():
    s = build([". j . ."])
    assert reach_labels(s, "0101", 3, "population") == {"0101": 0, "0201": 2, "0301": 3}


def test_mountain_costs_three_by_default_and_is_an_option():
    s = build([". m . ."])
    assert reach_labels(s, "0101", 3, "population") == {"0101": 0, "0201": 3}
    s.options["mountain_cost"] = 2
    s.cache.clear()
    assert reach_labels(s, "0101", 3, "population") == {"0101": 0, "0201": 2, "0301": 3}


def test_land_units_cannot_enter_water():
    s = build([". c l ~"])
    assert reach_labels(s, "0101", 5, "population") == {"0101": 0, "0201": 1}


def test_event_52_53_rain_cuts_movement_and_closes_stream_hexes():
    s = build([". . . . . ."], features=[("stream", "0401")])
    assert reach_labels(s, "0101", 4, "head_chieftain") == {"0101": 0, "0201": 1, "0301": 2, "0401": 3, "0501": 4}
    assert reach_labels(s, "0101", 4, "head_chieftain", rain=2) == {"0101": 0, "0201": 1, "0301": 2}
    assert reach_labels(s, "0101", 4, "head_chieftain", rain="heavy") == {"0101": 0, "0201": 1}
    assert RULES.movement_allowance(s, "war_canoe", 4, {"rain": 1}) == 1
    # Streams close only in the rain.
    s2 = build([". . . . . ."], features=[("stream", "0201")])
    assert "0201" not in reach_labels(s2, "0101", 4, "population", rain=2)


def test_rule_15_13_sea_movement_one_mp_is_three_hexes():
    s = build(["~ ~ ~ ~ ~ ~ ~ ~"])
    assert RULES.unit_kind("war_canoe") == ("canoe", 4)
    got = reach_labels(s, "0101", 1, "war_canoe")
    assert got == {"0101": 0, "0201": THIRD, "0301": round(2 / 3, 6), "0401": 1}
    assert max(reach_labels(s, "0101", 2, "war_canoe").values()) == 2
    assert "0701" in reach_labels(s, "0101", 2, "war_canoe")


def test_canoes_paddle_sea_lagoon_and_coast_but_not_inland():
    s = build(["~ l c c . ."])
    assert set(reach_labels(s, "0101", 4, "war_canoe")) == {"0101", "0201", "0301", "0401"}


def test_reef_hexsides_block_canoes_and_passes_let_them_through():
    reefed = build(["~ ~ l l c"], edges={"reef": ["0201/0301"]})
    assert set(reach_labels(reefed, "0101", 4, "war_canoe")) == {"0101", "0201"}
    # The same hexside without reef is a pass.
    open_pass = build(["~ ~ l l c"])
    assert set(reach_labels(open_pass, "0101", 4, "war_canoe")) == {"0101", "0201", "0301", "0401", "0501"}


ISTHMUS = ["~ ~ ~",
           ". c .",
           ". c .",
           "~ ~ ~"]


def test_canoes_paddle_along_coastal_hexes_where_the_hexside_touches_water():
    # Every coast|coast hexside here has sea at one end; in a coastal storm only coast is left.
    s = build(["~ ~ ~ ~", "c c c c"])
    assert set(reach_labels(s, "0102", 4, "war_canoe", storm="coastal")) == {"0102", "0202", "0302", "0402"}


def test_rule_15_7_no_crossing_a_land_hexside_without_a_portage():
    s = build(ISTHMUS, [". a .", "a a a", "a a a", ". . ."])
    assert "0204" not in reach_labels(s, "0201", 4, "war_canoe")
    assert find_path(RULES.movement_profile(s, "war_canoe"), cell(s, "0201"), cell(s, "0204")) is None


def test_rule_15_7_portage_costs_two_plus_entering_the_coastal_hex_beyond():
    s = build(ISTHMUS, ["a a a", "a a a", "a a a", ". . ."], edges={"portage": ["0202/0203"]})
    got = reach_labels(s, "0201", 4, "war_canoe", side="red")
    assert got["0202"] == THIRD and got["0203"] == round(2 + 2 / 3, 6) and got["0204"] == 3
    path, cost = find_path(RULES.movement_profile(s, "war_canoe", "red"), cell(s, "0201"), cell(s, "0204"))
    assert [s.label(c) for c in path] == ["0201", "0202", "0203", "0204"] and round(cost, 6) == 3
    assert "0204" not in reach_labels(s, "0201", 2.9, "war_canoe", side="red")


def test_rule_15_7_portage_needs_no_control_of_papeari():
    s = build(ISTHMUS, ["a a a", "a a a", "a a a", ". . ."], edges={"portage": ["0202/0203"]},
              pieces=[("m", "control", "blue", "0302")])
    assert RULES.control(s)["a"] == "blue"
    assert "0204" in reach_labels(s, "0201", 4, "war_canoe", side="red")


def test_rule_15_7_portage_refused_in_an_enemy_land_zone():
    s = build(ISTHMUS, ["a a a", "a a a", "a a a", ". . ."], edges={"portage": ["0202/0203"]},
              pieces=[("p", "population", "blue", "0103")])  # 0103 touches both portage hexes
    assert "0204" not in reach_labels(s, "0201", 4, "war_canoe", side="red")
    assert "0204" in reach_labels(s, "0201", 4, "war_canoe", side="blue")


def test_rule_15_7_portage_refused_in_an_enemy_sea_zone():
    s = build(ISTHMUS, ["a a a", "a a a", "a a a", ". . ."], edges={"portage": ["0202/0203"]},
              pieces=[("wc", "war_canoe", "blue", "0204")])
    got = reach_labels(s, "0201", 4, "war_canoe", side="red")
    assert "0203" not in got and "0202" in got


def test_rule_15_7_portage_option_off_closes_the_hexside():
    s = build(ISTHMUS, ["a a a", "a a a", "a a a", ". . ."], edges={"portage": ["0202/0203"]},
              options={"rule_15_7_portage": False})
    assert "0204" not in reach_labels(s, "0201", 4, "war_canoe")


def test_event_14_15_storm_results_limit_sea_movement():
    s = build(["~ ~ c c c ~"])
    assert reach_labels(s, "0301", 1, "war_canoe", storm="coastal") == {"0301": 0, "0401": THIRD, "0501": round(2 / 3, 6)}
    assert reach_labels(s, "0301", 1, "war_canoe", storm=2) == reach_labels(s, "0301", 1, "war_canoe", storm="coastal")
    for storm in ("major", "hurricane", 4, 6):
        assert reach_labels(s, "0301", 4, "war_canoe", storm=storm) == {"0301": 0}
    # Land movement is not affected by a storm.
    assert reach_labels(build([". . . ."]), "0101", 3, "population", storm="major")["0401"] == 3


LAGOON_SHORE = (["l l l l", "c c c c"], [". . . .", "a a b b"])


def test_rule_15_6_reef_movement_only_along_areas_the_mover_controls():
    s = build(*LAGOON_SHORE, pieces=[("p", "population", "red", "0102")])
    assert RULES.control(s) == {"a": "red", "b": None}
    got = reach_labels(s, "0101", 4, "war_canoe", side="red")
    assert "0201" in got and "0301" not in got and "0401" not in got
    assert "0302" in got  # coastal hexes are not reef movement
    assert "0301" in reach_labels(s, "0101", 4, "war_canoe")  # no side: terrain alone


def test_rule_15_6_every_area_counts_as_controlled_by_the_arioi():
    s = build(*LAGOON_SHORE, pieces=[("p", "population", "red", "0102")])
    got = reach_labels(s, "0101", 4, "arioi", side="red")
    assert {"0301", "0401"} <= set(got)


def test_rule_15_6_option_arioi_area_frees_reef_movement_along_the_arioi_area():
    s = build(*LAGOON_SHORE, pieces=[("p", "population", "red", "0102")])
    assert "0301" not in reach_labels(s, "0101", 4, "war_canoe", side="red", arioi="b")
    s.options["rule_15_6_arioi_reef"] = "arioi_area"
    s.cache.clear()
    assert "0301" in reach_labels(s, "0101", 4, "war_canoe", side="red", arioi="b")


def test_rule_15_6_no_entering_a_hex_with_enemy_combat_units_in_the_arioi_area():
    s = build([". . . ."], ["a a a a"], pieces=[("f", "fighters", "blue", "0301")])
    assert "0301" in reach_labels(s, "0201", 3, "fighters", side="red")
    assert "0301" not in reach_labels(s, "0201", 3, "fighters", side="red", arioi="a")


def test_lagoon_hexes_lie_along_the_nearest_area():
    from motu.engine.rules.tahiti.geography import water_area
    s = build(*LAGOON_SHORE)
    assert [water_area(s, RULES.catalogue)[cell(s, x)] for x in ("0101", "0201", "0301", "0401")] == ["a", "a", "b", "b"]


def test_event_44_45_truce_forbids_entering_enemy_controlled_areas():
    s = build([". . . . . ."], ["a a a b b b"], pieces=[("m", "control", "blue", "0601")])
    assert set(reach_labels(s, "0101", 5, "population", side="red", truce=True)) == {"0101", "0201", "0301"}
    assert "0401" in reach_labels(s, "0101", 5, "population", side="red")


@pytest.mark.parametrize("conditions, needle", [
    ({"snow": True}, "unknown condition 'snow'"), ({"storm": "drizzle"}, "storm='drizzle'"),
    ({"rain": 3}, "rain=3"), ({"arioi": "atlantis"}, "not an area"), ({"truce": "maybe"}, "truce="),
])
def test_bad_conditions_are_refused_with_what_is_allowed(conditions, needle):
    s = build([". . ."], ["a a a"])
    with pytest.raises(RuleSetError, match=needle):
        RULES.movement_profile(s, "population", None, conditions)


def test_profiles_are_cached_per_kind_side_and_conditions():
    s = build(["~ ~ ~ ~"])
    p = RULES.movement_profile(s, "war_canoe", "red", {"storm": "coastal"})
    assert RULES.movement_profile(s, "war_canoe", "red", {"storm": "coastal"}) is p
    assert RULES.movement_profile(s, "war_canoe", "blue", {"storm": "coastal"}) is not p


# 44-45 with the start known (`motu query reach` / `path` pass it): a stack already inside an
# enemy-held area is not moving *into* it, so that one area stays open, as in the game
# (test_tahiti_game_movement_limits.py). Blue's control markers hold a (0101-0301) and
# b (0601-0801); n (0401-0501) is neutral. One row: each hex touches its left and right only.
TRUCE_ROW = ([". . . . . . . ."], ["a a a n n b b b"])
TRUCE_MARKERS = [("ma", "control", "blue", "0101"), ("mb", "control", "blue", "0801")]


def truce_reach(s, start: str, mp: float, kind: str, side: str | None, **conditions) -> dict[str, float]:
    from motu.engine.board.search import reach
    profile = RULES.movement_profile(s, kind, side, conditions, start=cell(s, start))
    return {s.label(c): round(v, 6) for c, v in reach(profile, cell(s, start), mp).items()}


def test_event_44_45_truce_stack_inside_an_enemy_area_moves_within_it_and_out_not_into_another():
    s = build(*TRUCE_ROW, pieces=TRUCE_MARKERS)
    assert RULES.control(s) == {"a": "blue", "b": "blue", "n": None}
    # Red Population at 0201, inside Blue's a, 5 MP of clear: within a 0101 and 0301 (1 each),
    # out into neutral n 0401 (2), 0501 (3); 0601 is b, another Blue area: closed (it would be 4).
    assert truce_reach(s, "0201", 5, "population", "red", truce=True) == {
        "0201": 0, "0101": 1, "0301": 1, "0401": 2, "0501": 3}
    assert truce_reach(s, "0201", 5, "population", "red")["0701"] == 5  # no truce: b open
    # From inside b the other way round: b (0801 at 1, 0601 at 1), n (0501 at 2, 0401 at 3), not a.
    assert truce_reach(s, "0701", 5, "population", "red", truce=True) == {
        "0701": 0, "0801": 1, "0601": 1, "0501": 2, "0401": 3}


def test_event_44_45_truce_stack_outside_enemy_areas_enters_none_of_them():
    s = build(*TRUCE_ROW, pieces=TRUCE_MARKERS)
    # From neutral 0501: 0401 (1); 0601 (b) and 0301 (a) are both closed, as without a start.
    assert truce_reach(s, "0501", 5, "population", "red", truce=True) == {"0501": 0, "0401": 1}
    assert reach_labels(s, "0501", 5, "population", side="red", truce=True) == {"0501": 0, "0401": 1}
    # Blue's own areas are not closed to Blue: from 0701 the whole row within 5 MP.
    assert set(truce_reach(s, "0701", 5, "population", "blue", truce=True)) == {
        "0201", "0301", "0401", "0501", "0601", "0701", "0801"}


def test_event_44_45_truce_the_starting_area_stays_open_for_the_whole_move():
    # The game's reading: the start's area is not closed at all, so a stack may leave it and
    # come back. Area a is 0101 and 0301, split by the sea hex 0201; the only way from 0101 to
    # 0301 is out through neutral n: 0102 (1), 0202 (2), 0302 (3), back into a at 0301 (4).
    s = build([". ~ .", ". . ."], ["a . a", "n n n"], pieces=[("m", "control", "blue", "0301")])
    got = truce_reach(s, "0101", 4, "population", "red", truce=True)
    assert got == {"0101": 0, "0102": 1, "0202": 2, "0302": 3, "0301": 4}
    assert truce_reach(s, "0102", 4, "population", "red", truce=True) == {"0102": 0, "0202": 1, "0302": 2}


def test_event_44_45_truce_canoe_starting_on_an_enemy_held_shore_paddles_along_it_not_into_another():
    # Coast 0102-0402 below a sea row; Blue holds a (0102, 0202) and b (0302, 0402). Red's canoe
    # at 0202, 1 MP = 3 hexes: a's coast 0102 (1/3), open sea 0201 (1/3), 0101 and 0301 (2/3),
    # 0401 (1); b's coastal hexes 0302 and 0402 are closed.
    s = build(["~ ~ ~ ~", "c c c c"], [". . . .", "a a b b"],
              pieces=[("ma", "control", "blue", "0102"), ("mb", "control", "blue", "0402")])
    two = round(2 / 3, 6)
    assert truce_reach(s, "0202", 1, "war_canoe", "red", truce=True) == {
        "0202": 0, "0102": THIRD, "0201": THIRD, "0101": two, "0301": two, "0401": 1}
    assert "0302" in truce_reach(s, "0202", 1, "war_canoe", "red")


def test_profiles_depend_on_the_start_only_under_a_truce_and_only_by_its_enemy_held_area():
    s = build(*TRUCE_ROW, pieces=TRUCE_MARKERS)
    at = {x: cell(s, x) for x in ("0101", "0201", "0401", "0501", "0701")}
    plain = RULES.movement_profile(s, "population", "red")
    assert RULES.movement_profile(s, "population", "red", start=at["0201"]) is plain
    truce = {"truce": True}
    no_start = RULES.movement_profile(s, "population", "red", truce)
    # Starts outside every enemy-held area share the profile of an unknown start.
    assert RULES.movement_profile(s, "population", "red", truce, start=at["0401"]) is no_start
    assert RULES.movement_profile(s, "population", "red", truce, start=at["0501"]) is no_start
    in_a = RULES.movement_profile(s, "population", "red", truce, start=at["0201"])
    assert in_a is not no_start
    assert RULES.movement_profile(s, "population", "red", truce, start=at["0101"]) is in_a
    assert RULES.movement_profile(s, "population", "red", truce, start=at["0701"]) not in (in_a, no_start)
    # Without a side nothing is enemy-held: one profile.
    assert RULES.movement_profile(s, "population", None, truce, start=at["0201"]) is \
        RULES.movement_profile(s, "population", None, truce)
