"""Scene geometry of a grid: cell centres and outlines in scene units, and which cells a rectangle shows.

Scene units are the grid's layout units (hex size or square side = 1) times
SCALE, so a cell is about 2*SCALE pixels across at zoom 1. Every cell of a grid
has the same outline around its centre, so outlines are one polygon translated.
"""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from motu.engine.board.grid import Grid

SCALE = 32.0
CHUNK = 64  # cells per chunk side, for the cached images drawn when zoomed out
# Cell outlines kept ready to draw: a few screens of cells zoomed in (every cell of a bundled map),
# without holding a QPolygonF for each cell of a huge map.
POLYGONS_KEPT = 40_000


def neighbours_of(grid: Grid, cell: int) -> list[int]:
    """A cell's neighbours from the grid's numpy array: the editor never builds the per-cell tuples
    (`Grid.neighbour_lists`), which cost hundreds of megabytes on a 1,000,000-cell map."""
    return [n for n in grid.neighbour_array[cell].tolist() if n >= 0]


class SceneGeometry:
    def __init__(self, grid: Grid):
        self.grid = grid
        n = grid.size
        self.centres = np.array([grid.center(c) for c in range(n)], dtype=np.float64) * SCALE if n < 5000 \
            else self._centres_fast(grid)
        c0 = grid.center(0)
        self.outline = [((x - c0[0]) * SCALE, (y - c0[1]) * SCALE) for x, y in grid.polygon(0)]
        self.base_polygon = QPolygonF([QPointF(x, y) for x, y in self.outline])
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        self.half = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
        lo = self.centres.min(axis=0)
        hi = self.centres.max(axis=0)
        self.bounds = QRectF(lo[0] - self.half[0] - SCALE, lo[1] - self.half[1] - SCALE,
                             hi[0] - lo[0] + 2 * self.half[0] + 2 * SCALE, hi[1] - lo[1] + 2 * self.half[1] + 2 * SCALE)
        self.rect_grid = grid.lattice
        if self.rect_grid and grid.columns > 1 and grid.rows > 1:
            self.dx = (grid.center(1)[0] - c0[0]) * SCALE
            self.dy = (grid.center(grid.columns)[1] - c0[1]) * SCALE
        else:
            self.dx = self.dy = 2 * SCALE
        self.x0, self.y0 = c0[0] * SCALE, c0[1] * SCALE
        self._polygons: dict[int, QPolygonF] = {}
        # For each neighbour slot: the two outline corners the cells share (drawing borders fast).
        self._side_corners: dict[tuple[int, int], tuple[int, int]] = {}

    @staticmethod
    def _centres_fast(grid: Grid) -> np.ndarray:
        from motu.engine.board.geometry import cell_centres
        return np.asarray(cell_centres(grid), dtype=np.float64) * SCALE

    def centre(self, cell: int) -> QPointF:
        x, y = self.centres[cell]
        return QPointF(float(x), float(y))

    def polygon(self, cell: int) -> QPolygonF:
        """The cell's outline in scene units; kept for the cells drawn lately (shared: never modify it)."""
        poly = self._polygons.get(cell)
        if poly is None:
            if len(self._polygons) >= POLYGONS_KEPT:
                self._polygons.clear()
            x, y = self.centres[cell]
            poly = self._polygons[cell] = self.base_polygon.translated(float(x), float(y))
        return poly

    def cell_rect(self, cell: int) -> QRectF:
        x, y = self.centres[cell]
        return QRectF(x - self.half[0], y - self.half[1], 2 * self.half[0], 2 * self.half[1])

    def cells_rect(self, cells) -> QRectF:
        cells = list(cells)
        if not cells:
            return QRectF()
        pts = self.centres[cells]
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        return QRectF(lo[0] - self.half[0] - 2, lo[1] - self.half[1] - 2,
                      hi[0] - lo[0] + 2 * self.half[0] + 4, hi[1] - lo[1] + 2 * self.half[1] + 4)

    def cell_at(self, p: QPointF) -> int | None:
        return self.grid.cell_at(p.x() / SCALE, p.y() / SCALE)

    def col_row_range(self, rect: QRectF) -> tuple[int, int, int, int]:
        """Columns and rows (inclusive) that may show inside `rect`, with a margin of one."""
        g = self.grid
        c0 = int(math.floor((rect.left() - self.x0) / self.dx)) - 1
        c1 = int(math.ceil((rect.right() - self.x0) / self.dx)) + 1
        r0 = int(math.floor((rect.top() - self.y0) / self.dy)) - 1
        r1 = int(math.ceil((rect.bottom() - self.y0) / self.dy)) + 1
        return max(0, c0), min(g.columns - 1, c1), max(0, r0), min(g.rows - 1, r1)

    def cells_in(self, rect: QRectF) -> list[int]:
        if not self.rect_grid:
            return [c for c in range(self.grid.size) if rect.intersects(self.cell_rect(c))]
        c0, c1, r0, r1 = self.col_row_range(rect)
        cols = self.grid.columns
        return [r * cols + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]

    def chunk_of(self, cell: int) -> tuple[int, int]:
        if not self.rect_grid:
            return (0, 0)
        return (cell % self.grid.columns) // CHUNK, (cell // self.grid.columns) // CHUNK

    def chunk_cells(self, chunk: tuple[int, int]) -> list[int]:
        if not self.rect_grid:
            return list(range(self.grid.size))
        g = self.grid
        cx, cy = chunk
        return [r * g.columns + c for r in range(cy * CHUNK, min(g.rows, (cy + 1) * CHUNK))
                for c in range(cx * CHUNK, min(g.columns, (cx + 1) * CHUNK))]

    def chunks(self) -> list[tuple[int, int]]:
        if not self.rect_grid:
            return [(0, 0)]
        g = self.grid
        return [(x, y) for y in range(-(-g.rows // CHUNK)) for x in range(-(-g.columns // CHUNK))]

    def chunks_in(self, rect: QRectF) -> list[tuple[int, int]]:
        if not self.rect_grid:
            return [(0, 0)]
        c0, c1, r0, r1 = self.col_row_range(rect)
        return [(x, y) for y in range(r0 // CHUNK, r1 // CHUNK + 1) for x in range(c0 // CHUNK, c1 // CHUNK + 1)]

    def side(self, a: int, b: int) -> tuple[QPointF, QPointF]:
        """The border two neighbouring cells share, in scene units."""
        (x1, y1), (x2, y2) = self.grid.edge_segment(a, b)
        return QPointF(x1 * SCALE, y1 * SCALE), QPointF(x2 * SCALE, y2 * SCALE)

    def side_fast(self, a: int, slot: int, b: int) -> tuple[QPointF, QPointF]:
        """`side` through a per-direction cache of which outline corners are shared."""
        ax, ay = self.centres[a]
        bx, by = self.centres[b]
        key = (round((bx - ax) * 4), round((by - ay) * 4))
        corners = self._side_corners.get(key)
        if corners is None:
            p, q = self.side(a, b)
            pts = [(ax + ox, ay + oy) for ox, oy in self.outline]
            i = min(range(len(pts)), key=lambda k: (pts[k][0] - p.x()) ** 2 + (pts[k][1] - p.y()) ** 2)
            j = min(range(len(pts)), key=lambda k: (pts[k][0] - q.x()) ** 2 + (pts[k][1] - q.y()) ** 2)
            corners = (i, j)
            self._side_corners[key] = corners
        (ox1, oy1), (ox2, oy2) = self.outline[corners[0]], self.outline[corners[1]]
        return QPointF(ax + ox1, ay + oy1), QPointF(ax + ox2, ay + oy2)

    def cells_in_box(self, rect: QRectF, cell_area, area: str) -> list[int]:
        return [c for c in self.cells_in(rect) if cell_area[c] == area]

    def real_sides(self, cell: int) -> list[tuple[int, QPointF, QPointF]]:
        """(neighbour, p1, p2) for each side a cell shares with a neighbour (squares: four, never corners)."""
        out = []
        for n in neighbours_of(self.grid, cell):
            p1, p2 = self.side(cell, n)
            if p1 != p2:
                out.append((n, p1, p2))
        return out

    def edge_at(self, pos: QPointF) -> tuple[int, int] | None:
        """The side nearest to a point, measured to the segment itself, among the sides of the cell under it.
        Spaces share no borders: their links are taken at the nearest link midpoint."""
        c = self.cell_at(pos)
        if c is None:
            return None
        best, best_d = None, float("inf")
        sides = self.real_sides(c)
        if not sides and not self.rect_grid:
            for n in neighbours_of(self.grid, c):
                mid = (self.centre(c) + self.centre(n)) / 2
                d = (mid.x() - pos.x()) ** 2 + (mid.y() - pos.y()) ** 2
                if d < best_d:
                    best, best_d = (min(c, n), max(c, n)), d
            return best
        for n, p1, p2 in sides:
            d = _segment_distance2(pos, p1, p2)
            if d < best_d:
                best, best_d = (min(c, n), max(c, n)), d
        return best


def _segment_distance2(p: QPointF, a: QPointF, b: QPointF) -> float:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / length2))
    x, y = a.x() + t * dx - p.x(), a.y() + t * dy - p.y()
    return x * x + y * y
