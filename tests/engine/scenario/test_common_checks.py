"""Each check every rule set runs: a broken map, and exactly the finding it deserves."""
import os
import re

from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario import edits as E
from motu.engine.scenario.model import Area, CellFeature, Piece, Region
from motu.engine.scenario.validation import CODES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def codes(s):
    return [f.code for f in get_ruleset(s.ruleset).validate(s)]


def findings(s, code):
    return [f for f in get_ruleset(s.ruleset).validate(s) if f.code == code]


def test_shipped_examples_are_clean(example_hex, example_square):
    assert codes(example_hex) == []
    assert codes(example_square) == []


def test_unknown_terrain(example_hex):
    c = example_hex.grid.parse_label("0505")
    E.PaintTerrain((c,), ("lava",)).apply(example_hex)
    [f] = findings(example_hex, "UNKNOWN_TERRAIN")
    assert f.cells == (c,) and "lava" in f.message and f.severity == "error"


def test_unknown_edge_feature(example_hex):
    a, b = example_hex.grid.parse_edge("0505/0506")
    E.SetEdgeFeatures(((a, b),), (("wall",),)).apply(example_hex)
    [f] = findings(example_hex, "UNKNOWN_EDGE_FEATURE")
    assert f.edges == ((a, b),)


def test_unknown_feature_and_piece_kinds(example_hex):
    c = example_hex.grid.parse_label("0505")
    E.InsertFeature(0, CellFeature("castle", c)).apply(example_hex)
    E.PutRecord("pieces", "k", Piece("k", "knight", "red", c)).apply(example_hex)
    assert findings(example_hex, "UNKNOWN_FEATURE")[0].cells == (c,)
    assert "knight" in findings(example_hex, "UNKNOWN_PIECE")[0].message


def test_grid_not_supported(example_square):
    E.SetField("ruleset", "tahiti").apply(example_square)
    assert "GRID_NOT_SUPPORTED" in codes(example_square)


def test_options_checked_against_the_catalogue(example_hex):
    E.SetField("options", {"rule_15_6_arioi": "yes", "house_rule": True}).apply(example_hex)
    assert [f.code for f in get_ruleset("tahiti").validate(example_hex)] == ["BAD_OPTION", "UNKNOWN_OPTION"]


def test_feature_needs_a_side_and_the_right_terrain(example_hex):
    sea = example_hex.grid.parse_label("0101")
    E.InsertFeature(0, CellFeature("home_village", sea)).apply(example_hex)
    assert findings(example_hex, "FEATURE_NEEDS_SIDE")[0].cells == (sea,)
    bad = findings(example_hex, "FEATURE_BAD_TERRAIN")[0]
    assert bad.cells == (sea,)
    # In the rulebook's words, never the catalogue's ids.
    assert bad.message == "Home Village at 0101 stands on Open sea; it can only be on Coastal hex, Clear, Jungle"


def test_duplicate_feature(example_hex):
    c = example_hex.grid.parse_label("0507")
    E.InsertFeature(0, CellFeature("village_site", c)).apply(example_hex)
    assert findings(example_hex, "DUPLICATE_FEATURE")[0].cells == (c,)
    assert findings(example_hex, "DUPLICATE_FEATURE")[0].message.startswith("Village site is placed 2 times")


def test_war_canoe_inland_cannot_stand_there(example_hex):
    inland = example_hex.grid.parse_label("0605")
    E.PutRecord("pieces", "wc", Piece("wc", "war_canoe", None, inland)).apply(example_hex)
    [f] = findings(example_hex, "PIECE_BAD_TERRAIN")
    assert f.cells == (inland,) and "War Canoe" in f.message


def test_piece_outside_its_sides_zone(example_hex):
    c = example_hex.grid.parse_label("0505")
    E.PutRecord("pieces", "red-hc", Piece("red-hc", "head_chieftain", "red", c)).apply(example_hex)
    [f] = findings(example_hex, "PIECE_OUTSIDE_ZONE")
    assert f.cells == (c,) and "Red clan" in f.message


