"""Which cells a drag covers: a line or a rectangle between two cells, on hexes and squares (Tiled's
Shift-drag and Ctrl-drag), and a cell's coordinates for moving shapes about (copy and paste)."""
from __future__ import annotations

from engine.board.hexgrid import HexGrid
from engine.board.hexmath import Hex, hex_linedraw
from engine.board.squaregrid import SquareGrid


def coords(grid, cell: int) -> tuple[int, int] | None:
    """Coordinates in which a translation keeps a shape's shape: axial on hexes, (column, row) on squares."""
    if isinstance(grid, HexGrid):
        h = grid.axial(cell)
        return h.q, h.r
    if isinstance(grid, SquareGrid):
        return grid.col_row(cell)
    return None


def cell_of(grid, xy: tuple[int, int]) -> int | None:
    if isinstance(grid, HexGrid):
        return grid.cell_of_hex(Hex(xy[0], xy[1]))
    if isinstance(grid, SquareGrid):
        return grid.cell(xy[0], xy[1])
    return None


def line_cells(grid, a: int, b: int) -> list[int]:
    """The cells of a straight line from a to b (Red Blob's hex_linedraw; on squares the same by lerp)."""
    if isinstance(grid, HexGrid):
        out = [grid.cell_of_hex(h) for h in hex_linedraw(grid.axial(a), grid.axial(b))]
        return [c for c in out if c is not None]
    if isinstance(grid, SquareGrid):
        (c0, r0), (c1, r1) = grid.col_row(a), grid.col_row(b)
        n = max(abs(c1 - c0), abs(r1 - r0))
        cells = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            c = grid.cell(round(c0 + (c1 - c0) * t), round(r0 + (r1 - r0) * t))
            if c is not None and c not in cells:
                cells.append(c)
        return cells
    return [a] if a == b else [a, b]


def rect_cells(grid, a: int, b: int) -> list[int]:
    """Every cell whose column and row lie between a's and b's (as Tiled's rectangle fill does)."""
    if not hasattr(grid, "col_row"):
        return [a] if a == b else [a, b]
    (c0, r0), (c1, r1) = grid.col_row(a), grid.col_row(b)
    return [r * grid.columns + c for r in range(min(r0, r1), max(r0, r1) + 1)
            for c in range(min(c0, c1), max(c0, c1) + 1)]
