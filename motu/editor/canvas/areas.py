"""Areas drawn as a printed map draws them: borders, a narrow tint band inside, and the name well inside.

Borders are one line array (m, 4) with, per line, whether regions or islands meet there
(drawn heavier). The band is each border side moved half a band's width into the cell on
either side, in that cell's area colour. Names sit at shapely's `polylabel` of the area's
outline, found for the areas in view a few at a time, so a map of 500 areas never stalls
a frame; a name that would cover another moves, shrinks or waits for a closer zoom.
"""
from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

from motu.engine.board.geometry import cells_outline
from motu.engine.scenario.model import Scenario

from .geometry import SCALE, SceneGeometry
from .style import BAND_ALPHA, CellColours, Style

BAND = 0.16 * SCALE  # the tint band's width, in scene units (a hex is about 2*SCALE across)


class AreaLines:
    """Every side between cells of different areas: its segment, its two cells, and how heavy it is."""

    def __init__(self, geo: SceneGeometry, s: Scenario, colours: CellColours):
        nb = s.grid.neighbour_array
        area = colours.area[:-1]
        region = colours.cell_region()[:-1]
        island = colours.cell_island()[:-1]
        cells = np.arange(s.grid.size)
        segs, pairs = [], []
        for slot in range(nb.shape[1]):
            other = nb[:, slot]
            o = np.maximum(other, 0)
            mask = (other > cells) & (area[o] != area) & ((area >= 0) | (area[o] >= 0))
            idx = np.flatnonzero(mask)
            if not len(idx):
                continue
            p1, p2 = geo.side_fast(int(idx[0]), slot, int(other[idx[0]]))
            if p1 == p2:
                continue  # squares touching at a corner share no border
            c0 = geo.centres[idx[0]]
            offs = np.array([p1.x() - c0[0], p1.y() - c0[1], p2.x() - c0[0], p2.y() - c0[1]])
            segs.append(np.hstack([geo.centres[idx], geo.centres[idx]]) + offs)
            pairs.append(np.stack([idx, other[idx]], axis=1))
        self.lines = np.vstack(segs) if segs else np.empty((0, 4))
        self.pairs = np.vstack(pairs).astype(np.int64) if pairs else np.empty((0, 2), dtype=np.int64)
        a, b = self.pairs[:, 0], self.pairs[:, 1]
        self.heavy = (region[a] != region[b]) | (island[a] != island[b])
        self.area_a, self.area_b = area[a], area[b]
        # Band lines: each side shifted toward each of its two cells' centres.
        mids = (self.lines[:, :2] + self.lines[:, 2:]) / 2
        bands, band_area = [], []
        for cells_, areas_ in ((a, self.area_a), (b, self.area_b)):
            keep = areas_ >= 0
            d = geo.centres[cells_[keep]] - mids[keep]
            d /= np.maximum(np.linalg.norm(d, axis=1, keepdims=True), 1e-9)
            shift = np.hstack([d, d]) * (BAND / 2)
            bands.append(self.lines[keep] + shift)
            band_area.append(areas_[keep])
        self.band_lines = np.vstack(bands) if bands else np.empty((0, 4))
        self.band_area = np.concatenate(band_area) if band_area else np.empty(0, dtype=np.int32)
        self.qt = None  # the lines as Qt lines, kept on small maps


def _in_rect(lines: np.ndarray, rect: QRectF) -> np.ndarray:
    return ((lines[:, 0] >= rect.left()) & (lines[:, 0] <= rect.right())
            & (lines[:, 1] >= rect.top()) & (lines[:, 1] <= rect.bottom()))


SMALL = 20_000  # up to this many border sides, the lines are kept as Qt lines and drawn whole (Qt clips)


def _groups(lines: AreaLines, colours: CellColours, rect: QRectF) -> list[tuple[QPen, object]]:
    """(pen, lines) to draw: bands per area, then light and heavy borders; culled to rect on big maps."""
    light = QPen(QColor(40, 30, 30), 1.6, Qt.SolidLine, Qt.RoundCap)
    light.setCosmetic(True)
    heavy = QPen(QColor(0, 0, 0), 3.2, Qt.SolidLine, Qt.RoundCap)
    heavy.setCosmetic(True)
    out = []
    bands, which = lines.band_lines, lines.band_area
    borders, heavy_mask = lines.lines, lines.heavy
    if rect is not None:
        keep = _in_rect(bands, rect)
        bands, which = bands[keep], which[keep]
        keep = _in_rect(borders, rect)
        borders, heavy_mask = borders[keep], heavy_mask[keep]
    for a in np.unique(which).tolist():
        r, g, b, _ = colours.area_rgba[a].tolist()
        out.append((QPen(QColor(r, g, b, BAND_ALPHA), BAND, Qt.SolidLine, Qt.FlatCap), bands[which == a], "band"))
    out.append((light, borders[~heavy_mask], "border"))
    out.append((heavy, borders[heavy_mask], "border"))
    return [(pen, [QLineF(x1, y1, x2, y2) for x1, y1, x2, y2 in arr.tolist()], kind) for pen, arr, kind in out
            if len(arr)]


