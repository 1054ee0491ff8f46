"""Drafting an island from its coastline (motu/engine/io/coastline.py): land by the fraction of the
hex inside the coastline, the coast ring, inland bands by distance from the sea, the lagoon
ring with the reef on its outer hexsides and passes where marked, suggested areas in a region
of their own; on a new map or added to an open one, at its real place or where asked."""
from __future__ import annotations

import json
import math
import os

import numpy as np
import pytest
import shapely
from shapely.geometry import Point, Polygon, box

from motu.engine.board.geometry import cell_centres, cell_polygons
from motu.engine.board.grids import HexGrid
from motu.engine.io.coastline import Band, DraftError, IslandPlan, add_island, draft_island, new_map, recipe
from motu.engine.io.coastline_geometry import boundary_distance, depth_bounds, land_fraction, near_boundary
from motu.engine.io.island_file import plan_from_file, read_island
from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.georef import Georef

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
SHIPPED = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")
MOOREA_FILE = os.path.join(ROOT, "tools", "maps", "moorea.geojson")
HUAHINE_FILE = os.path.join(ROOT, "tests", "data", "huahine.geojson")
MOOREA = Polygon(json.loads(open(os.path.join(ROOT, "tools", "maps", "coastlines.json"), encoding="utf-8").read())
                 ["islands"]["Moorea"])
RULES = get_ruleset("tahiti")
LAND = {"coast", "clear", "jungle", "mountain"}


def _moorea(**kw):
    return IslandPlan(MOOREA, "Mo'orea", **kw)


def _errors_and_warnings(s):
    """The map's findings; a draft has no clan yet, so the game's TAHITI_NO_HOME_VILLAGE is not one."""
    return [(f.code, f.message) for f in RULES.validate(s) if f.code != "TAHITI_NO_HOME_VILLAGE"]


def test_boundary_distance_is_the_exact_distance_to_the_coastline():
    rng = np.random.default_rng(3)
    t = np.linspace(0, 2 * np.pi, 2000, endpoint=False)
    r = 40 + 6 * np.sin(7 * t) + 3 * np.cos(23 * t)
    shape = Polygon(np.c_[r * np.cos(t), r * np.sin(t)]).union(Point(70, 0).buffer(5))  # two pieces
    xy = rng.uniform(-80, 80, size=(3000, 2))
    want = shapely.distance(shapely.points(xy), shape.boundary)
    assert np.allclose(boundary_distance(shape, xy), want, rtol=0, atol=1e-9)
    small = box(0, 0, 3, 2)  # fewer segments than the nearest-segment search looks at
    assert np.allclose(boundary_distance(small, xy[:50]), shapely.distance(shapely.points(xy[:50]), small.boundary))
    lo, hi = depth_bounds(shape, xy)  # the cheap bounds the inland bands start from hold the distance
    assert (lo <= want + 1e-9).all() and (want <= hi + 1e-9).all() and (hi - lo).max() < 1.0


def test_the_cells_near_the_coastline():
    for grid in (HexGrid(9, 7), HexGrid(9, 7, "pointy"), HexGrid(8, 8, "flat", "even-q")):
        xy = cell_centres(grid)
        land = Point(6.0, 6.0).buffer(3.3)
        d = shapely.distance(shapely.points(xy), land.boundary)
        near = near_boundary(grid, land)
        assert near[d < 1.0].all() and not near[d > 4.5].any()


def test_land_fraction_is_the_share_of_the_hex_inside_the_coastline():
    grid = HexGrid(8, 8)
    xy = cell_centres(grid)
    land = box(2.0, 1.0, 9.0, 11.0)
    near = np.flatnonzero(near_boundary(grid, land))
    inside = shapely.contains_xy(land, xy[:, 0], xy[:, 1])
    frac = land_fraction(grid, land, xy, inside, near, boundary_distance(land, xy[near]), tile=2.0)
    want = shapely.area(shapely.intersection(cell_polygons(grid, range(grid.size)), land)) / (1.5 * math.sqrt(3))
    assert np.allclose(frac, want)
    assert ((frac > 0) & (frac < 1)).any() and (frac == 1).any() and (frac == 0).any()


def test_a_hex_is_land_from_12_percent_or_as_the_designer_sets():
    default, _ = new_map("tahiti", _moorea())
    strict, _ = new_map("tahiti", _moorea(land_fraction=0.5))
    loose, _ = new_map("tahiti", _moorea(land_fraction=0.01))
    n = [sum(t in LAND for t in s.terrain) for s in (strict, default, loose)]
    assert n[0] < n[1] < n[2]
    # The guide's figure: Mo'orea at a mile a hex is some 64 land hexes, about its 134 km2.
    assert abs(n[1] * 1.609344 ** 2 * math.sqrt(3) / 2 - 134) < 0.2 * 134


