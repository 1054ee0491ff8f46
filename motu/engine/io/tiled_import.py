"""Import from Tiled: a TMX or Tiled JSON hex or square map as a new scenario.

Scope: turning a map read by tiled_read.py into a Scenario. Terrain comes from a legend of
tile ids (gids) to terrain, or else from each tile's `terrain` property; maps Motu exported
carry everything else (areas, edges, sites, pieces, sides…) as the properties tiled.py
writes, so they come back whole. Bad input raises LoadError naming the file.

A piece, site or named cell moved in Tiled has a position that no longer matches its `cell`
property: the position wins (it is what the designer sees), and a note says which cell was
used and what the property said. Notes go to the `notes` list the caller passes.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.board.grids import Grid, GridError, HexGrid, Space, SpacesGrid, SquareGrid
from motu.engine.scenario.model import Area, CellFeature, Island, Piece, Region, Scenario, Side, is_ident

from . import bounded
from .errors import LoadError
from .schema_check import check_part
from .tiled_pixels import SPACE, map_side, pixel_transform
from .tiled_read import place_of, read_tiled

_SCENARIO_SCHEMA = "scenario-v1.schema.json"

_GID_MASK = 0x0FFFFFFF  # the top four bits are flip and rotation flags


# --- the scenario --------------------------------------------------------------------------

# Exports since pytmx support name a piece's id `piece`, a space's `space` and a display name
# `label` (pytmx reserves `id` and `name`): read under the names the importer knows.
_RENAMED = (("piece", "id"), ("space", "id"), ("label", "name"))


def _props(items: list[dict[str, Any]] | None) -> dict[str, Any]:
    out = {str(p.get("name", "")): p.get("value") for p in items or ()}
    for new, old in _RENAMED:
        if new in out and old not in out:
            out[old] = out[new]
    return out


def _color(value: Any) -> str | None:
    """Tiled's #AARRGGBB colours back to Motu's #RRGGBB (opaque ones)."""
    if isinstance(value, str) and len(value) == 9 and value.startswith("#ff"):
        return "#" + value[3:]
    return value if isinstance(value, str) and value else None


def record_props(props: Mapping[str, Any], source: str = "<tiled>") -> dict[str, Any]:
    """`props.KEY` properties (and JSON ones, `props.KEY.json`) back into a record's props."""
    out: dict[str, Any] = {}
    for k, v in props.items():
        if k.startswith("props.") and k.endswith(".json"):
            out[k[6:-5]] = _json_text(v, f"property {k!r}", source)
        elif k.startswith("props."):
            out[k[6:]] = v
    return out


def _json_text(value: Any, what: str, source: str) -> Any:
    if not isinstance(value, str):
        raise LoadError(f"it should hold JSON text, not {type(value).__name__}", source, path=what)
    try:
        return bounded.load_json(value, source)
    except LoadError as exc:
        raise LoadError(f"not valid JSON: {exc.message}", source, path=what) from None


def _grid(doc: dict[str, Any], path: str) -> Grid:
    orientation = doc.get("orientation")
    w, h = doc.get("width"), doc.get("height")
    try:
        if orientation == "hexagonal":
            axis, index = doc.get("staggeraxis", "y"), doc.get("staggerindex", "odd")
            return HexGrid(w, h, "flat" if axis == "x" else "pointy", f"{index}-{'q' if axis == 'x' else 'r'}")
        if orientation == "orthogonal":
            spaces = [o for layer in doc["layers"] if layer.get("type") == "objectgroup"
                      for o in layer.get("objects", []) if o.get("type") == "space"]
            if spaces:
                return _spaces_grid(doc, spaces)
            return SquareGrid(w, h)
    except GridError as exc:
        raise LoadError(f"the map's grid: {exc}", path, **place_of(doc, doc)) from None
    raise LoadError(f"Tiled {orientation} maps have no Motu grid: only hexagonal and orthogonal maps can be imported", path,
                    **place_of(doc, doc))


def _spaces_grid(doc: dict[str, Any], spaces: list[dict[str, Any]]) -> SpacesGrid:
    out = []
    for o in spaces:
        p = _props(o.get("properties"))
        # A rectangle's (x, y) is its top-left corner; a tile object's (spaces showing their terrain) its bottom-left.
        top = o.get("y", 0) - (o.get("height", 0) if o.get("gid") else 0)
        out.append(Space(str(p.get("id", o.get("name"))), round(o.get("x", 0) / SPACE, 6), round(top / SPACE, 6),
                         str(p.get("name", ""))))
    links = [tuple(str(_props(o.get("properties")).get("link", o.get("name", ""))).split("/", 1))
             for layer in doc["layers"] if layer.get("type") == "objectgroup"
             for o in layer.get("objects", []) if o.get("type") == "link"]
    return SpacesGrid(out, [ln for ln in links if len(ln) == 2])


