"""Counters drawn with QPainter: one counter from its face, and a stack as an offset pile with a count badge.

What a counter shows comes from motu/engine/scenario/counter_face.py; this module only draws
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

from motu.engine.scenario.counter_face import CounterFace, ink_for

SELECTED = QColor("#ffd700")
EDGE = "#141414"  # every counter's outer edge
RING = "#f2efe6"  # a dark counter's light ring inside its edge: it stands out on dark terrain (bush, jungle)
PILE = 3  # counters drawn offset in a pile; the badge counts the rest
MIN_PX = 6        # the smallest text drawn; below it a text is elided
TOP_LINE_PX = 24  # a counter this wide (screen pixels) or wider has room for its small top line
FACTORS_PX = 20   # ... and for its factors along the foot
LEGIBLE_PX = 9    # the smallest text read at a glance: a map opens where its counters' texts are this size
LEGIBLE_MAX = 64  # ... unless that needs counters wider than this (a name too long for any counter)


def _fit_font(text: str, width: float, height: float, bold: bool = True) -> tuple[QFont, str]:
    """The largest font (within height) that fits `text` in `width`; elided when even the smallest does not.
    Sizes are whole pixels, so a frame of many counters measures each text once (_fitted's cache)."""
    return _fitted(text, int(width), int(height), bold)


@lru_cache(maxsize=4096)
def _fitted(text: str, width: int, height: int, bold: bool) -> tuple[QFont, str]:
    font = QFont()
    font.setBold(bold)
    px = max(1, int(height))
    while px > MIN_PX:
        font.setPixelSize(px)
        if QFontMetricsF(font).horizontalAdvance(text) <= width:
            return font, text
        px -= 1
    font.setPixelSize(max(1, px))
    return font, QFontMetricsF(font).elidedText(text, Qt.ElideRight, width)


def _whole(text: str, width: float, height: float, bold: bool) -> QFont | None:
    """The font that shows all of `text` in the box, or None when only an elided text would fit."""
    font, fitted = _fit_font(text, width, height, bold)
    return font if fitted == text else None


def _fit_label(text: str, short: str, width: float, height: float) -> tuple[QFont, str]:
    """A counter's big text, read the same at every size: the whole label, on one line or on two when two
    read far larger, while it fits about as large as its short form would (the face's: a person's own
    name, "Capt Brown" → "Brown"; a rank is never shown alone), else the short form. Bold first, then in the regular
    weight (a little narrower); elided only when none fits."""
    for bold in (True, False):
        one = _whole(text, width, height, bold)
        two = _two_lines(text, width, height, bold)
        # One line unless two read far larger ("Militia", but "War / Canoe" rather than a tiny "War Canoe").
        pick = (one, text) if one is not None and (two is None or one.pixelSize() >= 0.7 * two[0].pixelSize()) else two
        alone = _whole(short, width, height, bold) if short else None
        if pick is not None and (alone is None or pick[0].pixelSize() >= 0.8 * alone.pixelSize()):
            return pick
        if alone is not None:
            return alone, short
    return _fit_font(short or text, width, height)


def _two_lines(text: str, width: float, height: float, bold: bool) -> tuple[QFont, str] | None:
    return _two_lines_px(text, int(width), int(height), bold)


@lru_cache(maxsize=4096)
def _two_lines_px(text: str, width: int, height: int, bold: bool) -> tuple[QFont, str] | None:
    """`text` broken at the space that balances its two lines best, in the largest font whose two
    lines fit the box ("War Canoe", "Naval Brigade"); None for one word, or when even MIN_PX does not fit."""
    words = text.split()
    if len(words) < 2:
        return None
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    best: tuple[QFont, str] | None = None
    for a, b in splits:
        font = QFont()
        font.setBold(bold)
        px = int(height / 2.3)
        while px >= MIN_PX:
            font.setPixelSize(px)
            m = QFontMetricsF(font)
            if max(m.horizontalAdvance(a), m.horizontalAdvance(b)) <= width and 2 * m.height() <= height * 1.15:
                if best is None or px > best[0].pixelSize():
                    best = (QFont(font), f"{a}\n{b}")
                break
            px -= 1
    return best


_PIXMAPS: dict[tuple, QPixmap] = {}
PIXMAP_LIMIT = 3000  # counters kept drawn (a few sizes of every face on the map)


def paint_counter(p: QPainter, rect: QRectF, face: CounterFace, selected: bool = False, scale: float = 1.0) -> None:
    """One counter filling `rect` (scene units); `scale` is screen pixels per scene unit, for text sizes.
    At readable sizes a counter is drawn once per face and pixel size and then copied, so a frame of
    a few hundred counters costs a few hundred image copies, not their texts measured and drawn."""
    w, h = round(rect.width() * scale), round(rect.height() * scale)
    if 12 <= w <= 200 and 12 <= h <= 200 and not p.worldTransform().isRotating():
        key = (face.fill, face.ink, face.label, face.short, face.top, face.bottom, face.shape, selected, w, h)
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
    edge = QColor(SELECTED) if selected else QColor(EDGE)
    pen = QPen(edge, 3 if selected else 1)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(fill)
    if face.shape == "round":
        p.drawEllipse(rect)
    else:
        p.drawRoundedRect(rect, rect.width() * 0.08, rect.width() * 0.08)
        if px >= 14 and not selected and is_dark(face.fill):
            _ring(p, rect, scale)
        elif px >= 14:  # a lighter bevel along the top, as a die-cut counter has
            bevel = QPen(fill.lighter(140), 1)
            bevel.setCosmetic(True)
            p.setPen(bevel)
            inset = rect.width() * 0.06
            p.drawLine(QPointF(rect.left() + inset, rect.top() + inset), QPointF(rect.right() - inset, rect.top() + inset))
    if px < 12:
        return
    p.save()
    p.translate(rect.topLeft())
    p.scale(1 / scale, 1 / scale)
    p.setPen(QColor(face.ink))
    for box, font, text in counter_texts(face, rect.width() * scale, rect.height() * scale):
        p.setFont(font)
        p.drawText(box, Qt.AlignCenter, text)
    p.restore()


def is_dark(fill: str) -> bool:
    """A fill that takes white ink (counter_face.ink_for) is dark: its counter gets the light ring."""
    return ink_for(QColor(fill).name()) == "#ffffff"


def edge_colours(fill: str) -> tuple[str, ...]:
    """The colours a counter of `fill` is outlined in, outside in (what tells it from the terrain)."""
    return (EDGE, RING) if is_dark(fill) else (EDGE,)


def _ring(p: QPainter, rect: QRectF, scale: float) -> None:
    """A light line just inside a dark counter's edge, 2 pixels wide from 28 pixels across (a die-cut
    counter's white border): on dark terrain the edge alone vanishes and so would the counter."""
    width = 2.0 if rect.width() * scale >= 28 else 1.2
    inset = (0.5 + width / 2) / max(scale, 1e-6)
    pen = QPen(QColor(RING), width)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    inner = rect.adjusted(inset, inset, -inset, -inset)
    p.drawRoundedRect(inner, inner.width() * 0.07, inner.width() * 0.07)


def counter_texts(face: CounterFace, w: float, h: float) -> list[tuple[QRectF, QFont, str]]:
    """What a counter `w` x `h` screen pixels shows, each text in its box (pixels from the counter's
    corner) and font: the same at the same size wherever it is drawn. The small top line from
    TOP_LINE_PX when it reads whole, the factors from FACTORS_PX, the big text always."""
    out = []
    pad = w * 0.08
    side = w * 0.05  # the big text may come closer to the sides than the small lines: a name fits sooner
    small = max(h * 0.22, MIN_PX)
    # A top line too long to read whole ("Red Head Chie…") is left out: its room goes to the big text.
    top_font = _whole(face.top, w - 2 * pad, small, bold=False) if face.top and w >= TOP_LINE_PX else None
    has_bottom = bool(face.bottom) and w >= FACTORS_PX
    if top_font is not None:
        out.append((QRectF(pad, pad * 0.5, w - 2 * pad, small), top_font, face.top))
    if has_bottom:
        font, text = _fit_font(face.bottom, w - 2 * pad, small * 1.1)
        out.append((QRectF(pad, h - small * 1.15 - pad * 0.4, w - 2 * pad, small * 1.15), font, text))
    top = small + pad * 0.5 if top_font is not None else pad
    bottom = small * 1.2 + pad * 0.4 if has_bottom else pad
    font, text = _fit_label(face.label, face.short, w - 2 * side, min(h * 0.42, h - top - bottom))
    out.append((QRectF(side, top, w - 2 * side, h - top - bottom), font, text))
    return out


def legible_width(faces, whole: bool = True) -> int:
    """The narrowest counter (screen pixels) on which each of `faces` shows its big text, and when
    `whole` every text it draws (the factors too), at LEGIBLE_PX or more; at most LEGIBLE_MAX."""
    distinct = {(f.label, f.top, f.bottom): f for f in faces}.values()
    for w in range(12, LEGIBLE_MAX):
        if all(_reads(f, w, whole) for f in distinct):
            return w
    return LEGIBLE_MAX


def _reads(face: CounterFace, w: int, whole: bool) -> bool:
    texts = counter_texts(face, w, w)
    fonts = [font for _, font, _ in texts] if whole else [texts[-1][1]]
    return all(font.pixelSize() >= LEGIBLE_PX for font in fonts) and not texts[-1][2].endswith("…")


def counter_rect(cell: QRectF) -> QRectF:
    """The front counter of a pile in a cell: half the cell's height, between the cell number at the top
    and a feature's plate at the bottom, with room for the pile's offsets inside the cell."""
    squarish = abs(cell.width() - cell.height()) < 0.05 * cell.width()
    side = min(cell.width(), cell.height()) * (0.68 if squarish else 0.52)
    c = cell.center()
    return QRectF(c.x() - side / 2, c.y() - side * 0.48, side, side)


def _pile_step(top: QRectF) -> float:
    return top.width() * 0.09


def pile_front(cell: QRectF, n: int) -> QRectF:
    """The front counter of a pile of `n` pieces in `cell` (the back ones sit up and to the right)."""
    top = counter_rect(cell)
    step = _pile_step(top)
    k = max(1, min(n, PILE))
    return top.translated(-step * (k - 1) / 2, step * (k - 1) / 2)


def pile_counters(cell: QRectF, n: int) -> QRectF:
    """What the counters of a pile of `n` pieces cover in `cell` (its badge left out)."""
    front = pile_front(cell, n)
    step = _pile_step(front)
    k = max(1, min(n, PILE))
    return front.adjusted(0, -step * (k - 1), step * (k - 1), 0)


def pile_box(cell: QRectF, n: int) -> QRectF:
    """What a pile of `n` pieces covers in `cell`: its counters, and its badge when it has one."""
    front = pile_front(cell, n)
    box = pile_counters(cell, n)
    if n > 1:
        c, r = _badge_place(front)
        box = box.united(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
    return box


def paint_stack(p: QPainter, cell: QRectF, faces: Sequence[CounterFace], selected: set[str], scale: float) -> None:
    """A stack in a cell, bottom first: an offset pile of up to PILE counters, the top one in front,
    and a badge with the number of pieces when there are more than one. A selected piece lower in
    the stack is drawn on top, so the designer sees what is selected."""
    if not faces:
        return
    chosen = [f for f in faces if f.piece in selected]
    shown = list(faces)
    if chosen and chosen[-1] is not shown[-1]:
        shown = [f for f in shown if f is not chosen[-1]] + [chosen[-1]]
    pile = shown[-PILE:]
    n = len(pile)
    front = pile_front(cell, n)
    step = _pile_step(front)
    for i, face in enumerate(pile):
        back = n - 1 - i
        paint_counter(p, front.translated(step * back, -step * back), face, face.piece in selected, scale)
    if len(faces) > 1:
        _badge(p, front, len(faces), scale)


def paint_badge(p: QPainter, cell: QRectF, n: int, scale: float) -> None:
    """The count badge of a pile of `n` in `cell` alone, drawn again over what covers the pile (a veil)."""
    if n > 1:
        _badge(p, pile_front(cell, n), n, scale)


def _badge_place(front: QRectF) -> tuple[QPointF, float]:
    """The badge's centre and radius (scene units) on the front counter's lower right corner; drawn
    at least 5.5 pixels across, however far out the view."""
    return QPointF(front.right() + front.width() * 0.02, front.bottom() - front.width() * 0.02), front.width() * 0.2


def _badge(p: QPainter, front: QRectF, count: int, scale: float) -> None:
    c, radius = _badge_place(front)
    radius = max(radius, 5.5 / max(scale, 1e-6))
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
