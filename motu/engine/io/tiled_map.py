"""A scenario as a Tiled map: the dict Tiled's JSON format holds, which the TMX writer writes too.

Scope: building the map (`tiled_map`): hex grids become hexagonal maps (flat: stagger axis
x; pointy: y; odd/even offset: stagger index odd/even), square grids orthogonal maps, and
boards of spaces orthogonal maps with one rectangle object per space (Tiled has no graph
maps). Every Motu layer is a tile layer (terrain; areas) over a tileset whose tiles carry the
terrain or area as properties and, when the export draws them, an image (tiled_art.py: the
terrain's colour and token, the area's tint; one atlas image per tileset, written beside the
map). Area names are text objects in one label layer that can be hidden; pieces and cell
features are tile objects showing their counter or symbol; area outlines, edge features and
named cells are objects with their properties; the rest of the scenario is map properties,
so that importing the file gives the scenario back. Objects carry no names Tiled would draw
over the map, and no `id` or `name` property, which pytmx reserves: a piece's id is
`piece`, a space's `space`, a display name `label`. Writing the dict is tiled_json.py and
tiled_tmx.py; saving, tiled.py.
"""
from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any, Mapping

import numpy as np

from motu.engine.board.geometry import cell_centres
from motu.engine.scenario.map_key import map_key
from motu.engine.scenario.model import Scenario

from .outlines import area_rings
from .print_counters import Counter, face
from .print_map import AREA_BORDER, catalogue_of
from .tiled_art import AREA_PALETTE, FEATURE_PX, TileSheet, counter_px, feature_key, sheets
from .tiled_pixels import SPACE, Points, map_metrics, num, pixel_array, pixel_transform
from .tiled_props import _json, _record, color_prop, prop, record_props

_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
TILED_VERSION = "1.8"  # the oldest format these files need; Debian's tiled is 1.8.2


def _tileset(name: str, firstgid: int, size: tuple[int, int], tiles: list[list[dict[str, Any]]], count: int,
             image: tuple[str, int, int, int] | None) -> dict[str, Any]:
    """A tileset of `count` tiles (its atlas's places, TileSheet.count), the first len(tiles) of them
    Motu's; with `image` (file, width, height, columns) an atlas of its tiles."""
    ts: dict[str, Any] = {"firstgid": firstgid, "name": name, "tilewidth": size[0], "tileheight": size[1],
                          "tilecount": count, "columns": image[3] if image else 0, "margin": 0, "spacing": 0}
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
    return replace(c, piece_id="")


