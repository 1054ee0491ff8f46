"""Tiled export: orientation and stagger per grid, cells where Tiled draws them, layers and
objects with their properties, and Motu → Tiled → Motu giving the same scenario."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import Point, Polygon

from motu.engine.board.grids import HexGrid, SquareGrid
from motu.engine.io.native import load_path
from motu.engine.io.registry import format_for_path, get_format
from motu.engine.io.tiled import map_metrics, pixel_transform, save_tiled_json, save_tmx, tiled_map, to_json, to_tmx
from motu.engine.io.tiled_import import load_tiled, read_tiled
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Area, Scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("orientation,offset,axis,index", [
    ("flat", "odd-q", "x", "odd"), ("flat", "even-q", "x", "even"),
    ("pointy", "odd-r", "y", "odd"), ("pointy", "even-r", "y", "even")])
def test_hex_offsets_become_tiled_stagger(orientation, offset, axis, index):
    m = map_metrics(HexGrid(5, 4, orientation, offset))
    assert (m["orientation"], m["staggeraxis"], m["staggerindex"]) == ("hexagonal", axis, index)
    assert m["tilewidth"] % 2 == 0 and m["tileheight"] % 2 == 0 and m["hexsidelength"] > 0
    assert map_metrics(SquareGrid(3, 3)) == {"orientation": "orthogonal", "tilewidth": 64, "tileheight": 64}


def _tiled_centre(m: dict, col: int, row: int) -> tuple[float, float]:
    """Where Tiled (HexagonalRenderer::tileToScreenCoords) puts a tile's centre."""
    w, h, side = m["tilewidth"], m["tileheight"], m["hexsidelength"]
    even = m["staggerindex"] == "even"
    if m["staggeraxis"] == "x":
        col_w = (w - side) // 2 + side
        y = row * h + (h // 2 if (col & 1) ^ even else 0)
        return col * col_w + w / 2, y + h / 2
    row_h = (h - side) // 2 + side
    x = col * w + (w // 2 if (row & 1) ^ even else 0)
    return x + w / 2, row * row_h + h / 2


@pytest.mark.parametrize("orientation,offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")])
def test_every_hex_centre_and_corner_lands_where_tiled_draws_the_tile(orientation, offset):
    g = HexGrid(7, 6, orientation, offset)
    m = map_metrics(g)
    ax, bx, ay, by = pixel_transform(g)
    for cell in range(g.size):
        col, row = g.col_row(cell)
        x, y = g.center(cell)
        assert (ax * x + bx, ay * y + by) == pytest.approx(_tiled_centre(m, col, row))
        # Corners on whole pixels, inside the tile's box.
        tx, ty = _tiled_centre(m, col, row)
        for cx, cy in g.polygon(cell):
            px, py = ax * cx + bx, ay * cy + by
            assert px == pytest.approx(round(px)) and py == pytest.approx(round(py))
            assert abs(px - tx) <= m["tilewidth"] / 2 + 1e-9 and abs(py - ty) <= m["tileheight"] / 2 + 1e-9


