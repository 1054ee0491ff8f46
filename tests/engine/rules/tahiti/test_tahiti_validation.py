"""Tahiti map validation: a clean island, then one break per code and exactly the finding it deserves."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from motu.engine.scenario.model import Area, CellFeature, Piece, Region  # noqa: E402
from tahiti_testmaps import RULES, build, cell, codes, found  # noqa: E402

TERRAIN = ["~ ~ ~ ~ ~ ~ ~",
           "~ l l l l l ~",
           "~ l c c c l ~",
           "~ l c . c l ~",
           "~ l c c c l ~",
           "~ l l l l l ~",
           "~ ~ ~ ~ ~ ~ ~"]
AREAS = [". . . . . . .",
         ". . . . . . .",
         ". . a a b . .",
         ". . a a b . .",
         ". . a b b . .",
         ". . . . . . .",
         ". . . . . . ."]
RAST = {"groups": [{"first": [1, 2, 3, 4, 5, 6], "second": ["a", "b", "roll_again", "roll_again", "roll_again", "roll_again"]}]}


def island(**kw):
    kw.setdefault("edges", {"reef": ["0401/0402"]})
    kw.setdefault("features", [("home_village", "0303", "red"), ("home_village", "0505", "blue")])
    s = build(TERRAIN, AREAS, **kw)
    s.tables["random_area_selection"] = RAST
    return s


def only(s, code):
    got = found(s, code)
    assert len(got) == 1, [f.message for f in RULES.validate(s)]
    return got[0]


def test_a_clean_island_has_no_findings():
    assert codes(island()) == []


def test_shipped_example_is_clean(example_hex):
    assert codes(example_hex) == []


def test_land_hex_in_no_area():
    s = island()
    s.cell_area[cell(s, "0404")] = None
    f = only(s, "LAND_HEX_NO_AREA")
    assert f.cells == (cell(s, "0404"),) and "0404" in f.message


def test_area_split_in_two_and_duplicate_names():
    s = island()
    s.cell_area[cell(s, "0504")] = "a"  # cuts b's 0503 off from the rest of b
    assert only(s, "AREA_SPLIT").areas == ("b",)
    s = island()
    s.areas["b"] = Area("b", "Area A", region="r")
    assert set(only(s, "DUPLICATE_AREA_NAME").areas) == {"a", "b"}


def test_rule_15_8_an_area_in_no_region_is_an_error_in_tahiti():
    s = island()
    s.areas["b"] = Area("b", "Area B", region=None)
    f = only(s, "TAHITI_AREA_NO_REGION")
    assert f.severity == "error" and f.areas == ("b",) and "Area B" in f.message


def test_rule_15_8_one_full_marae_per_region_counts_marae_pieces_not_sites():
    # Two Marae sites in the one region are a designer's marks: no finding. Two full Maraes
    # (the `marae` counter) are one more than 15.8 allows; part-built ones are unlimited.
    base = dict(features=[("home_village", "0303", "red"), ("home_village", "0505", "blue"),
                          ("marae_site", "0304"), ("marae_site", "0404")])
    assert "MARAE_OVER_LIMIT" not in codes(island(**base))
    s = island(**base, pieces=[("m1", "part_built_marae", None, "0304"), ("m2", "part_built_marae", None, "0404"),
                               ("m3", "marae", None, "0403")])
    assert "MARAE_OVER_LIMIT" not in codes(s)
    s = island(**base, pieces=[("m1", "marae", None, "0304"), ("m2", "marae", None, "0404")])
    f = only(s, "MARAE_OVER_LIMIT")
    assert f.cells == (cell(s, "0304"), cell(s, "0404")) and "region R holds 2 full Maraes" in f.message
    assert "allows 1" in f.message


def test_coastal_hex_touching_no_sea():
    s = island()
    s.terrain[cell(s, "0404")] = "coast"
    assert only(s, "COAST_NO_WATER").cells == (cell(s, "0404"),)


def test_reef_not_between_lagoon_and_open_sea():
    s = island(edges={"reef": ["0401/0402", "0303/0403"]})
    f = only(s, "REEF_MISPLACED")
    assert f.edges == ((cell(s, "0303"), cell(s, "0403")),) and "between coast and coast" in f.message


def test_lagoon_not_enclosed_by_reef_or_coast():
    s = island(edges={})
    assert "no reef" in only(s, "LAGOON_NOT_ENCLOSED").message
    s = island()
    s.terrain[cell(s, "0101")] = "lagoon"  # a patch of lagoon out at sea
    f = only(s, "LAGOON_NOT_ENCLOSED")
    assert f.cells == (cell(s, "0101"),) and "touches no coast" in f.message


def test_rule_15_7_portage_not_between_two_coastal_hexes():
    assert codes(island(edges={"reef": ["0401/0402"], "portage": ["0303/0403"]})) == []
    s = island(edges={"reef": ["0401/0402"], "portage": ["0304/0404"]})
    assert only(s, "PORTAGE_MISPLACED").edges == ((cell(s, "0304"), cell(s, "0404")),)


def test_home_village_not_on_land():
    s = island(features=[("home_village", "0101", "red"), ("home_village", "0505", "blue")])
    assert only(s, "FEATURE_BAD_TERRAIN").cells == (cell(s, "0101"),)


def test_two_clans_sharing_a_home_area():
    s = island(features=[("home_village", "0303", "red"), ("home_village", "0403", "blue")])
    f = only(s, "HOME_AREA_SHARED")
    assert f.areas == ("a",) and "red, blue" in f.message


def test_an_area_no_unit_can_reach_from_a_home_village():
    s = island()
    # A one-hex islet inside its own lagoon, walled by reef on every side facing the sea.
    islet = cell(s, "0707")
    s.terrain[islet] = "coast"
    s.cell_area[islet] = "c"
    s.areas["c"] = Area("c", "Islet", region="r")
    ring = [n for n in s.grid.neighbours(islet)]
    for n in ring:
        s.terrain[n] = "lagoon"
    for n in ring:
        for m in s.grid.neighbours(n):
            if s.terrain[m] == "sea":
                s.edges[(min(n, m), max(n, m))] = ("reef",)
            elif s.terrain[m] == "lagoon" and m not in ring:
                s.edges[(min(n, m), max(n, m))] = ("reef",)
    s.tables["random_area_selection"]["groups"][0]["second"][2] = "c"
    f = only(s, "AREA_UNREACHABLE")
    assert f.areas == ("c",) and "red (0303)" in f.message and "blue (0505)" in f.message


def test_rule_15_12_random_area_selection_table_names_every_area_once():
    s = island()
    s.tables["random_area_selection"] = {"groups": [{"first": [1, 2, 3, 4, 5], "second": ["a", "a", "x"]}]}
    f = only(s, "RAST_BAD")
    for needle in ("does not give six", "no group for a first die of 6"):
        assert needle in f.message
    s.tables["random_area_selection"] = {"groups": [
        {"first": [1, 2, 3], "second": ["a", "a", "x", "roll_again", "roll_again", "roll_again"]},
        {"first": [3, 4, 5, 6], "second": ["roll_again"] * 6}]}
    msg = only(s, "RAST_BAD").message
    for needle in ("group 1, second die 3 names “x”, which is not an area", "more than one group for a first die of 3", "Area A named more than once",
                   "Area B not named"):
        assert needle in msg


def test_rule_15_12_a_wrong_table_names_areas_by_name_and_points_at_them():
    s = island()
    s.tables["random_area_selection"] = {"groups": [
        {"first": [1, 2, 3, 4, 5, 6], "second": ["a", "a", ["b"], "roll_again", "roll_again", "roll_again"]}]}
    f = only(s, "RAST_BAD")
    assert "Area A named more than once" in f.message and "Area B not named" in f.message
    assert " a " not in f.message and " b " not in f.message  # the file's ids are not for the user
    assert f.areas == ("a", "b")


def test_a_village_or_war_canoe_set_up_where_it_cannot_stand():
    s = island()
    s.pieces["v"] = Piece("v", "village", "red", cell(s, "0202"))
    assert only(s, "PIECE_BAD_TERRAIN").cells == (cell(s, "0202"),)
    s = island()
    s.pieces["wc"] = Piece("wc", "war_canoe", "red", cell(s, "0404"))
    assert only(s, "PIECE_BAD_TERRAIN").cells == (cell(s, "0404"),)


def test_warning_an_area_of_one_hex_with_no_coast():
    s = island()
    s.cell_area[cell(s, "0404")] = "c"
    s.areas["c"] = Area("c", "Hill", region="r")
    s.tables["random_area_selection"]["groups"][0]["second"][2] = "c"
    f = only(s, "AREA_ONE_INLAND_HEX")
    assert f.severity == "warning" and f.areas == ("c",)


def test_warning_a_region_of_one_area():
    s = island()
    s.cell_area[cell(s, "0503")] = "d"
    s.cell_area[cell(s, "0304")] = "c"
    s.areas["c"] = Area("c", "West cape", region="r")
    s.regions["q"] = Region("q", "Q")
    s.areas["d"] = Area("d", "North cape", region="q")
    s.tables["random_area_selection"]["groups"][0]["second"][2:4] = ["c", "d"]
    f = only(s, "REGION_ONE_AREA")
    assert f.severity == "warning" and f.areas == ("d",) and "North cape" in f.message
    # On a map too small to give every region two areas it is not suspicious.
    del s.areas["c"]
    s.cell_area[cell(s, "0304")] = "a"
    s.tables["random_area_selection"]["groups"][0]["second"][2] = "roll_again"
    assert found(s, "REGION_ONE_AREA") == []


def test_every_tahiti_code_has_a_row_in_docs_validation():
    from motu.engine.scenario.validation import CODES
    import motu.engine.rules.tahiti.validation.map_rules as v
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
    doc = open(os.path.join(root, "docs", "validation.md"), encoding="utf-8").read()
    for name in dir(v):
        code = getattr(v, name)
        if isinstance(code, str) and code in CODES and name == code:
            sev, sentence = CODES[code]
            assert f"| `{code}` | {sev} | {sentence} |" in doc
    assert CellFeature  # imported for readers building their own broken maps


def test_rule_15_8_marae_limit_of_the_wrong_type_is_a_finding_not_silently_accepted():
    # `marae_limit: one` is a typo play would read as 15.8's one Marae: validation says so, with
    # the region's name, what is wrong, and the value's place in the file.
    import dataclasses
    s = island()
    s.regions["r"] = dataclasses.replace(s.regions["r"], props={"marae_limit": "one"})
    f = only(s, "RECORD_PROP_TYPE")
    assert f.severity == "error" and f.path == ("regions", 0, "props", "marae_limit")
    assert f.message == ("Full Maraes the region may hold (15.8): region " + s.regions["r"].name
                         + " has marae_limit 'one'; it should be a whole number")
    assert set(f.areas) == {"a", "b"}  # the region's areas, for a view to show where


def test_rule_15_8_marae_limit_whole_numbers_are_clean_and_negative_ones_are_not():
    import dataclasses
    for value, bad in ((0, False), (2, False), (-1, True), (True, True), (1.5, True)):
        s = island()
        s.regions["r"] = dataclasses.replace(s.regions["r"], props={"marae_limit": value})
        assert bool(found(s, "RECORD_PROP_TYPE")) is bad, value


def test_rule_15_8_a_marae_limit_that_is_no_whole_number_is_the_one_marae():
    import dataclasses
    s = island(pieces=[("m1", "marae", None, "0304"), ("m2", "marae", None, "0404")])
    s.regions["r"] = dataclasses.replace(s.regions["r"], props={"marae_limit": "two"})
    assert "allows 1" in only(s, "MARAE_OVER_LIMIT").message
