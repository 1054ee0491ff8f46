"""Export to Tiled (mapeditor.org): a scenario as a Tiled map, in TMX or Tiled's JSON.

Scope: building the map as a Tiled-JSON-shaped dict (`tiled_map`) and writing it as
JSON or TMX. Reading Tiled files back is tiled_import.py; docs/exports.md documents the
layout. Hex grids become hexagonal maps (flat: stagger axis x; pointy: y; odd/even offset:
stagger index odd/even), square grids orthogonal maps, and boards of spaces orthogonal maps
with one rectangle object per space (Tiled has no graph maps). Every Motu layer is a tile
layer (terrain; areas) over a tileset whose tiles carry the terrain or area as properties
and, when the export draws them, an image (tiled_art.py: the terrain's colour and token, the
area's tint; one atlas image per tileset, written beside the map). Area names are text
objects in one label layer that can be hidden; pieces and cell features are tile objects
showing their counter or symbol; area outlines, edge features and named cells are objects
with their properties; the rest of the scenario is map properties, so that importing the file gives
the scenario back. Objects carry no names Tiled would draw over the map, and no `id` or
`name` property, which pytmx reserves: a piece's id is `piece`, a space's `space`, a
display name `label`.
"""
from __future__ import annotations

import json
import math
import os
import re
from typing import Any, Callable, Iterable, Mapping
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from engine.board.geometry import cell_centres
from engine.board.grids import Grid, HexGrid, SpacesGrid, SquareGrid
from engine.scenario.model import Scenario

from .atomic import write_atomic, write_atomic_bytes
from .outlines import area_rings
from .print_counters import Counter, face
from .print_map import AREA_BORDER, catalogue_of
from .registry import Written
from .tiled_art import FEATURE_PX, TileSheet, counter_px, feature_key, sheets

TILED_VERSION = "1.8"  # the oldest format these files need; Debian's tiled is 1.8.2
HEX_SIDE = 16  # pixels from a hex's centre to a corner
SQUARE = 32
SPACE = 64
_HEX_ACROSS = 28  # sqrt(3) * 16 rounded to even pixels: Tiled works in whole, even tile sizes
_COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


# --- pixels --------------------------------------------------------------------------

def map_metrics(grid: Grid) -> dict[str, Any]:
    """The map's orientation, stagger and tile size, as Tiled's map attributes."""
    if isinstance(grid, HexGrid):
        flat = grid.orientation == "flat"
        return {"orientation": "hexagonal", "tilewidth": 2 * HEX_SIDE if flat else _HEX_ACROSS,
                "tileheight": _HEX_ACROSS if flat else 2 * HEX_SIDE, "hexsidelength": HEX_SIDE,
                "staggeraxis": "x" if flat else "y", "staggerindex": grid.offset.split("-")[0]}
    size = SPACE if isinstance(grid, SpacesGrid) else SQUARE
    return {"orientation": "orthogonal", "tilewidth": size, "tileheight": size}


def pixel_transform(grid: Grid) -> tuple[float, float, float, float]:
    """(ax, bx, ay, by) with pixel = (ax * x + bx, ay * y + by) from layout units.

    Tiled places hex column c, row r at (c * column width, r * tile height), shifted half a
    tile along the stagger axis when the column (row) is staggered; Motu puts the centre of
    cell 0 at the layout origin. The scale maps a regular hexagon onto Tiled's
    whole-pixel one, so corners land on whole pixels."""
    if isinstance(grid, HexGrid):
        even = grid.offset.startswith("even")
        if grid.orientation == "flat":
            return 2 * HEX_SIDE / 2, HEX_SIDE, _HEX_ACROSS / math.sqrt(3), _HEX_ACROSS / 2 * (2 if even else 1)
        return _HEX_ACROSS / math.sqrt(3), _HEX_ACROSS / 2 * (2 if even else 1), HEX_SIDE, HEX_SIDE
    size = SPACE if isinstance(grid, SpacesGrid) else SQUARE
    return size, 0.0, size, 0.0