def test_layers_tilesets_and_objects_of_the_example_island(example_hex):
    doc = tiled_map(example_hex)
    layers = {layer["name"]: layer for layer in doc["layers"]}
    assert [layer["name"] for layer in doc["layers"]] == ["terrain", "areas", "area outlines", "area names", "edges: Reef",
                                                          "edges: Canoe portage (15.7)", "features", "pieces", "cells"]
    terrain_ts, area_ts, counter_ts, feature_ts = doc["tilesets"]
    tile_terrain = {terrain_ts["firstgid"] + t["id"]: {p["name"]: p["value"] for p in t["properties"]}
                    for t in terrain_ts["tiles"]}
    assert [tile_terrain[g]["terrain"] for g in layers["terrain"]["data"]] == example_hex.terrain
    assert tile_terrain[1] == {"terrain": "sea", "label": "Open sea", "kind": "water", "color": "#ff1f5f99"}
    area_tiles = {area_ts["firstgid"] + t["id"]: {p["name"]: p["value"] for p in t["properties"]} for t in area_ts["tiles"]}
    assert [area_tiles[g]["area"] if g else None for g in layers["areas"]["data"]] == example_hex.cell_area
    assert area_tiles[area_ts["firstgid"] + 2] == {"area": "south", "label": "Southcape", "region": "south",
                                                   "island": "example", "color": "#ffc39bd3", "props.note": "the cape"}
    # Each area one polygon whose area is its hexes' (in Tiled pixels: (64 + 32) / 2 * 56 per hex).
    outlines = layers["area outlines"]["objects"]
    cells = example_hex.area_cells()
    assert sorted(o["properties"][0]["value"] for o in outlines) == sorted(cells)
    for o in outlines:
        poly = Polygon([(p["x"], p["y"]) for p in o["polygon"]])
        aid = o["properties"][0]["value"]
        assert poly.is_valid and poly.area == pytest.approx(len(cells[aid]) * (64 + 32) / 2 * 56)
    # An edge layer per kind, in the catalogue's colour of the kind, each side once in its kind's layer.
    reefs, portages = layers["edges: Reef"], layers["edges: Canoe portage (15.7)"]
    assert (reefs["color"], portages["color"]) == ("#f0e6d0", "#a0522d")
    assert {p["name"]: p["value"] for p in reefs["properties"]} == {"edge": "reef", "style": "reef"}
    assert len(reefs["objects"]) + len(portages["objects"]) == len(example_hex.edges)
    reef = next(o for o in reefs["objects"] if {"name": "edge", "type": "string", "value": "0401/0402"} in o["properties"])
    assert len(reef["polyline"]) == 2 and {"name": "features", "type": "string", "value": "reef"} in reef["properties"]
    marae = layers["features"]["objects"][3]
    assert {p["name"]: p["value"] for p in marae["properties"]} == {"kind": "marae_site", "cell": "0605", "label": "Example marae"}
    look = feature_ts["tiles"][marae["gid"] - feature_ts["firstgid"]]
    assert {p["name"]: p["value"] for p in look["properties"]} == {"feature": "M", "ring": "#ff1a1a1a"}
    fighters = layers["pieces"]["objects"][4]
    assert {p["name"]: p["value"] for p in fighters["properties"]} == {
        "piece": "blue-fighters", "kind": "fighters", "side": "blue", "cell": "0904", "count": 2, "props.veteran": True}
    # Pieces are tile objects showing their counter, standing in their cell; nothing is named over the map.
    counter = counter_ts["tiles"][fighters["gid"] - counter_ts["firstgid"]]
    assert {p["name"]: p["value"] for p in counter["properties"]} == {"counter": "F", "label": "Fighters", "side": "blue"}
    ax, bx, ay, by = pixel_transform(example_hex.grid)
    x, y = example_hex.grid.center(example_hex.grid.parse_label("0904"))
    cx, cy = ax * x + bx, ay * y + by  # a tile object's (x, y) is its bottom-left corner
    assert fighters["x"] < cx < fighters["x"] + fighters["width"] and fighters["y"] - fighters["height"] < cy < fighters["y"]
    assert all(o["name"] == "" for layer in doc["layers"] for o in layer.get("objects", []))
    # Area names: one text object per area, in one layer of their own.
    names = layers["area names"]["objects"]
    assert sorted(o["text"]["text"] for o in names) == sorted(a.name for a in example_hex.areas.values())
    assert doc["nextobjectid"] == 1 + sum(len(layer.get("objects", [])) for layer in doc["layers"])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_comes_back_from_tmx_and_json(path, tmp_path):
    s = load_path(path)
    for name, save in (("m.tmx", save_tmx), ("m.json", save_tiled_json)):
        save(s, str(tmp_path / name))
        assert load_tiled(str(tmp_path / name)) == s
    # The two files hold the same layers and objects.
    tmx, js = read_tiled(str(tmp_path / "m.tmx")), read_tiled(str(tmp_path / "m.json"))
    assert [layer.get("data") for layer in tmx["layers"]] == [layer.get("data") for layer in js["layers"]]
    assert [[(o["id"], o["name"], o["properties"]) for o in layer.get("objects", [])] for layer in tmx["layers"]] == \
        [[(o["id"], o["name"], o.get("properties", [])) for o in layer.get("objects", [])] for layer in js["layers"]]


def test_spaces_boards_are_orthogonal_maps_of_space_objects():
    s = load_path(ROOT / "scenarios" / "tiki.yaml")
    doc = tiled_map(s)
    assert doc["orientation"] == "orthogonal" and not [layer for layer in doc["layers"] if layer["type"] == "tilelayer"]
    spaces = next(layer for layer in doc["layers"] if layer["name"] == "spaces")["objects"]
    assert [o["properties"][0]["value"] for o in spaces] == [sp.id for sp in s.grid.spaces]
    # At [1.25, 0], 64 px a unit: a tile object showing its terrain's tile, standing on its bottom-left corner.
    assert (spaces[1]["x"], spaces[1]["y"], spaces[1]["width"]) == (80, 64, 64)
    terrain_ts = doc["tilesets"][0]
    tile = terrain_ts["tiles"][spaces[1]["gid"] - terrain_ts["firstgid"]]
    assert {"name": "terrain", "type": "string", "value": s.terrain[1]} in tile["properties"]
    links = next(layer for layer in doc["layers"] if layer["name"] == "links")["objects"]
    assert len(links) == len(s.grid.links)


