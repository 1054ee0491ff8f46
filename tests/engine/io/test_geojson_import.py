"""Polygons onto a grid: how a designer starts Mo'orea from its coastline, or a map from
districts: land inside, coast at the edge, water outside, named polygons as areas, and a
georeference so that the GeoJSON export is in real longitude and latitude again."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from shapely.geometry import Polygon, box, shape

from motu.engine.io.errors import LoadError
from motu.engine.io.geojson import geojson_document
from motu.engine.io.geojson_import import GridChoice, load_geojson, read_shapes, shapes_to_scenario

ROOT = Path(__file__).resolve().parents[3]
MOOREA = json.loads((ROOT / "tools" / "maps" / "coastlines.json").read_text(encoding="utf-8"))["islands"]["Moorea"]


@pytest.fixture
def moorea_file(tmp_path):
    p = tmp_path / "moorea.geojson"
    p.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Mo'orea"}, "geometry": {"type": "Polygon", "coordinates": [MOOREA]}},
        {"type": "Feature", "properties": {"name": "a pass"}, "geometry": {"type": "Point", "coordinates": MOOREA[0]}}]}),
        encoding="utf-8")
    return str(p)


def test_moorea_from_its_coastline_at_a_mile_a_hex(moorea_file):
    s = load_geojson(moorea_file, "tahiti", GridChoice("hex", scale=1.609344, margin=2))
    land = [c for c, t in enumerate(s.terrain) if t in ("clear", "coast")]
    hex_km2 = 1.609344 ** 2 * math.sqrt(3) / 2
    coast_km2 = 134  # Mo'orea is about 134 km2
    assert abs(len(land) * hex_km2 - coast_km2) < 0.2 * coast_km2
    assert set(s.terrain) == {"sea", "coast", "clear"}
    assert all(any(s.terrain[n] == "sea" for n in s.grid.neighbours(c)) for c, t in enumerate(s.terrain) if t == "coast")
    assert list(s.areas) == ["moorea"] and s.areas["moorea"].name == "Mo'orea"
    assert [c for c, a in enumerate(s.cell_area) if a] == land
    # Two hexes of sea on every side.
    for c in range(s.grid.size):
        col, row = s.grid.col_row(c)
        if min(col, row, s.grid.columns - 1 - col, s.grid.rows - 1 - row) < 2:
            assert s.terrain[c] == "sea"
    # Its GeoJSON puts land hexes on Mo'orea.
    coast = Polygon(MOOREA)
    cells = [f for f in geojson_document(s)["features"] if f["properties"]["motu"] == "cell"]
    inside = [coast.contains(shape(f["geometry"]).centroid) for f in cells]
    assert inside == [t == "clear" or (t == "coast" and inside[c]) for c, t in enumerate(s.terrain)]
    assert sum(inside[c] for c in land) >= 0.9 * len(land)


def test_districts_in_plane_units_fitted_to_a_square_grid():
    west, east = box(0, 0, 5, 10), box(5, 0, 10, 10)
    s = shapes_to_scenario("fern", [(west.union(east), None), (west, "West bank"), (east, "East bank")],
                           GridChoice("square", size=(12, 12), margin=1), coast=None,
                           geographic=False)  # small numbers would pass for degrees
    assert s.grid.to_dict() == {"shape": "square", "columns": 12, "rows": 12}
    inner = [c for c in range(s.grid.size) if 1 <= s.grid.col_row(c)[0] <= 10 and 1 <= s.grid.col_row(c)[1] <= 10]
    assert [c for c, t in enumerate(s.terrain) if t == "open"] == list(range(s.grid.size))  # fern: open both sides
    assert sorted(c for c, a in enumerate(s.cell_area) if a) == inner
    assert list(s.areas) == ["west_bank", "east_bank"]
    assert s.cell_area[s.grid.cell(1, 5)] == "west_bank" and s.cell_area[s.grid.cell(10, 5)] == "east_bank"
    assert "georeference" not in s.tables  # plane units: nothing to georeference


def test_size_from_scale_and_pointy_hexes():
    s = shapes_to_scenario("tahiti", [(box(0, 0, 20, 10), "block")], GridChoice("hex", scale=2, margin=1, orientation="pointy"),
                           geographic=False)
    assert s.grid.to_dict()["orientation"] == "pointy" and s.grid.columns >= 10 + 2 and s.grid.rows >= 5 + 2


@pytest.mark.parametrize("kwargs,choice,message", [
    ({}, GridChoice("hex"), "give the grid's size"),
    ({"land": "lava"}, GridChoice("hex", size=(10, 10)), "land terrain 'lava' is not Tahiti's"),
    ({}, GridChoice("square", size=(10, 10)), "Tahiti plays on hex grids, not square"),
])
def test_requests_that_cannot_be_met(moorea_file, kwargs, choice, message):
    with pytest.raises(LoadError, match=message):
        load_geojson(moorea_file, "tahiti", choice, **kwargs)


def test_files_that_are_not_polygons(tmp_path):
    p = tmp_path / "pts.geojson"
    p.write_text('{"type": "Point", "coordinates": [0, 0]}', encoding="utf-8")
    with pytest.raises(LoadError, match="no Polygon or MultiPolygon features"):
        read_shapes(str(p))
    p.write_text('{"type": "FeatureCollection",\n "features": [', encoding="utf-8")
    with pytest.raises(LoadError) as err:
        read_shapes(str(p))
    assert err.value.line == 2 and "not valid JSON" in str(err.value)


def _write(tmp_path, doc):
    p = tmp_path / "shapes.geojson"
    p.write_text(json.dumps(doc), encoding="utf-8")
    return str(p)


def test_a_declared_crs_is_transformed_to_longitude_and_latitude(tmp_path):
    from motu.engine.io.geojson_import import read_geojson
    # A square kilometre of Tahiti in web Mercator metres (EPSG:3857), as GDAL writes it.
    x, y = -16_697_923.6, -1_963_000.0
    ring = [[x, y], [x + 1000, y], [x + 1000, y + 1000], [x, y + 1000], [x, y]]
    doc = {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::3857"}},
           "features": [{"type": "Feature", "properties": {"name": "Papeete"},
                         "geometry": {"type": "Polygon", "coordinates": [ring]}}]}
    read = read_geojson(_write(tmp_path, doc))
    w, s, e, n = read.shapes[0][0].bounds
    assert read.geographic and read.crs == "urn:ogc:def:crs:EPSG::3857"
    assert -150.0 < w < e < -149.98 and -17.4 < s < n < -17.3, "about 0.009 degrees a side, near Papeete"


@pytest.mark.parametrize("crs, message", [
    ({"type": "name", "properties": {"name": "EPSG:999999"}}, "not one Motu can transform"),
    ({"type": "link", "properties": {"href": "x.prj"}}, "linked systems are not read"),
    ({"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}, "but they reach"),
])
def test_a_crs_that_cannot_be_honoured_is_refused(tmp_path, crs, message):
    from motu.engine.io.geojson_import import read_geojson
    ring = [[0, 0], [500, 0], [500, 1], [0, 0]]
    with pytest.raises(LoadError, match=message):
        read_geojson(_write(tmp_path, {"type": "Polygon", "coordinates": [ring], "crs": crs}))


@pytest.mark.parametrize("geometry, where", [
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, float("nan")], [0, 0]]]}, None),
    ({"type": "Polygon", "coordinates": 5}, "features[0].geometry.coordinates"),
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, "1"], [0, 0]]]}, "features[0].geometry.coordinates[0][2]"),
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]}, "features[0].geometry.coordinates[0]"),
    ({"type": "Blob"}, "features[0].geometry.type"),
])
def test_wrong_geometry_shapes_are_refused_with_their_json_path(tmp_path, geometry, where):
    from motu.engine.io.geojson_import import read_geojson
    doc = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": geometry}]}
    with pytest.raises(LoadError) as err:
        read_geojson(_write(tmp_path, doc))
    if where is None:
        assert "NaN is not a number JSON allows" in str(err.value) and err.value.line == 1
    else:
        assert err.value.path == where


def test_without_pyproj_a_projected_crs_is_refused_saying_what_to_do(tmp_path, monkeypatch):
    """The installed app leaves pyproj out: WGS 84 still reads, another system is one clear refusal."""
    import sys
    from motu.engine.io.geojson_import import read_geojson
    monkeypatch.setitem(sys.modules, "pyproj", None)  # `import pyproj` raises ImportError
    ring = [[-149.6, -17.6], [-149.5, -17.6], [-149.5, -17.5], [-149.6, -17.6]]
    wgs84 = {"type": "Polygon", "coordinates": [ring], "crs": {"type": "name", "properties": {"name": "EPSG:4326"}}}
    assert read_geojson(_write(tmp_path, wgs84)).shapes
    mercator = dict(wgs84, crs={"type": "name", "properties": {"name": "EPSG:3857"}})
    with pytest.raises(LoadError, match="needs map projections, which this installation of Motu does not have: "
                                        "save the file in WGS 84") as info:
        read_geojson(_write(tmp_path, mercator))
    assert "crs" in str(info.value) and "\n" not in str(info.value)
