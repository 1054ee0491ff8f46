"""Zones of influence by rule number: land zones (7.5), sea zones (8.4), the Marae compound (15.8),
and the Arioi ignoring all zones (15.6). Strip maps: each hex touches only its left and right."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from tahiti_testmaps import build, reach_labels  # noqa: E402

STRIP = [". . . . . . ."]


def test_rule_7_5_entering_an_enemy_zone_stops_movement():
    s = build(STRIP, pieces=[("f", "fighters", "blue", "0501")])  # zone: 0401 0501 0601
    assert reach_labels(s, "0101", 6, "fighters", side="red") == {"0101": 0, "0201": 1, "0301": 2, "0401": 3}
    # A side's own pieces exert no zone on it, and without a side no zone applies.
    assert "0701" in reach_labels(s, "0101", 6, "fighters", side="blue")
    assert "0701" in reach_labels(s, "0101", 6, "fighters")


def test_rule_7_5_villages_and_population_exert_zones():
    for piece in (("v", "village", "blue", "0501"), ("p", "population", "blue", "0501")):
        s = build(STRIP, pieces=[piece])
        assert "0501" not in reach_labels(s, "0101", 6, "population", side="red")
    # A Home Village is a Village.
    s = build(STRIP, features=[("home_village", "0501", "blue")])
    assert "0501" not in reach_labels(s, "0101", 6, "population", side="red")
    # A part-built Village, a Big Log or a Control marker does not.
    for kind in ("part_built_village", "big_log", "control"):
        s = build(STRIP, pieces=[("x", kind, "blue", "0501")])
        assert "0701" in reach_labels(s, "0101", 6, "population", side="red")


def test_rule_15_8_units_in_a_marae_compound_exert_no_zone():
    s = build(STRIP, pieces=[("f", "fighters", "blue", "0501", {"in_marae": True})])
    assert "0701" in reach_labels(s, "0101", 6, "fighters", side="red")


def test_rule_7_5_doubling_back_only_when_movement_began_in_a_zone():
    s = build(STRIP, pieces=[("f", "fighters", "blue", "0501")])
    # Starting in the zone (0401) the unit may leave it; entering 0501 stops it again.
    got = reach_labels(s, "0401", 3, "fighters", side="red")
    assert got == {"0401": 0, "0301": 1, "0201": 2, "0101": 3, "0501": 1}
    # A unit that did not start in one stops where it enters it: nothing beyond 0401.
    assert reach_labels(s, "0201", 5, "fighters", side="red") == {"0201": 0, "0101": 1, "0301": 1, "0401": 2}


def test_rule_7_5_doubling_back_option_step_out_first():
    s = build(STRIP, pieces=[("f", "fighters", "blue", "0501")], options={"rule_7_5_doubling_back": "step_out_first"})
    got = reach_labels(s, "0401", 3, "fighters", side="red")
    assert got == {"0401": 0, "0301": 1, "0201": 2, "0101": 3}


def test_rule_8_4_sea_zones_stop_war_canoes():
    sea = ["~ ~ ~ ~ ~ ~ ~"]
    s = build(sea, pieces=[("wc", "war_canoe", "blue", "0501")])
    got = reach_labels(s, "0101", 2, "war_canoe", side="red")
    assert "0401" in got and "0501" not in got
    # Land zones do not stop canoes at sea; canoes exert no land zone.
    s2 = build(["~ ~ ~ c c c"], pieces=[("p", "population", "blue", "0501")])
    assert "0601" in reach_labels(s2, "0101", 2, "war_canoe", side="red")
    s3 = build(STRIP, pieces=[("wc", "war_canoe", "blue", "0501")])
    assert "0701" in reach_labels(s3, "0101", 6, "population", side="red")


def test_rule_8_4_sea_zones_do_not_reach_across_a_reef():
    s = build(["~ ~ ~ l l l"], edges={"reef": ["0301/0401"]}, pieces=[("wc", "war_canoe", "blue", "0501")])
    # 0401 is in the zone, 0301 (across the reef) is not.
    got = reach_labels(s, "0101", 1, "war_canoe", side="red")
    assert "0301" in got


def test_rule_15_6_the_arioi_ignores_all_zones():
    s = build(["~ ~ ~ ~ ~ ~ ~"], pieces=[("wc", "war_canoe", "blue", "0401")])
    assert "0701" in reach_labels(s, "0101", 2, "arioi", side="red")
