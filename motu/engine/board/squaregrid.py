"""Square grids with eight neighbours, labelled C,R, measured as Fire in the Fern §1 says."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .grid import GridError, _RectGrid


class SquareGrid(_RectGrid):
    """Squares with eight neighbours; distance allows one diagonal step (Fire in the Fern §1)."""

    shape = "square"
    cell_word, cells_word = "square", "squares"
    numbering = "Square: column,row"

    def __init__(self, columns: int, rows: int):
        super().__init__(columns, rows)

    def to_dict(self) -> dict[str, Any]:
        return {"shape": "square", "columns": self.columns, "rows": self.rows}

    def label(self, cell: int) -> str:
        col, row = self.col_row(cell)
        return f"{col + 1},{row + 1}"

    def parse_label(self, text: str) -> int:
        parts = text.strip().split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() and p.isascii() for p in parts):
            raise GridError(f"{text!r} is not a square label (column,row counted from 1, as 3,4)")
        cell = self.cell(int(parts[0]) - 1, int(parts[1]) - 1)
        if cell is None:
            raise GridError(f"square {text} is off the map ({self.columns} columns, {self.rows} rows)")
        return cell

    def label_parts(self) -> tuple[list[str], list[str]]:
        return [f"{c + 1}," for c in range(self.columns)], [f"{r + 1}" for r in range(self.rows)]

    def label_anchor(self) -> tuple[float, float, float, float, str]:
        return -1.0, 0.35, -1.0, 1.1, "start"  # the top left corner

    def line(self, a: int, b: int) -> list[int]:
        """Red Blob's line drawing by linear interpolation, one cell a step along the longer axis."""
        (c0, r0), (c1, r1) = self.col_row(a), self.col_row(b)
        n = max(abs(c1 - c0), abs(r1 - r0))
        cells = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            c = self.cell(round(c0 + (c1 - c0) * t), round(r0 + (r1 - r0) * t))
            if c is not None and c not in cells:
                cells.append(c)
        return cells

    def shares_side(self, a: int, b: int) -> bool:
        """Diagonal neighbours meet at a corner only (Fire in the Fern §1: eight neighbours, four sides)."""
        c = self.columns
        return a % c == b % c or a // c == b // c

    def coords(self, cell: int) -> tuple[int, int]:
        return self.col_row(cell)

    def at_coords(self, x: int, y: int) -> int | None:
        return self.cell(x, y)

    def resized(self, columns: int, rows: int) -> "SquareGrid":
        return SquareGrid(columns, rows)

    def offset_centre(self, col: int, row: int) -> tuple[float, float]:
        return col + 0.5, row + 0.5

    def offset_at(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x), math.floor(y)

    @property
    def pitch(self) -> tuple[float, float]:
        return 1.0, 1.0

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return math.floor(x0), math.floor(y0), math.floor(x1), math.floor(y1)

    @property
    def reach(self) -> float:
        return math.sqrt(0.5)

    @property
    def cell_area(self) -> float:
        return 1.0

    def distance(self, a: int, b: int) -> int:
        return square_distance(self.col_row(a), self.col_row(b))

    def center(self, cell: int) -> tuple[float, float]:
        col, row = self.col_row(cell)
        return col + 0.5, row + 0.5

    def polygon(self, cell: int) -> list[tuple[float, float]]:
        col, row = self.col_row(cell)
        return [(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)]

    def cell_at(self, x: float, y: float) -> int | None:
        return self.cell(math.floor(x), math.floor(y))

    def _neighbour_array(self) -> np.ndarray:
        cells = np.arange(self.size, dtype=np.int64)
        col, row = cells % self.columns, cells // self.columns
        out = np.full((self.size, 8), -1, dtype=np.int32)
        steps = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))
        for k, (dc, dr) in enumerate(steps):
            c, r = col + dc, row + dr
            ok = (c >= 0) & (c < self.columns) & (r >= 0) & (r < self.rows)
            out[ok, k] = (r * self.columns + c)[ok]
        return out


def square_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Squares counted with at most one diagonal step, the rest orthogonal (Fire in the Fern §1)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dx and dy:
        return dx + dy - 1
    return dx + dy