def _tile_lookup(doc: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """gid → the tile's properties, for every tile a tileset lists."""
    out = {}
    for ts in doc.get("tilesets", []):
        first = int(ts.get("firstgid", 1))
        for t in ts.get("tiles", []):
            out[first + int(t["id"])] = _props(t.get("properties"))
    return out


def _tile_layer(doc: dict[str, Any], name: str | None, fallback_first: bool) -> dict[str, Any] | None:
    tiles = [layer for layer in doc["layers"] if layer.get("type") == "tilelayer"]
    for layer in tiles:
        if layer.get("name") == name:
            return layer
    return tiles[0] if fallback_first and tiles else None


def _loads(props: dict[str, Any], key: str, default: Any, path: str) -> Any:
    """A map property holding JSON text, checked against the scenario schema's `key`."""
    if key not in props or props[key] in ("", None):
        return default
    value = _json_text(props[key], f"map property {key!r}", path)
    check_part(_SCENARIO_SCHEMA, key, value, path, f"map property {key!r}")
    return value


def scenario_from_tiled(doc: dict[str, Any], path: str, rules: str | None = None,
                        legend: Mapping[int, str] | None = None, terrain_layer: str = "terrain",
                        notes: list[str] | None = None) -> Scenario:
    """A scenario from a Tiled map read by `read_tiled`.

    `rules` defaults to the map's `ruleset` property; `legend` maps gids to terrain ids and
    overrides the tiles' `terrain` properties; gid 0 (no tile) is the rule set's default
    terrain unless the legend maps 0. The terrain layer is the tile layer named
    `terrain_layer`, or else the first tile layer."""
    from motu.engine.plugins import get_ruleset
    mprops = _props(doc.get("properties"))
    at_map = place_of(doc, doc)
    at_rules = next((place_of(doc, p) for p in doc.get("properties") or () if p.get("name") == "ruleset"), at_map)
    rules = rules or mprops.get("ruleset")
    if rules is not None and not isinstance(rules, str):
        raise LoadError("the map property 'ruleset' should be a rule set's id, as text", path, **at_rules)
    if not rules:
        raise LoadError("the map does not name its rule set: import it with `motu import FILE --from tiled --rules ID`", path)
    try:
        rs = get_ruleset(rules)
    except KeyError as exc:
        raise LoadError(str(exc.args[0]), path, **at_rules) from None
    cat = rs.catalogue
    grid = _grid(doc, path)
    if grid.shape not in cat.grids:
        raise LoadError(f"this is a {grid.shape} map; {rs.name} plays on {' or '.join(cat.grids)} grids", path, **at_map)
    tiles = _tile_lookup(doc)
    legend = dict(legend or {})

    def terrain_of(gid: int) -> str:
        if gid in legend:
            return legend[gid]
        if gid == 0:
            return cat.default_terrain
        t = tiles.get(gid, {}).get("terrain")
        if t is None:
            raise KeyError(gid)
        return str(t)

    if not grid.lattice:
        terrain, cell_area = _space_layers(doc, grid, cat.default_terrain)
    else:
        layer = _tile_layer(doc, terrain_layer, fallback_first=True)
        if layer is None:
            raise LoadError("the map has no tile layer to take terrain from", path, **at_map)
        at_layer = place_of(doc, layer)
        data = [g & _GID_MASK for g in layer.get("data") or []]
        if len(data) != grid.size:
            raise LoadError(f"layer {layer.get('name')!r} has {len(data)} tiles; the map is {grid.columns}x{grid.rows}",
                            path, **at_layer)
        by_gid: dict[int, str] = {}
        for cell, gid in enumerate(data):
            if gid not in by_gid:
                try:
                    by_gid[gid] = terrain_of(gid)
                except KeyError:
                    raise LoadError(f"layer {layer.get('name')!r}: tile {gid} (first at {grid.label(cell)}) has no terrain: "
                                    f"give a legend such as --legend {gid}={cat.default_terrain}", path,
                                    **at_layer) from None
        terrain = [by_gid[g] for g in data]
        area_layer = _tile_layer(doc, "areas", fallback_first=False)
        area_of = {gid: p.get("area") for gid, p in tiles.items() if "area" in p}
        cell_area = ([area_of.get(g & _GID_MASK) for g in area_layer["data"]] if area_layer is not None
                     and len(area_layer.get("data") or []) == grid.size else [None] * grid.size)
        cell_area = [None if a is None else str(a) for a in cell_area]
    unknown = sorted(set(terrain) - set(cat.terrain))
    if unknown:
        raise LoadError(f"terrain {', '.join(map(repr, unknown))} is not {rs.name}'s (it has: {', '.join(cat.terrain)})",
                        path, **at_map)

    s = Scenario(ruleset=rs.id, grid=grid, terrain=terrain, cell_area=cell_area,
                 title=str(mprops.get("title", "")), briefing=str(mprops.get("briefing", "")),
                 terrain_tokens={t.id: t.token for t in cat.terrain.values()})
    try:
        _records(s, doc, mprops, tiles, path)
        _objects(s, doc, path, notes if notes is not None else [])
    except (GridError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise LoadError(str(exc), path, **at_map) from None
    return s


def _space_layers(doc: dict[str, Any], grid: SpacesGrid, default: str) -> tuple[list[str], list[str | None]]:
    terrain: list[str] = [default] * grid.size
    area: list[str | None] = [None] * grid.size
    for layer in doc["layers"]:
        for o in layer.get("objects", []) if layer.get("type") == "objectgroup" else ():
            if o.get("type") == "space":
                p = _props(o.get("properties"))
                c = grid.parse_label(str(p.get("id", o.get("name"))))
                terrain[c] = str(p.get("terrain", default))
                area[c] = None if p.get("area") in (None, "") else str(p["area"])
    return terrain, area


def _unique(mprops: dict[str, Any], key: str, path: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The records of a map property (islands, regions, sides), refusing an id given twice: two
    records of one id are two things the designer meant, and keeping the last would lose one."""
    records = _loads(mprops, key, [], path)
    seen: set[str] = set()
    for i, d in enumerate(records):
        if d["id"] in seen:
            at = next((place_of(doc, p) for p in doc.get("properties") or () if p.get("name") == key), {})
            raise LoadError(f"map property {key!r}[{i}].id: the id {d['id']!r} is given twice; each of the map's {key} "
                            "needs its own id", path, **at) if at else LoadError(
                f"the id {d['id']!r} is given twice; each of the map's {key} needs its own id", path,
                path=f"map property {key!r}[{i}].id")
        seen.add(d["id"])
    return records


def _records(s: Scenario, doc: dict[str, Any], mprops: dict[str, Any], tiles: dict[int, dict[str, Any]], path: str) -> None:
    s.options = _loads(mprops, "options", {}, path)
    s.victory = _loads(mprops, "victory", {}, path)
    s.tables = _loads(mprops, "tables", {}, path)
    for d in _unique(mprops, "islands", path, doc):
        s.islands[d["id"]] = Island(d["id"], d.get("name", d["id"]), d.get("props", {}))
    for d in _unique(mprops, "regions", path, doc):
        s.regions[d["id"]] = Region(d["id"], d.get("name", d["id"]), d.get("props", {}))
    for d in _unique(mprops, "sides", path, doc):
        s.sides[d["id"]] = Side(d["id"], d.get("name", d["id"]), d.get("color"), d.get("props", {}))
    for p in tiles.values():
        aid = p.get("area")
        if aid is None or aid in s.areas:
            continue
        aid = str(aid)
        if not is_ident(aid):
            raise ValueError(f"area id {aid!r} is not a word of letters, digits and _ . : ' -")
        region, island = _text(p, "region"), _text(p, "island")
        for key, ref, known in (("region", region, s.regions), ("island", island, s.islands)):
            if ref is not None and ref not in known:
                raise ValueError(f"area {aid!r} names {key} {ref!r}, which the map's {key}s property does not list")
        s.areas[aid] = Area(aid, str(p.get("name", aid)), region, island, _color(p.get("color")), record_props(p, path))
    stray = sorted({a for a in s.cell_area if a is not None} - set(s.areas))
    for aid in stray:  # an area painted from a tile without a record: give it one
        s.areas[aid] = Area(aid, aid)
    for side, labels in _loads(mprops, "setup", {}, path).items():
        s.setup_zones[side] = frozenset(s.grid.parse_label(str(x)) for x in labels)


def _text(p: dict[str, Any], key: str) -> str | None:
    v = p.get(key)
    return None if v in (None, "") else str(v)


class _Placer:
    """Which cell an object stands on in Tiled, to set against its `cell` property."""

    def __init__(self, grid: Grid, side: float):
        self.grid = grid
        self.t = pixel_transform(grid, side)  # the scale the map was written at (map_side)

    def cell(self, o: dict[str, Any]) -> int | None:
        x, y = float(o.get("x", 0)), float(o.get("y", 0))
        w, h = float(o.get("width", 0) or 0), float(o.get("height", 0) or 0)
        if o.get("gid"):  # a tile object hangs from its bottom-left corner
            x, y = x + w / 2, y - h / 2
        elif not o.get("point") and (w or h):
            x, y = x + w / 2, y + h / 2
        ax, bx, ay, by = self.t
        return self.grid.cell_at((x - bx) / ax, (y - by) / ay)


def _place(o: dict[str, Any], p: dict[str, Any], what: str, placer: _Placer, notes: list[str]) -> int | None:
    """The object's cell: where it stands in Tiled, else its `cell` property (see the module docstring)."""
    g = placer.grid
    label = _text(p, "cell")
    said = g.parse_label(label) if label is not None else None
    if label is None and not o.get("x") and not o.get("y"):
        return None  # a piece off the map, where Motu writes it: at the map's corner
    at = placer.cell(o)
    if at is None:
        if said is not None:
            notes.append(f"{what} stands off the map in Tiled; its cell property {label} was used")
        return said
    if said is not None and at != said:
        notes.append(f"{what} stands on {g.label(at)} in Tiled, where it was used; its cell property said {label}")
    elif said is None:
        notes.append(f"{what} has no cell property; it stands on {g.label(at)} in Tiled, where it was used")
    return at


def _objects(s: Scenario, doc: dict[str, Any], path: str, notes: list[str]) -> None:
    g = s.grid
    placer = _Placer(g, map_side(doc))
    for layer in doc["layers"]:
        for o in layer.get("objects", []) if layer.get("type") == "objectgroup" else ():
            kind, p = o.get("type"), _props(o.get("properties"))
            if kind == "edge" and "edge" in p:
                # A side's features, from every object on it: one per edge layer (each kind its own), or
                # one object listing them all (Motu's exports before edge layers per kind).
                edge = g.parse_edge(str(p["edge"]))
                feats = tuple(f for f in str(p.get("features", "")).split(",") if f)
                s.edges[edge] = tuple(dict.fromkeys(s.edges.get(edge, ()) + feats))
            elif kind == "feature" and "kind" in p:
                what = f"site {_text(p, 'name') or p['kind']} (object {o.get('id')})"
                cell = _place(o, p, what, placer, notes)
                if cell is None:
                    raise ValueError(f"{what} has no cell and stands off the map")
                s.features.append(CellFeature(str(p["kind"]), cell, _text(p, "side"), str(p.get("name", "")),
                                              record_props(p, path)))
            elif kind == "piece" and "id" in p and "kind" in p:
                cell = _place(o, p, f"piece {p['id']} (object {o.get('id')})", placer, notes)
                count = p.get("count", 1)
                if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 1_000_000:
                    raise ValueError(f"piece {p['id']}: count {count!r} should be a whole number from 1")
                s.pieces[str(p["id"])] = Piece(str(p["id"]), str(p["kind"]), _text(p, "side"), cell, count,
                                               str(p.get("name", "")), record_props(p, path))
            elif kind == "cell" and "cell" in p:
                cell = _place(o, p, f"cell object {o.get('id')}", placer, notes)
                if cell is not None:
                    s.cell_props[cell] = record_props(p, path)
            elif not kind and ({"kind", "edge", "cell"} & set(p)):  # Motu's properties, but no class: say so
                notes.append(f"object {o.get('id')} ({o.get('name') or 'unnamed'}) has no type or class, so it was "
                             "not read (Motu reads piece, feature, edge and cell objects)")
    for what, items in (("feature", s.features), ("piece", list(s.pieces.values()))):
        for it in items:
            if it.side is not None and it.side not in s.sides:
                raise ValueError(f"{what} at {g.label(it.cell) if it.cell is not None else 'reserve'} names side "
                                 f"{it.side!r}, which the map's sides property does not list")


def load_tiled(path: str, rules: str | None = None, legend: Mapping[int, str] | None = None,
               terrain_layer: str = "terrain", notes: list[str] | None = None) -> Scenario:
    """The scenario a Tiled map holds, checked as Motu's own reader checks a scenario file:
    what this returns can be saved and opened again."""
    s = scenario_from_tiled(read_tiled(path), path, rules, legend, terrain_layer, notes)
    from .native import dumps, loads
    try:
        return loads(dumps(s), path)
    except LoadError as exc:
        raise LoadError(f"the map does not make a valid scenario: {exc.message}", path) from None
    except (TypeError, ValueError) as exc:  # a value no scenario file can hold
        raise LoadError(f"the map does not make a valid scenario: {exc}", path) from None


__all__ = ["read_tiled", "scenario_from_tiled", "load_tiled"]
