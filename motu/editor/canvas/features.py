"""Edges and cell features drawn as what they are: streams, reefs, portages, walls, sites, set-up zones.

The style of each comes from the rule set's map key (motu/engine/scenario/map_key.py). Line
widths are in screen pixels, chosen from the zoom, so an edge reads at every zoom.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QTransform

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from .geometry import SCALE, SceneGeometry, neighbours_of
from .style import Style

HATCHES = (Qt.BDiagPattern, Qt.FDiagPattern, Qt.DiagCrossPattern, Qt.VerPattern, Qt.HorPattern, Qt.CrossPattern)
HATCH_ANGLES = {Qt.BDiagPattern: (45,), Qt.FDiagPattern: (135,), Qt.DiagCrossPattern: (45, 135), Qt.VerPattern: (90,),
                Qt.HorPattern: (0,), Qt.CrossPattern: (0, 90)}
_HATCH_CACHE: dict[tuple, QPixmap] = {}
PORTAGE_PX = 16  # the portage's canoe mark is at least this many screen pixels across


def hatch_brush(colour: QColor, pattern, zoom: float = 1.0) -> QBrush:
    """Sparse hatching in a side's colour (one line every 12 pixels, at the pattern's angle), the same
    size on screen at every zoom."""
    key = (colour.rgba(), pattern.value)
    pm = _HATCH_CACHE.get(key)
    if pm is None:
        n = 14
        pm = QPixmap(n, n)
        pm.fill(Qt.transparent)
        q = QPainter(pm)
        q.setRenderHint(QPainter.Antialiasing, True)
        q.setPen(QPen(QColor(colour.red(), colour.green(), colour.blue(), 130), 1.4))
        for angle in HATCH_ANGLES.get(pattern, (45,)):
            if angle == 45:
                for d in (-n, 0, n):
                    q.drawLine(QPointF(d, n), QPointF(d + n, 0))
            elif angle == 135:
                for d in (-n, 0, n):
                    q.drawLine(QPointF(d, 0), QPointF(d + n, n))
            elif angle == 90:
                q.drawLine(QPointF(n / 2, 0), QPointF(n / 2, n))
            else:
                q.drawLine(QPointF(0, n / 2), QPointF(n, n / 2))
        q.end()
        _HATCH_CACHE[key] = pm
    brush = QBrush(pm)
    brush.setTransform(QTransform.fromScale(1 / max(zoom, 1e-6), 1 / max(zoom, 1e-6)))
    return brush


def edge_lines(geo: SceneGeometry, s: Scenario) -> dict[str, np.ndarray]:
    """Each edge feature's segments as an (m, 4) array, for drawing in one call."""
    out: dict[str, list] = {}
    for (a, b), feats in s.edges.items():
        if not (0 <= a < s.grid.size and 0 <= b < s.grid.size):
            continue
        p1, p2 = geo.side(a, b)
        if p1 == p2:  # spaces (and squares touching at a corner): a bar across the link's midpoint
            ca, cb = geo.centre(a), geo.centre(b)
            mid = (ca + cb) / 2
            d = cb - ca
            length = max(1.0, (d.x() ** 2 + d.y() ** 2) ** 0.5)
            n = QPointF(-d.y(), d.x()) * (12.0 / length)
            p1, p2 = mid - n, mid + n
        for f in feats:
            out.setdefault(f, []).append((p1.x(), p1.y(), p2.x(), p2.y()))
    return EdgeLines({f: np.array(v, dtype=np.float64) for f, v in out.items()})


class EdgeLines(dict):
    """Each edge feature's segments (feature → (m, 4) array), and the Qt lines drawn from them, made
    once: a frame then picks the lines in view from lists instead of building QLineFs anew."""

    SMALL = 20_000  # up to this many segments of a feature its Qt lines are kept

    def __init__(self, *args):
        super().__init__(*args)
        self.qt: dict[tuple[str, str], list[QLineF]] = {}

    def pick(self, f: str, what: str, keep: np.ndarray, make, per_line: int = 1) -> list[QLineF]:
        """The Qt lines of make(segments of f kept), in make's order: `per_line` blocks of one
        segment per line (as _zigzag and _posts give them)."""
        arr = self[f]
        if len(arr) > self.SMALL:
            return _qlines(make(arr[keep]))
        every = self.qt.get((f, what))
        if every is None:
            every = self.qt[(f, what)] = _qlines(make(arr))
        n = len(arr)
        idx = np.flatnonzero(keep).tolist()
        if len(idx) == n:
            return every
        return [every[k * n + i] for k in range(per_line) for i in idx]


def _in_view(lines: np.ndarray, rect: QRectF) -> np.ndarray:
    return ((lines[:, 0] >= rect.left()) & (lines[:, 0] <= rect.right())
            & (lines[:, 1] >= rect.top()) & (lines[:, 1] <= rect.bottom()))


