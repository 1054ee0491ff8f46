"""The geometry of laying a coastline on a grid, fast enough for 100,000 cells and a coastline
of thousands of points.

Scope: which cells a polygon's boundary passes near, the exact distance from cell centres to a
polygon's boundary (the stand-in for height), the share of each cell that is land, and the
window of cells covering a box. All in the grid's layout units (hex size 1, y pointing south).
"""
from __future__ import annotations


import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from motu.engine.board.geometry import cell_polygons, cells_at_points
from motu.engine.board.grids import Grid

BRUTE_FORCE_SEGMENTS = 64  # up to this many boundary segments, every point is measured to each


def _segments(shape: BaseGeometry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The boundary's segments a[i] -> b[i], ring after ring, and for each vertex a[i] the
    segment that ends at it (the ring's last for its first)."""
    polys = [g for g in shapely.get_parts(shape) if g.geom_type == "Polygon"]
    a_list, b_list, prev = [np.empty((0, 2))], [np.empty((0, 2))], [np.empty(0, dtype=np.int64)]
    n = 0
    for ring in shapely.get_rings(polys) if polys else []:
        c = shapely.get_coordinates(ring)
        m = len(c) - 1
        if m < 1:
            continue
        a_list.append(c[:-1])
        b_list.append(c[1:])
        prev.append(n + (np.arange(m) - 1) % m)
        n += m
    return np.concatenate(a_list), np.concatenate(b_list), np.concatenate(prev)


def near_boundary(grid: Grid, shape: BaseGeometry, reach: float = 1.0) -> np.ndarray:
    """A boolean mask holding every cell whose centre lies within `reach` (at most a hex's
    size) of the boundary, and a few more: the cells of points every quarter unit along it,
    and their neighbours."""
    a, b, _ = _segments(shape)
    if len(a) == 0:
        return np.zeros(grid.size, dtype=bool)
    steps = np.maximum(1, np.ceil(np.hypot(*(b - a).T) / 0.25)).astype(np.int64)
    seg = np.repeat(np.arange(len(a)), steps)
    t = (np.arange(len(seg)) - np.repeat(np.cumsum(steps) - steps, steps)) / np.repeat(steps, steps)
    pts = a[seg] + (b - a)[seg] * t[:, None]
    hit = np.unique(cells_at_points(grid, pts[:, 0], pts[:, 1]))
    hit = hit[hit >= 0]
    mask = np.zeros(grid.size, dtype=bool)
    mask[hit] = True
    nb = grid.neighbour_array[hit].ravel()
    mask[nb[nb >= 0]] = True
    return mask


def boundary_distance(shape: BaseGeometry, xy: np.ndarray, k: int = 8) -> np.ndarray:
    """Exact distance from each point to the shape's boundary. For long coastlines, the
    segments next to the k nearest vertices, proven to hold the nearest segment when the k-th
    vertex is farther than sqrt(best^2 + longest segment^2); GEOS for the rest. For many
    points far inland, depth_bounds first, and this only where the bounds do not decide."""
    a, b, prev = _segments(shape)
    if len(a) == 0:
        return np.full(len(xy), np.inf)
    ab = b - a
    len2 = (ab * ab).sum(axis=1)
    len2[len2 == 0] = 1e-300

    def seg_dist(p: np.ndarray, idx: np.ndarray) -> np.ndarray:  # p (n, 2), idx (n, m)
        pa = p[:, None, :] - a[idx]
        t = np.clip((pa * ab[idx]).sum(axis=2) / len2[idx], 0.0, 1.0)
        d = pa - t[..., None] * ab[idx]
        return np.sqrt((d * d).sum(axis=2)).min(axis=1)

    n = len(a)
    out = np.empty(len(xy))
    if n <= BRUTE_FORCE_SEGMENTS:
        for i in range(0, len(xy), 8192):
            p = xy[i:i + 8192]
            out[i:i + 8192] = seg_dist(p, np.broadcast_to(np.arange(n), (len(p), n)))
        return out
    from scipy.spatial import cKDTree
    k = min(k, n)
    dv, iv = cKDTree(a).query(xy, k=k)
    cand = np.concatenate([iv, prev[iv]], axis=1)
    best = seg_dist(xy, cand)
    # The nearest segment has an end within sqrt(d^2 + L^2) of the point (L: its length): if
    # the k-th vertex is farther than that, every such end, and so that segment, was looked at.
    doubt = np.flatnonzero(dv[:, -1] <= np.sqrt(best * best + len2.max()))
    if len(doubt) and k < n:
        boundary = shape.boundary
        shapely.prepare(boundary)
        best[doubt] = shapely.distance(shapely.points(xy[doubt]), boundary)
    return best


def depth_bounds(shape: BaseGeometry, xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Bounds (low, high) on each point's distance to the boundary, cheaply: the nearest vertex
    is `high` away, and the nearest boundary point is within half the longest segment of a
    vertex. Exact (low == high) for short coastlines."""
    a, b, _ = _segments(shape)
    if len(a) <= BRUTE_FORCE_SEGMENTS:
        d = boundary_distance(shape, xy)
        return d, d
    from scipy.spatial import cKDTree
    high, _ = cKDTree(a).query(xy, k=1)
    return high - np.sqrt(((b - a) ** 2).sum(axis=1).max()) / 2, high


def land_fraction(grid: Grid, land: BaseGeometry, xy: np.ndarray, inside: np.ndarray,
                  near: np.ndarray, near_dist: np.ndarray, tile: float = 12.0) -> np.ndarray:
    """How much of each cell is land (0-1): 1 or 0 by its centre where the coastline is more
    than a cell's reach away, else the exact share (`near`: cells, `near_dist`: their distance
    to the coastline). Each cell is cut against the piece of coast round it (tiles of `tile`
    units), not the whole coastline."""
    frac = inside.astype(float)
    crossed = near[near_dist < grid.reach]  # the cell reaches the coast
    if not len(crossed):
        return frac
    cell_area = grid.cell_area
    polys = cell_polygons(grid, crossed)
    cxy = xy[crossed]
    keys = np.floor(cxy / tile).astype(np.int64)
    order = np.lexsort((keys[:, 1], keys[:, 0]))
    keys, starts = np.unique(keys[order], axis=0, return_index=True)
    for (i, j), lo, hi in zip(keys.tolist(), starts.tolist(), list(starts[1:]) + [len(order)]):
        piece = shapely.clip_by_rect(land, i * tile - 2, j * tile - 2, (i + 1) * tile + 2, (j + 1) * tile + 2)
        group = order[lo:hi]
        frac[crossed[group]] = shapely.area(shapely.intersection(polys[group], piece)) / cell_area
    return frac


__all__ = ["near_boundary", "boundary_distance", "depth_bounds", "land_fraction"]
