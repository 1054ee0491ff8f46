"""Cached images of the map zoomed out: 64x64-cell chunks at a few resolutions, made with numpy.

One raster per resolution says which cell each pixel shows (the grid repeats every two
columns and rows, so one template serves every chunk, shifted by the chunk's first
cell), and an image is one gather from the per-cell colour array, then area borders, the
tint band inside them and, once cells are big enough, grid lines, all found by comparing
neighbouring pixels. Each template has a margin of two cells, so borders along a chunk's
seam compare with the real neighbour. The resolution drawn is the coarsest at least as
fine as the screen, so a whole 1,000,000-cell map is a few small images; the cache
keeps at most `budget_px` pixels and forgets the least recently drawn.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage

from motu.engine.board.geometry import cell_centres, cells_at_points

from .geometry import CHUNK, SCALE, SceneGeometry
from .style import BAND_ALPHA, BORDER, CellColours

FINEST_PX = 0.5  # image pixels per scene unit at level 0
LEVELS = 8
MARGIN = 2  # cells of margin around a chunk's template (even: the grid repeats every two)


@lru_cache(maxsize=8)
def _virtual(virtual: Any) -> tuple[Any, np.ndarray]:
    """A chunk-sized grid (with its margin) of the map's kind and layout (the map's grid resized),
    and its cell centres in scene units: one per kind of grid, shared by every level's template and
    every map of that kind. The centres come in one numpy call (a SceneGeometry of it would place
    its 4,624 cells one by one: most of a first zoom-out's time); its cells share the real grid's outline."""
    centres = np.asarray(cell_centres(virtual), dtype=np.float64) * SCALE
    centres.setflags(write=False)
    return virtual, centres


class Template:
    """For one level: per pixel of a chunk's image, the (column, row) of its cell within the chunk."""

    def __init__(self, geo: SceneGeometry, px: float):
        g = geo.grid
        size = CHUNK + 2 * MARGIN
        virtual, centres = _virtual(g.resized(size, size))
        inner = centres.reshape(size, size, 2)[MARGIN:MARGIN + CHUNK, MARGIN:MARGIN + CHUNK].reshape(-1, 2)
        (lo_x, lo_y), (hi_x, hi_y) = inner.min(axis=0), inner.max(axis=0)
        hx, hy = geo.half
        rect = QRectF(lo_x - hx - 2, lo_y - hy - 2, hi_x - lo_x + 2 * hx + 4, hi_y - lo_y + 2 * hy + 4)
        # Pixels per scene unit on each axis, nudged so that one chunk's step to the next is a whole
        # number of pixels: neighbouring chunks then sample the scene at the same points, and each
        # point on their jagged seam is one chunk's own. (Hex rows are sqrt(3) apart: at the
        # nominal resolution the samples slid past each other and some seam pixels were no
        # chunk's, a dotted line of background across maps of more than 64 rows.)
        first = MARGIN * size + MARGIN
        step_x = float(centres[first + CHUNK][0] - centres[first][0])
        step_y = float(centres[first + CHUNK * size][1] - centres[first][1])
        self.kx = max(1, round(step_x * px)) / step_x
        self.ky = max(1, round(step_y * px)) / step_y
        w = max(1, int(math.ceil(rect.width() * self.kx)))
        h = max(1, int(math.ceil(rect.height() * self.ky)))
        xs = (rect.left() + (np.arange(w) + 0.5) / self.kx) / SCALE
        ys = (rect.top() + (np.arange(h) + 0.5) / self.ky) / SCALE
        gx, gy = np.meshgrid(xs, ys)
        labels = cells_at_points(virtual, gx, gy)
        self.col = np.where(labels >= 0, labels % size - MARGIN, -99).astype(np.int16)
        self.row = np.where(labels >= 0, labels // size - MARGIN, -99).astype(np.int16)
        self.rect = QRectF(rect.left(), rect.top(), w / self.kx, h / self.ky)
        ox, oy = centres[MARGIN * size + MARGIN]
        self.origin = QPointF(float(ox), float(oy))
        self.px = px
        self.cell_px = 2 * geo.half[0] * px

    def indices(self, geo: SceneGeometry, chunk: tuple[int, int], window=(slice(None), slice(None))
                ) -> tuple[np.ndarray, np.ndarray, QRectF]:
        """(cell per pixel, own-cell mask, scene rect) of a chunk or a window of it; no cell: grid.size."""
        g = geo.grid
        c0, r0 = chunk[0] * CHUNK, chunk[1] * CHUNK
        tc, tr = self.col[window], self.row[window]
        col = tc.astype(np.int64) + c0
        row = tr.astype(np.int64) + r0
        valid = (tc > -99) & (col >= 0) & (col < g.columns) & (row >= 0) & (row < g.rows)
        idx = np.where(valid, row * g.columns + col, g.size)
        own = valid & (tc >= 0) & (tc < CHUNK) & (tr >= 0) & (tr < CHUNK)
        first = geo.centre(r0 * g.columns + c0) - self.origin
        return idx, own, self.rect.translated(first)


def _differs(a: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Pixels with a 4-neighbour (inside the image, a real cell) of another value."""
    out = np.zeros(a.shape, dtype=bool)
    d = (a[:, :-1] != a[:, 1:]) & valid[:, :-1] & valid[:, 1:]
    out[:, :-1] |= d
    out[:, 1:] |= d
    d = (a[:-1, :] != a[1:, :]) & valid[:-1, :] & valid[1:, :]
    out[:-1, :] |= d
    out[1:, :] |= d
    return out


def _grow(mask: np.ndarray, steps: int) -> np.ndarray:
    out = mask.copy()
    for _ in range(steps):
        m = out.copy()
        m[:, :-1] |= out[:, 1:]
        m[:, 1:] |= out[:, :-1]
        m[:-1, :] |= out[1:, :]
        m[1:, :] |= out[:-1, :]
        out = m
    return out


def draw_pixels(idx: np.ndarray, own: np.ndarray, colours: CellColours, layers: dict[str, bool],
                cell_px: float) -> np.ndarray:
    """The RGBA pixels for a block of a chunk: terrain, then grid, area band and borders."""
    out = colours.rgba[idx].copy()
    valid = idx < len(colours.rgba) - 1
    if not layers.get("terrain", True):
        out[valid] = (250, 250, 247, 255)
    if layers.get("grid", True) and cell_px >= 10:
        grid = _differs(idx, valid) & own
        out[grid] = (out[grid].astype(np.uint16) * 3 // 4).astype(np.uint8)
    if layers.get("areas", True) and len(colours.area_ids):
        area = colours.area[idx]
        border = _differs(area, valid) & own
        band_px = int(min(4, max(1, round(cell_px * 0.1))))
        band = _grow(border, band_px) & own & (area >= 0) & ~border
        if band.any():
            tint = colours.area_rgba[area[band]]
            mixed = (out[band].astype(np.uint16) * (255 - BAND_ALPHA) + tint * BAND_ALPHA) // 255
            out[band] = mixed.astype(np.uint8)
            out[band, 3] = 255
        region = colours.cell_region()[idx]
        island = colours.cell_island()[idx]
        heavy = (_differs(region, valid) | _differs(island, valid)) & border
        if cell_px >= 6:
            heavy = _grow(heavy, 1) & own
        out[border] = (*BORDER, 255)
        out[heavy] = (0, 0, 0, 255)
    out[~own] = 0
    return out


class ChunkImage:
    """A chunk's pixels as a numpy array and a QImage over the same memory: edits repaint a window of it."""

    def __init__(self, rgba: np.ndarray, rect: QRectF):
        self.rgba = np.ascontiguousarray(rgba)
        h, w = self.rgba.shape[:2]
        self.rect = rect
        # The QImage reads self.rgba directly; keeping both on this object keeps the memory alive.
        self.image = QImage(self.rgba.data, w, h, 4 * w, QImage.Format_RGBA8888)

    @property
    def pixels(self) -> int:
        return self.rgba.shape[0] * self.rgba.shape[1]


class ChunkCache:
    def __init__(self, geo: SceneGeometry, budget_px: int = 16_000_000):
        self.geo = geo
        self.budget_px = budget_px
        self.templates: dict[int, Template] = {}
        self.images: OrderedDict[tuple[int, tuple[int, int]], ChunkImage] = OrderedDict()
        self.dirty: dict[tuple[int, tuple[int, int]], set[int]] = {}
        self.pending: dict[tuple[int, int], set[int]] = {}  # edited cells by chunk, not yet in `dirty`
        self.pixels = 0

    def level_for(self, lod: float) -> int:
        """The coarsest level whose pixels are at least as fine as the screen's."""
        if lod <= 0:
            return LEVELS - 1
        k = int(math.floor(math.log2(FINEST_PX / lod))) if lod < FINEST_PX else 0
        return max(0, min(LEVELS - 1, k))

    def template(self, level: int) -> Template:
        t = self.templates.get(level)
        if t is None:
            t = self.templates[level] = Template(self.geo, FINEST_PX / 2 ** level)
        return t

    def clear(self) -> None:
        self.images.clear()
        self.dirty.clear()
        self.pending.clear()
        self.pixels = 0

    def mark(self, cells) -> None:
        """Edited cells: every cached image showing them (or their neighbours' borders) redraws them.
        Kept per chunk until the next image is asked for, so a brush stroke of many small edits
        walks the cached images once per frame, not once per edit."""
        chunk_of = self.geo.chunk_of
        pending = self.pending
        for c in cells:
            pending.setdefault(chunk_of(c), set()).add(c)

    def _flush(self) -> None:
        by_chunk, self.pending = self.pending, {}
        for key in self.images:
            cx, cy = key[1]
            # A cell on a chunk's seam changes the border drawn in the next chunk too.
            for (ox, oy), cs in by_chunk.items():
                if abs(ox - cx) <= 1 and abs(oy - cy) <= 1:
                    self.dirty.setdefault(key, set()).update(cs)

    def image(self, level: int, chunk: tuple[int, int], colours: CellColours, layers: dict[str, bool]) -> ChunkImage:
        if self.pending:
            self._flush()
        key = (level, chunk)
        img = self.images.get(key)
        t = self.template(level)
        if img is None:
            idx, own, rect = t.indices(self.geo, chunk)
            img = ChunkImage(draw_pixels(idx, own, colours, layers, t.cell_px), rect)
            self.images[key] = img
            self.pixels += img.pixels
            self.dirty.pop(key, None)
            self._trim(keep=key)
        else:
            self.images.move_to_end(key)
            cells = self.dirty.pop(key, None)
            if cells:
                self._redraw(t, chunk, img, cells, colours, layers)
        return img

    def _redraw(self, t: Template, chunk, img: ChunkImage, cells: set[int], colours, layers) -> None:
        """Recolour only the window of the image the edited cells (and their borders) cover."""
        box = self.geo.cells_rect(cells).adjusted(-SCALE, -SCALE, SCALE, SCALE)
        rect = img.rect
        kx, ky = t.kx, t.ky
        h, w = img.rgba.shape[:2]
        x0, x1 = max(0, int((box.left() - rect.left()) * kx) - 2), min(w, int((box.right() - rect.left()) * kx) + 3)
        y0, y1 = max(0, int((box.top() - rect.top()) * ky) - 2), min(h, int((box.bottom() - rect.top()) * ky) + 3)
        if x0 >= x1 or y0 >= y1:
            return
        # A margin around the window, so borders and bands at its edge see their neighbours.
        ya, yb, xa, xb = max(0, y0 - 6), min(h, y1 + 6), max(0, x0 - 6), min(w, x1 + 6)
        idx, own, _ = t.indices(self.geo, chunk, (slice(ya, yb), slice(xa, xb)))
        block = draw_pixels(idx, own, colours, layers, t.cell_px)
        img.rgba[y0:y1, x0:x1] = block[y0 - ya:y1 - ya, x0 - xa:x1 - xa]

    def _trim(self, keep) -> None:
        while self.pixels > self.budget_px and len(self.images) > 1:
            key, img = next(iter(self.images.items()))
            if key == keep:
                self.images.move_to_end(key)
                continue
            del self.images[key]
            self.dirty.pop(key, None)
            self.pixels -= img.pixels
