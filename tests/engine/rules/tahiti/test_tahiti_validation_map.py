"""The authoring guide's map checks (motu/engine/rules/tahiti/validation/authoring_guide.py), each on a small
hand-drawn island that is sound until one thing is made wrong."""
from __future__ import annotations

import os
import sys

from motu.engine.scenario.model import Area, CellFeature, Island

sys.path.insert(0, os.path.dirname(__file__))
from tahiti_testmaps import RULES, build, cell, codes  # noqa: E402

ISLAND = ["~ ~ ~ ~ ~ ~ ~ ~",
          "~ l l l l l l ~",
          "~ l c c c c l ~",
          "~ l c . . c l ~",
          "~ l c c c c l ~",
          "~ l l l l l l ~",
          "~ ~ ~ ~ ~ ~ ~ ~"]
AREAS = [". . . . . . . .",
         ". . . . . . . .",
         ". . a a b b . .",
         ". . a a b b . .",
         ". . a a b b . .",
         ". . . . . . . .",
         ". . . . . . . ."]
MAP_CODES = {"LAGOON_IN_AREA", "INLAND_TOUCHES_WATER", "SEA_INSIDE_ISLAND", "AREA_NO_ISLAND", "ISLAND_MIXED",
             "ISLAND_MARAE_SITES", "LAGOON_NO_PASS", "ISLAND_SPLIT", "AREA_NO_COAST"}


def island(terrain=ISLAND, areas=AREAS, passes=1, **kw):
    """The island with its reef: every lagoon / open-sea hexside but the first `passes`."""
    s = build(terrain, areas, **kw)
    sides = [(int(a), int(b)) for a, b in s.grid.edge_array() if {s.terrain[a], s.terrain[b]} == {"lagoon", "sea"}]
    for key in sides[passes:]:
        s.edges[key] = ("reef",)
    s.islands["i"] = Island("i", "Motu Iti")
    for a in list(s.areas.values()):
        s.areas[a.id] = Area(a.id, a.name, a.region, "i")
    return s


def found(s, code):
    return [f for f in RULES.validate(s) if f.code == code]


def test_the_sound_island_has_none_of_the_map_findings():
    assert set(codes(island())) & MAP_CODES == set()


def test_a_lagoon_hex_painted_into_an_area_is_an_error():
    s = island()
    s.cell_area[cell(s, "0302")] = "a"  # lagoon north of the island
    f = found(s, "LAGOON_IN_AREA")
    assert [x.cells for x in f] == [(cell(s, "0302"),)] and f[0].severity == "error"
    assert "0302" in f[0].message


def test_an_inland_hex_on_the_water_is_an_error_rule_15_6_the_guides_coast_ring():
    # Four "mountain" hexes mis-painted as lagoon in the middle of an island: the inland hexes
    # round them touch water.
    t = ["~ ~ ~ ~ ~ ~ ~ ~ ~",
         "~ l l l l l l l ~",
         "~ l c c c c c l ~",
         "~ l c . . . c l ~",
         "~ l c . l . c l ~",
         "~ l c . . . c l ~",
         "~ l c c c c c l ~",
         "~ l l l l l l l ~",
         "~ ~ ~ ~ ~ ~ ~ ~ ~"]
    a = [" ".join("a" if x in "c." else "." for x in row.split()) for row in t]
    s = island(t, a)
    f = found(s, "INLAND_TOUCHES_WATER")
    assert len(f) == 1 and f[0].severity == "error"
    assert {s.label(c) for c in f[0].cells} == {s.label(n) for n in s.grid.neighbours(cell(s, "0505"))}


def test_open_sea_inside_the_island_is_an_error():
    t = [row.split() for row in ISLAND]
    t[3][3] = "~"  # a sea hex where the clear one was: cut off from the open sea round the map
    terrain = [" ".join(r) for r in t]
    areas = [row.split() for row in AREAS]
    areas[3][3] = "."
    s = island(terrain, [" ".join(r) for r in areas])
    f = found(s, "SEA_INSIDE_ISLAND")
    assert [x.cells for x in f] == [(cell(s, "0404"),)] and f[0].severity == "error"


def test_a_lagoon_with_reef_all_round_has_no_pass():
    s = island(passes=0)
    f = found(s, "LAGOON_NO_PASS")
    assert len(f) == 1 and f[0].severity == "warning" and "reef on all its" in f[0].message
    assert found(island(passes=1), "LAGOON_NO_PASS") == []


def test_rule_15_12_an_area_on_no_island_on_a_map_with_islands():
    s = island()
    s.areas["b"] = Area("b", "Area B", "r", None)
    f = found(s, "AREA_NO_ISLAND")
    assert [x.areas for x in f] == [("b",)] and f[0].severity == "error"
    s.islands.clear()
    s.areas["a"] = Area("a", "Area A", "r", None)
    assert found(s, "AREA_NO_ISLAND") == []  # a map without islands says nothing


