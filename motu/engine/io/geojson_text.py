"""The GeoJSON export's cell features as JSON text, written fast: a map of 100,000 cells in a tenth of a second.

Scope: turning every cell's ring of corners and its properties into the text json.dumps
would write for its Feature (geojson.py decides what the features say). json.dumps of
100,000 small features costs ten times more; so does formatting every corner. On a hex or
square map a cell's corner x-coordinates depend only on its column (and, for pointy hexes,
on the row's parity) and its y-coordinates only on its row (and, for flat hexes, the
column's parity): each number is formatted once, and every row of the map is one join of
ready-made strings. Coordinates are checked to be exactly so before the short cut is taken.
"""
from __future__ import annotations

import json
from typing import Sequence

import numpy as np

from motu.engine.board.grids import Grid

HEAD = '{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[['
LABEL = ']]]},"properties":{"motu":"cell","cell":'
_float = float.__repr__  # what json.dumps writes for a finite float


def _dump(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def cells_text(grid: Grid, rings: np.ndarray, labels: Sequence[str] | None, tails: list[str]) -> list[str]:
    """Chunks of text whose concatenation is every cell's Feature, one to a line, separated
    by ",\\n". `rings`: (cells, k, 2) closed rings in output coordinates; `tails`: each cell's
    properties after its label, closing the Feature; `labels`: the cells' labels (None on a
    hex or square grid, whose labels are its column and row)."""
    if len(rings) == 0:
        return []
    if grid.lattice:
        rows = _rows_text(grid, rings, tails)
        if rows is not None:
            return rows
        labels = [grid.label(c) for c in range(grid.size)]
    return [_parts_text(rings, labels, tails)]


def points_text(xy: np.ndarray) -> list[str]:
    """Each point of an (n, 2) array as JSON text, "[x,y]": each distinct coordinate formatted once."""
    axes = []
    for axis in (0, 1):
        values, inverse = np.unique(xy[:, axis], return_inverse=True)
        axes.append(np.array([_float(v) for v in values.tolist()], dtype=object)[inverse.ravel()].tolist())
    return [f"[{x},{y}]" for x, y in zip(*axes)]


def _rows_text(grid: Grid, rings: np.ndarray, tails: list[str]) -> list[str] | None:
    """One string per map row, or None when the corners do not repeat by column and row."""
    n, k = rings.shape[:2]
    parts = grid.label_parts()  # a label is its column's part then its row's: 03 + 04, 3, + 4
    if parts is None:
        return None
    columns, rows = grid.columns, grid.rows
    cells = np.arange(n)
    col, row = cells % columns, cells // columns
    xkey, ykey = 2 * col + (row & 1), 2 * row + (col & 1)
    x, y = rings[:, :, 0], rings[:, :, 1]
    xrep = np.zeros(2 * columns, dtype=np.int64)
    yrep = np.zeros(2 * rows, dtype=np.int64)
    xrep[xkey], yrep[ykey] = cells, cells  # a cell of each key (the last one written)
    if not (np.array_equal(x, x[xrep[xkey]]) and np.array_equal(y, y[yrep[ykey]])):
        return None
    cols_label, rows_label = parts[0], [f'{r}"' for r in parts[1]]  # the row's part closes the label
    # A cell is 2k + 4 strings: ",\n" + HEAD, then x and ",y],[" k times (the last y closing
    # the geometry and opening the label), the column's and the row's part of the label, the tail.
    step = 2 * k + 4
    xs = x[xrep].tolist()
    base = []
    for parity in (0, 1):  # the column-dependent strings, for even and odd rows
        line: list[str | None] = [None] * (step * columns)
        for c in range(columns):
            at = c * step
            line[at] = ",\n" + HEAD
            line[at + 1:at + 2 * k:2] = [_float(v) for v in xs[2 * c + parity]]
            line[at + 2 * k + 1] = cols_label[c]
        base.append(line)
    ys = y[yrep].tolist()
    yparts = [[f",{_float(v)}],[" for v in ys[key][:-1]] + [f",{_float(ys[key][-1])}{LABEL}\""]
              for key in range(2 * rows)]
    half, odd = divmod(columns, 2)
    out = []
    for r in range(rows):
        line = base[r & 1][:]
        even_y, odd_y = yparts[2 * r], yparts[2 * r + 1]
        for i in range(k):
            line[2 + 2 * i::step] = [even_y[i], odd_y[i]] * half + [even_y[i]] * odd
        line[2 * k + 2::step] = [rows_label[r]] * columns
        line[2 * k + 3::step] = tails[r * columns:(r + 1) * columns]
        out.append("".join(line))
    out[0] = out[0][2:]  # no separator before the first feature
    return out


def _parts_text(rings: np.ndarray, labels: Sequence[str], tails: list[str]) -> str:
    """Any grid: each distinct coordinate formatted once, the pieces of all cells joined in one go."""
    n, k = rings.shape[:2]
    parts = np.empty((n, 4 * k + 3), dtype=object)
    parts[:, 0] = ",\n" + HEAD
    for axis in (0, 1):  # corner i: x at 1 + 4i, y at 3 + 4i
        values, inverse = np.unique(rings[:, :, axis], return_inverse=True)
        text = np.array([_float(v) for v in values.tolist()], dtype=object)
        parts[:, 1 + 2 * axis:4 * k:4] = text[inverse.reshape(n, k)]
    parts[:, 2:4 * k:4] = ","
    parts[:, 4:4 * k:4] = "],["
    parts[:, 4 * k] = LABEL
    parts[:, 4 * k + 1] = np.array([_dump(x) for x in labels], dtype=object)
    parts[:, 4 * k + 2] = np.array(tails, dtype=object)
    parts[0, 0] = HEAD
    return "".join(parts.ravel().tolist())
