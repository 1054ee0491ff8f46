"""Map operations as Edits: resize (add or remove margin on any side), lay new content on the
map (an island drafted from a coastline, another scenario's map), merge two maps.

Scope: operations that change the grid or add a whole piece of map at once, each one Edit so
that it is one undo step. `ResizeMap` moves everything with its cell — terrain, areas, edges,
features, cell properties, pieces, set-up zones — and moves `tables.georeference` so that the
cells stay on the same ground; its inverse puts the map back exactly as it was. A `MapPatch`
is new content for an open stretch of map (cells, records, edges, sites), and `patch_edit`
makes it one Compound of the ordinary Edits. `merge_map` lays another scenario's map at an
offset, growing the map to fit and renaming ids that clash. Drafting an island from a coastline
is motu/engine/io/coastline.py; renaming ids is ids.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from motu.engine.board.grids import Grid, GridError

from .edit_base import check_ids
from .edits import (
    Compound, Edit, EditError, InsertFeature, PaintArea, PaintTerrain, PutRecord, SetCellProps, SetEdgeFeatures,
    SetSetupZone,
)
from .georef import TABLE, Georef
from .ids import unique_id
from .model import CellFeature, EdgeKey, Piece, Props, Scenario


def centre_at(grid: Grid, col: int, row: int) -> tuple[float, float]:
    """Layout position of the centre of (col, row), also off the map (negative, or beyond)."""
    if not grid.lattice:
        raise EditError("only hex and square maps can be resized")
    return grid.offset_centre(col, row)


@dataclass(frozen=True, eq=False)
class MapState:
    """Everything a resize changes, as it was (the inverse of a resize puts it back)."""

    grid: Grid
    terrain: list[str]
    cell_area: list[str | None]
    edges: dict[EdgeKey, tuple[str, ...]]
    features: list[CellFeature]
    cell_props: dict[int, Props]
    pieces: dict[str, Piece]
    setup_zones: dict[str, frozenset[int]]
    tables: dict[str, Any]

    @classmethod
    def of(cls, s: Scenario) -> "MapState":
        return cls(s.grid, s.terrain, s.cell_area, s.edges, s.features, s.cell_props, s.pieces, s.setup_zones,
                   s.tables)

    def put(self, s: Scenario) -> None:
        s.grid, s.terrain, s.cell_area, s.edges = self.grid, self.terrain, self.cell_area, self.edges
        s.features, s.cell_props, s.pieces = self.features, self.cell_props, self.pieces
        s.setup_zones, s.tables = self.setup_zones, self.tables


@dataclass(frozen=True, eq=False)
class RestoreMap(Edit):
    """Put back a map as a resize found it."""

    state: MapState
    scope: ClassVar[str] = "grid"
    text: ClassVar[str] = "Resize map"

    def _apply(self, scenario: Scenario) -> Edit:
        now = MapState.of(scenario)
        self.state.put(scenario)
        return RestoreMap(now)


@dataclass(frozen=True)
class ResizeMap(Edit):
    """Add (positive) or remove (negative) columns and rows on each side; new cells are `fill`.
    Removing refuses to cut a cell that holds a piece, a feature or cell properties."""

    left: int = 0
    top: int = 0
    right: int = 0
    bottom: int = 0
    fill: str = "sea"
    scope: ClassVar[str] = "grid"
    text: ClassVar[str] = "Resize map"

    def _apply(self, scenario: Scenario) -> Edit:
        s = scenario
        grid = s.grid
        if not grid.lattice:
            raise EditError("only hex and square maps can be resized")
        check_ids(self.fill)
        cols, rows = grid.columns + self.left + self.right, grid.rows + self.top + self.bottom
        if cols < 1 or rows < 1:
            raise EditError(f"the map would have {cols} columns and {rows} rows")
        step_c, step_r = grid.resize_step
        if self.left % step_c:
            raise EditError("add or remove columns on the west in an even number: with this hex layout an odd "
                            "number would shift every other column by half a hex")
        if self.top % step_r:
            raise EditError("add or remove rows on the north in an even number: with this hex layout an odd "
                            "number would shift every other row by half a hex")
        try:
            new = grid.resized(cols, rows)
        except GridError as exc:
            raise EditError(str(exc)) from None
        remap = _remap(grid, self.left, self.top, cols, rows)
        cut = [c for c in {p.cell for p in s.pieces.values() if p.cell is not None} | {f.cell for f in s.features}
               | set(s.cell_props) if remap[c] < 0]
        if cut:
            from .validation import describe_cells
            raise EditError(f"resizing would cut {describe_cells(s, sorted(cut))}, which hold pieces, features "
                            "or cell properties: move or delete them first")
        before = MapState.of(s)
        s.terrain = _shift_layer(s.terrain, grid, self.left, self.top, cols, rows, self.fill)
        s.cell_area = _shift_layer(s.cell_area, grid, self.left, self.top, cols, rows, None)
        m = remap.tolist()
        s.edges = {(m[a], m[b]): f for (a, b), f in s.edges.items() if m[a] >= 0 and m[b] >= 0}
        s.features = [replace(f, cell=m[f.cell]) for f in s.features]
        s.cell_props = {m[c]: v for c, v in s.cell_props.items()}
        s.pieces = {k: p if p.cell is None else replace(p, cell=m[p.cell]) for k, p in s.pieces.items()}
        s.setup_zones = {k: frozenset(m[c] for c in z if m[c] >= 0) for k, z in s.setup_zones.items()}
        geo = Georef.of(s)
        if geo is not None and (self.left or self.top):
            s.tables = {k: (geo.moved(*centre_at(grid, -self.left, -self.top)).table() if k == TABLE else v)
                        for k, v in s.tables.items()}
        else:
            s.tables = dict(s.tables)
        s.grid = new
        return RestoreMap(before)


def _remap(grid: Grid, left: int, top: int, cols: int, rows: int) -> np.ndarray:
    """New cell of every old cell, -1 where it falls off the resized map."""
    idx = np.arange(grid.size, dtype=np.int64)
    col, row = idx % grid.columns + left, idx // grid.columns + top
    ok = (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
    return np.where(ok, row * cols + col, -1)


def _shift_layer(layer: list, grid: Grid, left: int, top: int, cols: int, rows: int, fill: Any) -> list:
    out = [fill] * (cols * rows)
    c0, c1 = max(0, -left), min(grid.columns, cols - left)
    if c0 >= c1:
        return out
    for r in range(max(0, -top), min(grid.rows, rows - top)):
        src = r * grid.columns
        dst = (r + top) * cols + left
        out[dst + c0: dst + c1] = layer[src + c0: src + c1]
    return out


def resize_map(s: Scenario, left: int = 0, top: int = 0, right: int = 0, bottom: int = 0,
               fill: str | None = None) -> ResizeMap:
    """A ResizeMap whose new cells are `fill`, or else the terrain of the map's first cell (a
    map's corner is its surround: open sea on an island map). The model sits below the rule
    sets, so a caller that wants the catalogue's default terrain passes it."""
    if fill is None:
        fill = s.terrain[0]
    return ResizeMap(left, top, right, bottom, fill)