def test_square_area_outlines_skip_straight_corners_and_keep_holes_out():
    rs = get_ruleset("fern")
    s = rs.new_scenario("square", 6, 6)
    s.areas["ring"] = Area("ring", "Ring")
    for c in range(s.grid.size):
        col, row = s.grid.col_row(c)
        if 1 <= col <= 4 and 1 <= row <= 4 and not (col in (2, 3) and row in (2, 3)):
            s.cell_area[c] = "ring"
    outlines = next(layer for layer in tiled_map(s)["layers"] if layer["name"] == "area outlines")["objects"]
    assert len(outlines) == 1
    pts = [(o["x"] + p["x"], o["y"] + p["y"]) for o in outlines for p in o["polygon"]]
    assert sorted(pts) == sorted([(64, 64), (320, 64), (320, 320), (64, 320)])


def test_tiled_formats_are_registered_and_exports_are_atomic_text(example_square, tmp_path):
    assert format_for_path("x.tmx").id == "tmx" and get_format("tiled-json").save is not None
    out = tmp_path / "sq.json"
    save_tiled_json(example_square, str(out))
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["type"] == "map" and doc["orientation"] == "orthogonal"
    assert [p.name for p in tmp_path.iterdir()] == ["sq.json"]  # no temporary file left behind
    big = Scenario(ruleset="fern", grid=SquareGrid(40, 30), terrain=["open"] * 1200)
    assert len(tiled_map(big)["layers"][0]["data"]) == 1200


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_tile_object_stands_in_its_own_cell(path):
    """Tiled anchors a tile object at its bottom-left corner: for counters and features that corner
    and the object's centre are both inside the cell the object belongs to, so where it stands says
    which cell it is in."""
    s = load_path(path)
    if s.grid.shape == "spaces":
        return
    ax, bx, ay, by = pixel_transform(s.grid)
    doc = tiled_map(s)
    for layer in doc["layers"]:
        for o in layer.get("objects", []):
            props = {p["name"]: p["value"] for p in o.get("properties", [])}
            if "gid" not in o or "cell" not in props:
                continue
            cell = Polygon([(ax * x + bx, ay * y + by) for x, y in s.grid.polygon(s.grid.parse_label(props["cell"]))])
            corner = (o["x"] + 0.01, o["y"] - 0.01)
            centre = (o["x"] + o["width"] / 2, o["y"] - o["height"] / 2)
            assert cell.contains(Point(*corner)) and cell.contains(Point(*centre)), (layer["name"], props)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_saved_files_hold_the_map_tiled_map_gives(path, tmp_path):
    """Saving keeps area outlines' points as arrays until written (tiled_pixels.Points); the
    files say exactly what tiled_map's dicts say."""
    s = load_path(path)
    doc = tiled_map(s)
    save_tiled_json(s, str(tmp_path / "m.json"))
    save_tmx(s, str(tmp_path / "m.tmx"))
    assert (tmp_path / "m.json").read_text(encoding="utf-8") == to_json(doc)
    assert (tmp_path / "m.tmx").read_text(encoding="utf-8") == to_tmx(doc)
    outlines = next(layer for layer in json.loads(to_json(doc))["layers"] if layer["name"] == "area outlines")
    assert outlines["objects"] == next(layer for layer in doc["layers"] if layer["name"] == "area outlines")["objects"]
    assert all(o["polygon"][0] == {"x": 0, "y": 0} for o in outlines["objects"])
    if s.grid.shape != "spaces":
        assert bool(outlines["objects"]) == any(a is not None for a in s.cell_area)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_counter_and_feature_tiles_are_drawn_at_the_size_shown_with_words_of_8_px_at_least(path):
    """Readable in Tiled at 100 %: a piece's or a site's tile object is as big as its image (Tiled
    shows it pixel for pixel), and no word on a counter or a site's disc is under 8 px."""
    from motu.engine.io.print_shapes import Text
    from motu.engine.io.tiled_art import MIN_TEXT_PX
    from motu.engine.io.tiled_map import tiled_layout
    s = load_path(path)
    art = {sheet.name: sheet for sheet in tiled_layout(s)[4]}
    doc = tiled_map(s)
    for layer, sheet in (("pieces", "counters"), ("features", "features")):
        objects = next(x for x in doc["layers"] if x["name"] == layer)["objects"]
        assert {(o["width"], o["height"]) for o in objects} <= {(art[sheet].tile_width, art[sheet].tile_height)}
    texts = [t for name in ("counters", "features") for tile in art[name].tiles for t in tile if isinstance(t, Text)]
    assert texts or not (s.pieces or s.features)
    assert min((t.size for t in texts), default=MIN_TEXT_PX) >= MIN_TEXT_PX
    if s.pieces:
        assert art["counters"].tile_width >= 38  # room for a symbol and a name at those sizes
