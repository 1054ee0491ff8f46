"""Area boundaries as rings of corners, for every area of a hex or square map at once.

Scope: what the Tiled and GeoJSON exports draw areas with. geometry.cells_outline
polygonizes one set of cells (half a second on 100,000 hexes); exporting 500 areas needs all
their outlines in a fraction of that, so this chains cell sides straight into rings.
"""
from __future__ import annotations

import numpy as np

# _side_slots: which neighbour lies across each side of a cell polygon (shared with cells_outline).
from motu.engine.board.geometry import _side_slots, corner_parts
from motu.engine.board.grids import Grid


# --- outlines ------------------------------------------------------------------------

def area_rings(grid: Grid, codes: np.ndarray) -> list[tuple[int, np.ndarray, bool]]:
    """Boundary rings of every area in layout units: [(area code, (m, 2) ring, outer?)], for
    cells with codes >= 0. Like geometry.cells_outline but for all areas at once and without
    polygonizing: take each side between a cell and a neighbour of another area (sides run
    the same way round every cell), and chain them corner to corner into rings. Outer rings
    wind like a cell; holes the other way."""
    if not grid.lattice or not (codes >= 0).any():
        return []
    cells = np.flatnonzero(codes >= 0)
    base, offsets = corner_parts(grid)
    k = len(offsets)
    nb = grid.neighbour_array
    own = codes[cells]
    border = np.empty((k, len(cells)), dtype=bool)
    for side, slot in enumerate(_side_slots(grid)):
        if slot is None:
            border[side] = True
        else:
            other = nb[cells, slot]
            border[side] = (other < 0) | (codes[np.where(other >= 0, other, 0)] != own)
    # Side by side, each side's cells in cell order: the corners only of the sides that are borders.
    side, at = np.nonzero(border)
    cell = cells[at]
    start, end, area = base[cell] + offsets[side], base[cell] + offsets[(side + 1) % k], own[at]
    n = len(start)
    # Corners shared by neighbours differ in the last bits: key them on a 1e-4 lattice.
    q = np.round(np.concatenate([start, end]) * 1e4).astype(np.int64)
    _, vid = np.unique(q[:, 0] * (1 << 31) + q[:, 1], return_inverse=True)
    vid = vid.ravel().astype(np.int64)
    span = int(vid.max()) + 1
    out_key = area * span + vid[:n]  # (area, start corner) of each side
    in_key = area * span + vid[n:]  # (area, end corner): the next side starts there
    order = np.argsort(out_key, kind="stable")
    pos = np.searchsorted(out_key[order], in_key)
    succ = order[np.minimum(pos, n - 1)]
    if np.bincount(succ, minlength=n).max() > 1:  # squares touching at a corner: chain by hand
        succ = _chain_by_hand(out_key, in_key)
    seq, ring_of, bounds = _cycles(succ)
    # Twice each ring's signed area (shoelace), summed per ring in one call.
    cross = start[:, 0] * end[:, 1] - end[:, 0] * start[:, 1]
    twice = np.bincount(ring_of, weights=cross, minlength=len(bounds) - 1)
    sign = _ring_sign(grid)
    pts = start[seq]
    area_l = area[seq[bounds[:-1]]].tolist()
    bounds = bounds.tolist()
    rings = []
    for r in range(len(bounds) - 1):
        a, b = bounds[r], bounds[r + 1]
        ring = pts[a:b]
        if k == 4:  # squares' sides run straight on from cell to cell
            ring = _drop_straight(ring)
        rings.append((area_l[r], ring, bool(twice[r] * sign > 0)))
    return rings


def _cycles(succ: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cycles of the permutation `succ`, each from its smallest element, in the order of
    those: (the elements cycle after cycle, each element's cycle, where each cycle starts in
    the first and where the last ends). By pointer jumping, in log2(n) rounds of whole-array
    steps rather than one Python step per side."""
    n = len(succ)
    idx = np.arange(n, dtype=np.int64)
    low, jump = idx.copy(), succ.copy()
    rounds = max(1, int(n - 1).bit_length())
    for _ in range(rounds):  # low[i]: the smallest of the 2^k elements from i on
        low = np.minimum(low, low[jump])
        jump = jump[jump]
    last = succ == low  # the step after it closes the cycle
    nxt = np.where(last, idx, succ)
    to_end = (~last).astype(np.int64)
    for _ in range(rounds):  # to_end[i]: steps from i to its cycle's last element
        to_end = to_end + to_end[nxt]
        nxt = nxt[nxt]
    starts, ring_of = np.unique(low, return_inverse=True)
    seq = np.lexsort((to_end[low] - to_end, low))
    bounds = np.concatenate([[0], np.cumsum(to_end[starts] + 1)])
    return seq, ring_of.ravel(), bounds


def _chain_by_hand(out_key: np.ndarray, in_key: np.ndarray) -> np.ndarray:
    outgoing: dict[int, list[int]] = {}
    for i, key in enumerate(out_key.tolist()):
        outgoing.setdefault(key, []).append(i)
    return np.array([outgoing[key].pop() for key in in_key.tolist()], dtype=np.int64)


def _ring_sign(grid: Grid) -> float:
    p = np.array(grid.polygon(0))
    return float(np.sign(np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1])))


def _drop_straight(pts: np.ndarray) -> np.ndarray:
    """Corners where the boundary runs straight on (long sides of square areas) are not corners."""
    prev, nxt = np.roll(pts, 1, axis=0), np.roll(pts, -1, axis=0)
    turn = (pts[:, 0] - prev[:, 0]) * (nxt[:, 1] - pts[:, 1]) - (pts[:, 1] - prev[:, 1]) * (nxt[:, 0] - pts[:, 0])
    return pts[np.abs(turn) > 1e-9]