def grow_to_fit(s: Scenario, col0: int, row0: int, col1: int, row1: int, fill: str | None = None) -> ResizeMap | None:
    """The resize that makes columns col0..col1 and rows row0..row1 (of the present map, maybe
    negative or beyond its edge) part of the map, or None when they already are. Columns or
    rows added on the west or north are rounded up to the hex layout's step."""
    sc, sr = s.grid.resize_step
    left, top = max(0, -col0), max(0, -row0)
    left, top = -(-left // sc) * sc, -(-top // sr) * sr
    right, bottom = max(0, col1 - (s.grid.columns - 1)), max(0, row1 - (s.grid.rows - 1))
    if not (left or top or right or bottom):
        return None
    return resize_map(s, left, top, right, bottom, fill)


# --- new content on an open stretch of map ----------------------------------------------------

@dataclass
class MapPatch:
    """Content to lay on the map, in its cells: terrain and areas per cell, edge features,
    cell features, cell properties, new records (islands, regions, areas, sides, pieces) in
    order, and set-up zone cells to add per side."""

    terrain: dict[int, str] = field(default_factory=dict)
    areas: dict[int, str] = field(default_factory=dict)
    edges: dict[EdgeKey, tuple[str, ...]] = field(default_factory=dict)
    features: list[CellFeature] = field(default_factory=list)
    cell_props: dict[int, Props] = field(default_factory=dict)
    records: list[tuple[str, Any]] = field(default_factory=list)
    setup_zones: dict[str, frozenset[int]] = field(default_factory=dict)


_RECORD_ORDER = ("islands", "regions", "areas", "sides")


def patch_edits(s: Scenario, patch: MapPatch) -> list[Edit]:
    """The Edits that lay `patch` on `s` (as `s` will be when they apply): records the cells
    refer to first, pieces last."""
    out: list[Edit] = []
    for collection in _RECORD_ORDER:
        out += [PutRecord(c, r.id, r) for c, r in patch.records if c == collection]
    if patch.terrain:
        cells = tuple(sorted(patch.terrain))
        out.append(PaintTerrain(cells, tuple(patch.terrain[c] for c in cells)))
    if patch.areas:
        cells = tuple(sorted(patch.areas))
        out.append(PaintArea(cells, tuple(patch.areas[c] for c in cells)))
    if patch.edges:
        keys = tuple(sorted(patch.edges))
        out.append(SetEdgeFeatures(keys, tuple(tuple(sorted(set(s.edges.get(k, ())) | set(patch.edges[k])))
                                               for k in keys)))
    out += [InsertFeature(len(s.features) + i, f) for i, f in enumerate(patch.features)]
    out += [SetCellProps(c, p) for c, p in sorted(patch.cell_props.items())]
    out += [PutRecord(c, r.id, r) for c, r in patch.records if c == "pieces"]
    for side, cells in patch.setup_zones.items():
        out.append(SetSetupZone(side, frozenset(s.setup_zones.get(side, frozenset())) | cells))
    return out


def lay_patch(s: Scenario, patch: MapPatch) -> None:
    """Lay `patch` straight on a scenario being built (an import): the same result as applying
    patch_edits, without the undo (and without rebuilding what checks each cell)."""
    for collection in _RECORD_ORDER + ("pieces",):
        for c, r in patch.records:
            if c == collection:
                getattr(s, collection)[r.id] = r
    for c, t in patch.terrain.items():
        s.terrain[c] = t
    for c, a in patch.areas.items():
        s.cell_area[c] = a
    for k in sorted(patch.edges):
        s.edges[k] = tuple(sorted(set(s.edges.get(k, ())) | set(patch.edges[k])))
    s.features.extend(patch.features)
    s.cell_props.update(patch.cell_props)
    for side, cells in patch.setup_zones.items():
        s.setup_zones[side] = frozenset(s.setup_zones.get(side, frozenset())) | cells
    s.cache.clear()


# --- merging another scenario's map -----------------------------------------------------------

def offset_between(target: Scenario, other: Scenario) -> tuple[int, int]:
    """The (columns, rows) at which `other` lies on `target` when both are georeferenced on the
    same lattice (same hex size, projection and grid): ValueError otherwise."""
    a, b = Georef.of(target), Georef.of(other)
    if a is None or b is None:
        raise ValueError("both maps need a georeference (tables.georeference) to merge at their real position")
    if not math.isclose(a.km_per_unit, b.km_per_unit, rel_tol=1e-6) or not math.isclose(a.parallel, b.parallel, abs_tol=1e-6):
        raise ValueError("the maps have different hex sizes or projections: give the offset")
    x, y = a.point(b.lon, b.lat)
    best = _cell_near(target.grid, x, y)
    if best is None:
        raise ValueError("the other map's hexes do not fall on this map's hexes (another lattice): give the offset")
    return best


def _cell_near(grid: Grid, x: float, y: float) -> tuple[int, int] | None:
    """The (col, row), maybe off the map, whose centre is at layout (x, y), if one is (within 1%)."""
    if not grid.lattice:
        return None
    c, r = grid.offset_at(x, y)
    cx, cy = centre_at(grid, c, r)
    return (c, r) if math.hypot(cx - x, cy - y) < 0.01 else None


def merge_renames(target: Scenario, other: Scenario) -> dict[tuple[str, str], str]:
    """The ids of `other` that merging it into `target` renames, because `target` has them
    already: {(collection, old id): new id} (`fare` -> `fare_2`). Sides of the same id are the
    same side, so they are never renamed."""
    renames: dict[tuple[str, str], str] = {}
    for collection in ("islands", "regions", "areas", "pieces"):
        taken = set(getattr(target, collection))
        for rid in getattr(other, collection):
            new = unique_id(rid, taken) if rid in taken else rid
            taken.add(new)
            if new != rid:
                renames[(collection, rid)] = new
    return renames


def merge_map(target: Scenario, other: Scenario, dcol: int, drow: int,
              fill: str | None = None) -> tuple[Edit, dict[tuple[str, str], str]]:
    """One Edit laying `other`'s map on `target` with its first cell at (dcol, drow) of the
    present map (maybe negative: the map grows), and the ids it renamed to avoid clashes
    ({(collection, old id): new id}). Only cells of `other` that are not open sea are laid,
    and only where `target` is open sea with no area; sides of the same id are the same side;
    `other`'s tables, victory and options stay out."""
    if other.ruleset != target.ruleset:
        raise EditError(f"a {other.ruleset} map cannot be merged into a {target.ruleset} map")
    tg, og = target.grid, other.grid
    if not tg.same_lattice(og):
        raise EditError("only maps on the same kind of hex or square grid can be merged")
    sc, sr = tg.resize_step
    if dcol % sc or drow % sr:
        raise EditError(f"with this hex layout the offset must be an even number of "
                        f"{'columns' if dcol % sc else 'rows'}: an odd one shifts every other one by half a hex")
    if fill is None:  # the target's corner is its surround (open sea); callers may name it
        fill = target.terrain[0]
    used = {c for c in range(og.size) if other.terrain[c] != fill or other.cell_area[c] is not None}
    used |= {f.cell for f in other.features} | set(other.cell_props)
    used |= {p.cell for p in other.pieces.values() if p.cell is not None}
    grow = grow_to_fit(target, dcol, drow, dcol + og.columns - 1, drow + og.rows - 1, fill)
    left, top = (grow.left, grow.top) if grow else (0, 0)
    cols = tg.columns + (grow.left + grow.right if grow else 0)

    def at(c: int) -> int:
        col, row = c % og.columns + dcol + left, c // og.columns + drow + top
        return row * cols + col

    clash = []
    for c in sorted(used):
        col, row = c % og.columns + dcol, c // og.columns + drow
        t = tg.cell(col, row)
        if t is not None and (target.terrain[t] != fill or target.cell_area[t] is not None):
            clash.append(tg.label(t))
    if clash:
        raise EditError(f"the maps overlap at {', '.join(clash[:6])}{' and more' if len(clash) > 6 else ''}: "
                        "merge at another offset")
    renames = merge_renames(target, other)
    patch = MapPatch()
    ren = lambda coll, rid: rid if rid is None else renames.get((coll, rid), rid)  # noqa: E731
    patch.records += [("islands", replace(i, id=ren("islands", i.id))) for i in other.islands.values()]
    patch.records += [("regions", replace(r, id=ren("regions", r.id))) for r in other.regions.values()]
    patch.records += [("areas", replace(a, id=ren("areas", a.id), region=ren("regions", a.region),
                                        island=ren("islands", a.island))) for a in other.areas.values()]
    patch.records += [("sides", sd) for sid, sd in other.sides.items() if sid not in target.sides]
    patch.records += [("pieces", replace(p, id=ren("pieces", p.id), cell=None if p.cell is None else at(p.cell)))
                      for p in other.pieces.values()]
    for c in sorted(used):
        patch.terrain[at(c)] = other.terrain[c]
        if other.cell_area[c] is not None:
            patch.areas[at(c)] = ren("areas", other.cell_area[c])
    patch.edges = {tuple(sorted((at(a), at(b)))): f for (a, b), f in other.edges.items()}  # type: ignore[misc]
    patch.features = [replace(f, cell=at(f.cell)) for f in other.features]
    patch.cell_props = {at(c): p for c, p in other.cell_props.items()}
    patch.setup_zones = {side: frozenset(at(c) for c in z) for side, z in other.setup_zones.items()}
    work = target
    if grow is not None:
        work = target.copy()
        grow.apply(work)
    edits = ([grow] if grow else []) + patch_edits(work, patch)
    return Compound(tuple(edits), "Merge map"), renames


__all__ = ["ResizeMap", "RestoreMap", "MapState", "MapPatch", "resize_map", "grow_to_fit", "patch_edits", "lay_patch",
           "merge_map", "merge_renames", "offset_between", "centre_at"]
