"""Tahiti movement by rule number: land (15.13, TEC), sea (15.13, 8.4), reef (15.6), portage (15.7),
storm / truce / rain events (14-15, 44-45, 52-53). Expected reaches are hand-checked on small maps."""
import math
import os
import sys

import pytest

from engine.board.search import find_path
from engine.rules.ruleset import RuleSetError
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
    from engine.rules.tahiti.geography import water_area
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
