"""What every board is: cells numbered 0..size-1, their labels, neighbours and shapes.

The concrete boards are in hexgrid.py, squaregrid.py and spaces.py; grids.py
builds one from a scenario file's description. Everything else about a map
(terrain, areas, edge features) lives in the scenario; a grid is immutable and
cheap to share.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from typing import Any, Iterable

import numpy as np


EDGE_SEPARATOR = "/"


class GridError(ValueError):
    """A grid description or a cell label that does not make sense."""


class Grid(ABC):
    """What every board offers the rest of Motu."""

    shape: str
    columns: int
    rows: int

    @property
    @abstractmethod
    def size(self) -> int: ...

    @abstractmethod
    def label(self, cell: int) -> str: ...

    @abstractmethod
    def parse_label(self, text: str) -> int:
        """The cell a label names; GridError when it names none."""

    @abstractmethod
    def distance(self, a: int, b: int) -> int: ...

    @abstractmethod
    def center(self, cell: int) -> tuple[float, float]: ...

    @abstractmethod
    def polygon(self, cell: int) -> list[tuple[float, float]]: ...

    @abstractmethod
    def cell_at(self, x: float, y: float) -> int | None: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @abstractmethod
    def _neighbour_array(self) -> np.ndarray: ...

    @cached_property
    def neighbour_array(self) -> np.ndarray:
        """(size, k) int32 array of neighbours, -1 where there is none."""
        arr = self._neighbour_array()
        arr.setflags(write=False)
        return arr

    @cached_property
    def neighbour_lists(self) -> tuple[tuple[int, ...], ...]:
        """Neighbours as plain tuples: the form pure-Python hot loops want."""
        arr = self.neighbour_array
        rows = arr.tolist()
        # Only border cells have -1 padding; filtering just those halves the build time on big maps.
        for i in np.flatnonzero((arr < 0).any(axis=1)).tolist():
            rows[i] = [n for n in rows[i] if n >= 0]
        return tuple(map(tuple, rows))

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return self.neighbour_lists[cell]

    def are_neighbours(self, a: int, b: int) -> bool:
        return 0 <= a < self.size and b in self.neighbour_lists[a]

    def cells(self) -> range:
        return range(self.size)

    def is_cell(self, cell: int) -> bool:
        return 0 <= cell < self.size

    def edge_label(self, a: int, b: int) -> str:
        a, b = sorted((a, b))
        return f"{self.label(a)}{EDGE_SEPARATOR}{self.label(b)}"

    def parse_edge(self, text: str) -> tuple[int, int]:
        parts = text.split(EDGE_SEPARATOR)
        if len(parts) != 2:
            raise GridError(f"edge {text!r} should be two cells joined by '{EDGE_SEPARATOR}', as 0304/0305")
        a, b = (self.parse_label(p.strip()) for p in parts)
        if not self.are_neighbours(a, b):
            raise GridError(f"edge {text!r}: {self.label(a)} and {self.label(b)} are not neighbours")
        return (a, b) if a < b else (b, a)

    def edge_array(self) -> np.ndarray:
        """Every edge once, as an (m, 2) int array with a < b."""
        nb = self.neighbour_array
        u = np.repeat(np.arange(self.size, dtype=np.int32), nb.shape[1])
        v = nb.ravel()
        keep = v > u
        return np.stack([u[keep], v[keep]], axis=1)

    def edge_segment(self, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The stretch of border two neighbouring cells share (for drawing edge features)."""
        pa = self.polygon(a)
        pb = {(round(x, 6), round(y, 6)) for x, y in self.polygon(b)}
        shared = [p for p in pa if (round(p[0], 6), round(p[1], 6)) in pb]
        if len(shared) >= 2:
            return shared[0], shared[1]
        ca, cb = self.center(a), self.center(b)
        mid = ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)
        return mid, mid

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) over every cell polygon."""
        xs, ys = [], []
        for cell in self._extent_sample():
            for x, y in self.polygon(cell):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def _extent_sample(self) -> Iterable[int]:
        return range(self.size)


def _label_width(n: int) -> int:
    return max(2, len(str(n)))


class _RectGrid(Grid):
    """Shared by hex and square grids: row-major cells, column/row labels."""

    def __init__(self, columns: int, rows: int):
        if not (isinstance(columns, int) and isinstance(rows, int)) or columns < 1 or rows < 1:
            raise GridError(f"a grid needs at least one column and one row, not {columns}x{rows}")
        if columns * rows > 4_000_000:
            raise GridError(f"a {columns}x{rows} grid has more than 4,000,000 cells")
        self.columns = columns
        self.rows = rows

    @property
    def size(self) -> int:
        return self.columns * self.rows

    def col_row(self, cell: int) -> tuple[int, int]:
        return cell % self.columns, cell // self.columns

    def cell(self, col: int, row: int) -> int | None:
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return row * self.columns + col
        return None

    def _extent_sample(self) -> Iterable[int]:
        c, r = self.columns, self.rows
        edge_cells = {self.cell(x, y) for x in range(c) for y in (0, 1, r - 2, r - 1) if 0 <= y < r}
        edge_cells |= {self.cell(x, y) for y in range(r) for x in (0, 1, c - 2, c - 1) if 0 <= x < c}
        return sorted(edge_cells)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.to_dict().items())))