def tiled_map(s: Scenario, images: Images | None = None, *, compact: bool = False) -> dict[str, Any]:
    """The scenario as a Tiled map: the dict Tiled's JSON format holds (TMX says the same).
    `images` names the tilesets' atlas images when the export draws them. `compact`: area
    outlines' polygons as tiled_pixels.Points, which the writers write as the same text."""
    grid = s.grid
    if grid.shape not in ("hex", "square", "spaces"):
        raise ValueError(f"{grid.shape} boards cannot be exported to Tiled")
    metrics = map_metrics(grid)
    ax, bx, ay, by = pixel_transform(grid)
    px = lambda x, y: (ax * x + bx, ay * y + by)  # noqa: E731
    cat = catalogue_of(s)
    cat_terrain = dict(cat.terrain) if cat else {}
    terrains, area_ids, faces, looks, art = tiled_layout(s)
    by_name = {sheet.name: sheet for sheet in art}
    # Each tileset's first gid follows the tiles of the one before as Tiled counts them: the places
    # of its atlas image (TileSheet.count, empty ones too), or without an image the tiles it lists.
    count = {n: by_name[n].count if images and n in images else len(tiles)
             for n, tiles in (("terrain", terrains), ("areas", area_ids), ("counters", faces), ("features", looks))}
    first_gid = dict(zip(count, np.cumsum([1] + list(count.values())[:-1]).tolist()))
    t_gid = {t: first_gid["terrain"] + i for i, t in enumerate(terrains)}
    t_tiles = []
    for t in terrains:
        kind = cat_terrain.get(t)
        t_tiles.append([prop("terrain", t)] + ([prop("label", kind.name), prop("kind", kind.kind), color_prop("color", kind.color)]
                                               if kind else []))
    a_gid = {a: first_gid["areas"] + i for i, a in enumerate(area_ids)}
    a_tiles = [_area_props(s, a) for a in area_ids]
    c_first = first_gid["counters"]
    c_gid = {f: c_first + i for i, f in enumerate(faces)}
    c_tiles = [[prop("counter", f.symbol), prop("label", f.name)] + ([prop("side", f.side)] if f.side else [])
               for f in faces]
    f_first = first_gid["features"]
    f_gid = {k: f_first + i for i, k in enumerate(looks)}
    f_tiles = [[prop("feature", sym), color_prop("ring", ring)] for sym, ring in looks]

    spaces = not grid.lattice
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
            # A tile object showing its terrain's tile (the board's colours); it stands on its bottom-left corner.
            group.append(objs.make(sp.name or sp.id, "space", x, y + SPACE, props, gid=t_gid[s.terrain[c]],
                                   width=SPACE, height=SPACE))
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
    if rings:  # every corner to pixels, and each relative to its ring's first, in one go
        pixels = pixel_array(np.concatenate([r for _, r in rings]), (ax, bx, ay, by))
        lengths = [len(r) for _, r in rings]
        firsts = np.cumsum([0] + lengths[:-1])
        rel = pixels - np.repeat(pixels[firsts], lengths, axis=0)
        for (code, _), (x0, y0), a, n in zip(rings, pixels[firsts].tolist(), firsts.tolist(), lengths):
            points = Points(rel[a:a + n])
            group.append(objs.make("", "area", x0, y0, _area_props(s, area_ids[code]),
                                   polygon=points if compact else points.dicts()))
    layer({"name": "area outlines", "type": "objectgroup", "draworder": "topdown", "objects": group})
    layer({"name": "area names", "type": "objectgroup", "draworder": "topdown",
           "objects": _area_labels(s, objs, centres, metrics)})

    # One layer per edge feature, in the kind's own colour (Tiled draws a layer's objects in it), so a
    # stream, a reef and a palisade look apart and each can be hidden; a side with two features is
    # a line in each of their layers.
    for kind, name, colour, style in edge_kinds(s):
        group = []
        for (a, b), feats in s.edges.items():
            if kind not in feats:
                continue
            if spaces:
                (x0, y0), (x1, y1) = cell_px(a), cell_px(b)
            else:
                (x0, y0), (x1, y1) = (px(*p) for p in grid.edge_segment(a, b))
            group.append(objs.make("", "edge", x0, y0, [prop("edge", grid.edge_label(a, b)), prop("features", kind)],
                                   polyline=[{"x": 0, "y": 0}, {"x": num(x1 - x0), "y": num(y1 - y0)}]))
        layer({"name": f"edges: {name}", "type": "objectgroup", "draworder": "topdown", "color": colour,
               "properties": [prop("edge", kind), prop("style", style)], "objects": group})

    group = []
    in_cell = {}
    for f in s.features:
        in_cell.setdefault(f.cell, []).append(f)
    # A row of discs below the centre's token, each disc's anchor (bottom-left) inside the cell.
    row_px = round(min(metrics["tilewidth"], metrics["tileheight"]) * 0.6)
    drop_px = round(min(metrics["tilewidth"], metrics["tileheight"]) * 0.4)
    for f in s.features:
        props = [prop("kind", f.kind), prop("cell", grid.label(f.cell))]
        props += ([prop("side", f.side)] if f.side is not None else []) + ([prop("label", f.name)] if f.name else [])
        row = in_cell[f.cell]
        i, n = row.index(f), len(row)
        step = FEATURE_PX if n * FEATURE_PX <= row_px else (row_px - FEATURE_PX) / (n - 1)
        x, y = cell_px(f.cell)
        left = x - (FEATURE_PX + step * (n - 1)) / 2 + i * step
        group.append(objs.make("", "feature", left, y + drop_px, props + record_props(f.props),
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

    def image(name: str) -> tuple[str, int, int, int] | None:
        if not images or name not in images:
            return None
        sheet = by_name[name]
        return (images[name], *sheet.size, sheet.columns)

    tile = (metrics["tilewidth"], metrics["tileheight"])
    tilesets = [_tileset("terrain", first_gid["terrain"], tile, t_tiles, count["terrain"], image("terrain")),
                _tileset("areas", first_gid["areas"], tile, a_tiles, count["areas"], image("areas")),
                _tileset("counters", c_first, (by_name["counters"].tile_width, by_name["counters"].tile_height),
                         c_tiles, count["counters"], image("counters")),
                _tileset("features", f_first, (by_name["features"].tile_width, by_name["features"].tile_height),
                         f_tiles, count["features"], image("features"))]
    doc: dict[str, Any] = {"type": "map", "version": TILED_VERSION, "tiledversion": "1.8.2", **metrics,
                           "renderorder": "right-down", "width": width, "height": height, "infinite": False,
                           "compressionlevel": -1, "nextlayerid": layer_id, "nextobjectid": objs.next_id,
                           "properties": properties, "tilesets": tilesets, "layers": layers}
    return doc


def edge_kinds(s: Scenario) -> list[tuple[str, str, str, str]]:
    """(id, name, colour, map-key style) of each edge feature the rule set has, in its catalogue's
    order, then any other the scenario uses: one Tiled layer each. The colour is the catalogue's,
    or, when another kind has it already or none is given, the first of the area palette not taken."""
    cat = catalogue_of(s)
    kinds = dict(cat.edges) if cat else {}
    key = map_key(cat) if cat else None
    ids = list(kinds) + sorted({f for feats in s.edges.values() for f in feats} - set(kinds))
    out, taken = [], set()
    for k in ids:
        colour = kinds[k].color.lower() if k in kinds and _HEX_COLOUR.match(kinds[k].color) else ""
        if not colour or colour in taken:
            colour = next(c for c in (*AREA_PALETTE, *(f"#{i:06x}" for i in range(1, 1 << 24))) if c not in taken)
        taken.add(colour)
        out.append((k, kinds[k].name if k in kinds else k, colour, key.edge_style(k) if key else "line"))
    return out


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