def test_area_split_in_two_names_a_cell_of_each_piece(example_hex):
    s = example_hex
    # Cut Southcape in two by giving its middle column to Westbay... via a new area strip.
    middle = [c for c in range(s.grid.size) if s.cell_area[c] == "south" and s.grid.col_row(c)[0] == 5]
    E.PaintArea(tuple(middle), ("west",) * len(middle)).apply(s)
    [f] = findings(s, "AREA_SPLIT")
    assert f.areas == ("south",) and "2 pieces" in f.message and len(f.cells) == 2
    sides = sorted(s.grid.col_row(c)[0] < 5 for c in f.cells)
    assert sides == [False, True]


def test_area_empty_duplicate_names_and_regions(example_hex):
    s = example_hex
    E.PutRecord("areas", "ghost", Area("ghost", "Westbay")).apply(s)
    E.PutRecord("regions", "east", Region("east", "East")).apply(s)
    got = {f.code: f for f in get_ruleset("tahiti").validate(s)}
    assert got["AREA_EMPTY"].areas == ("ghost",)
    assert set(got["DUPLICATE_AREA_NAME"].areas) == {"west", "ghost"}
    # Tahiti says "no region" as its own error; the common warning for the same area is not repeated.
    assert got["TAHITI_AREA_NO_REGION"].areas == ("ghost",) and "AREA_NO_REGION" not in got
    from motu.engine.scenario.checks import check_areas
    assert [f.areas for f in check_areas(s, None) if f.code == "AREA_NO_REGION"] == [("ghost",)]
    assert "East" in got["REGION_EMPTY"].message


def test_every_code_is_documented_with_its_sentence():
    import motu.engine.rules.registry as reg
    reg.rulesets()  # rule sets register their own codes when loaded
    doc = open(os.path.join(ROOT, "docs", "validation.md"), encoding="utf-8").read()
    documented = set(re.findall(r"^\| `([A-Z0-9_]+)` \|", doc, re.M))
    assert documented == set(CODES), "docs/validation.md and the registered codes differ"
    for code, (severity, sentence) in CODES.items():
        assert f"| `{code}` | {severity} | {sentence} |" in doc


def test_diagonal_edge_on_squares_is_an_error():
    """Squares have four sides: an edge between squares that touch only at a corner is refused by validation."""
    from motu.engine.board.grids import SquareGrid
    from motu.engine.scenario.checks import EDGE_NOT_A_SIDE, check_edges
    from motu.engine.scenario.model import blank_scenario
    s = blank_scenario("fern", SquareGrid(16, 12), "open")
    a, b, c = s.grid.parse_label("12,4"), s.grid.parse_label("11,5"), s.grid.parse_label("12,5")
    s.edges[(min(a, b), max(a, b))] = ("stream",)
    s.edges[(min(a, c), max(a, c))] = ("stream",)  # an orthogonal side: fine
    [f] = list(check_edges(s, None))
    assert f.code == EDGE_NOT_A_SIDE and f.severity == "error"
    assert f.edges == ((min(a, b), max(a, b)),) and "12,4/11,5" in f.message


def test_an_area_without_a_region_is_one_finding_in_tahiti():
    """One finding per fact: Tahiti's own error replaces the common warning for the same area."""
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.scenario.model import Area, Region
    s = get_ruleset("tahiti").new_scenario("hex", 6, 6)
    s.regions["r1"] = Region("r1", "North")
    s.areas["a1"] = Area("a1", "Lonely", "r1")
    s.areas["a2"] = Area("a2", "Adrift")
    s.cell_area[0], s.cell_area[1] = "a1", "a2"
    codes = [f.code for f in get_ruleset("tahiti").validate(s) if f.areas == ("a2",)]
    assert codes.count("TAHITI_AREA_NO_REGION") == 1 and "AREA_NO_REGION" not in codes
