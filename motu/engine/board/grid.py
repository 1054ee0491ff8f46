"""What every board is: cells numbered 0..size-1, their labels, neighbours and shapes.

The concrete boards are in hexgrid.py, squaregrid.py and spaces.py; grids.py
builds one from a scenario file's description. Everything else about a map
(terrain, areas, edge features) lives in the scenario; a grid is immutable and
cheap to share. A grid answers every question about its cells — the cells of a
line, a rectangle, a brush, a ring or a flood fill, coordinates that move a shape,
labels, the lattice a map is resized and merged on — so that no caller outside
motu/engine/board/ tests which kind of grid it holds.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from typing import Any, Callable, Iterable

import numpy as np


EDGE_SEPARATOR = "/"
# The largest map Motu makes or reads (docs/format.md, Limits): the editor is measured on a
# 1000x1000 map (bench, issue 13), and the rule sets' checks take about a second there.
MAX_CELLS = 1_000_000


class GridError(ValueError):
    """A grid description or a cell label that does not make sense."""


class Grid(ABC):
    """What every board offers the rest of Motu: callers ask the grid, never test its class."""

    shape: str
    columns: int
    rows: int
    #: True when the cells are columns x rows of a lattice that tiles the plane (hexes, squares):
    #: such a map can be resized, merged, cropped, drafted on, and its cells share borders.
    lattice: bool = False
    #: Layout units across a cell: a hex across its flats (centre to neighbouring centre), a
    #: square's or a space's side. A map's "cell size" in km or mm is measured this way.
    across: float = 1.0
    #: What the cells are called, counting them ("12 × 9 hexes").
    cell_word: str = "space"
    cells_word: str = "spaces"
    #: How a cell's label reads, for a printed map's legend.
    numbering: str = "Space name"
    #: Labels are zero-padded digits, which YAML reads as numbers (losing the zeros) unless quoted.
    labels_need_quotes: bool = False

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

    def shares_side(self, a: int, b: int) -> bool:
        """Whether neighbours a and b meet along a side (where an edge feature lies), not at a corner
        only; linked spaces meet along their link."""
        return True

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

    # --- labels ---------------------------------------------------------------------------

    def labels(self) -> list[str]:
        """Every cell's label, in cell order."""
        return [self.label(c) for c in range(self.size)]

    def label_parts(self) -> tuple[list[str], list[str]] | None:
        """(each column's part, each row's part) when a label is its column's part followed by its
        row's (hex 0304 = "03" + "04", square 3,4 = "3," + "4"); None when labels are names."""
        return None

    def name(self, cell: int) -> str:
        """A cell's own name, shown beside its label (a named space), or ""."""
        return ""

    def label_anchor(self) -> tuple[float, float, float, float, str]:
        """Where a printed map puts a cell's label: (a, b, c, d, text anchor) with x = centre x
        + a * half a cell + b * text size, y = centre y + c * half a cell + d * text size."""
        return 0.0, 0.0, 0.78, 0.0, "middle"  # low in the cell

    def text_layout(self) -> tuple[int, int]:
        """(tokens a row, rows) of a layer written one token per cell (the native file's rows)."""
        return self.size, 1

    def link_pairs(self) -> list[tuple[int, int]]:
        """Pairs of cells joined by a drawn link (boards of spaces), in the board's order; cells of a
        lattice share borders instead, and have none."""
        return []

    # --- shapes of cells: what the editor's tools paint -------------------------------------

    def line(self, a: int, b: int) -> list[int]:
        """The cells of a straight line from a to b, in order (a board of spaces: the two ends)."""
        return [a] if a == b else [a, b]

    def rectangle(self, a: int, b: int) -> list[int]:
        """The cells of the box with corners a and b, row by row (a board of spaces: the two ends)."""
        return [a] if a == b else [a, b]

    def footprint(self, centre: int, size: int) -> list[int]:
        """A brush of `size` on `centre`: the cells within size - 1 steps, ring after ring (size 1 is
        one cell). Read from neighbour_array: the editor never builds neighbour_lists, which cost
        hundreds of megabytes on a 1,000,000-cell map."""
        return [c for ring in self._rings(centre, size - 1) for c in ring]

    def ring(self, centre: int, radius: int) -> list[int]:
        """The cells exactly `radius` steps from `centre` (radius 0: the centre), those on the map."""
        *_, last = self._rings(centre, radius)
        return last

    def _rings(self, centre: int, radius: int):
        """The cells 0, 1, … `radius` steps from `centre`, one list a step (a breadth-first search)."""
        nb = self.neighbour_array
        frontier, seen = [centre], {centre}
        yield frontier
        for _ in range(max(0, radius)):
            nxt = []
            for c in frontier:
                for n in nb[c].tolist():
                    if n >= 0 and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
            yield frontier

    def fill(self, start: int, same: Callable[[int], bool]) -> list[int]:
        """The connected cells from `start` for which `same` holds (start always), in cell order:
        a flood fill."""
        nb = self.neighbour_array
        region, frontier = {start}, [start]
        while frontier:
            c = frontier.pop()
            for n in nb[c].tolist():
                if n >= 0 and n not in region and same(n):
                    region.add(n)
                    frontier.append(n)
        return sorted(region)

    def coords(self, cell: int) -> tuple[int, int] | None:
        """Coordinates in which a translation keeps a shape's shape (axial on hexes, column and row
        on squares), for moving shapes about; None where cells cannot move (spaces)."""
        return None

    def at_coords(self, x: int, y: int) -> int | None:
        """The cell at `coords` (x, y), None off the map."""
        return None

    # --- the lattice: columns and rows that go on past the map's edge ------------------------

    def same_lattice(self, other: "Grid") -> bool:
        """Whether `other` lays its cells on the same lattice (same kind and layout), so one map can
        be laid on the other at an offset of columns and rows."""
        return False

    def resized(self, columns: int, rows: int) -> "Grid":
        """A grid of the same kind and layout with other columns and rows."""
        raise GridError(f"a {self.shape} board has no columns and rows to resize")

    @property
    def resize_step(self) -> tuple[int, int]:
        """How many columns and rows at a time may be added on the west and north: 2 where the hex
        offset alternates (odd-q columns, odd-r rows), so that no hex moves by half a hex."""
        return 1, 1

    def offset_centre(self, col: int, row: int) -> tuple[float, float]:
        """Layout position of the centre of (col, row), also off the map (negative, or beyond)."""
        raise GridError(f"a {self.shape} board has no columns and rows")

    def offset_at(self, x: float, y: float) -> tuple[int, int]:
        """The (col, row), maybe off the map, of the cell under layout point (x, y)."""
        raise GridError(f"a {self.shape} board has no columns and rows")

    def window(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        """(col0, row0, col1, row1), maybe off the map, of the cells covering a layout box; col0
        (or row0) rounded down to resize_step so that hexes stay on the same lattice."""
        raise GridError(f"a {self.shape} board has no columns and rows")

    @property
    def pitch(self) -> tuple[float, float]:
        """Layout units from one column to the next and from one row to the next (hexes: the
        columns of flat hexes 1.5 apart, their rows sqrt 3; pointy hexes the other way round)."""
        raise GridError(f"a {self.shape} board has no columns and rows")

    @property
    def reach(self) -> float:
        """Layout units from a cell's centre to its farthest corner."""
        c = self.center(0)
        return max(((x - c[0]) ** 2 + (y - c[1]) ** 2) ** 0.5 for x, y in self.polygon(0))

    @property
    def cell_area(self) -> float:
        """A cell's area in square layout units."""
        p = self.polygon(0)
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(p, p[1:] + p[:1]))) / 2