def _qlines(arr: np.ndarray) -> list[QLineF]:
    return [QLineF(x1, y1, x2, y2) for x1, y1, x2, y2 in arr.tolist()]


def _pen(colour: QColor, px: float, style=Qt.SolidLine, cap=Qt.RoundCap) -> QPen:
    pen = QPen(colour, px, style, cap, Qt.RoundJoin)
    pen.setCosmetic(True)
    return pen


def _width(zoom: float, k: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, k * zoom))


def _zigzag(lines: np.ndarray, teeth: int, amp: float) -> np.ndarray:
    """Zig-zag segments along each line (the reef symbol)."""
    p1, p2 = lines[:, :2], lines[:, 2:]
    d = p2 - p1
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-9)
    pts = []
    for i in range(2 * teeth + 1):
        t = i / (2 * teeth)
        off = 0 if i in (0, 2 * teeth) else (amp if i % 2 else -amp)
        pts.append(p1 + d * t + n * off)
    segs = [np.hstack([pts[i], pts[i + 1]]) for i in range(len(pts) - 1)]
    return np.vstack(segs)


def _same(a: np.ndarray) -> np.ndarray:
    return a


def _reef_teeth(a: np.ndarray) -> np.ndarray:
    return _zigzag(a, 3, 0.07 * SCALE)


def _wall_posts(a: np.ndarray) -> np.ndarray:
    return _posts(a, 4, 0.09 * SCALE)


def paint_edges(p: QPainter, lines: dict[str, np.ndarray], style: Style, rect: QRectF, zoom: float) -> None:
    grown = rect.adjusted(-SCALE, -SCALE, SCALE, SCALE)
    kept = lines if isinstance(lines, EdgeLines) else EdgeLines(lines)
    for f, arr in lines.items():
        keep = _in_view(arr, grown)
        if not keep.any():
            continue
        colour = QColor(style.edge.get(f, QColor("#ff00ff")))
        kind = style.key.edge_style(f) if style.key else "line"
        ql = kept.pick(f, "line", keep, _same)
        if kind == "reef":
            p.setPen(_pen(QColor(90, 70, 50, 170), _width(zoom, 9, 3, 10) + 2))
            p.drawLines(ql)
            p.setPen(_pen(colour, _width(zoom, 9, 3, 10)))
            p.drawLines(ql)
            if zoom > 0.25:
                p.setPen(_pen(QColor("#6b4f3a"), 1.3))
                p.drawLines(kept.pick(f, "teeth", keep, _reef_teeth, 6))
        elif kind == "stream":
            p.setPen(_pen(colour.darker(130), _width(zoom, 7, 2.5, 8)))
            p.drawLines(ql)
            p.setPen(_pen(colour.lighter(135), _width(zoom, 2.5, 1, 3)))
            p.drawLines(ql)
        elif kind == "portage":
            p.setPen(_pen(QColor(255, 255, 255, 200), _width(zoom, 9, 4, 10), Qt.SolidLine, Qt.FlatCap))
            p.drawLines(ql)
            p.setPen(_pen(colour, _width(zoom, 6, 3, 7), Qt.DashLine, Qt.FlatCap))
            p.drawLines(ql)
            # The canoe at every zoom, never under PORTAGE_PX across: a portage is a hexside or two,
            # lost among the reefs at fit zoom were its mark to shrink with the map.
            size = max(0.22 * SCALE, PORTAGE_PX / 2 / max(zoom, 1e-6))
            for ln in ql:
                _canoe(p, ln.center(), size, colour)
        elif kind == "wall":
            p.setPen(_pen(colour, _width(zoom, 8, 3, 9), Qt.SolidLine, Qt.SquareCap))
            p.drawLines(ql)
            if zoom > 0.4:
                p.setPen(_pen(colour.darker(160), 2))
                p.drawLines(kept.pick(f, "posts", keep, _wall_posts, 4))
        else:
            p.setPen(_pen(colour, _width(zoom, 6, 2.5, 7)))
            p.drawLines(ql)


def _posts(lines: np.ndarray, n: int, half: float) -> np.ndarray:
    p1, p2 = lines[:, :2], lines[:, 2:]
    d = p2 - p1
    nrm = np.stack([-d[:, 1], d[:, 0]], axis=1)
    nrm /= np.maximum(np.linalg.norm(nrm, axis=1, keepdims=True), 1e-9)
    out = []
    for i in range(n):
        c = p1 + d * ((i + 0.5) / n)
        out.append(np.hstack([c - nrm * half, c + nrm * half]))
    return np.vstack(out)


def _canoe(p: QPainter, c: QPointF, size: float, colour: QColor) -> None:
    """The portage mark: a small canoe on a white disc."""
    p.setPen(_pen(colour.darker(130), 1.2))
    p.setBrush(QColor(255, 255, 255, 235))
    p.drawEllipse(c, size, size)
    hull = QPainterPath()
    hull.moveTo(c.x() - size * 0.75, c.y() - size * 0.1)
    hull.quadTo(c.x(), c.y() + size * 0.75, c.x() + size * 0.75, c.y() - size * 0.1)
    hull.closeSubpath()
    p.setBrush(colour)
    p.drawPath(hull)


