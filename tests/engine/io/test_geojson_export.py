"""GeoJSON export: cells, areas, edges, sites and pieces as features with their properties;
real longitude and latitude for maps laid over coastlines (the Tahiti maps' georeference)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import Polygon, shape

from motu.engine.board.grids import HexGrid, SquareGrid
from motu.engine.io import geojson_text
from motu.engine.io.geojson import (LOCAL_FRAME, GeoreferenceError, _cell_tails, cell_rings, geojson_document, save_geojson,
                               to_geojson, transform_for)
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Area, Scenario

ROOT = Path(__file__).resolve().parents[3]
COAST = json.loads((ROOT / "tools" / "maps" / "coastlines.json").read_text(encoding="utf-8"))["islands"]


def _kind(doc, kind):
    return [f for f in doc["features"] if f["properties"]["motu"] == kind]


def test_the_example_island_feature_by_feature(example_hex, tmp_path):
    out = tmp_path / "ex.geojson"
    save_geojson(example_hex, str(out))
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["type"] == "FeatureCollection" and doc["motu"]["units"] == "layout units, y north"
    cells = _kind(doc, "cell")
    assert [f["properties"]["terrain"] for f in cells] == example_hex.terrain
    assert cells[0]["properties"] == {"motu": "cell", "cell": "0101", "terrain": "sea"}
    assert _kind(doc, "cell")[example_hex.grid.parse_label("0606")]["properties"]["props"] == {"name": "Mount Example"}
    south = next(f for f in _kind(doc, "area") if f["properties"]["id"] == "south")
    assert south["properties"] == {"motu": "area", "id": "south", "name": "Southcape", "region": "south",
                                   "island": "example", "color": "#c39bd3", "props": {"note": "the cape"}}
    hex_area = 1.5 * 3 ** 0.5
    # Coordinates keep a thousandth of a cell.
    assert shape(south["geometry"]).area == pytest.approx(len(example_hex.area_cells()["south"]) * hex_area, rel=1e-3)
    assert len(_kind(doc, "edge")) == 10 and {"motu": "edge", "edge": "0807/0907", "features": "portage"} in \
        [f["properties"] for f in _kind(doc, "edge")]
    assert _kind(doc, "feature")[0]["properties"] == {"motu": "feature", "kind": "home_village", "cell": "0404", "side": "red"}
    reserve = next(f for f in _kind(doc, "piece") if f["properties"]["id"] == "blue-reserve")
    assert reserve["geometry"] is None and "cell" not in reserve["properties"]
    # North up: row 1 is north of row 2.
    assert cells[0]["geometry"]["coordinates"][0][0][1] > cells[12]["geometry"]["coordinates"][0][0][1]


def test_rings_are_counter_clockwise_and_closed(example_square):
    for f in geojson_document(example_square)["features"]:
        if f["geometry"] and f["geometry"]["type"] == "Polygon":
            ring = f["geometry"]["coordinates"][0]
            assert ring[0] == ring[-1] and Polygon(ring).exterior.is_ccw


def test_an_area_round_an_enclave_has_a_hole():
    s = get_ruleset("fern").new_scenario("square", 5, 5)
    s.areas["ring"] = Area("ring", "Ring")
    for c in range(s.grid.size):
        col, row = s.grid.col_row(c)
        if 0 < col < 4 and 0 < row < 4 and (col, row) != (2, 2):
            s.cell_area[c] = "ring"
    ring = next(f for f in geojson_document(s)["features"] if f["properties"]["motu"] == "area")
    g = shape(ring["geometry"])
    assert g.geom_type == "Polygon" and len(g.interiors) == 1 and g.area == 8 and g.is_valid


@pytest.mark.parametrize("name,island", [("tahiti.yaml", "Tahiti"), ("tahiti-moorea.yaml", "Moorea")])
def test_tahiti_maps_are_in_real_longitude_and_latitude(name, island):
    s = load_path(ROOT / "scenarios" / name)
    doc = geojson_document(s)
    assert doc["motu"]["units"] == "degrees"
    coast = Polygon(COAST[island])
    inland = [f for f in _kind(doc, "cell") if f["properties"]["terrain"] in ("clear", "jungle", "mountain")
              and coast.buffer(0.02).contains(shape(f["geometry"]).centroid)]
    assert len(inland) > 20
    # Inland hexes are land on the real coastline, sea hexes well away from it are not.
    assert all(coast.contains(shape(f["geometry"]).centroid) for f in inland)
    sea = [f for f in _kind(doc, "cell") if f["properties"]["terrain"] == "sea"]
    assert not any(coast.contains(shape(f["geometry"]).centroid) for f in sea)
    orohena = next(f for f in _kind(doc, "cell") if f["properties"].get("props", {}).get("name") == "Mount Orohena")
    lon, lat = shape(orohena["geometry"]).centroid.coords[0]
    assert abs(lon - -149.4667) < 0.02 and abs(lat - -17.6167) < 0.02  # within a hex of the summit


def test_a_broken_georeference_is_one_clear_error(example_hex):
    example_hex.tables["georeference"] = {"origin": [200, 0], "km_per_unit": 1}
    with pytest.raises(GeoreferenceError, match="origin out of range"):
        geojson_document(example_hex)
    example_hex.tables["georeference"] = {"origin": "here"}
    with pytest.raises(GeoreferenceError, match="needs origin"):
        geojson_document(example_hex)


def _decimals(doc) -> int:
    def walk(v):
        if isinstance(v, float):
            yield len(repr(v).split(".")[1]) if "." in repr(v) and "e" not in repr(v) else 0
        elif isinstance(v, list):
            for x in v:
                yield from walk(x)
    return max(d for f in doc["features"] if f["geometry"] for d in walk(f["geometry"]["coordinates"]))


@pytest.mark.parametrize("name", ["example-hex.yaml", "fern-ambush.yaml", "tiki.yaml"])
def test_a_map_without_georeference_states_its_local_plane(name):
    doc = json.loads(to_geojson(load_path(ROOT / "scenarios" / name)))
    # RFC 7946 has no crs: the collection says it is not georeferenced, and in which frame it is,
    # in its own member and in the name GDAL gives the layer.
    assert "crs" not in doc
    assert doc["motu"]["georeferenced"] is False and doc["motu"]["frame"] == LOCAL_FRAME
    assert doc["motu"]["units"] == "layout units, y north"
    assert doc["name"].endswith("(local plane, not georeferenced)")
    assert _decimals(doc) <= 3  # a thousandth of a layout unit


@pytest.mark.parametrize("name", ["tahiti.yaml", "tahiti-moorea.yaml"])
def test_georeferenced_maps_are_wgs84_rounded_to_a_thousandth_of_a_hex(name):
    s = load_path(ROOT / "scenarios" / name)
    text = to_geojson(s)
    doc = json.loads(text)
    assert "crs" not in doc  # RFC 7946: WGS 84 is the default and is not named
    assert doc["motu"]["georeferenced"] is True and "frame" not in doc["motu"] and doc["name"] == s.title
    assert 4 <= _decimals(doc) <= 6
    assert doc == geojson_document(s)


def test_the_fast_writer_writes_what_the_document_holds(example_hex, example_square):
    for s in (example_hex, example_square, load_path(ROOT / "scenarios" / "tiki.yaml")):
        assert json.loads(to_geojson(s)) == geojson_document(s)


def _map(grid):
    """Terrain by column, an area per quarter, some cells in none."""
    s = Scenario(ruleset="tahiti", grid=grid, terrain=[("clear", "jungle", "sea")[c % 3] for c in range(grid.size)])
    s.areas["west"], s.areas["east"] = Area("west", "West"), Area("east", "East")
    s.cell_area = [None if c % 7 == 3 else ("west" if c % grid.columns < grid.columns / 2 else "east")
                   for c in range(grid.size)]
    return s


@pytest.mark.parametrize("grid", [HexGrid(9, 7, "pointy", "even-r"), HexGrid(8, 5, "flat", "even-q"), HexGrid(3, 1),
                                  SquareGrid(5, 4)], ids=lambda g: f"{g.shape}-{getattr(g, 'offset', '')}")
def test_the_row_writer_writes_what_the_cell_by_cell_writer_writes(grid):
    """Cells are joined row by row from strings formatted once per column and row; any grid
    without that regularity goes cell by cell. Both give the same text."""
    s = _map(grid)
    s.cell_props[1] = {"name": 'Quote " and back\\slash'}
    tf, _ = transform_for(s)
    rings, tails = cell_rings(s, tf), _cell_tails(s)
    rows = geojson_text._rows_text(grid, rings, tails)
    assert len(rows) == grid.rows
    assert "".join(rows) == geojson_text._parts_text(rings, [grid.label(c) for c in range(grid.size)], tails)
    cells = [f for f in json.loads(to_geojson(s))["features"] if f["properties"]["motu"] == "cell"]
    assert [f["properties"]["cell"] for f in cells] == [grid.label(c) for c in range(grid.size)]
    assert cells[1]["properties"]["props"] == {"name": 'Quote " and back\\slash'}


def test_corners_that_do_not_repeat_by_row_are_written_cell_by_cell():
    grid = HexGrid(4, 3)
    s = _map(grid)
    tf, _ = transform_for(s)
    rings = cell_rings(s, tf)
    rings[9, 2, 0] += 0.001  # cell 0203 (row 3): one corner off its column's, which row 1 shares
    assert geojson_text._rows_text(grid, rings, _cell_tails(s)) is None
    text = "".join(geojson_text.cells_text(grid, rings, None, _cell_tails(s)))
    doc = json.loads("[" + text + "]")
    assert doc[9]["geometry"]["coordinates"][0][2][0] == rings[9, 2, 0]
    assert [f["geometry"]["coordinates"][0] for f in doc] == rings.tolist()
    assert [f["properties"]["cell"] for f in doc] == [grid.label(c) for c in range(grid.size)]


def test_motus_own_export_of_a_map_in_its_plane_reads_back_as_plane_coordinates(tmp_path):
    """Its small coordinates would pass for longitude and latitude; the file's motu member says they are not."""
    from motu.engine.io.geojson_import import read_geojson
    out = tmp_path / "fern.geojson"
    save_geojson(load_path(ROOT / "scenarios" / "fern-ambush.yaml"), str(out))
    assert read_geojson(str(out)).geographic is False
    save_geojson(load_path(ROOT / "scenarios" / "tahiti.yaml"), str(out))
    assert read_geojson(str(out)).geographic is None  # WGS 84, said by nothing, as RFC 7946 has it
