"""Line of sight between two cells of a board.

Scope: whether a straight line from one cell centre to another is blocked by
the cells it crosses, and which cells those are (for drawing). What blocks
(woods, buildings, closed squares) is decided by the caller, which passes one
flag per cell; heights, hindrance and spotting ranges belong to the rules.

- Squares (Fire in the Fern §1): the line runs centre to centre; every square
  whose interior it crosses, other than the two ends, blocks if closed. Where
  the line passes exactly through a grid corner, the two squares meeting there
  on the other diagonal are not crossed, but "line of sight may never pass
  between two closed squares connected on the diagonal": if both are closed,
  the line is blocked.
- Hexes: Red Blob's `hex_linedraw` with its nudge, so a line running exactly
  along a hexside goes consistently to one side; intermediate hexes block.
  Lines are drawn from the lower-numbered cell and from the origin, so sight is
  mutual and a line has the same shape anywhere on the map. Hexes the line
  visits off the map edge have nothing in them and never block.
- Spaces: a board of named spaces has no geometry to block anything; every
  space sees every other.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .grids import Grid, HexGrid, SpacesGrid, SquareGrid
from .hexmath import Hex, axial_to_offset, hex_linedraw


def _bits(flags: Sequence[bool]) -> int:
    """Flags as one Python int, bit i = flags[i] (packbits beats a Python loop by far)."""
    arr = np.asarray(flags, dtype=bool)
    return int.from_bytes(np.packbits(arr, bitorder="little").tobytes(), "little")


def _check_size(grid: Grid, flags: Sequence[bool]) -> None:
    if len(flags) != grid.size:
        raise ValueError(f"{len(flags)} blocking flags given for a board of {grid.size} cells")


def square_line(dx: int, dy: int) -> tuple[list[tuple[int, int]], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The squares crossed by the centre-to-centre line from (0, 0) to (dx, dy), in
    order and ends included, and the corner pairs it slips between.

    Exact integer arithmetic: doubled units keep every centre and corner integral.
    Reflections map the general case onto dx, dy >= 0, which is exact because the
    geometry is symmetric about the starting centre."""
    sx = -1 if dx < 0 else 1
    sy = -1 if dy < 0 else 1
    dx, dy = abs(dx), abs(dy)
    cells: list[tuple[int, int]] = []
    pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
    if dx == 0:
        cells = [(0, j) for j in range(dy + 1)]
    else:
        den = 2 * dx
        for i in range(dx + 1):
            # y at the column's left and right borders (clipped to the segment's ends),
            # as numerator over den: y(x) = 1/2 + (x - 1/2) * dy / dx.
            lo = 0 if i == 0 else (dx + (2 * i - 1) * dy) // den
            hi = dy if i == dx else -(-(dx + (2 * i + 1) * dy) // den) - 1
            cells.extend((i, j) for j in range(lo, hi + 1))
        if dy:
            for i in range(1, dx + 1):
                num = dx + (2 * i - 1) * dy
                if num % den == 0:  # the line passes through corner (i, y)
                    y = num // den
                    pairs.append(((i - 1, y), (i, y - 1)))
    cells = [(sx * i, sy * j) for i, j in cells]
    pairs = [((sx * p[0], sy * p[1]), (sx * q[0], sy * q[1])) for p, q in pairs]
    return cells, pairs


class SquareSight:
    """Line of sight on a square grid with closed squares.

    The squares a line crosses depend only on the offset between its ends, so
    each offset is worked out once (lazily) as bitmasks over cell-index deltas;
    a query is then a shift and two ands on one big int holding the closed squares."""

    def __init__(self, grid: SquareGrid, closed: Sequence[bool], crossing_blocks: bool = True):
        """`crossing_blocks=False`: a closed square the line crosses does not block;
        only the diagonal rule (two closed squares touching at a corner) does."""
        self.grid = grid
        self.crossing_blocks = crossing_blocks
        c, r = grid.columns, grid.rows
        self._columns = c
        # key[cell] - key[other] + centre indexes a flat table of offsets: the width
        # 2c - 1 keeps (dx, dy) apart where the plain index difference would not.
        width = 2 * c - 1
        self._key = [(cell // c) * width + cell % c for cell in range(grid.size)]
        self._centre = (r - 1) * width + (c - 1)
        self._table: list[tuple[int, int, int, int] | None] = [None] * ((2 * r - 1) * width)
        self._closed = 0
        self.set_blocks(closed)

    # --- blocking squares -----------------------------------------------------------

    def set_blocks(self, closed: Sequence[bool]) -> None:
        """Replace every closed flag (after a terrain edit touching many squares)."""
        _check_size(self.grid, closed)
        self._closed = _bits(closed)

    def set_block(self, cell: int, closed: bool) -> None:
        """Open or close one square."""
        if closed:
            self._closed |= 1 << cell
        else:
            self._closed &= ~(1 << cell)

    def is_blocking(self, cell: int) -> bool:
        return bool(self._closed >> cell & 1)

    # --- queries --------------------------------------------------------------------

    def visible(self, a: int, b: int) -> bool:
        entry = self._table[self._key[b] - self._key[a] + self._centre]
        if entry is None:
            entry = self._entry(a, b)
        low, mask, pair_mask, pair_shift = entry
        s = self._closed >> (a + low)
        if s & mask and self.crossing_blocks:
            return False
        return not (pair_mask and s & pair_mask & (s >> pair_shift))

    def line_cells(self, a: int, b: int) -> list[int]:
        """Squares the line crosses, from a to b, both included."""
        dx, dy = self._offset(a, b)
        cells, _ = square_line(dx, dy)
        c = self._columns
        return [a + j * c + i for i, j in cells]

    def corner_pairs(self, a: int, b: int) -> list[tuple[int, int]]:
        """The diagonal pairs of squares the line slips between (for drawing)."""
        dx, dy = self._offset(a, b)
        _, pairs = square_line(dx, dy)
        c = self._columns
        return [(a + p[1] * c + p[0], a + q[1] * c + q[0]) for p, q in pairs]

    def _offset(self, a: int, b: int) -> tuple[int, int]:
        c = self._columns
        return b % c - a % c, b // c - a // c

    def _entry(self, a: int, b: int) -> tuple[int, int, int, int]:
        """(lowest delta, mask of intermediate squares, mask of the lower square of
        each corner pair, shift to its partner), deltas relative to the start cell."""
        dx, dy = self._offset(a, b)
        cells, pairs = square_line(dx, dy)
        c = self._columns
        inner = [j * c + i for i, j in cells[1:-1]]
        lows, shift = [], 0
        for p, q in pairs:
            dp, dq = p[1] * c + p[0], q[1] * c + q[0]
            lo, hi = min(dp, dq), max(dp, dq)
            lows.append(lo)
            shift = hi - lo  # the same for every corner of one line
        low = min(inner + lows, default=0)
        mask = sum(1 << (d - low) for d in inner)
        pair_mask = sum(1 << (d - low) for d in lows)
        entry = (low, mask, pair_mask, shift)
        self._table[self._key[b] - self._key[a] + self._centre] = entry
        return entry


class HexSight:
    """Line of sight on a hex grid, by `hex_linedraw`.

    The hexes a line visits depend on the axial offset between its ends and, once
    turned into column/row offsets, on the parity of the starting column (or row
    for pointy hexes); that is what is cached."""

    def __init__(self, grid: HexGrid, blocks: Sequence[bool]):
        self.grid = grid
        self._q_offset = grid.offset.endswith("q")
        self._cache: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}
        self._blocks: list[bool] = []
        self.set_blocks(blocks)

    def set_blocks(self, blocks: Sequence[bool]) -> None:
        _check_size(self.grid, blocks)
        self._blocks = [bool(x) for x in blocks]

    def set_block(self, cell: int, blocks: bool) -> None:
        self._blocks[cell] = bool(blocks)

    def is_blocking(self, cell: int) -> bool:
        return self._blocks[cell]

    def _steps(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        """(column, row) offsets from a of every hex on the line, ends included."""
        ha, hb = self.grid.axial(a), self.grid.axial(b)
        dq, dr = hb.q - ha.q, hb.r - ha.r
        col, row = self.grid.col_row(a)
        parity = (col if self._q_offset else row) & 1
        key = (dq, dr, parity)
        steps = self._cache.get(key)
        if steps is None:
            # Drawn from the origin and translated: hex_linedraw's rounding at exact
            # ties depends on the absolute coordinates (its nudge is equal in q and
            # r), and a line should not change shape across the map.
            offs = []
            for h in hex_linedraw(Hex(0, 0), Hex(dq, dr)):
                c2, r2 = axial_to_offset(Hex(ha.q + h.q, ha.r + h.r), self.grid.offset)
                offs.append((c2 - col, r2 - row))
            steps = self._cache[key] = tuple(offs)
        return steps

    def _cells(self, a: int, b: int) -> list[int | None]:
        """Cells on the line, None where it leaves the map; always drawn from the
        lower cell number so that a line and its reverse visit the same hexes."""
        if a > b:
            return self._cells(b, a)[::-1]
        col, row = self.grid.col_row(a)
        return [self.grid.cell(col + dc, row + dr) for dc, dr in self._steps(a, b)]

    def visible(self, a: int, b: int) -> bool:
        if a == b:
            return True
        if a > b:
            a, b = b, a
        blocks = self._blocks
        grid = self.grid
        c, r = grid.columns, grid.rows
        col, row = grid.col_row(a)
        for dc, dr in self._steps(a, b)[1:-1]:
            x, y = col + dc, row + dr
            if 0 <= x < c and 0 <= y < r and blocks[y * c + x]:
                return False
        return True

    def line_cells(self, a: int, b: int) -> list[int]:
        """Hexes on the line from a to b, both included; off-map hexes left out."""
        return [cell for cell in self._cells(a, b) if cell is not None]


class SpacesSight:
    """A board of named spaces: nothing blocks, every space sees every other."""

    def __init__(self, grid: SpacesGrid, blocks: Sequence[bool] = ()):
        self.grid = grid

    def set_blocks(self, blocks: Sequence[bool]) -> None:
        pass

    def set_block(self, cell: int, blocks: bool) -> None:
        pass

    def is_blocking(self, cell: int) -> bool:
        return False

    def visible(self, a: int, b: int) -> bool:
        return True

    def line_cells(self, a: int, b: int) -> list[int]:
        return [a] if a == b else [a, b]


Sight = SquareSight | HexSight | SpacesSight


def line_of_sight(grid: Grid, blocks: Sequence[bool]) -> Sight:
    """The line-of-sight checker suited to `grid`, with one blocking flag per cell."""
    if isinstance(grid, SquareGrid):
        return SquareSight(grid, blocks)
    if isinstance(grid, HexGrid):
        return HexSight(grid, blocks)
    if isinstance(grid, SpacesGrid):
        return SpacesSight(grid, blocks)
    raise TypeError(f"no line of sight for {type(grid).__name__}")
