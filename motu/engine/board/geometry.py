"""Cells as shapes: shapely polygons for outlines, hit tests and area selection.

Scope: the plane geometry of a grid in the grid's own units (hex size 1,
squares 1x1, spaces as unit squares) — a cell's polygon, the outline of a set
of cells, the cells inside a drawn polygon. Screen transforms are the editor's.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from .grids import Grid, HexGrid, SquareGrid
from .hexmath import hex_corner_offset

# Hex corners are computed per cell in floating point, so neighbours' shared
# corners can differ in the last bits; rounding to this many decimals makes
# them identical without visibly moving anything.
_DECIMALS = 7


def cell_polygon(grid: Grid, cell: int) -> Polygon:
    return Polygon(grid.polygon(cell))


def cell_at(grid: Grid, x: float, y: float) -> int | None:
    return grid.cell_at(x, y)


def cell_centres(grid: Grid) -> np.ndarray:
    """(size, 2) array of every cell centre, vectorised for hex and square grids."""
    if isinstance(grid, HexGrid):
        q, r = grid.axial_arrays()
        m, (sx, sy), (ox, oy) = grid.layout.orientation, grid.layout.size, grid.layout.origin
        x = (m.f0 * q + m.f1 * r) * sx + ox
        y = (m.f2 * q + m.f3 * r) * sy + oy
        return np.stack([x, y], axis=1).astype(float)
    if isinstance(grid, SquareGrid):
        cells = np.arange(grid.size)
        return np.stack([cells % grid.columns + 0.5, cells // grid.columns + 0.5], axis=1).astype(float)
    return np.array([grid.center(c) for c in range(grid.size)], dtype=float).reshape(-1, 2)


def cell_polygons(grid: Grid, cells: Iterable[int]) -> np.ndarray:
    """shapely Polygons of `cells`, as a numpy object array, built in one call."""
    idx = np.fromiter(cells, dtype=np.int64)
    if isinstance(grid, HexGrid):
        offsets = np.array([hex_corner_offset(grid.layout, i) for i in range(6)])
        coords = cell_centres(grid)[idx][:, None, :] + offsets[None, :, :]
    elif isinstance(grid, SquareGrid):
        col, row = (idx % grid.columns).astype(float), (idx // grid.columns).astype(float)
        coords = np.stack([np.stack([col, row], 1), np.stack([col + 1, row], 1),
                           np.stack([col + 1, row + 1], 1), np.stack([col, row + 1], 1)], axis=1)
    else:
        return np.array([cell_polygon(grid, c) for c in idx.tolist()] or [], dtype=object)
    return shapely.polygons(coords)


def cell_corners(grid: Grid, cells: np.ndarray) -> np.ndarray:
    """(len(cells), k, 2) corners of hex or square cells in layout units, in the order of
    grid.polygon, computed in one go (shapely polygons cost ten times more)."""
    base, offsets = corner_parts(grid)
    return base[cells][:, None, :] + offsets[None, :, :]


def corner_parts(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """(base point of every cell, offset of each corner from it) on a hex or square grid: corner i
    of cell c is base[c] + offsets[i], the same sums cell_corners makes."""
    if isinstance(grid, HexGrid):
        return cell_centres(grid), np.array([hex_corner_offset(grid.layout, i) for i in range(6)])
    cells = np.arange(grid.size)
    base = np.stack([cells % grid.columns, cells // grid.columns], axis=1).astype(float)
    return base, np.array([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])


def cells_outline(grid: Grid, cells: Iterable[int]) -> Polygon | MultiPolygon:
    """The union of the cells' polygons: one Polygon for a connected area
    (holes where it surrounds cells not in it), a MultiPolygon otherwise
    (parts may touch at a corner), an empty Polygon for no cells.

    Rather than unioning polygons (8 s for 100k hexes), take the sides between
    a cell in the set and one outside it and polygonize those (0.5 s)."""
    idx = np.unique(np.fromiter(cells, dtype=np.int64))
    if len(idx) == 0:
        return Polygon()
    polys = cell_polygons(grid, idx)
    if not isinstance(grid, (HexGrid, SquareGrid)):
        return shapely.union_all(polys)  # type: ignore[return-value]
    coords = shapely.get_coordinates(polys).reshape(len(idx), -1, 2)  # rings repeat their first point
    nb = grid.neighbour_array
    inside = np.zeros(grid.size, dtype=bool)
    inside[idx] = True
    segments = []
    for side, slot in enumerate(_side_slots(grid)):
        if slot is None:
            border = np.ones(len(idx), dtype=bool)
        else:
            other = nb[idx, slot]
            border = (other < 0) | ~inside[np.where(other >= 0, other, 0)]
        segments.append(np.stack([coords[border, side], coords[border, side + 1]], axis=1))
    # Shared corners computed from different cells differ in the last bits.
    lines = shapely.linestrings(np.round(np.concatenate(segments), _DECIMALS))
    faces = shapely.get_parts(shapely.polygonize(lines))
    # Polygonizing also yields the holes as faces: keep those made of cells in the set.
    points = shapely.get_coordinates(shapely.point_on_surface(faces))
    keep = [face for face, (x, y) in zip(faces, points)
            if (c := grid.cell_at(x, y)) is not None and inside[c]]
    return keep[0] if len(keep) == 1 else MultiPolygon(keep)


def _side_slots(grid: Grid) -> list[int | None]:
    """For each side of a cell polygon, the neighbour_array column of the cell
    across it (None when the map is too small to have such a neighbour).
    The mapping is the same for every cell of a hex or square grid."""
    nb = grid.neighbour_array
    centres = cell_centres(grid)
    steps = []
    for slot in range(nb.shape[1]):
        have = np.flatnonzero(nb[:, slot] >= 0)
        steps.append(centres[nb[have[0], slot]] - centres[have[0]] if len(have) else None)
    ring = np.array(grid.polygon(0))
    centre = centres[0]
    out: list[int | None] = []
    for side in range(len(ring)):
        across = ring[side] + ring[(side + 1) % len(ring)] - 2 * centre  # twice the side's midpoint offset
        out.append(next((slot for slot, step in enumerate(steps)
                         if step is not None and np.allclose(step, across, atol=1e-6)), None))
    return out


def cells_in_polygon(grid: Grid, polygon: BaseGeometry) -> list[int]:
    """Cells whose centre lies inside `polygon` (boundary excluded), in cell order."""
    xy = cell_centres(grid)
    inside = shapely.contains_xy(polygon, xy[:, 0], xy[:, 1])
    return np.flatnonzero(inside).tolist()


def cells_at_points(grid: Grid, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The cell under each point (layout units), -1 off the map: the vectorised `grid.cell_at`."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if isinstance(grid, SquareGrid):
        col = np.floor(x).astype(np.int64)
        row = np.floor(y).astype(np.int64)
    elif isinstance(grid, HexGrid):
        m = grid.layout.orientation
        q = m.b0 * x + m.b1 * y
        r = m.b2 * x + m.b3 * y
        s = -q - r
        qi, ri, si = np.round(q), np.round(r), np.round(s)
        dq, dr, ds = np.abs(qi - q), np.abs(ri - r), np.abs(si - s)
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        qi = np.where(fix_q, -ri - si, qi)
        ri = np.where(fix_r, -qi - si, ri)
        q, r = qi.astype(np.int64), ri.astype(np.int64)
        odd = grid.offset.startswith("odd")
        if grid.offset.endswith("q"):
            col = q
            row = r + ((q - (q & 1)) // 2 if odd else (q + (q & 1)) // 2)
        else:
            row = r
            col = q + ((r - (r & 1)) // 2 if odd else (r + (r & 1)) // 2)
    else:
        out = np.full(x.shape, -1, dtype=np.int64)
        for i, (px, py) in enumerate(zip(x.ravel(), y.ravel())):
            c = grid.cell_at(float(px), float(py))
            out.ravel()[i] = -1 if c is None else c
        return out
    inside = (col >= 0) & (col < grid.columns) & (row >= 0) & (row < grid.rows)
    return np.where(inside, row * grid.columns + col, -1)
