"""Counters drawn with QPainter: one counter from its face, and a stack as an offset pile with a count badge.

What a counter shows comes from engine/scenario/counter_face.py; this module only draws
it, so the editor's map, the playtest and print-and-play share one look. A pile always
fits inside its cell: the counter shrinks with the cell, up to three are drawn offset,
and a badge tells how many the stack holds. Below a readable size the text goes and the
colour stays.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from engine.scenario.counter_face import CounterFace

SELECTED = QColor("#ffd700")
PILE = 3  # counters drawn offset in a pile; the badge counts the rest


def _fit_font(text: str, width: float, height: float, bold: bool = True) -> tuple[QFont, str]:
    """The largest font (within height) that fits `text` in `width`; elided when even the smallest does not.
    Sizes are whole pixels, so a frame of many counters measures each text once (_fitted's cache)."""
    return _fitted(text, int(width), int(height), bold)


@lru_cache(maxsize=4096)
def _fitted(text: str, width: int, height: int, bold: bool) -> tuple[QFont, str]:
    font = QFont()
    font.setBold(bold)
    px = max(1, int(height))
    while px > 6:
        font.setPixelSize(px)
        if QFontMetricsF(font).horizontalAdvance(text) <= width:
            return font, text
        px -= 1
    font.setPixelSize(max(1, px))
    return font, QFontMetricsF(font).elidedText(text, Qt.ElideRight, width)


def _fit_label(text: str, width: float, height: float) -> tuple[QFont, str]:
    """The whole name if it fits; else its last capitalised word ("Lt Carey" → "Carey", "Hone the war
    chief" → "Hone"), else its first word; elided only when none of these fits."""
    font, fitted = _fit_font(text, width, height)
    if fitted == text or " " not in text:
        return font, fitted
    words = text.split()
    capital = [w for w in words if w[:1].isupper() and len(w) > 2]
    for candidate in ([capital[-1]] if capital else []) + [words[0]]:
        font, fitted = _fit_font(candidate, width, height)
        if fitted == candidate:
            return font, fitted
    return _fit_font(text, width, height)


_PIXMAPS: dict[tuple, QPixmap] = {}
PIXMAP_LIMIT = 3000  # counters kept drawn (a few sizes of every face on the map)


def paint_counter(p: QPainter, rect: QRectF, face: CounterFace, selected: bool = False, scale: float = 1.0) -> None:
    """One counter filling `rect` (scene units); `scale` is screen pixels per scene unit, for text sizes.
    At readable sizes a counter is drawn once per face and pixel size and then copied, so a frame of
    a few hundred counters costs a few hundred image copies, not their texts measured and drawn."""
    w, h = round(rect.width() * scale), round(rect.height() * scale)
    if 12 <= w <= 200 and 12 <= h <= 200 and not p.worldTransform().isRotating():
        key = (face.fill, face.ink, face.label, face.top, face.bottom, face.shape, selected, w, h)
        pix = _PIXMAPS.get(key)
        if pix is None:
            if len(_PIXMAPS) > PIXMAP_LIMIT:
                _PIXMAPS.clear()
            pix = QPixmap(w, h)
            pix.fill(Qt.transparent)
            q = QPainter(pix)
            q.setRenderHint(QPainter.Antialiasing)
            q.setRenderHint(QPainter.TextAntialiasing)
            _paint_counter(q, QRectF(0.5, 0.5, w - 1, h - 1), face, selected, 1.0)
            q.end()
            _PIXMAPS[key] = pix
        p.drawPixmap(rect, pix, QRectF(0, 0, w, h))
        return
    _paint_counter(p, rect, face, selected, scale)


def _paint_counter(p: QPainter, rect: QRectF, face: CounterFace, selected: bool, scale: float) -> None:
    fill = QColor(face.fill)
    px = rect.width() * scale
    edge = QColor(SELECTED) if selected else QColor(20, 20, 20)
    pen = QPen(edge, 3 if selected else 1)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(fill)
    if face.shape == "round":
        p.drawEllipse(rect)
    else:
        p.drawRoundedRect(rect, rect.width() * 0.08, rect.width() * 0.08)
        if px >= 14:  # a lighter bevel along the top, as a die-cut counter has
            bevel = QPen(fill.lighter(140), 1)
            bevel.setCosmetic(True)
            p.setPen(bevel)
            inset = rect.width() * 0.06
            p.drawLine(QPointF(rect.left() + inset, rect.top() + inset), QPointF(rect.right() - inset, rect.top() + inset))
    if px < 12:
        return
    ink = QColor(face.ink)
    p.save()
    p.translate(rect.topLeft())
    p.scale(1 / scale, 1 / scale)
    w, h = rect.width() * scale, rect.height() * scale
    pad = w * 0.08
    p.setPen(ink)
    small = h * 0.22
    if face.top and px >= 28:
        font, text = _fit_font(face.top, w - 2 * pad, small, bold=False)
        p.setFont(font)
        p.drawText(QRectF(pad, pad * 0.5, w - 2 * pad, small), Qt.AlignCenter, text)
    if face.bottom and px >= 20:
        font, text = _fit_font(face.bottom, w - 2 * pad, small * 1.1)
        p.setFont(font)
        p.drawText(QRectF(pad, h - small * 1.15 - pad * 0.4, w - 2 * pad, small * 1.15), Qt.AlignCenter, text)
    top = small + pad * 0.5 if (face.top and px >= 28) else pad
    bottom = small * 1.2 + pad * 0.4 if (face.bottom and px >= 20) else pad
    font, text = _fit_label(face.label, w - 2 * pad, min(h * 0.42, h - top - bottom))
    p.setFont(font)
    p.drawText(QRectF(pad, top, w - 2 * pad, h - top - bottom), Qt.AlignCenter, text)
    p.restore()


def counter_rect(cell: QRectF) -> QRectF:
    """The front counter of a pile in a cell: half the cell's height, between the cell number at the top
    and a feature's plate at the bottom, with room for the pile's offsets inside the cell."""
    squarish = abs(cell.width() - cell.height()) < 0.05 * cell.width()
    side = min(cell.width(), cell.height()) * (0.68 if squarish else 0.52)
    c = cell.center()
    return QRectF(c.x() - side / 2, c.y() - side * 0.48, side, side)


def paint_stack(p: QPainter, cell: QRectF, faces: Sequence[CounterFace], selected: set[str], scale: float) -> None:
    """A stack in a cell, bottom first: an offset pile of up to PILE counters, the top one in front,
    and a badge with the number of pieces when there are more than one. A selected piece lower in
    the stack is drawn on top, so the designer sees what is selected."""
    if not faces:
        return
    top = counter_rect(cell)
    step = top.width() * 0.09
    chosen = [f for f in faces if f.piece in selected]
    shown = list(faces)
    if chosen and chosen[-1] is not shown[-1]:
        shown = [f for f in shown if f is not chosen[-1]] + [chosen[-1]]
    pile = shown[-PILE:]
    n = len(pile)
    for i, face in enumerate(pile):
        back = n - 1 - i
        r = top.translated(step * back, -step * back).translated(-step * (n - 1) / 2, step * (n - 1) / 2)
        paint_counter(p, r, face, face.piece in selected, scale)
    if len(faces) > 1:
        _badge(p, top.translated(-step * (n - 1) / 2, step * (n - 1) / 2), len(faces), scale)


def _badge(p: QPainter, front: QRectF, count: int, scale: float) -> None:
    radius = max(front.width() * 0.2, 5.5 / max(scale, 1e-6))
    c = QPointF(front.right() + front.width() * 0.02, front.bottom() - front.width() * 0.02)
    pen = QPen(QColor(255, 255, 255), 1.5)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(QColor("#202020"))
    p.drawEllipse(c, radius, radius)
    if radius * scale >= 5:
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, int(radius * scale * 1.2)))
        p.save()
        p.translate(c)
        p.scale(1 / scale, 1 / scale)
        p.setFont(font)
        p.setPen(QColor("white"))
        rr = radius * scale
        p.drawText(QRectF(-rr, -rr, 2 * rr, 2 * rr), Qt.AlignCenter, str(count))
        p.restore()