def paint_features(p: QPainter, geo: SceneGeometry, s: Scenario, cat: Catalogue, style: Style, rect: QRectF,
                   zoom: float) -> None:
    grown = rect.adjusted(-SCALE, -SCALE, SCALE, SCALE)
    streams = {f.cell for f in s.features if style.key and style.key.feature_style(f.kind) == "stream"}
    if streams:
        _paint_streams(p, geo, s, streams, grown, zoom)
    font = QFont()
    font.setPixelSize(max(1, int(0.3 * geo.half[1])))
    font.setBold(True)
    p.setFont(font)
    for f in s.features:
        if not 0 <= f.cell < s.grid.size or (style.key and style.key.feature_style(f.kind) == "stream"):
            continue
        c = geo.centre(f.cell)
        if not grown.contains(c):
            continue
        kind = cat.features.get(f.kind)
        h = geo.half[1]
        box = QRectF(c.x() - 0.45 * h, c.y() + 0.56 * h, 0.9 * h, 0.38 * h)
        paint_badge(p, box, kind.symbol if kind else "?", style.side.get(f.side) if f.side else None)


def paint_badge(p: QPainter, box: QRectF, symbol: str, ring: QColor | None = None) -> None:
    """A cell feature's plate: its symbol on a light rounded box, ringed in its side's colour."""
    p.setPen(QPen(ring if ring is not None else QColor("#222222"), 2.5 if ring is not None else 1.5))
    p.setBrush(QColor(255, 255, 240, 230))
    p.drawRoundedRect(box, 3, 3)
    p.setPen(QColor("#1a1a1a"))
    p.drawText(box, Qt.AlignCenter, symbol)


def paint_stream_segments(p: QPainter, segs: list[QLineF], zoom: float) -> None:
    blue = QColor("#2b7bd6")
    p.setPen(_pen(blue.darker(125), _width(zoom, 6, 2, 7)))
    p.drawLines(segs)
    p.setPen(_pen(blue.lighter(140), _width(zoom, 2, 1, 2.5)))
    p.drawLines(segs)


def _paint_streams(p: QPainter, geo: SceneGeometry, s: Scenario, cells: set[int], rect: QRectF, zoom: float) -> None:
    """A stream running through its cells, centre to centre along a tree of neighbouring stream cells
    (a tree, so a cluster of stream hexes reads as one stream and not as a net of triangles)."""
    segs = []
    seen: set[int] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        queue = [start]
        joined = False
        while queue:
            c = queue.pop(0)
            for n in neighbours_of(s.grid, c):
                if n in cells and n not in seen:
                    seen.add(n)
                    queue.append(n)
                    joined = True
                    a, b = geo.centre(c), geo.centre(n)
                    if rect.contains(a) or rect.contains(b):
                        segs.append(QLineF(a, b))
        if not joined:
            ctr = geo.centre(start)
            if rect.contains(ctr):
                segs.append(QLineF(ctr - QPointF(0.6 * SCALE, 0.2 * SCALE), ctr + QPointF(0.6 * SCALE, 0.2 * SCALE)))
    if segs:
        paint_stream_segments(p, segs, zoom)


def paint_zones(p: QPainter, geo: SceneGeometry, s: Scenario, style: Style, rect: QRectF, zoom: float) -> None:
    """Each side's set-up zone hatched in its colour, at its own angle, with a dashed outline."""
    grown = rect.adjusted(-SCALE, -SCALE, SCALE, SCALE)
    order = list(s.sides)
    n = s.grid.size
    for side, cells in s.setup_zones.items():
        col = style.side_colour(side)
        i = order.index(side) if side in order else len(order)
        brush = hatch_brush(col, HATCHES[i % len(HATCHES)], zoom)
        p.setPen(Qt.NoPen)
        p.setBrush(brush)
        inside = [c for c in cells if 0 <= c < n and grown.contains(geo.centre(c))]
        for c in inside:
            p.drawPolygon(geo.polygon(c))
        outline = []
        for c in inside:
            pts = [QPointF(x, y) for x, y in geo.outline]
            ctr = geo.centre(c)
            poly = [q + ctr for q in pts]
            for k in range(len(poly)):
                a, b = poly[k], poly[(k + 1) % len(poly)]
                other = geo.cell_at((a + b) / 2 + ((a + b) / 2 - ctr) * 0.1)
                if other is None or other not in cells:
                    outline.append(QLineF(a, b))
        if outline:
            p.setPen(_pen(col, _width(zoom, 4, 1.5, 3), Qt.DashLine, Qt.FlatCap))
            p.drawLines(outline)