def _to_pixels(xy: np.ndarray, t: tuple[float, float, float, float]) -> list[list[float]]:
    """Layout points to pixels, to 1/100 px; whole pixels as ints when all are whole (hex
    corners are), as Tiled writes them."""
    ax, bx, ay, by = t
    out = np.round(np.column_stack([ax * xy[:, 0] + bx, ay * xy[:, 1] + by]), 2)
    if np.array_equal(out, np.round(out)):
        return out.astype(np.int64).tolist()
    return out.tolist()


def num(v: float) -> int | float:
    """A pixel coordinate to 1/100 px, whole numbers as ints (as Tiled writes them)."""
    r = round(float(v), 2)
    return int(r) if r.is_integer() else r


# --- properties ------------------------------------------------------------------------

def prop(name: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, int):
        kind = "int"
    elif isinstance(value, float):
        kind = "float"
    else:
        kind = "string"
    return {"name": name, "type": kind, "value": value}


def color_prop(name: str, value: str) -> dict[str, Any]:
    """A colour as Tiled's #AARRGGBB colour property when it is #RRGGBB; as text otherwise."""
    if _COLOR_RE.match(value):
        return {"name": name, "type": "color", "value": "#ff" + value[1:].lower()}
    return prop(name, value)


def record_props(props: Any) -> list[dict[str, Any]]:
    """A record's free-form props as `props.KEY` properties; values Tiled has no type for
    (lists, mappings, null) as JSON text under `props.KEY.json`."""
    out = []
    for k, v in (props or {}).items():
        if isinstance(v, (bool, int, float, str)):
            out.append(prop(f"props.{k}", v))
        else:
            out.append(prop(f"props.{k}.json", json.dumps(v, ensure_ascii=False, sort_keys=True)))
    return out


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _record(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in (None, "", {})}


# --- the map ---------------------------------------------------------------------------

def _tileset(name: str, firstgid: int, size: tuple[int, int], tiles: list[list[dict[str, Any]]],
             image: tuple[str, int, int, int] | None) -> dict[str, Any]:
    """A tileset; with `image` (file, width, height, columns) an atlas of its tiles."""
    ts: dict[str, Any] = {"firstgid": firstgid, "name": name, "tilewidth": size[0], "tileheight": size[1],
                          "tilecount": len(tiles), "columns": image[3] if image else 0, "margin": 0, "spacing": 0}
    if image:
        ts.update({"image": image[0], "imagewidth": image[1], "imageheight": image[2]})
    else:
        ts["grid"] = {"orientation": "orthogonal", "width": 1, "height": 1}
    ts["tiles"] = [{"id": i, "properties": p} for i, p in enumerate(tiles)]
    return ts


class _Objects:
    """Object layers with ids numbered across the map, as Tiled wants."""

    def __init__(self) -> None:
        self.next_id = 1

    def make(self, name: str, kind: str, x: float, y: float, props: list[dict[str, Any]], **shape: Any) -> dict[str, Any]:
        obj = {"id": self.next_id, "name": name, "type": kind, "x": num(x), "y": num(y),
               "width": shape.pop("width", 0), "height": shape.pop("height", 0), "rotation": 0, "visible": True}
        obj.update(shape)
        if props:
            obj["properties"] = props
        self.next_id += 1
        return obj


Images = Mapping[str, str]  # tileset name -> its atlas image's file name, beside the map


def tiled_layout(s: Scenario) -> tuple[list[str], list[str], list[Counter], list[TileSheet]]:
    """The tiles the map uses: terrain ids, area ids and counter faces (one per distinct
    face), in tileset order, and the tilesets' drawings (tiled_art.py)."""
    grid = s.grid
    cat = catalogue_of(s)
    cat_terrain = dict(cat.terrain) if cat else {}
    terrains = list(cat_terrain) + sorted(set(s.terrain) - set(cat_terrain))
    area_ids = list(s.areas) + sorted({a for a in s.cell_area if a is not None} - set(s.areas))
    faces = list(dict.fromkeys(_face_key(face(s, p, cat)) for p in s.pieces.values()))
    looks = list(dict.fromkeys(feature_key(s, f.kind, f.side) for f in s.features))
    metrics = map_metrics(grid)
    ax, bx, ay, by = pixel_transform(grid)
    art = sheets(s, terrains, area_ids, faces, metrics["tilewidth"], metrics["tileheight"],
                 lambda x, y: (ax * x + bx, ay * y + by), looks)
    return terrains, area_ids, faces, looks, art