def test_the_draft_has_coast_inland_bands_a_lagoon_ring_and_a_reef_with_the_marked_passes():
    passes = ((-149.890, -17.466), (-149.820, -17.470), (-149.777, -17.528))
    s, draft = new_map("tahiti", _moorea(bands=(Band((1.8, 2.6)),), passes=passes))
    g, t = s.grid, s.terrain
    for c in range(g.size):
        nb = [t[n] for n in g.neighbours(c)]
        if t[c] == "coast":
            assert any(x in ("sea", "lagoon") for x in nb), s.label(c)
        elif t[c] in LAND:
            assert not any(x in ("sea", "lagoon") for x in nb), s.label(c)
        elif t[c] == "lagoon":
            assert any(x in LAND for x in nb), s.label(c)
        else:
            assert not any(x in LAND for x in nb), s.label(c)
    sides = [(int(a), int(b)) for a, b in g.edge_array() if {t[a], t[b]} == {"lagoon", "sea"}]
    reefs = [k for k in sides if s.edges.get(k) == ("reef",)]
    assert set(s.edges) <= set(sides) and len(sides) - len(reefs) == 3 == draft.summary["passes"]
    # Inland terrain by distance from the sea: clear to 1.8 km, jungle to 2.6 km, mountain beyond.
    geo = Georef.of(s)
    depth = boundary_distance(shapely.transform(MOOREA, geo.to_layout), cell_centres(g)) * geo.km_per_unit
    for c in range(g.size):
        if t[c] == "clear":
            assert depth[c] < 1.8
        elif t[c] == "jungle":
            assert 1.8 <= depth[c] < 2.6
        elif t[c] == "mountain":
            assert depth[c] >= 2.6
    assert {"clear", "jungle", "mountain"} <= set(t)
    assert _errors_and_warnings(s) == []


def test_lagoon_width_and_no_reef():
    wide, d2 = new_map("tahiti", _moorea(lagoon_width=2, passes=((-149.890, -17.466),)))
    one, d1 = new_map("tahiti", _moorea(passes=((-149.890, -17.466),)))
    assert d2.summary["lagoon"] > d1.summary["lagoon"] and d2.summary["reef"] > d1.summary["reef"]
    assert _errors_and_warnings(wide) == []
    bare, d0 = new_map("tahiti", _moorea(lagoon_width=0))
    assert "lagoon" not in bare.terrain and not bare.edges and d0.summary["reef"] == 0
    unreefed, _ = new_map("tahiti", _moorea(reef=False))
    assert "lagoon" in unreefed.terrain and not unreefed.edges


def test_equal_wedges_from_the_centre_grouped_into_the_islands_region():
    s, draft = new_map("tahiti", _moorea(areas="wedges", wedges=4, region="Aimeho"))
    sizes = [len(c) for c in s.area_cells().values()]
    assert len(sizes) == 4 and max(sizes) - min(sizes) <= 4
    assert list(s.islands) == ["moorea"] and list(s.regions) == ["aimeho"] and s.regions["aimeho"].name == "Aimeho"
    assert {a.region for a in s.areas.values()} == {"aimeho"} and {a.island for a in s.areas.values()} == {"moorea"}
    assert [a.name for a in s.areas.values()] == ["Mo'orea north-east", "Mo'orea south-east", "Mo'orea south-west",
                                                   "Mo'orea north-west"]
    assert list(s.areas)[0] == "moorea_north_east"  # ids follow names
    # No pass marked: the lagoon is closed, which the validator says.
    assert [(f.code, f.severity) for f in RULES.validate(s) if f.code != "TAHITI_NO_HOME_VILLAGE"] == [
        ("LAGOON_NO_PASS", "warning")]


def test_areas_round_village_points_with_their_village_sites():
    plan = plan_from_file(read_island(HUAHINE_FILE))
    s, draft = new_map("tahiti", plan)
    names = [a.name for a in s.areas.values()]
    assert names == ["Fare", "Maeva", "Faie", "Maroe", "Parea"] and list(s.areas) == ["fare", "maeva", "faie", "maroe", "parea"]
    sites = [f for f in s.features if f.kind == "village_site"]
    assert [f.name for f in sites] == names
    assert all(s.areas[s.cell_area[f.cell]].name == f.name for f in sites)
    assert all(s.terrain[f.cell] in ("coast", "clear", "jungle") for f in sites)
    # Each village's hex is the area's hex nearest the village.
    geo = Georef.of(s)
    xy = cell_centres(s.grid)
    for v, f in zip(plan.villages, sites):
        p = np.array(geo.point(v.lon, v.lat))
        cells = [c for c, a in enumerate(s.cell_area) if a == s.cell_area[f.cell] and s.terrain[c] != "mountain"]
        assert min(np.hypot(*(xy[c] - p)) for c in cells) == pytest.approx(np.hypot(*(xy[f.cell] - p)))
    assert _errors_and_warnings(s) == []