def paint_area_lines(p: QPainter, lines: AreaLines, colours: CellColours, rect: QRectF, band: bool = True) -> None:
    if len(lines.lines) <= SMALL:
        if lines.qt is None:
            lines.qt = _groups(lines, colours, None)
        groups = lines.qt
    else:
        groups = _groups(lines, colours, rect.adjusted(-SCALE, -SCALE, SCALE, SCALE))
    for pen, qlines, kind in groups:
        if band or kind != "band":
            p.setPen(pen)
            p.drawLines(qlines)


_NAMES: dict[tuple[str, int], QImage] = {}


def _name_image(text: str, px: int) -> QImage:
    """An area's name, dark with a white halo, drawn once per size and kept (paths of text are slow)."""
    key = (text, px)
    img = _NAMES.get(key)
    if img is None:
        if len(_NAMES) > 4000:
            _NAMES.clear()
        font = QFont()
        font.setBold(True)
        font.setPixelSize(px)
        path = QPainterPath()
        path.addText(0, 0, font, text)
        br = path.boundingRect().adjusted(-3, -3, 3, 3)
        img = QImage(int(br.width()) + 2, int(br.height()) + 2, QImage.Format_ARGB32_Premultiplied)
        img.fill(0)
        q = QPainter(img)
        q.setRenderHint(QPainter.Antialiasing, True)
        q.translate(-br.left() + 1, -br.top() + 1)
        q.setPen(QPen(QColor(255, 255, 255, 220), 3.5, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        q.drawPath(path)
        q.setPen(Qt.NoPen)
        q.setBrush(QColor(25, 20, 20))
        q.drawPath(path)
        q.end()
        _NAMES[key] = img
    return img


def _stand_in(text: str, px: int) -> tuple[QImage, int] | None:
    """The image of the same name at the nearest size already drawn, if any."""
    sizes = [k[1] for k in _NAMES if k[0] == text]
    if not sizes:
        return None
    other = min(sizes, key=lambda q: abs(q - px))
    return _NAMES[(text, other)], other


# A frame draws new name images for this long; past it, a name already drawn at another
# size stands in, scaled, until the next frame (some 30 ms later) draws the rest. Text paths
# with a halo are slow to draw, and a zoom step that changes the names' size must answer.
IMAGE_BUDGET_S = 0.003


SIZES = (9, 11, 14, 18, 22)  # the name sizes in pixels: a few, each drawn once per name
REACH_PX = 160  # how far past the painted rect a name that might overlap one painted is looked for
GAP_PX = 2  # the least space between two names on screen


class AreaNames:
    """Where each area's name goes (polylabel of its outline) and how big the area is, found lazily.

    Names never cover each other: at each zoom the larger areas' names are placed first, and a
    smaller area's name that would overlap one already placed moves up or down within its area,
    then shrinks a size, or is left out at that zoom. Decisions are kept per zoom, so a partial
    repaint (a hover, a selection) draws the same names as the whole frame did."""

    def __init__(self, geo: SceneGeometry, s: Scenario, colours: CellColours):
        self.geo = geo
        self.s = s
        self.points: dict[str, tuple[QPointF, float] | None] = {}
        self.shapes: dict[str, object] = {}  # the outline each label point was found in (shapely)
        self.owed = False  # the last frame let names stand in: the next draws them all
        cells = np.arange(s.grid.size)
        code = colours.area[:-1]
        keep = code >= 0
        self.boxes: dict[str, QRectF] = {}
        self.cell_counts: dict[str, int] = {}
        if keep.any():
            xy = geo.centres[cells[keep]]
            k = code[keep]
            order = np.argsort(k, kind="stable")
            k, xy = k[order], xy[order]
            starts = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
            ends = np.r_[starts[1:], len(k)]
            ids = list(s.areas)
            lo_x, lo_y = np.minimum.reduceat(xy[:, 0], starts), np.minimum.reduceat(xy[:, 1], starts)
            hi_x, hi_y = np.maximum.reduceat(xy[:, 0], starts), np.maximum.reduceat(xy[:, 1], starts)
            hx, hy = geo.half
            for i, st in enumerate(starts.tolist()):
                aid = ids[int(k[st])]
                self.boxes[aid] = QRectF(float(lo_x[i]) - hx, float(lo_y[i]) - hy,
                                         float(hi_x[i] - lo_x[i]) + 2 * hx, float(hi_y[i] - lo_y[i]) + 2 * hy)
                self.cell_counts[aid] = int(ends[i] - st)
        # The larger area's name is placed first; ties keep the scenario's order.
        self.priority = sorted(self.boxes, key=lambda a: -self.cell_counts[a])
        self._zoom: float | None = None
        self.placed: dict[str, tuple[int, QRectF] | None] = {}  # at self._zoom: size and scene rect, None: not shown
        self._buckets: dict[tuple[int, int], list[QRectF]] = {}  # the shown rects by screen tile, for quick checks

    def point(self, area: str) -> tuple[QPointF, float] | None:
        """(label point, inscribed radius) in scene units; None for an area without cells."""
        if area not in self.points:
            from shapely.ops import polylabel
            cells = self.geo.cells_in_box(self.boxes[area], self.s.cell_area, area) if area in self.boxes else []
            if not cells:
                self.points[area] = None
            else:
                poly = cells_outline(self.s.grid, cells)
                if poly.geom_type != "Polygon":
                    poly = max(poly.geoms, key=lambda g: g.area)
                pt = polylabel(poly, 0.25)
                r = poly.exterior.distance(pt)
                self.points[area] = (QPointF(pt.x * SCALE, pt.y * SCALE), r * SCALE)
                self.shapes[area] = poly
        return self.points[area]

    @staticmethod
    def base_size(zoom: float) -> int:
        """Text grows with zoom, never unreadably small nor huge."""
        px = min(max(0.55 * SCALE * zoom, 9.0), 22.0)
        return SIZES[min(4, sum(px >= q for q in SIZES[1:]))]

    def _place(self, aid: str, name: str, zoom: float) -> tuple[int, QRectF] | None:
        """Where the name goes at this zoom, clear of the names placed before it; None: nowhere."""
        pt, radius = self.points[aid]
        px = self.base_size(zoom)
        font = QFont()
        font.setBold(True)
        gap = GAP_PX / zoom
        for size in [q for q in SIZES if q <= px][::-1][:2]:  # its own size, then one smaller
            font.setPixelSize(size)
            fm = QFontMetricsF(font)
            w = fm.horizontalAdvance(name) / zoom
            if w > 2.6 * max(radius, 1.0) * 2 or size / zoom > 2.2 * radius:
                return None  # no wider than the area and never taller than its inside
            h = (fm.height() + 4) / zoom  # the halo too
            for dy in (0.0, -h, h):
                centre = QPointF(pt.x(), pt.y() + dy)
                if dy and not self._inside(aid, centre):
                    continue
                box = QRectF(centre.x() - w / 2 - 3 / zoom, centre.y() - h / 2, w + 6 / zoom, h)
                grown = box.adjusted(-gap, -gap, gap, gap)
                if not any(grown.intersects(r) for key in self._tiles(grown, zoom) for r in self._buckets.get(key, ())):
                    return size, box
        return None

    @staticmethod
    def _tiles(box: QRectF, zoom: float):
        step = REACH_PX / zoom  # names are narrower than this: a few tiles each
        for i in range(int(box.left() // step), int(box.right() // step) + 1):
            for j in range(int(box.top() // step), int(box.bottom() // step) + 1):
                yield i, j

    def _decide(self, aid: str, spot: tuple[int, QRectF] | None, zoom: float) -> None:
        self.placed[aid] = spot
        if spot is not None:
            for key in self._tiles(spot[1], zoom):
                self._buckets.setdefault(key, []).append(spot[1])

    def _inside(self, aid: str, centre: QPointF) -> bool:
        from shapely.geometry import Point
        poly = self.shapes.get(aid)
        return poly is not None and poly.contains(Point(centre.x() / SCALE, centre.y() / SCALE))

    def paint(self, p: QPainter, style: Style, rect: QRectF, zoom: float, budget_s: float = 0.025) -> bool:
        """Draw the names in view; False when some were not placed yet (paint again soon)."""
        t0 = time.perf_counter()
        done = True
        patient = not self.owed
        owed = False
        making = 0.0  # time spent drawing new name images this frame
        if zoom != self._zoom:
            self._zoom, self.placed, self._buckets = zoom, {}, {}
        reach = REACH_PX / zoom
        near = rect.adjusted(-reach, -reach, reach, reach)
        stalled = False  # out of time: names not yet placed wait, so the larger areas keep going first
        for aid in self.priority:
            box = self.boxes[aid]
            if not near.intersects(box):
                continue
            if aid not in self.placed:
                area = self.s.areas.get(aid)
                if box.width() * zoom < 36 or box.height() * zoom < 14 or area is None or not area.name:
                    self.placed[aid] = None  # too small on screen for a name: no need to place one
                    continue
                if stalled or (aid not in self.points and time.perf_counter() - t0 > budget_s):
                    stalled, done = True, False
                    continue
                self._decide(aid, None if self.point(aid) is None else self._place(aid, area.name, zoom), zoom)
            spot = self.placed[aid]
            area = self.s.areas.get(aid)
            if spot is None or area is None or not rect.intersects(spot[1]):
                continue
            px, where = spot
            key = (area.name, px)
            stand_in = None
            if key not in _NAMES and patient and making > IMAGE_BUDGET_S:
                stand_in = _stand_in(*key)
            p.save()
            p.translate(where.center())
            p.scale(1 / zoom, 1 / zoom)
            if stand_in is not None:
                img, other = stand_in
                k = px / other
                p.drawImage(QRectF(-img.width() * k / 2, -img.height() * k / 2, img.width() * k, img.height() * k), img)
                owed = True
            else:
                t1 = time.perf_counter()
                img = _name_image(*key)
                making += time.perf_counter() - t1
                p.drawImage(QPointF(-img.width() / 2, -img.height() / 2), img)
            p.restore()
        self.owed = owed
        return done and not owed