def _face_key(c: Counter) -> Counter:
    """Pieces that look alike share a tile: the face without the piece's own id."""
    return Counter("", c.side, c.symbol, c.name, c.count, c.start, c.fill)


def tiled_map(s: Scenario, images: Images | None = None) -> dict[str, Any]:
    """The scenario as a Tiled map: the dict Tiled's JSON format holds (TMX says the same).
    `images` names the tilesets' atlas images when the export draws them."""
    grid = s.grid
    if not isinstance(grid, (HexGrid, SquareGrid, SpacesGrid)):
        raise ValueError(f"{grid.shape} boards cannot be exported to Tiled")
    metrics = map_metrics(grid)
    ax, bx, ay, by = pixel_transform(grid)
    px = lambda x, y: (ax * x + bx, ay * y + by)  # noqa: E731
    cat = catalogue_of(s)
    cat_terrain = dict(cat.terrain) if cat else {}
    terrains, area_ids, faces, looks, art = tiled_layout(s)
    t_gid = {t: i + 1 for i, t in enumerate(terrains)}
    t_tiles = []
    for t in terrains:
        kind = cat_terrain.get(t)
        t_tiles.append([prop("terrain", t)] + ([prop("label", kind.name), prop("kind", kind.kind), color_prop("color", kind.color)]
                                               if kind else []))
    a_gid = {a: len(terrains) + 1 + i for i, a in enumerate(area_ids)}
    a_tiles = [_area_props(s, a) for a in area_ids]
    c_first = len(terrains) + len(area_ids) + 1
    c_gid = {f: c_first + i for i, f in enumerate(faces)}
    c_tiles = [[prop("counter", f.symbol), prop("label", f.name)] + ([prop("side", f.side)] if f.side else [])
               for f in faces]
    f_first = c_first + len(faces)
    f_gid = {k: f_first + i for i, k in enumerate(looks)}
    f_tiles = [[prop("feature", sym), color_prop("ring", ring)] for sym, ring in looks]

    spaces = isinstance(grid, SpacesGrid)
    width, height = (grid.columns, grid.rows)
    if spaces:  # tiles enough to hold every space's square
        width = max(1, math.ceil(max(sp.x for sp in grid.spaces) + 1))
        height = max(1, math.ceil(max(sp.y for sp in grid.spaces) + 1))
    layers: list[dict[str, Any]] = []
    layer_id = 1

    def layer(d: dict[str, Any]) -> None:
        nonlocal layer_id
        d = {"id": layer_id, **d, "opacity": 1, "visible": True, "x": 0, "y": 0}
        layers.append(d)
        layer_id += 1

    if not spaces:
        a_gid0 = {None: 0, **a_gid}
        layer({"name": "terrain", "type": "tilelayer", "width": width, "height": height,
               "data": [t_gid[t] for t in s.terrain]})
        layer({"name": "areas", "type": "tilelayer", "width": width, "height": height,
               "data": [a_gid0[a] for a in s.cell_area]})
    objs = _Objects()
    centre = [px(*grid.center(c)) for c in range(grid.size)] if spaces else None
    xy = cell_centres(grid)
    centres = np.array(centre, dtype=float).reshape(-1, 2) if spaces else np.column_stack([ax * xy[:, 0] + bx, ay * xy[:, 1] + by])

    def cell_px(c: int) -> tuple[float, float]:
        return centre[c] if centre is not None else px(*grid.center(c))

    if spaces:
        group = []
        for c, sp in enumerate(grid.spaces):
            props = [prop("space", sp.id)] + ([prop("label", sp.name)] if sp.name else []) + [prop("terrain", s.terrain[c])]
            if s.cell_area[c] is not None:
                props.append(prop("area", s.cell_area[c]))
            x, y = px(sp.x, sp.y)
            group.append(objs.make(sp.name or sp.id, "space", x, y, props, width=SPACE, height=SPACE))
        layer({"name": "spaces", "type": "objectgroup", "draworder": "topdown", "objects": group})
        group = []
        for a, b in grid.links:
            (x0, y0), (x1, y1) = (cell_px(grid.parse_label(v)) for v in (a, b))
            group.append(objs.make("", "link", x0, y0, [prop("link", f"{a}/{b}")],
                                   polyline=[{"x": 0, "y": 0}, {"x": num(x1 - x0), "y": num(y1 - y0)}]))
        layer({"name": "links", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    codes = np.array(_codes(s.cell_area, {a: i for i, a in enumerate(area_ids)}), dtype=np.int64)
    rings = [(code, ring) for code, ring, outer in area_rings(grid, codes) if outer]
    pixels = _to_pixels(np.concatenate([r for _, r in rings]), (ax, bx, ay, by)) if rings else []
    pos = 0
    for code, ring in rings:
        aid = area_ids[code]
        pts = pixels[pos:pos + len(ring)]
        pos += len(ring)
        x0, y0 = pts[0]
        group.append(objs.make("", "area", x0, y0, _area_props(s, aid),
                               polygon=[{"x": x - x0, "y": y - y0} for x, y in pts]))
    layer({"name": "area outlines", "type": "objectgroup", "draworder": "topdown", "objects": group})
    layer({"name": "area names", "type": "objectgroup", "draworder": "topdown",
           "objects": _area_labels(s, objs, centres, metrics)})

    group = []
    for (a, b), feats in s.edges.items():
        if spaces:
            (x0, y0), (x1, y1) = cell_px(a), cell_px(b)
        else:
            (x0, y0), (x1, y1) = (px(*p) for p in grid.edge_segment(a, b))
        group.append(objs.make("", "edge", x0, y0,
                               [prop("edge", grid.edge_label(a, b)), prop("features", ",".join(feats))],
                               polyline=[{"x": 0, "y": 0}, {"x": num(x1 - x0), "y": num(y1 - y0)}]))
    layer({"name": "edges", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    in_cell = {}
    for f in s.features:
        in_cell.setdefault(f.cell, []).append(f)
    for f in s.features:
        props = [prop("kind", f.kind), prop("cell", grid.label(f.cell))]
        props += ([prop("side", f.side)] if f.side is not None else []) + ([prop("label", f.name)] if f.name else [])
        # A row of small discs below the centre, as print draws them; each anchor (bottom-left) inside the cell.
        row = in_cell[f.cell]
        i, n = row.index(f), len(row)
        step = FEATURE_PX if n * FEATURE_PX <= 18 else (18 - FEATURE_PX) / (n - 1)
        x, y = cell_px(f.cell)
        left = x - (FEATURE_PX + step * (n - 1)) / 2 + i * step
        group.append(objs.make("", "feature", left, y + 10, props + record_props(f.props),
                               gid=f_gid[feature_key(s, f.kind, f.side)], width=FEATURE_PX, height=FEATURE_PX))
    layer({"name": "features", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    size = counter_px(grid, metrics["tilewidth"], metrics["tileheight"])
    in_cell: dict[int | None, int] = {}  # pieces so far in each cell
    for p in s.pieces.values():
        props = [prop("piece", p.id), prop("kind", p.kind)] + ([prop("side", p.side)] if p.side is not None else [])
        props += ([prop("cell", grid.label(p.cell))] if p.cell is not None else []) + [prop("count", p.count)]
        props += ([prop("label", p.name)] if p.name else []) + record_props(p.props)
        gid = c_gid[_face_key(face(s, p, cat))]
        if p.cell is None:  # off the map: hanging from the map's corner, above it (what the importer reads as off)
            group.append(objs.make("", "piece", 0, 0, props, gid=gid, width=size, height=size))
            continue
        x, y = cell_px(p.cell)
        k = in_cell[p.cell] = in_cell.get(p.cell, -1) + 1
        step = 2 * min(k, 8)  # a stack is an offset pile, every counter's anchor still in its cell
        # A tile object stands on its bottom-left corner.
        group.append(objs.make("", "piece", x - size / 2 + step, y + size / 2 - step, props,
                               gid=gid, width=size, height=size))
    layer({"name": "pieces", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = [objs.make("", "cell", *cell_px(c), [prop("cell", grid.label(c))] + record_props(props), point=True)
             for c, props in sorted(s.cell_props.items())]
    layer({"name": "cells", "type": "objectgroup", "draworder": "topdown", "objects": group})

    properties = [prop("motu", 1), prop("ruleset", s.ruleset), prop("title", s.title), prop("briefing", s.briefing),
                  prop("options", _json(s.options)),
                  prop("islands", _json([_record({"id": i.id, "name": i.name, "props": dict(i.props)}) for i in s.islands.values()])),
                  prop("regions", _json([_record({"id": r.id, "name": r.name, "props": dict(r.props)}) for r in s.regions.values()])),
                  prop("sides", _json([_record({"id": d.id, "name": d.name, "color": d.color, "props": dict(d.props)})
                                       for d in s.sides.values()])),
                  prop("setup", _json({side: [grid.label(c) for c in sorted(cells)] for side, cells in s.setup_zones.items()})),
                  prop("victory", _json(s.victory)), prop("tables", _json(s.tables))]
    by_name = {sheet.name: sheet for sheet in art}

    def image(name: str) -> tuple[str, int, int, int] | None:
        if not images or name not in images:
            return None
        sheet = by_name[name]
        return (images[name], *sheet.size, sheet.columns)

    tile = (metrics["tilewidth"], metrics["tileheight"])
    tilesets = [_tileset("terrain", 1, tile, t_tiles, image("terrain")),
                _tileset("areas", len(terrains) + 1, tile, a_tiles, image("areas")),
                _tileset("counters", c_first, (by_name["counters"].tile_width, by_name["counters"].tile_height),
                         c_tiles, image("counters")),
                _tileset("features", f_first, (by_name["features"].tile_width, by_name["features"].tile_height),
                         f_tiles, image("features"))]
    doc: dict[str, Any] = {"type": "map", "version": TILED_VERSION, "tiledversion": "1.8.2", **metrics,
                           "renderorder": "right-down", "width": width, "height": height, "infinite": False,
                           "compressionlevel": -1, "nextlayerid": layer_id, "nextobjectid": objs.next_id,
                           "properties": properties, "tilesets": tilesets, "layers": layers}
    return doc


def _area_labels(s: Scenario, objs: _Objects, centres: np.ndarray, metrics: dict[str, Any]) -> list[dict[str, Any]]:
    """Each area's name as a text object at the area's cell nearest its centre, as print
    places it. `centres`: every cell's centre in pixels. All areas at once: 500 areas of a
    100,000-cell map in a few milliseconds."""
    out = []
    size = max(8, round(min(metrics["tilewidth"], metrics["tileheight"]) * 0.32))
    present = dict.fromkeys(s.cell_area)  # the areas with cells, in area_cells' order
    ids = [a for a in s.areas if a in present] + [a for a in present if a is not None and a not in s.areas]
    if not ids:
        return out
    index = {a: i for i, a in enumerate(ids)}
    code = np.array([-1 if a is None else index[a] for a in s.cell_area], dtype=np.int64)
    cells = np.flatnonzero(code >= 0)
    code, xy = code[cells], centres[cells]
    count = np.bincount(code, minlength=len(ids))
    mx = np.bincount(code, weights=xy[:, 0], minlength=len(ids)) / count
    my = np.bincount(code, weights=xy[:, 1], minlength=len(ids)) / count
    d = (xy[:, 0] - mx[code]) ** 2 + (xy[:, 1] - my[code]) ** 2
    order = np.lexsort((cells, d, code))  # by area, nearest first, then the first cell
    first = order[np.flatnonzero(np.diff(code[order], prepend=-1))]
    for area_id, (x, y) in zip(ids, xy[first].tolist()):
        name = (s.areas[area_id].name or area_id) if area_id in s.areas else area_id
        w, h = max(2 * metrics["tilewidth"], round(len(name) * size * 0.7)), round(size * 1.4)
        out.append(objs.make("", "area name", x - w / 2, y - h / 2, [prop("area", area_id)], width=w, height=h,
                             text={"text": name, "pixelsize": size, "bold": True, "italic": True,
                                   "color": "#ff" + AREA_BORDER[1:], "halign": "center", "valign": "center"}))
    return out


def _codes(cell_area: list[str | None], index: dict[str, int]) -> list[int]:
    return [-1 if a is None else index[a] for a in cell_area]


def _area_props(s: Scenario, aid: str) -> list[dict[str, Any]]:
    a = s.areas.get(aid)
    out = [prop("area", aid)]
    if a is None:
        return out
    out.append(prop("label", a.name))
    if a.region is not None:
        out.append(prop("region", a.region))
    if a.island is not None:
        out.append(prop("island", a.island))
    if a.color is not None:
        out.append(color_prop("color", a.color))
    return out + record_props(a.props)


# --- writing -----------------------------------------------------------------------------

def to_json(doc: dict[str, Any]) -> str:
    """Tiled JSON, one layer (and one object) to a line: readable, and quick on big maps,
    since json's C encoder only runs without indentation."""
    dump = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))  # noqa: E731
    lines = []
    for k, v in doc.items():
        if k == "layers":
            parts = []
            for layer in v:
                if layer["type"] == "objectgroup" and layer["objects"]:
                    head = dump({**layer, "objects": []})[:-1]
                    objs = ",\n  ".join(dump(o) for o in layer["objects"])
                    parts.append(head.replace('"objects":[]', '"objects":[\n  ' + objs + "]") + "}")
                else:
                    parts.append(dump(layer))
            lines.append(f'"layers":[\n {(chr(44) + chr(10) + " ").join(parts)}]')
        else:
            lines.append(f"{dump(k)}:{dump(v)}")
    return "{" + ",\n".join(lines) + "}\n"


def _attrs(d: dict[str, Any], keys: Iterable[str]) -> str:
    out = []
    for k in keys:
        if k in d:
            v = d[k]
            v = ("1" if v else "0") if isinstance(v, bool) else str(v)
            out.append(f" {k}={quoteattr(v)}")
    return "".join(out)


def _props_xml(props: list[dict[str, Any]] | None, indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for p in props:
        t = "" if p["type"] == "string" else f" type={quoteattr(p['type'])}"
        v = p["value"]
        v = ("true" if v else "false") if isinstance(v, bool) else str(v)
        if "\n" in v:  # Tiled keeps multi-line text as the element's content
            out.append(f"{indent} <property name={quoteattr(p['name'])}{t}>{escape(v)}</property>")
        else:
            out.append(f"{indent} <property name={quoteattr(p['name'])}{t} value={quoteattr(v)}/>")
    return out + [f"{indent}</properties>"]


def _points(pts: list[dict[str, Any]]) -> str:
    return " ".join(f"{p['x']},{p['y']}" for p in pts)


def to_tmx(doc: dict[str, Any]) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             "<map" + _attrs({**doc, "infinite": 0}, ("version", "tiledversion", "orientation", "renderorder", "width",
                                                      "height", "tilewidth", "tileheight", "infinite", "hexsidelength",
                                                      "staggeraxis", "staggerindex", "nextlayerid", "nextobjectid")) + ">"]
    lines += _props_xml(doc["properties"], " ")
    for ts in doc["tilesets"]:
        lines.append(" <tileset" + _attrs(ts, ("firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns")) + ">")
        if "image" in ts:
            lines.append(f'  <image source={quoteattr(ts["image"])} width="{ts["imagewidth"]}" height="{ts["imageheight"]}"/>')
        else:
            lines.append('  <grid orientation="orthogonal" width="1" height="1"/>')
        for t in ts["tiles"]:
            lines.append(f'  <tile id="{t["id"]}">')
            lines += _props_xml(t.get("properties"), "   ")
            lines.append("  </tile>")
        lines.append(" </tileset>")
    for layer in doc["layers"]:
        if layer["type"] == "tilelayer":
            w = layer["width"]
            data = layer["data"]
            rows = [",".join(map(str, data[r * w:(r + 1) * w])) for r in range(layer["height"])]
            lines.append(" <layer" + _attrs(layer, ("id", "name", "width", "height")) + ">")
            lines.append('  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>")
            lines.append(" </layer>")
        else:
            lines.append(" <objectgroup" + _attrs(layer, ("id", "name")) + ">")
            for o in layer["objects"]:
                named = [k for k in ("name", "type") if o.get(k)]
                attrs = _attrs(o, ("id", *named, "gid", "x", "y")) + (
                    _attrs(o, ("width", "height")) if o.get("width") or o.get("height") else "")
                body = _props_xml(o.get("properties"), "   ")
                if o.get("point"):
                    body.append("   <point/>")
                if "text" in o:
                    t = o["text"]
                    body.append("   <text" + _attrs(t, ("pixelsize", "bold", "italic", "color", "halign", "valign"))
                                + f">{escape(t['text'])}</text>")
                for shape in ("polygon", "polyline"):
                    if shape in o:
                        body.append(f'   <{shape} points="{_points(o[shape])}"/>')
                lines += [f"  <object{attrs}>", *body, "  </object>"] if body else [f"  <object{attrs}/>"]
            lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


# (shapes, width, height, pixels per unit, background or None) -> PNG bytes. Tile images need a
# font engine for their symbols and counters, so Qt draws them: editor/export/tiled_qt.py sets
# Qt's renderer here (the `motu` command and the editor import it); without one the map is
# written with image-less tilesets, which Tiled shows as placeholders.
TileRenderer = Callable[..., bytes]
_renderer: TileRenderer | None = None
NO_IMAGES = "tile images need Qt's drawing (editor/export): the map was written without them"


def set_tile_renderer(render: TileRenderer | None) -> None:
    global _renderer
    _renderer = render


def image_names(path: str, art: list[TileSheet]) -> dict[str, str]:
    """Each tileset's atlas image beside the map: MAP-terrain.png, MAP-areas.png, MAP-counters.png, MAP-features.png."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return {sheet.name: f"{stem}-{sheet.name}.png" for sheet in art}


def save_tiled(s: Scenario, path: str, to_text: Callable[[dict[str, Any]], str],
               render: TileRenderer | None = None) -> Written:
    """The map and its tile images (when given a renderer), each written atomically."""
    if render is None:
        write_atomic(path, to_text(tiled_map(s)))
        return Written((path,), (NO_IMAGES,))
    art = tiled_layout(s)[4]
    names = image_names(path, art)
    written = []
    for sheet in art:
        image = os.path.join(os.path.dirname(path), names[sheet.name])
        write_atomic_bytes(image, render(sheet.atlas(), *sheet.size, 1.0, None))
        written.append(image)
    write_atomic(path, to_text(tiled_map(s, names)))
    return Written((path, *written))


def save_tiled_json(s: Scenario, path: str, render: TileRenderer | None = None) -> Written:
    return save_tiled(s, path, to_json, render)


def save_tmx(s: Scenario, path: str, render: TileRenderer | None = None) -> Written:
    return save_tiled(s, path, to_tmx, render)


def _load(path: str) -> Scenario:
    from .tiled_import import load_tiled  # the reader imports this module: import it late
    return load_tiled(path)


def _register() -> None:
    from .registry import Format, register_format
    # Through the registry (motu export, File > Export), with the renderer editor/export set.
    register_format(Format("tmx", "Tiled map (TMX)", (".tmx",), load=_load,
                           save=lambda s, path: save_tmx(s, path, _renderer)))
    register_format(Format("tiled-json", "Tiled map (JSON)", (".tmj",), load=_load,
                           save=lambda s, path: save_tiled_json(s, path, _renderer)))


_register()
