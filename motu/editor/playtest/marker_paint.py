"""How a legend style is drawn: a mark's chip or veil, a marker's token (and where a hex's tokens sit),
a condition's hatch over a hex.

A rule set's legend (motu/resources/rulesets/<id>/legend.yaml, read by its presentation's
LEGEND_STYLE) gives each key a `draw` (chip, token or hatch), a `colour`, and for tokens a
`symbol` and `slot`, for hatches a `pattern`. A veil is a mark that changes how the whole counter
reads (a hidden unit: only its own side sees it): a pale wash over the counter and a dashed frame,
black under white, that stands out on any terrain. The map (game_map.py) and the legend (legend.py)
both draw from here, so a key looks the same in both. Hatches are drawn in screen pixels (their
strokes keep their size at every zoom), so a storm or rain reads at a glance however far out.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from motu.engine.scenario.counter_face import ink_for

CHIP, TOKEN, HATCH, VEIL = "chip", "token", "hatch", "veil"
FALLBACK = "#dddddd"
_PATTERNS = {"cross": Qt.DiagCrossPattern, "lines": Qt.BDiagPattern}
# Where the drops of rain fall in a hex, as fractions of its box (a loose scatter, not a grid).
_DROPS = ((0.28, 0.22), (0.62, 0.18), (0.45, 0.45), (0.18, 0.58), (0.76, 0.52), (0.36, 0.78), (0.66, 0.80))


def colour(style: dict | None, default: str = FALLBACK) -> str:
    return str((style or {}).get("colour") or default)


def draw_kind(style: dict | None) -> str:
    return str((style or {}).get("draw") or TOKEN)


def paint_hatch(p: QPainter, shape: QPolygonF | QPainterPath, box: QRectF, style: dict) -> None:
    """Hexes under a condition (`shape`: one hex, or a path of many; `box`: one hex's box, for the
    size of the drops): a light wash of the style's colour and its pattern over it — a close cross
    hatch, diagonal lines, or slanted drops of rain (one hex at a time)."""
    ink = QColor(colour(style, "#333333"))
    wash = QColor(ink)
    wash.setAlpha(55)
    p.setPen(Qt.NoPen)
    p.setBrush(wash)
    fill = p.drawPath if isinstance(shape, QPainterPath) else p.drawPolygon
    fill(shape)
    pattern = str(style.get("pattern", "cross"))
    if pattern == "drops":
        pen = QPen(ink, 2.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.RoundCap)
        p.setPen(pen)
        drop = box.height() * 0.16
        for fx, fy in _DROPS:
            x, y = box.left() + box.width() * fx, box.top() + box.height() * fy
            p.drawLine(QPointF(x + drop * 0.35, y - drop / 2), QPointF(x - drop * 0.35, y + drop / 2))
        return
    strong = QColor(ink)
    strong.setAlpha(150)
    p.setBrush(QBrush(strong, _PATTERNS.get(pattern, Qt.DiagCrossPattern)))
    fill(shape)


def paint_veil(p: QPainter, box: QRectF, style: dict | None) -> None:
    """A veiled counter or pile (`box`): the style's colour washed over it, half see-through, and a
    dashed frame around it in screen pixels (a black line under white dashes: it reads on bush and
    open ground alike), a little outside the counters' edge so the two never merge."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing)
    scale = max(abs(p.worldTransform().m11()), 1e-6)
    wash = QColor(colour(style, "#ffffff"))
    wash.setAlpha(int((style or {}).get("alpha", 100)))
    p.setPen(Qt.NoPen)
    p.setBrush(wash)
    r = box.width() * 0.08
    p.drawRoundedRect(box, r, r)
    out = 2.5 / scale
    frame = box.adjusted(-out, -out, out, out)
    under = QPen(QColor("#111111"), 4.0)
    under.setCosmetic(True)
    p.setPen(under)
    p.setBrush(Qt.NoBrush)
    p.drawRoundedRect(frame, r, r)
    dashes = QPen(QColor("#ffffff"), 2.0)
    dashes.setCosmetic(True)
    dashes.setDashPattern([2.0, 1.5])
    p.setPen(dashes)
    p.drawRoundedRect(frame, r, r)
    p.restore()


