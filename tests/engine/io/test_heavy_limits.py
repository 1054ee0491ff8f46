"""Heavy but legitimate-looking files past the readers' limits (docs/format.md, Limits): each is
refused in one line naming the file, from a size or a count met before the expensive work (a
file's size before it is read, a grid's line before the text is parsed, a polygon's points
before they are split, a record's actions before they are replayed). The files are generated
here, just past each limit; those past a byte limit are sparse, so they cost no disk and no time."""
import json
import os

import pytest

from motu.engine.board.grid import MAX_CELLS
from motu.engine.board.grids import GridError, HexGrid, SquareGrid
from motu.engine.io.errors import LoadError
from motu.engine.io.geojson_import import MAX_FEATURES, MAX_GEOJSON_BYTES, read_geojson
from motu.engine.io.native import dumps, load_path, loads
from motu.engine.io.tiled_read import MAX_MAP_POINTS, MAX_SHAPE_POINTS, read_tiled
from motu.engine.scenario.model import Scenario
from motu.engine.session.session import loads_record

from motu.cli import main


def _sparse(path, size: int) -> str:
    with open(path, "wb") as fh:
        fh.truncate(size)
    return str(path)


def test_a_grid_past_a_million_cells_is_not_made():
    HexGrid(1000, 1000)
    with pytest.raises(GridError, match="a 1001x1000 grid has more than 1,000,000 cells"):
        SquareGrid(1001, 1000)


def test_a_scenario_past_a_million_cells_is_refused_from_its_grid_line_before_parsing():
    text = dumps(Scenario(ruleset="tahiti", grid=HexGrid(3, 2), terrain=["sea"] * 6))
    assert "columns: 3, rows: 2" in text
    # The rows below the grid line still hold six cells: the refusal comes from the grid's line,
    # not from anything parsed after it.
    big = text.replace("columns: 3, rows: 2", "columns: 2000, rows: 2000")
    with pytest.raises(LoadError) as err:
        loads(big, "big.yaml")
    line = big[:big.index("grid:")].count("\n") + 1
    assert (err.value.line, err.value.column) == (line, 3)
    assert err.value.message == "a 2000x2000 grid has more than 1,000,000 cells, the most a Motu map may have"
    # Written as a block mapping on the lines below `grid:`, the same.
    block = text.replace("grid: {shape: hex, orientation: flat, offset: odd-q, columns: 3, rows: 2}",
                         "grid:\n    shape: hex\n    columns: 1001\n    rows: 1000")
    assert block != text
    with pytest.raises(LoadError, match="1001x1000 grid has more than 1,000,000 cells"):
        loads(block, "block.yaml")
    assert loads(text).grid.size == 6 and MAX_CELLS == 1_000_000


def test_motu_validate_refuses_it_in_one_line(tmp_path, capsys):
    text = dumps(Scenario(ruleset="tahiti", grid=HexGrid(3, 2), terrain=["sea"] * 6))
    path = tmp_path / "big.yaml"
    path.write_text(text.replace("columns: 3, rows: 2", "columns: 4000, rows: 1000"))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"motu: {path}:") and "more than 1,000,000 cells" in err


def test_geojson_past_its_size_is_refused_before_it_is_read(tmp_path):
    path = _sparse(tmp_path / "coast.geojson", MAX_GEOJSON_BYTES + 1)
    with pytest.raises(LoadError, match=r"the GeoJSON file is larger than 8 MB \(8 MB\), the most Motu reads"):
        read_geojson(path)


def _feature(i: int) -> dict:
    x = i % 100
    return {"type": "Feature", "properties": {"name": f"islet {i}"}, "geometry": {
        "type": "Polygon", "coordinates": [[[x, 0], [x + 0.5, 0], [x + 0.5, 0.5], [x, 0.5], [x, 0]]]}}


def test_geojson_past_ten_thousand_features_is_refused_before_its_json_is_parsed(tmp_path):
    doc = {"type": "FeatureCollection", "features": [_feature(i) for i in range(MAX_FEATURES + 1)]}
    path = tmp_path / "islets.geojson"
    path.write_text(json.dumps(doc))
    with pytest.raises(LoadError, match="more than 10,000 features; Motu imports at most 10,000"):
        read_geojson(str(path), to_lonlat=False)
    # The word alone may stand in a property: the count after parsing is the exact one.
    doc["features"] = doc["features"][:3]
    doc["features"][0]["properties"]["note"] = '"Feature"'
    path.write_text(json.dumps(doc))
    assert len(read_geojson(str(path), to_lonlat=False).shapes) == 3