def test_one_piece_of_land_with_two_islands_areas_is_an_error():
    s = island()
    s.islands["j"] = Island("j", "Motu Rahi")
    s.areas["b"] = Area("b", "Area B", "r", "j")
    f = found(s, "ISLAND_MIXED")
    assert len(f) == 1 and f[0].severity == "error" and "Motu Iti and Motu Rahi" in f[0].message


def test_an_island_on_two_pieces_of_land_is_a_warning():
    t = ["~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
         "~ l l l ~ ~ l l l ~",
         "~ l c l ~ ~ l c l ~",
         "~ l c l ~ ~ l c l ~",
         "~ l l l ~ ~ l l l ~",
         "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"]
    a = [". . . . . . . . . .",
         ". . . . . . . . . .",
         ". . a . . . . b . .",
         ". . a . . . . b . .",
         ". . . . . . . . . .",
         ". . . . . . . . . ."]
    s = island(t, a, passes=2)
    f = found(s, "ISLAND_SPLIT")
    assert len(f) == 1 and f[0].severity == "warning" and "2 pieces" in f[0].message


def test_rule_15_8_one_marae_on_another_island_whatever_its_regions():
    t = ["~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
         "~ l l l l ~ ~ ~ ~ l l l l ~",
         "~ l c c l ~ ~ ~ ~ l c c l ~",
         "~ l c c l ~ ~ ~ ~ l c c l ~",
         "~ l l l l ~ ~ ~ ~ l l l l ~",
         "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"]
    a = [". . . . . . . . . . . . . .",
         ". . . . . . . . . . . . . .",
         ". . h h . . . . . . x y . .",
         ". . h h . . . . . . x y . .",
         ". . . . . . . . . . . . . .",
         ". . . . . . . . . . . . . ."]
    s = island(t, a, passes=4, regions={"home": ["h"], "rx": ["x"], "ry": ["y"]},
               features=[("home_village", "0303", "red"), ("marae_site", "1103"), ("marae_site", "1203")])
    s.islands["far"] = Island("far", "Far Island")
    for aid in ("x", "y"):
        s.areas[aid] = Area(aid, f"Area {aid}", s.areas[aid].region, "far")
    f = found(s, "ISLAND_MARAE_SITES")
    assert len(f) == 1 and f[0].severity == "error" and "Far Island has 2 Marae sites" in f[0].message
    assert found(s, "REGION_MARAE_SITES") == []  # one a region: only the island's limit catches it
    s.features.pop()
    assert found(s, "ISLAND_MARAE_SITES") == []


def test_an_area_without_coast_is_a_warning():
    t = ["~ ~ ~ ~ ~ ~ ~ ~ ~",
         "~ l l l l l l l ~",
         "~ l c c c c c l ~",
         "~ l c . . . c l ~",
         "~ l c . . . c l ~",
         "~ l c c c c c l ~",
         "~ l l l l l l l ~",
         "~ ~ ~ ~ ~ ~ ~ ~ ~"]
    a = [". . . . . . . . .",
         ". . . . . . . . .",
         ". . a a a a a . .",
         ". . a b b a a . .",
         ". . a a a a a . .",
         ". . a a a a a . .",
         ". . . . . . . . .",
         ". . . . . . . . ."]
    s = island(t, a)
    f = found(s, "AREA_NO_COAST")
    assert [x.areas for x in f] == [("b",)] and f[0].severity == "warning"


def test_home_villages_and_marae_sites_stand_where_the_catalogue_allows():
    s = island(features=[("home_village", "0304", "red"), ("marae_site", "0404")])
    assert found(s, "FEATURE_BAD_TERRAIN") == []  # coast; clear
    s.terrain[cell(s, "0404")] = "mountain"  # a Marae may stand on any land hex (15.8: "any hex")
    s.terrain[cell(s, "0504")] = "mountain"
    s.features.append(CellFeature("home_village", cell(s, "0504"), "blue"))
    f = found(s, "FEATURE_BAD_TERRAIN")
    assert [x.cells for x in f] == [(cell(s, "0504"),)]  # a Home Village not on a mountain


def test_the_authoring_guide_and_the_validator_say_the_same_things():
    import re

    from motu.engine.scenario.validation import CODES
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
    guide = open(os.path.join(root, "docs", "authoring-moorea.md"), encoding="utf-8").read()
    table = guide.split("## The rules the validator checks")[1].split("\n# ")[0]
    named = set(re.findall(r"`([A-Z][A-Z_]+)`", table))
    assert named <= set(CODES)  # every rule the guide states is a registered finding
    assert MAP_CODES <= named  # and every one of the guide's checks is in its table
