"""Suggested areas for an island drafted from a coastline: wedges from its centre, or the
cells round named villages, made into connected pieces.

Scope: cutting a set of land cells into areas, in the grid's layout units (y pointing south;
bearings are compass bearings, 0 north, 90 east). Tahiti's districts run from the coast up to
the mountain centre, so wedges round a centre suit a high island: either `count` wedges of
equal size, or wedges that begin at named points on the coast, clockwise. Around named village
points each cell goes to the nearest village (Voronoi cells cut to the land). Cutting on a hex
grid leaves the odd stray cell of one area among another's; `make_connected` gives each stray
piece to the neighbour it shares most sides with. Everything is deterministic.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from motu.engine.board.graph import components
from motu.engine.board.grids import Grid

Point = tuple[float, float]
COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]


def bearing(frm: Point, to: Point) -> float:
    """Compass bearing in degrees from one layout point to another (layout y points south)."""
    return math.degrees(math.atan2(to[0] - frm[0], frm[1] - to[1])) % 360


def bearings(centre: Point, xy: np.ndarray) -> np.ndarray:
    return np.degrees(np.arctan2(xy[:, 0] - centre[0], centre[1] - xy[:, 1])) % 360


def wedges(xy: np.ndarray, cells: Sequence[int], centre: Point, starts: Sequence[tuple[str, Point]]) -> dict[int, str]:
    """Each of `cells` (centres in `xy`) to the area whose sector, seen from `centre`, holds it;
    `starts` lists (area, point where its sector begins), clockwise in any rotation."""
    if not starts or not len(cells):
        return {}
    bs = [bearing(centre, p) for _, p in starts]
    first = bs[0]
    offs = [(b - first) % 360 for b in bs]
    if offs != sorted(offs):
        raise ValueError("the district boundaries are not in clockwise order round the centre")
    cells = np.asarray(cells, dtype=np.int64)
    off = (bearings(centre, xy[cells]) - first) % 360
    pick = np.searchsorted(np.array(offs), off, side="right") - 1
    names = [a for a, _ in starts]
    return dict(zip(cells.tolist(), (names[i] for i in pick.tolist())))


def clockwise(centre: Point, named: Sequence[tuple[str, Point]]) -> list[tuple[str, Point]]:
    """`named` points sorted clockwise from north round `centre`."""
    return sorted(named, key=lambda np_: (bearing(centre, np_[1]), np_[0]))


def equal_wedges(xy: np.ndarray, cells: Sequence[int], centre: Point, count: int) -> list[tuple[float, list[int]]]:
    """`count` wedges round `centre` holding (as near as can be) the same number of cells:
    (bearing of the wedge's middle, its cells), clockwise from the first after north."""
    cells = list(cells)
    if not cells or count < 1:
        return []
    count = min(count, len(cells))
    b = bearings(centre, xy[cells])
    order = np.lexsort((np.array(cells), b))
    # Start the cut in the widest gap between neighbouring cells' bearings, so that no wedge
    # straddles it needlessly; then cut the sorted ring into equal runs.
    sb = b[order]
    gaps = np.diff(np.append(sb, sb[0] + 360))
    start = int((np.argmax(gaps) + 1) % len(sb))
    ring = np.roll(order, -start)
    chunks = np.array_split(ring, count)
    out = []
    for chunk in chunks:
        part = [cells[i] for i in chunk.tolist()]
        angles = np.radians(b[chunk])
        middle = math.degrees(math.atan2(np.sin(angles).mean(), np.cos(angles).mean())) % 360
        out.append((middle, part))
    return sorted(out, key=lambda w: w[0])


def compass_names(middles: Sequence[float]) -> list[str]:
    """A compass word for each wedge (north, south-east, ...), numbered where two share one."""
    words = [COMPASS[int(((m + 22.5) % 360) // 45)] for m in middles]
    seen: dict[str, int] = {}
    for w in words:
        seen[w] = seen.get(w, 0) + 1
    count: dict[str, int] = {}
    out = []
    for w in words:
        if seen[w] > 1:
            count[w] = count.get(w, 0) + 1
            out.append(f"{w} {count[w]}")
        else:
            out.append(w)
    return out


def nearest_place(xy: np.ndarray, cells: Sequence[int], places: Sequence[tuple[str, Point]]) -> dict[int, str]:
    """Each cell to the nearest named point (ties: the first named): Voronoi cells on the land."""
    if not places:
        return {}
    pts = np.array([p for _, p in places], dtype=float)
    cxy = xy[list(cells)]
    d = ((cxy[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2)
    pick = np.argmin(d, axis=1)
    return {c: places[int(k)][0] for c, k in zip(cells, pick.tolist())}


def nearest_cell(xy: np.ndarray, cells: Sequence[int], p: Point) -> int:
    """The cell among `cells` whose centre is nearest `p` (ties: the lowest cell)."""
    cells = np.asarray(cells, dtype=np.int64)
    d = (xy[cells, 0] - p[0]) ** 2 + (xy[cells, 1] - p[1]) ** 2
    return int(cells[np.lexsort((cells, d))[0]])


def make_connected(grid: Grid, cell_area: list[str | None], pinned: frozenset[int] | set[int] = frozenset()) -> None:
    """Give every stray piece of an area (not its largest) to the neighbouring area it shares
    most sides with, until each area is one piece. `pinned` cells (rivers, sites) never move."""
    ids = sorted({a for a in cell_area if a is not None})
    code = {a: i for i, a in enumerate(ids)}
    nb = grid.neighbour_array
    for _ in range(50):
        codes = np.array([-1 if a is None else code[a] for a in cell_area])
        labels = components(grid, codes)
        moved = False
        for a in ids:
            cells = np.flatnonzero(codes == code[a])
            comps, counts = np.unique(labels[cells], return_counts=True)
            if len(comps) < 2:
                continue
            # Keep the biggest piece (ties: the one holding a pinned cell, then the first).
            keep = max(comps, key=lambda k: (counts[list(comps).index(k)],
                                             any(c in pinned for c in cells[labels[cells] == k]), -k))
            for c in cells[labels[cells] != keep]:
                if c in pinned:
                    continue
                votes: dict[str, int] = {}
                for n in nb[c].tolist():
                    other = cell_area[n] if n >= 0 else None
                    if other is not None and other != a:
                        votes[other] = votes.get(other, 0) + 1
                if votes:
                    cell_area[c] = max(sorted(votes), key=lambda k: votes[k])
                    moved = True
        if not moved:
            return
    raise RuntimeError("areas did not settle into connected pieces")


__all__ = ["bearing", "bearings", "wedges", "clockwise", "equal_wedges", "compass_names", "nearest_place",
           "nearest_cell", "make_connected"]