def _tmx(*shapes: str) -> str:
    objects = "".join(f'<object id="{i + 1}" x="0" y="0"><polygon points="{pts}"/></object>' for i, pts in enumerate(shapes))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" width="2" height="2" '
            'tilewidth="32" tileheight="32">\n<layer id="1" name="terrain" width="2" height="2"><data encoding="csv">'
            '0,0,0,0</data></layer>\n<objectgroup id="2" name="areas">' + objects + '</objectgroup>\n</map>\n')


def _ring(n: int) -> str:
    return " ".join(f"{i % 7},{i % 5}" for i in range(n))


def test_a_tmx_polygon_past_a_hundred_thousand_points_is_refused_before_they_are_read(tmp_path):
    path = tmp_path / "outline.tmx"
    path.write_text(_tmx(_ring(MAX_SHAPE_POINTS + 1)))
    with pytest.raises(LoadError) as err:
        read_tiled(str(path))
    assert err.value.message == "a polygon of more than 100,000 points; Motu reads at most 100,000"
    assert (err.value.line, err.value.column) == (4, 61)  # the <polygon> element
    path.write_text(_tmx(_ring(MAX_SHAPE_POINTS)))
    assert len(read_tiled(str(path))["layers"][1]["objects"][0]["polygon"]) == MAX_SHAPE_POINTS


def test_a_tmx_map_past_a_million_points_in_all_is_refused(tmp_path):
    path = tmp_path / "outlines.tmx"
    ring = " ".join(["0,0"] * MAX_SHAPE_POINTS)  # the cheapest text that many points can be
    path.write_text(_tmx(*[ring] * (MAX_MAP_POINTS // MAX_SHAPE_POINTS + 1)))
    with pytest.raises(LoadError) as err:
        read_tiled(str(path))
    assert err.value.message == "more than 1,000,000 polygon and polyline points in all; Motu reads at most 1,000,000"
    assert err.value.line == 4


def test_a_legend_file_past_64_kb_is_refused_before_it_is_read(tmp_path, capsys):
    legend = _sparse(tmp_path / "legend.yaml", 64 * 1024 + 1)
    tmx = tmp_path / "map.tmx"
    tmx.write_text(_tmx())
    code = main(["import", str(tmx), "--rules", "tahiti", "--legend", legend, str(tmp_path / "out.yaml")])
    err = capsys.readouterr().err
    assert code == 2 and err == f"motu: {legend}: the legend file is larger than 64 KB (64 KB), the most Motu reads " \
                                "(docs/format.md, Limits)\n"
    assert not os.path.exists(tmp_path / "out.yaml")


def test_a_saved_game_past_the_longest_game_is_refused_before_it_is_replayed():
    record = {"format": "motu-game/1", "fingerprint": "0" * 16, "seed": 1, "actions": [0] * 200_001}
    with pytest.raises(LoadError, match="actions: must contain less than or equal to 200000 items"):
        loads_record(json.dumps(record), "long.motugame.json")
    record["actions"] = [0] * 200_000
    assert len(loads_record(json.dumps(record), "long.motugame.json")["actions"]) == 200_000


def test_a_tiled_json_polyline_past_a_hundred_thousand_points_is_refused_before_its_schema_check(tmp_path):
    line = [{"x": i % 7, "y": i % 5} for i in range(MAX_SHAPE_POINTS + 1)]
    doc = {"type": "map", "orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 32, "tileheight": 32,
           "layers": [{"type": "tilelayer", "name": "terrain", "width": 2, "height": 2, "data": [0, 0, 0, 0]},
                      {"type": "group", "name": "g", "layers": [
                          {"type": "objectgroup", "name": "areas", "objects": [{"id": 1, "x": 0, "y": 0, "polyline": line}]}]}]}
    path = tmp_path / "trail.tmj"
    path.write_text(json.dumps(doc))
    with pytest.raises(LoadError) as err:
        read_tiled(str(path))
    assert err.value.message == "a polyline of more than 100,000 points; Motu reads at most 100,000"
    assert err.value.path == "layers[1].layers[0].objects[0].polyline"
