"""Painting cells with QPainter when zoomed in: terrain polygons, grid lines, cell numbers, marks.

Zoomed out the map comes from chunk images (chunks.py); areas, edges, features, counters
and zones have their own modules. Every function here takes the cells to draw and skips
any the grid lacks, so stale view state can never make a paint raise.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QStaticText, QTransform

from motu.engine.scenario.model import Scenario

from .geometry import SceneGeometry
from .style import CellColours

LAYERS = ("terrain", "areas", "edges", "features", "pieces", "zones", "grid", "labels")
VECTOR_FROM_PX = 22.0  # cells this many screen pixels across or more are drawn as vector polygons
GRID_FROM_PX = 10.0  # grid lines from this cell size on
NUMBERS_FROM_PX = 30.0  # cell numbers (0304, 3,4) from this cell size on
DETAIL_FROM_PX = 6.0  # features, pieces and zones from this cell size on


def valid_cells(geo: SceneGeometry, cells) -> list[int]:
    n = geo.grid.size
    return [c for c in cells if isinstance(c, int) and 0 <= c < n]


def paint_cells(p: QPainter, geo: SceneGeometry, colours: CellColours, cells: list[int],
                layers: dict[str, bool], grid_pen: QPen | None) -> None:
    """One polygon per cell in its colour (terrain, or terrain and area while areas are filled), then grid."""
    pen = grid_pen if (grid_pen is not None and layers.get("grid", True)) else Qt.NoPen
    p.setPen(pen)
    if layers.get("terrain", True):
        keys = colours.rgb_keys()
        brushes: dict[int, QBrush] = {}
        last = None
        polygon = geo.polygon
        draw = p.drawPolygon
        for c in cells:
            key = keys[c]
            if key != last:
                brush = brushes.get(key)
                if brush is None:
                    brush = brushes[key] = QBrush(QColor((key >> 16) & 255, (key >> 8) & 255, key & 255))
                p.setBrush(brush)
                last = key
            draw(polygon(c))
    else:
        p.setBrush(QColor(250, 250, 247))
        for c in cells:
            p.drawPolygon(geo.polygon(c))


_STATIC: dict[tuple[str, int], tuple[QStaticText, float]] = {}


def _static(text: str, px: int, font: QFont) -> tuple[QStaticText, float]:
    """Laid-out text and its width, cached: drawing a QStaticText costs a fraction of drawText's layout.
    It is laid out once, in the font it is drawn in and for a painter without scaling (the
    caller's), so drawing it never lays it out again."""
    key = (text, px)
    st = _STATIC.get(key)
    if st is None:
        if len(_STATIC) > 20000:
            _STATIC.clear()
        text_ = QStaticText(text)
        text_.setPerformanceHint(QStaticText.AggressiveCaching)
        text_.prepare(QTransform(), font)
        st = _STATIC[key] = (text_, text_.size().width())
    return st


def _unscale(p: QPainter, zoom: float) -> None:
    """Undo the view's zoom, so text is laid out in screen pixels. When that leaves only a
    translation (the view, and most exports), the translation is set exactly: a QStaticText
    is laid out again whenever the painter's matrix differs from the one it was laid out
    under, and zoom times 1/zoom is often not exactly 1, so every zoom step re-laid out
    every cell number."""
    p.scale(1 / zoom, 1 / zoom)
    t = p.worldTransform()
    if (t.isAffine() and t.m12() == 0 and t.m21() == 0 and (t.m11() != 1 or t.m22() != 1)
            and abs(t.m11() - 1) < 1e-9 and abs(t.m22() - 1) < 1e-9):
        p.setWorldTransform(QTransform.fromTranslate(t.dx(), t.dy()))


def paint_labels(p: QPainter, geo: SceneGeometry, s: Scenario, cells: list[int], zoom: float,
                 colours: CellColours | None = None) -> None:
    """Cell numbers at the top of each cell, as printed maps have them, in a size that reads at this zoom."""
    px = int(max(8, min(12, 2 * geo.half[0] * zoom * 0.16)))
    font = QFont()
    font.setPixelSize(px)
    p.save()
    _unscale(p, zoom)
    p.setFont(font)
    dark, light = QColor(0, 0, 0, 170), QColor(255, 255, 255, 190)
    # Light numbers on dark terrain (open sea, jungle), dark ones elsewhere.
    lum = colours.dark_cells() if colours is not None else None
    label = s.grid.label
    dy = geo.half[1] * 0.86
    current = None
    centres = geo.centres
    for c in cells:
        pen = light if lum is not None and lum[c] else dark
        if pen is not current:
            p.setPen(pen)
            current = pen
        x, y = centres[c].tolist()
        st, w = _static(label(c), px, font)
        p.drawStaticText(QPointF(x * zoom - w / 2, (y - dy) * zoom + 1), st)
    p.restore()


def paint_cell_marks(p: QPainter, geo: SceneGeometry, cells, pen: QPen, brush: QBrush | None = None) -> None:
    p.setPen(pen)
    p.setBrush(brush if brush is not None else Qt.NoBrush)
    for c in valid_cells(geo, cells):
        p.drawPolygon(geo.polygon(c))


def paint_outline(p: QPainter, geo: SceneGeometry, cells, pen: QPen, brush: QBrush | None = None) -> None:
    """The outer border of a set of cells (a brush's footprint, a paste preview), with an optional fill."""
    from PySide6.QtCore import QLineF
    cells = set(valid_cells(geo, cells))
    if not cells:
        return
    if brush is not None:
        p.setPen(Qt.NoPen)
        p.setBrush(brush)
        for c in cells:
            p.drawPolygon(geo.polygon(c))
    lines = []
    for c in cells:
        poly = geo.polygon(c)
        ctr = geo.centre(c)
        for k in range(poly.size()):
            a, b = poly.at(k), poly.at((k + 1) % poly.size())
            mid = (a + b) / 2
            other = geo.cell_at(mid + (mid - ctr) * 0.1)
            if other is None or other not in cells:
                lines.append(QLineF(a, b))
    p.setPen(pen)
    p.drawLines(lines)


def cells_rect_scene(geo: SceneGeometry, cells) -> QRectF:
    return geo.cells_rect(valid_cells(geo, cells))