def _label_width(n: int) -> int:
    return max(2, len(str(n)))


class _RectGrid(Grid):
    """Shared by hex and square grids: row-major cells, column/row labels."""

    lattice = True

    def __init__(self, columns: int, rows: int):
        if not (isinstance(columns, int) and isinstance(rows, int)) or columns < 1 or rows < 1:
            raise GridError(f"a grid needs at least one column and one row, not {columns}x{rows}")
        if columns * rows > MAX_CELLS:
            raise GridError(f"a {columns}x{rows} grid has more than {MAX_CELLS:,} cells")
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

    def text_layout(self) -> tuple[int, int]:
        return self.columns, self.rows

    def rectangle(self, a: int, b: int) -> list[int]:
        """Every cell whose column and row lie between a's and b's (as Tiled's rectangle fill does)."""
        (c0, r0), (c1, r1) = self.col_row(a), self.col_row(b)
        return [r * self.columns + c for r in range(min(r0, r1), max(r0, r1) + 1)
                for c in range(min(c0, c1), max(c0, c1) + 1)]

    def window(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        c0, r0, c1, r1 = self._box(x0, y0, x1, y1)
        sc, sr = self.resize_step
        return c0 - c0 % sc, r0 - r0 % sr, c1, r1

    @abstractmethod
    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        """(col0, row0, col1, row1) of the cells covering a layout box, before rounding to the step."""

    def same_lattice(self, other: Grid) -> bool:
        return type(other) is type(self) and self._layout_key() == other._layout_key()  # type: ignore[attr-defined]

    def _layout_key(self) -> tuple:
        return ()

    def _extent_sample(self) -> Iterable[int]:
        c, r = self.columns, self.rows
        edge_cells = {self.cell(x, y) for x in range(c) for y in (0, 1, r - 2, r - 1) if 0 <= y < r}
        edge_cells |= {self.cell(x, y) for y in range(r) for x in (0, 1, c - 2, c - 1) if 0 <= x < c}
        return sorted(edge_cells)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.to_dict().items())))


