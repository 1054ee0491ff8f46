"""Hex grids: flat or pointy, any of the four offset layouts, labelled CCRR."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .grid import GridError, _label_width, _RectGrid
from .hexmath import (
    LAYOUT_FLAT, LAYOUT_POINTY, OFFSETS, Hex, Layout, axial_to_offset, hex_distance, hex_linedraw,
    hex_ring, hex_round, hex_to_pixel, offset_to_axial, pixel_to_hex, polygon_corners,
)

_SQRT3 = math.sqrt(3)


class HexGrid(_RectGrid):
    shape = "hex"
    across = _SQRT3
    cell_word, cells_word = "hex", "hexes"
    numbering = "Hex number: column, then row"
    labels_need_quotes = True

    def __init__(self, columns: int, rows: int, orientation: str = "flat", offset: str | None = None):
        super().__init__(columns, rows)
        if orientation not in ("flat", "pointy"):
            raise GridError(f"hex orientation must be flat or pointy, not {orientation!r}")
        offset = offset or ("odd-q" if orientation == "flat" else "odd-r")
        if offset not in OFFSETS:
            raise GridError(f"hex offset must be one of {', '.join(OFFSETS)}, not {offset!r}")
        if (orientation == "flat") != offset.endswith("q"):
            raise GridError(f"{orientation} hexes use {'odd-q or even-q' if orientation == 'flat' else 'odd-r or even-r'} offsets, not {offset}")
        self.orientation = orientation
        self.offset = offset
        self.layout = Layout(LAYOUT_FLAT if orientation == "flat" else LAYOUT_POINTY, (1.0, 1.0), (0.0, 0.0))
        self._cw = _label_width(columns)
        self._rw = _label_width(rows)
        self._lw = self._cw + self._rw
        self._row_scale = 10 ** self._rw

    def to_dict(self) -> dict[str, Any]:
        return {"shape": "hex", "orientation": self.orientation, "offset": self.offset,
                "columns": self.columns, "rows": self.rows}

    def label(self, cell: int) -> str:
        col, row = self.col_row(cell)
        return f"{col + 1:0{self._cw}d}{row + 1:0{self._rw}d}"

    def parse_label(self, text: str) -> int:
        # The label as Motu writes it, read with one int(): a scenario holds tens of thousands.
        if len(text) == self._lw and text.isdigit() and text.isascii():
            col, row = divmod(int(text), self._row_scale)
            if 0 < col <= self.columns and 0 < row <= self.rows:
                return (row - 1) * self.columns + col - 1
        t = text.strip()
        if not (t.isascii() and t.isdigit()) or len(t) != self._lw:
            raise GridError(f"{text!r} is not a hex label of this map (column then row, {self._cw}+{self._rw} digits, as {self.label(0)})")
        cell = self.cell(int(t[: self._cw]) - 1, int(t[self._cw:]) - 1)
        if cell is None:
            raise GridError(f"hex {text} is off the map ({self.columns} columns, {self.rows} rows)")
        return cell

    def labels(self) -> list[str]:
        # CCRR for every cell in one pass (label() per cell costs ten times more).
        fmt = f"%0{self._cw}d%0{self._rw}d"
        return [fmt % (c + 1, r + 1) for r in range(self.rows) for c in range(self.columns)]

    def label_parts(self) -> tuple[list[str], list[str]]:
        return ([f"{c + 1:0{self._cw}d}" for c in range(self.columns)],
                [f"{r + 1:0{self._rw}d}" for r in range(self.rows)])

    def label_anchor(self) -> tuple[float, float, float, float, str]:
        if self.orientation == "flat":  # under the top flat side
            return 0.0, 0.0, -1.0, 1.15, "middle"
        return 0.0, 0.0, -0.62, 0.9, "middle"  # below the top corner

    def axial(self, cell: int) -> Hex:
        col, row = self.col_row(cell)
        return offset_to_axial(col, row, self.offset)

    def cell_of_hex(self, h: Hex) -> int | None:
        col, row = axial_to_offset(h, self.offset)
        return self.cell(col, row)

    def distance(self, a: int, b: int) -> int:
        return hex_distance(self.axial(a), self.axial(b))

    def center(self, cell: int) -> tuple[float, float]:
        return hex_to_pixel(self.layout, self.axial(cell))

    def polygon(self, cell: int) -> list[tuple[float, float]]:
        return polygon_corners(self.layout, self.axial(cell))

    def cell_at(self, x: float, y: float) -> int | None:
        return self.cell_of_hex(hex_round(pixel_to_hex(self.layout, x, y)))

    # --- shapes of cells (Red Blob's hex_linedraw and hex_ring, kept to the map) ------------

    def line(self, a: int, b: int) -> list[int]:
        out = [self.cell_of_hex(h) for h in hex_linedraw(self.axial(a), self.axial(b))]
        return [c for c in out if c is not None]

    def ring(self, centre: int, radius: int) -> list[int]:
        out = [self.cell_of_hex(h) for h in hex_ring(self.axial(centre), radius)]
        return [c for c in out if c is not None]

    def coords(self, cell: int) -> tuple[int, int]:
        h = self.axial(cell)
        return h.q, h.r

    def at_coords(self, x: int, y: int) -> int | None:
        return self.cell_of_hex(Hex(x, y))

    # --- the lattice ------------------------------------------------------------------------

    def _layout_key(self) -> tuple:
        return self.orientation, self.offset

    def resized(self, columns: int, rows: int) -> "HexGrid":
        return HexGrid(columns, rows, self.orientation, self.offset)

    @property
    def resize_step(self) -> tuple[int, int]:
        return (2, 1) if self.orientation == "flat" else (1, 2)

    def offset_centre(self, col: int, row: int) -> tuple[float, float]:
        return hex_to_pixel(self.layout, offset_to_axial(col, row, self.offset))

    def offset_at(self, x: float, y: float) -> tuple[int, int]:
        return axial_to_offset(hex_round(pixel_to_hex(self.layout, x, y)), self.offset)

    @property
    def pitch(self) -> tuple[float, float]:
        return (1.5, _SQRT3) if self.orientation == "flat" else (_SQRT3, 1.5)

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        dx, dy = self.pitch
        return math.floor(x0 / dx), math.floor(y0 / dy), math.ceil(x1 / dx), math.ceil(y1 / dy)

    @property
    def reach(self) -> float:
        return 1.0

    @property
    def cell_area(self) -> float:
        return 1.5 * _SQRT3

    def axial_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        cells = np.arange(self.size, dtype=np.int64)
        col, row = cells % self.columns, cells // self.columns
        odd = self.offset.startswith("odd")
        if self.offset.endswith("q"):
            q = col
            r = row - ((col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2)
        else:
            r = row
            q = col - ((row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2)
        return q, r

    def _neighbour_array(self) -> np.ndarray:
        q, r = self.axial_arrays()
        out = np.full((self.size, 6), -1, dtype=np.int32)
        odd = self.offset.startswith("odd")
        for k, (dq, dr) in enumerate(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))):
            nq, nr = q + dq, r + dr
            if self.offset.endswith("q"):
                col = nq
                row = nr + ((nq - (nq & 1)) // 2 if odd else (nq + (nq & 1)) // 2)
            else:
                row = nr
                col = nq + ((nr - (nr & 1)) // 2 if odd else (nr + (nr & 1)) // 2)
            ok = (col >= 0) & (col < self.columns) & (row >= 0) & (row < self.rows)
            out[ok, k] = (row * self.columns + col)[ok]
        return out
