"""The playtest map's still part — terrain, grid, numbers, areas, edges, features, names — drawn once
per zoom into tiles of screen pixels, and copied on every frame after that.

During a game nothing of the scenario's map changes (the playtest plays a private copy; only the
counters, markers and marks over it move), yet the editor's map drawing measures and fills a few
hundred hexes, their numbers and streams on every frame: at playing zoom most of a frame, and
most of what keeps the GUI thread from its events while bots play. So, once a zoom has settled
(the same scale two frames running), each 256-pixel square of the view is drawn once into a
pixmap, in the same screen pixels the direct drawing would fill (same scale, same sub-pixel
offset), and later frames copy the squares pixel for pixel. A new zoom, a scroll to an unseen part
or a change of the map's look (on_changed, layers, dark) draws afresh. Only frames on screen use
the tiles; a render into an image (a screenshot, a test's shot) always draws directly.
"""
from __future__ import annotations

import math
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

TILE = 256    # screen pixels a side
LIMIT = 96    # tiles kept (about 25 MB at one byte-per-channel ARGB): a few screens of one zoom


class StillTiles:
    """Tiles of the still map for one scale and sub-pixel phase; `paint` copies or draws them."""

    def __init__(self) -> None:
        self._tiles: dict[tuple[int, int], QPixmap] = {}
        self._phase: tuple | None = None   # (scale x, scale y, fraction x, fraction y, pixel ratio, look)
        self._last: tuple | None = None    # the phase of the frame before: tiles once it repeats

    def clear(self) -> None:
        self._tiles.clear()
        self._phase = None

    def paint(self, p: QPainter, exposed: QRectF, look: tuple, draw: Callable[[QPainter, QRectF], None]) -> bool:
        """Fill `exposed` (scene units) with the still map from tiles, drawing the missing ones with
        `draw(painter, scene_rect)`; False (nothing painted) when this frame should draw directly:
        a rotated or sheared view, or a scale not seen on the frame before (a zoom under way)."""
        t = p.worldTransform()
        if t.type().value > QTransform.TxScale.value or t.m11() <= 0 or t.m22() <= 0:
            return False
        sx, sy, dx, dy = t.m11(), t.m22(), t.dx(), t.dy()
        ix, iy = math.floor(dx), math.floor(dy)
        fx, fy = dx - ix, dy - iy
        dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        phase = (sx, sy, round(fx * 64), round(fy * 64), dpr, look)
        last, self._last = self._last, phase
        if phase != self._phase:
            if phase != last:
                return False  # a zoom under way: tiles only once the scale has settled
            self._tiles.clear()
            self._phase = phase
        # The exposed part in tile space: screen pixels measured from where the scene's origin falls.
        box = t.mapRect(exposed).translated(-ix, -iy)
        i0, i1 = math.floor(box.left() / TILE), math.floor((box.right() - 1e-6) / TILE)
        j0, j1 = math.floor(box.top() / TILE), math.floor((box.bottom() - 1e-6) / TILE)
        wanted = [(i, j) for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)]
        if len(wanted) > LIMIT:
            return False
        for key in wanted:
            if key not in self._tiles:
                while len(self._tiles) >= LIMIT:
                    self._tiles.pop(next(iter(self._tiles)))  # the oldest first
                self._tiles[key] = self._draw_tile(p, key, sx, sy, fx, fy, dpr, draw)
        p.save()
        p.setWorldTransform(QTransform.fromTranslate(ix, iy))
        for i, j in wanted:
            p.drawPixmap(QPointF(i * TILE, j * TILE), self._tiles[(i, j)])
        p.restore()
        return True

    @staticmethod
    def _draw_tile(p: QPainter, key: tuple[int, int], sx: float, sy: float, fx: float, fy: float, dpr: float,
                   draw: Callable[[QPainter, QRectF], None]) -> QPixmap:
        i, j = key
        side = max(1, round(TILE * dpr))
        pix = QPixmap(side, side)
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.transparent)
        q = QPainter(pix)
        q.setRenderHints(p.renderHints())
        q.setFont(p.font())
        q.setPen(p.pen())
        q.setBrush(p.brush())
        # The tile's screen pixels are the view's, shifted by whole pixels: the same fill, the same
        # antialiasing, as the frame drawn directly.
        q.setWorldTransform(QTransform(sx, 0, 0, sy, fx - i * TILE, fy - j * TILE))
        draw(q, QRectF((i * TILE - fx) / sx, (j * TILE - fy) / sy, TILE / sx, TILE / sy))
        q.end()
        return pix