def hex_shape(box: QRectF) -> QPolygonF:
    """A flat hexagon filling `box`, for a legend's chip of a hatch."""
    w, h = box.width(), box.height()
    x, y = box.left(), box.top()
    return QPolygonF([QPointF(x + w * 0.25, y), QPointF(x + w * 0.75, y), QPointF(x + w, y + h / 2),
                      QPointF(x + w * 0.75, y + h), QPointF(x + w * 0.25, y + h), QPointF(x, y + h / 2)])


SLOTS = 4  # places along a hex's foot


def _slot_rect(cell: QRectF, slot) -> QRectF:
    """A token's place in its hex's box: along the foot by `slot` (0-3), or at the right-hand side
    (`side`), clear of the hex's number at the top."""
    size = min(cell.width(), cell.height()) * 0.34
    if slot == "side":
        return QRectF(cell.right() - cell.width() * 0.04 - size, cell.center().y() - size / 2, size, size)
    x = cell.left() + cell.width() * (0.12 + 0.19 * int(slot))
    return QRectF(x, cell.bottom() - size - cell.height() * 0.06, size, size)


def token_rects(cell: QRectF, styles: list[dict | None], pile: QRectF | None = None) -> list[QRectF]:
    """Where each of a hex's tokens sits, in the order given, no two on one spot. With no stack in
    the hex, each in its own slot (a slot already taken passes the token to the next free one: an
    E/F counter and a control marker share an area's middle hex). With a stack (`pile`: what its
    counters and badge cover), beside it, where the hex is widest — the first slots' tokens to
    its left, the next to its right, one above another when a side holds two — so a Village or a
    Big Log is never hidden under the counters."""
    if pile is None:
        taken: set = set()
        out: list[QRectF] = []
        for style in styles:
            slot = (style or {}).get("slot", 3)
            if slot in taken:
                free = [s for s in range(SLOTS) if s not in taken]
                slot = free[0] if free else slot
            taken.add(slot)
            out.append(_slot_rect(cell, slot))
        return out
    order = sorted(range(len(styles)), key=lambda i: _slot_order((styles[i] or {}).get("slot", 3)))
    left_room = max(pile.left() - cell.left(), 0.0)
    right_room = max(cell.right() - pile.right(), 0.0)
    sides = [[], []]  # token indices to the left and to the right of the pile, top to bottom
    for n, i in enumerate(order):
        sides[n % 2].append(i)
    places: dict[int, QRectF] = {}
    cy = cell.center().y()
    for k, (room, x0) in enumerate(((left_room, cell.left()), (right_room, pile.right()))):
        placed = sides[k]
        if not placed:
            continue
        # In a hex's side corner a round token fits about 0.87 of the room across (its slanting sides).
        size = min(room * 0.87, cell.height() * 0.3)
        if len(placed) > 1:
            size = min(size, cell.height() * 0.8 / len(placed))
        x = x0 + (room - size) / 2
        top = cy - size * len(placed) / 2
        for j, i in enumerate(placed):
            places[i] = QRectF(x, top + j * size, size, size)
    return [places[i] for i in range(len(styles))]


def _slot_order(slot) -> float:
    return SLOTS if slot == "side" else float(slot)


def paint_chip(p: QPainter, box: QRectF, style: dict | None, fill: str | None = None, square: bool = False) -> None:
    """A legend's small picture of a style: a hatched hex, or a dot in its colour (a square for a side)."""
    p.setRenderHint(QPainter.Antialiasing)
    if draw_kind(style) == HATCH:
        shape = hex_shape(box)
        p.setPen(QPen(QColor("#9aa6b2"), 1))
        p.setBrush(QColor("#c8dbe8"))
        p.drawPolygon(shape)
        paint_hatch(p, shape, box, style)
        return
    if draw_kind(style) == VEIL:  # a grey counter under the veil, as a veiled one looks on the map
        p.setPen(QColor("#141414"))
        p.setBrush(QColor("#5a5a5a"))
        inner = box.adjusted(2, 2, -2, -2)
        p.drawRoundedRect(inner, 2, 2)
        paint_veil(p, inner, style)
        return
    p.setPen(QColor("#333333"))
    p.setBrush(QColor(fill or colour(style)))
    if square:
        p.drawRect(box)
        return
    p.drawEllipse(box)
    symbol = str((style or {}).get("symbol", ""))
    if symbol and draw_kind(style) == TOKEN:  # the token's own short text, as on the map
        font = p.font()
        font.setPixelSize(max(6, int(box.height() * 0.55)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor(ink_for(fill or colour(style))))
        p.drawText(box, Qt.AlignCenter, symbol)
