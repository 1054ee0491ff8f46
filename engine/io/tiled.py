"""Export to Tiled (mapeditor.org): a scenario as a Tiled map, in TMX or Tiled's JSON.

Scope: building the map as a Tiled-JSON-shaped dict (`tiled_map`) and writing it as
JSON or TMX. Reading Tiled files back is tiled_import.py; docs/exports.md documents the
layout. Hex grids become hexagonal maps (flat: stagger axis x; pointy: y; odd/even offset:
stagger index odd/even), square grids orthogonal maps, and boards of spaces orthogonal maps
with one rectangle object per space (Tiled has no graph maps). Every Motu layer is a tile
layer (terrain; areas) over an image-less tileset whose tiles carry the terrain or area as
properties; areas, edge features, cell features, pieces and named cells are objects with
their properties; the rest of the scenario is map properties, so that importing the file
gives the scenario back.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any, Iterable
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from engine.board.grids import Grid, HexGrid, SpacesGrid, SquareGrid
from engine.scenario.model import Scenario

from .atomic import write_atomic
from .outlines import area_rings

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

def _tileset(name: str, firstgid: int, metrics: dict[str, Any], tiles: list[list[dict[str, Any]]]) -> dict[str, Any]:
    return {"firstgid": firstgid, "name": name, "tilewidth": metrics["tilewidth"], "tileheight": metrics["tileheight"],
            "tilecount": len(tiles), "columns": 0, "margin": 0, "spacing": 0,
            "grid": {"orientation": "orthogonal", "width": 1, "height": 1},
            "tiles": [{"id": i, "properties": p} for i, p in enumerate(tiles)]}


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


def tiled_map(s: Scenario) -> dict[str, Any]:
    """The scenario as a Tiled map: the dict Tiled's JSON format holds (TMX says the same)."""
    from engine.rules.registry import get_ruleset
    grid = s.grid
    if not isinstance(grid, (HexGrid, SquareGrid, SpacesGrid)):
        raise ValueError(f"{grid.shape} boards cannot be exported to Tiled")
    metrics = map_metrics(grid)
    ax, bx, ay, by = pixel_transform(grid)
    px = lambda x, y: (ax * x + bx, ay * y + by)  # noqa: E731
    try:
        cat_terrain = get_ruleset(s.ruleset).catalogue.terrain
    except KeyError:
        cat_terrain = {}
    terrains = list(cat_terrain) + sorted(set(s.terrain) - set(cat_terrain))
    t_gid = {t: i + 1 for i, t in enumerate(terrains)}
    t_tiles = []
    for t in terrains:
        kind = cat_terrain.get(t)
        t_tiles.append([prop("terrain", t)] + ([prop("name", kind.name), prop("kind", kind.kind), color_prop("color", kind.color)]
                                               if kind else []))
    area_ids = list(s.areas) + sorted({a for a in s.cell_area if a is not None} - set(s.areas))
    a_gid = {a: len(terrains) + 1 + i for i, a in enumerate(area_ids)}
    a_tiles = [_area_props(s, a) for a in area_ids]

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

    def cell_px(c: int) -> tuple[float, float]:
        return centre[c] if centre is not None else px(*grid.center(c))

    if spaces:
        group = []
        for c, sp in enumerate(grid.spaces):
            props = [prop("id", sp.id)] + ([prop("name", sp.name)] if sp.name else []) + [prop("terrain", s.terrain[c])]
            if s.cell_area[c] is not None:
                props.append(prop("area", s.cell_area[c]))
            x, y = px(sp.x, sp.y)
            group.append(objs.make(sp.name or sp.id, "space", x, y, props, width=SPACE, height=SPACE))
        layer({"name": "spaces", "type": "objectgroup", "draworder": "topdown", "objects": group})
        group = []
        for a, b in grid.links:
            (x0, y0), (x1, y1) = (cell_px(grid.parse_label(v)) for v in (a, b))
            group.append(objs.make(f"{a}/{b}", "link", x0, y0, [prop("link", f"{a}/{b}")],
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
        group.append(objs.make(s.areas[aid].name if aid in s.areas else aid, "area", x0, y0, _area_props(s, aid),
                               polygon=[{"x": x - x0, "y": y - y0} for x, y in pts]))
    layer({"name": "area outlines", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    for (a, b), feats in s.edges.items():
        if spaces:
            (x0, y0), (x1, y1) = cell_px(a), cell_px(b)
        else:
            (x0, y0), (x1, y1) = (px(*p) for p in grid.edge_segment(a, b))
        group.append(objs.make("+".join(feats), "edge", x0, y0,
                               [prop("edge", grid.edge_label(a, b)), prop("features", ",".join(feats))],
                               polyline=[{"x": 0, "y": 0}, {"x": num(x1 - x0), "y": num(y1 - y0)}]))
    layer({"name": "edges", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    for f in s.features:
        props = [prop("kind", f.kind), prop("cell", grid.label(f.cell))]
        props += ([prop("side", f.side)] if f.side is not None else []) + ([prop("name", f.name)] if f.name else [])
        group.append(objs.make(f.name or f.kind, "feature", *cell_px(f.cell), props + record_props(f.props), point=True))
    layer({"name": "features", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = []
    for p in s.pieces.values():
        props = [prop("id", p.id), prop("kind", p.kind)] + ([prop("side", p.side)] if p.side is not None else [])
        props += ([prop("cell", grid.label(p.cell))] if p.cell is not None else []) + [prop("count", p.count)]
        props += ([prop("name", p.name)] if p.name else []) + record_props(p.props)
        x, y = cell_px(p.cell) if p.cell is not None else (0, 0)  # off the map: at the corner
        group.append(objs.make(p.name or p.id, "piece", x, y, props, point=True))
    layer({"name": "pieces", "type": "objectgroup", "draworder": "topdown", "objects": group})

    group = [objs.make(str(props.get("name", grid.label(c))), "cell", *cell_px(c),
                       [prop("cell", grid.label(c))] + record_props(props), point=True)
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
    doc: dict[str, Any] = {"type": "map", "version": TILED_VERSION, "tiledversion": "1.8.2", **metrics,
                           "renderorder": "right-down", "width": width, "height": height, "infinite": False,
                           "compressionlevel": -1, "nextlayerid": layer_id, "nextobjectid": objs.next_id,
                           "properties": properties,
                           "tilesets": [_tileset("terrain", 1, metrics, t_tiles),
                                        _tileset("areas", len(terrains) + 1, metrics, a_tiles)],
                           "layers": layers}
    return doc


def _codes(cell_area: list[str | None], index: dict[str, int]) -> list[int]:
    return [-1 if a is None else index[a] for a in cell_area]


def _area_props(s: Scenario, aid: str) -> list[dict[str, Any]]:
    a = s.areas.get(aid)
    out = [prop("area", aid)]
    if a is None:
        return out
    out.append(prop("name", a.name))
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
                attrs = _attrs(o, ("id", "name", "type", "x", "y")) + (
                    _attrs(o, ("width", "height")) if o.get("width") or o.get("height") else "")
                body = _props_xml(o.get("properties"), "   ")
                if o.get("point"):
                    body.append("   <point/>")
                for shape in ("polygon", "polyline"):
                    if shape in o:
                        body.append(f'   <{shape} points="{_points(o[shape])}"/>')
                lines += [f"  <object{attrs}>", *body, "  </object>"] if body else [f"  <object{attrs}/>"]
            lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def save_tiled_json(s: Scenario, path: str) -> None:
    write_atomic(path, to_json(tiled_map(s)))


def save_tmx(s: Scenario, path: str) -> None:
    write_atomic(path, to_tmx(tiled_map(s)))


def _load(path: str) -> Scenario:
    from .tiled_import import load_tiled  # the reader imports this module: import it late
    return load_tiled(path)


def _register() -> None:
    from .registry import Format, register_format
    register_format(Format("tmx", "Tiled map (TMX)", (".tmx",), load=_load, save=save_tmx))
    register_format(Format("tiled-json", "Tiled map (JSON)", (".tmj",), load=_load, save=save_tiled_json))


_register()
