"""Area control (Motu's reconstruction, docs/rules/tahiti.md) and Maraes (15.8)."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from tahiti_testmaps import RULES, build  # noqa: E402

LAND = [". . . . . ."]
AREAS = ["a a b b c c"]


def control(pieces=(), features=(), options=None):
    return RULES.control(build(LAND, AREAS, pieces=pieces, features=features, options=options))


def test_areas_with_nobody_are_neutral():
    assert control() == {"a": None, "b": None, "c": None}


def test_the_only_side_with_units_there_controls_an_area():
    got = control([("p", "population", "red", "0101"), ("f", "fighters", "blue", "0301"),
                   ("f2", "fighters", "red", "0401")])
    assert got == {"a": "red", "b": None, "c": None}


def test_a_village_holds_its_area_against_enemy_troops():
    got = control([("v", "village", "red", "0101"), ("f", "fighters", "blue", "0201")],
                  features=[("home_village", "0301", "blue")])
    assert got["a"] == "red" and got["b"] == "blue"
    # Villages of two sides: contested, neutral unless a Control marker says otherwise.
    two = [("v", "village", "red", "0101"), ("w", "village", "blue", "0201")]
    assert control(two)["a"] is None


def test_a_control_marker_records_control_where_no_village_stands():
    assert control([("m", "control", "blue", "0501"), ("f", "fighters", "red", "0601")])["c"] == "blue"


def test_pieces_without_a_side_and_canoes_do_not_count():
    assert control([("wc", "war_canoe", "red", "0101"), ("l", "big_log", None, "0201")])["a"] is None


def test_rule_15_8_units_in_a_marae_compound_do_not_count_for_area_control():
    got = control([("p", "population", "red", "0101"), ("f", "fighters", "blue", "0201", {"in_marae": True})])
    assert got["a"] == "red"


def test_rule_15_8_a_marae_is_controlled_with_its_area():
    on = {"rule_15_8_maraes": True}
    got = control([("m1", "marae", None, "0101"), ("p", "population", "red", "0201")], options=on)
    assert got == {"a": "red", "b": None, "c": None, "marae:m1": "red"}


def test_rule_15_8_enemy_combat_units_in_the_marae_hex_or_compound_leave_it_uncontrolled():
    on = {"rule_15_8_maraes": True}
    base = [("m1", "marae", None, "0101"), ("v", "village", "red", "0201")]
    assert control(base + [("f", "fighters", "blue", "0101")], options=on)["marae:m1"] is None
    assert control(base + [("f", "fighters", "blue", "0101", {"in_marae": True})], options=on)["marae:m1"] is None
    # Enemy Population is not a Combat Unit.
    assert control(base + [("p", "population", "blue", "0101")], options=on)["marae:m1"] == "red"


def test_rule_15_8_maraes_only_with_the_option():
    got = control([("m1", "marae", None, "0101")], options={"rule_15_8_maraes": False})
    assert "marae:m1" not in got


def test_rule_15_8_one_full_marae_a_region_counts_for_control():
    # Two full Maraes in the one region (validation says MARAE_OVER_LIMIT): 15.8's one Marae rule
    # counts only the first (in piece order) as an area; part-built Maraes never count.
    on = {"rule_15_8_maraes": True}
    got = control([("m1", "marae", None, "0101"), ("m2", "marae", None, "0301"), ("pm", "part_built_marae", None, "0501"),
                   ("p", "population", "red", "0201"), ("q", "population", "red", "0401")], options=on)
    assert got == {"a": "red", "b": "red", "c": None, "marae:m1": "red"}
    # In two regions, both count.
    s = build(LAND, AREAS, regions={"r1": ["a"], "r2": ["b", "c"]}, options=on,
              pieces=[("m1", "marae", None, "0101"), ("m2", "marae", None, "0301"), ("p", "population", "red", "0201")])
    assert {k: v for k, v in RULES.control(s).items() if k.startswith("marae:")} == {"marae:m1": "red", "marae:m2": None}
