"""The engine's print shapes (motu/engine/io/print_shapes.py) drawn with QPainter: Motu's one raster and PDF renderer.

Scope: drawing shapes given in millimetres (or any unit) onto a QPainter, a print Page with
its clipped map, and whole images as PNG bytes. Print-and-play PNG and PDF pages, VASSAL's
board and counter images and the Tiled export's tile images are all drawn here, from the
same shapes the SVG writer (motu/engine/io/svg_print.py) writes, so every output shows one
drawing. Text is laid out at 100 px and scaled, unhinted: font sizes stay fractional (Qt's
own SVG renderer rounds them down to whole units) and widths match the metrics the engine
lays text out with (motu/resources/fonts/).
"""
from __future__ import annotations

import os
import sys

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QGuiApplication, QImage, QPainter, QPainterPath,
                           QPen, QPolygonF)

from motu.engine.io.print_layout import Page
from motu.engine.io.print_shapes import FONT_FAMILIES, Circle, Line, Poly, Shape, Text

_EM = 100.0  # text is shaped at this pixel size, then scaled to its size
_fonts: dict[tuple[bool, bool], QFont] = {}
_app: QGuiApplication | None = None


def ensure_app() -> None:
    """Qt needs an application object for fonts; a command-line export has none and maybe no display.
    A widgets QApplication, so that an editor opened later in the same process finds the kind it needs."""
    global _app
    if QGuiApplication.instance() is not None:
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    _app = QApplication([sys.argv[0] if sys.argv else "motu"])


def font(bold: bool = False, italic: bool = False) -> QFont:
    key = (bold, italic)
    if key not in _fonts:
        f = QFont()
        f.setFamilies(list(FONT_FAMILIES))
        f.setPixelSize(int(_EM))
        f.setBold(bold)
        f.setItalic(italic)
        f.setHintingPreference(QFont.PreferNoHinting)
        f.setKerning(True)
        _fonts[key] = f
    return _fonts[key]


def _color(value: str | None, opacity: float = 1.0) -> QColor:
    c = QColor(value or "#000000")
    if opacity < 1.0:
        c.setAlphaF(max(0.0, opacity))
    return c


def _pen(colour: str, width: float, dash: tuple[float, ...] = (), cap=Qt.RoundCap) -> QPen:
    pen = QPen(_color(colour), width)
    pen.setJoinStyle(Qt.RoundJoin)
    pen.setCapStyle(cap)
    if dash and width > 0:
        pen.setDashPattern([max(d / width, 0.01) for d in dash])  # Qt counts dashes in pen widths
    return pen


def draw_text(p: QPainter, s: Text) -> None:
    f = font(s.bold, s.italic)
    width = QFontMetricsF(f).horizontalAdvance(s.text)
    dx = {"start": 0.0, "middle": -width / 2, "end": -width}[s.anchor]
    p.save()
    p.translate(s.x, s.y)
    k = s.size / _EM
    p.scale(k, k)
    if s.halo:
        path = QPainterPath()
        path.addText(QPointF(dx, 0.0), f, s.text)
        p.strokePath(path, _pen(s.halo, 0.28 * _EM))
    p.setFont(f)
    p.setPen(_color(s.fill))
    p.drawText(QPointF(dx, 0.0), s.text)
    p.restore()


def draw_shapes(p: QPainter, shapes: list[Shape]) -> None:
    """Shapes in the painter's current units (millimetres for print)."""
    for s in shapes:
        if isinstance(s, Poly):
            p.setPen(_pen(s.stroke, s.width) if s.stroke and s.width > 0 else Qt.NoPen)
            p.setBrush(QBrush(_color(s.fill, s.opacity)) if s.fill else Qt.NoBrush)
            p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in s.points]))
        elif isinstance(s, Line):
            path = QPainterPath(QPointF(*s.points[0]))
            for x, y in s.points[1:]:
                path.lineTo(x, y)
            p.strokePath(path, _pen(s.stroke, s.width, s.dash, Qt.FlatCap if s.dash else Qt.RoundCap))
        elif isinstance(s, Circle):
            p.setPen(_pen(s.stroke, s.width) if s.stroke and s.width > 0 else Qt.NoPen)
            p.setBrush(QBrush(_color(s.fill)) if s.fill else Qt.NoBrush)
            p.drawEllipse(QPointF(s.x, s.y), s.r, s.r)
        elif isinstance(s, Text):
            draw_text(p, s)


def draw_page(p: QPainter, page: Page, px_per_mm: float) -> None:
    """A print page on a painter whose device is the sheet at `px_per_mm`."""
    p.save()
    p.scale(px_per_mm, px_per_mm)
    p.fillRect(QRectF(0, 0, page.width, page.height), QColor("#ffffff"))
    if page.map_clip is not None:
        p.save()
        p.setClipRect(QRectF(*page.map_clip))
        p.translate(*page.map_offset)
        draw_shapes(p, page.map_shapes)
        p.restore()
    draw_shapes(p, page.shapes)
    p.restore()


def new_painter(device) -> QPainter:
    p = QPainter(device)
    p.setRenderHint(QPainter.Antialiasing)
    p.setRenderHint(QPainter.TextAntialiasing)
    return p


def image_of(shapes: list[Shape], width: float, height: float, px_per_unit: float,
             background: str | None = "#ffffff") -> QImage:
    """The shapes on a width x height canvas (in their units) at px_per_unit; transparent without a background."""
    ensure_app()
    w, h = max(1, round(width * px_per_unit)), max(1, round(height * px_per_unit))
    image = QImage(w, h, QImage.Format_ARGB32)
    image.fill(QColor(background) if background else QColor(0, 0, 0, 0))
    p = new_painter(image)
    p.scale(px_per_unit, px_per_unit)
    draw_shapes(p, shapes)
    p.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.WriteOnly)
    if not image.save(buf, "PNG"):
        raise OSError("Qt could not encode a PNG image")
    buf.close()
    return bytes(data.data())


def render_png(shapes: list[Shape], width: float, height: float, px_per_unit: float,
               background: str | None = "#ffffff") -> bytes:
    """PNG bytes of the shapes: what motu/engine/io/vassal.py and the Tiled export are given to draw images with."""
    return png_bytes(image_of(shapes, width, height, px_per_unit, background))


__all__ = ["ensure_app", "font", "draw_shapes", "draw_text", "draw_page", "new_painter", "image_of", "png_bytes", "render_png"]