def test_districts_from_points_on_the_coast_are_moorea_s_five():
    # On Tahiti's lattice (like=): the same hexes as the shipped map's.
    s, _ = new_map("tahiti", plan_from_file(read_island(MOOREA_FILE), bands=(Band((1.8, 2.6)),)),
                   like=load_path(TAHITI), margin_km=4.0)
    shipped = load_path(SHIPPED)
    assert [(a.id, a.name, a.color) for a in s.areas.values()] == \
        [(a.id, a.name, a.color) for a in shipped.areas.values() if a.island == "moorea"]
    assert {a: len(c) for a, c in s.area_cells().items()} == \
        {a: len(c) for a, c in shipped.area_cells().items() if shipped.areas[a].island == "moorea"}


def test_a_new_map_is_laid_as_its_edits_would_lay_it():
    plan = plan_from_file(read_island(HUAHINE_FILE))
    s, draft = new_map("tahiti", plan)
    blank = RULES.new_scenario("hex", s.grid.columns, s.grid.rows, s.title)
    blank.tables = dict(s.tables)
    edit_draft = draft_island(blank, plan, Georef.of(blank), recipe("tahiti"))
    from motu.engine.scenario.edits import Compound
    from motu.engine.scenario.map_ops import patch_edits
    Compound(tuple(patch_edits(blank, edit_draft.patch))).apply(blank)
    assert dumps(blank) == dumps(s)


def test_added_at_its_real_place_the_island_lies_on_the_maps_hexes():
    s = load_path(TAHITI)
    text = dumps(s)
    edit, draft = add_island(s, plan_from_file(read_island(MOOREA_FILE), bands=(Band((1.8, 2.6)),)), margin_km=4.0)
    undo = edit.apply(s)
    shipped = load_path(SHIPPED)
    assert s.terrain == shipped.terrain and s.cell_area == shipped.cell_area and s.edges == shipped.edges
    assert s.tables["georeference"] == shipped.tables["georeference"]
    undo.apply(s)
    assert dumps(s) == text


def test_added_where_the_designer_drops_it():
    s = load_path(TAHITI)
    edit, draft = add_island(s, plan_from_file(read_island(HUAHINE_FILE)), at=s.grid.parse_label("4404"))
    grow = edit.edits[0]  # the island reaches beyond the north and east edges: the map grows first
    assert grow.top > 0 and grow.right > 0 and grow.left == 0
    edit.apply(s)
    cells = [c for c, a in enumerate(s.cell_area) if a and s.areas[a].island == "huahine"]
    assert len(cells) == draft.summary["land"]
    centre = cell_centres(s.grid)[cells].mean(axis=0)
    at = np.array(s.grid.center(s.grid.cell(43 + grow.left, 3 + grow.top)))  # 4404, moved by the growth
    assert np.hypot(*(centre - at)) < 1.5  # the island's centre is on the hex it was dropped on
    assert [f.code for f in RULES.validate(s) if f.code != "RAST_BAD"] == []


def test_an_island_on_the_land_or_off_the_map_is_refused_with_the_reason():
    s = load_path(TAHITI)
    with pytest.raises(DraftError, match="overlap the map's land"):
        add_island(s, plan_from_file(read_island(HUAHINE_FILE)), at=s.grid.parse_label("2015"))
    tiny = IslandPlan(Point(-149.9, -17.5).buffer(0.001), "Islet")
    with pytest.raises(DraftError, match="no hex is land"):
        new_map("tahiti", tiny)
    with pytest.raises(DraftError, match="no island recipe"):
        new_map("fern", _moorea())


def test_the_recipe_is_the_rule_sets_data():
    r = recipe("tahiti")
    assert (r.open_sea, r.lagoon, r.coast, r.inland, r.reef, r.land_fraction) == \
        ("sea", "lagoon", "coast", ("clear", "jungle", "mountain"), "reef", 0.12)
    assert recipe("tiki") is None
    cat = RULES.catalogue
    assert {r.open_sea, r.lagoon, r.coast, *r.inland} <= set(cat.terrain) and r.reef in cat.edges
    assert r.village_feature in cat.features
