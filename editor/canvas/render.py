"""Painting a scenario with QPainter: terrain, areas, edges, features, pieces, zones, grid, labels.

Two speeds. Zoomed out, terrain and areas come from cached chunk images of
64x64 cells, redrawn only where an edit touched them. Zoomed in, the visible
cells are drawn as vector shapes. Sparse things (edges, features, pieces) are
drawn from their own lists, culled to the exposed rectangle.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen, QStaticText

import numpy as np

from engine.board.geometry import cells_at_points
from engine.scenario.catalogue import Catalogue
from engine.scenario.model import Scenario

from .geometry import CHUNK, SCALE, SceneGeometry

LAYERS = ("terrain", "areas", "edges", "features", "pieces", "zones", "grid", "labels")
DETAIL_FROM_PX = 10.0  # features, pieces and zones show once a cell is this many screen pixels across
UNKNOWN = QColor("#ff00ff")


@dataclass
class Style:
    terrain: dict[str, QBrush] = field(default_factory=dict)
    area: dict[str, QColor] = field(default_factory=dict)
    edge: dict[str, QPen] = field(default_factory=dict)
    side: dict[str, QColor] = field(default_factory=dict)

    @classmethod
    def build(cls, scenario: Scenario, cat: Catalogue) -> "Style":
        st = cls()
        st.terrain = {t.id: QBrush(QColor(t.color)) for t in cat.terrain.values()}
        palette = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                   "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#800000", "#aaffc3", "#808000"]
        for i, a in enumerate(scenario.areas.values()):
            st.area[a.id] = QColor(a.color or palette[i % len(palette)])
        for e in cat.edges.values():
            pen = QPen(QColor(e.color), 5)
            pen.setCapStyle(Qt.RoundCap)
            st.edge[e.id] = pen
        for s in scenario.sides.values():
            st.side[s.id] = QColor(s.color or "#444444")
        return st

    def terrain_brush(self, terrain: str) -> QBrush:
        b = self.terrain.get(terrain)
        if b is None:
            b = QBrush(UNKNOWN, Qt.DiagCrossPattern)
            self.terrain[terrain] = b
        return b


def paint_cells(p: QPainter, geo: SceneGeometry, s: Scenario, colours: "CellColours", cells: list[int],
                layers: dict[str, bool], grid_pen: QPen | None, borders: "np.ndarray | None") -> None:
    """Vector drawing of cells: one polygon per cell in its terrain-and-area colour, then grid and borders."""
    show_terrain = layers.get("terrain", True)
    show_areas = layers.get("areas", True)
    pen = grid_pen if (grid_pen is not None and layers.get("grid", True)) else Qt.NoPen
    p.setPen(pen)
    if show_terrain:
        rgba = colours.rgba if show_areas else colours.terrain_rgba[colours.terrain].astype(np.uint8)
        brushes: dict[tuple, QBrush] = {}
        last = None
        for c in cells:
            key = tuple(rgba[c][:3])
            if key != last:
                brush = brushes.get(key)
                if brush is None:
                    brush = brushes[key] = QBrush(QColor(*key))
                p.setBrush(brush)
                last = key
            p.drawPolygon(geo.polygon(c))
    elif pen is not Qt.NoPen:
        p.setBrush(Qt.NoBrush)
        for c in cells:
            p.drawPolygon(geo.polygon(c))
    if show_areas and borders is not None and len(borders):
        pen = QPen(QColor(40, 30, 30), 2.5, Qt.SolidLine, Qt.RoundCap)
        pen.setCosmetic(True)  # area borders stay visible at every zoom
        paint_lines(p, borders, geo.cells_rect(cells), pen)


def area_border_lines(geo: SceneGeometry, s: Scenario, colours: "CellColours") -> np.ndarray:
    """Every border between cells of different areas, as an (m, 4) array of x1, y1, x2, y2."""
    nb = s.grid.neighbour_array
    area = colours.area[:-1]
    cells = np.arange(s.grid.size)
    out = []
    for slot in range(nb.shape[1]):
        other = nb[:, slot]
        mask = (other > cells) & (area[np.maximum(other, 0)] != area) & ((area >= 0) | (area[np.maximum(other, 0)] >= 0))
        idx = np.flatnonzero(mask)
        if not len(idx):
            continue
        p1, p2 = geo.side_fast(int(idx[0]), slot, int(other[idx[0]]))
        if p1 == p2:
            continue  # squares touching at a corner share no border
        c0 = geo.centres[idx[0]]
        offs = np.array([p1.x() - c0[0], p1.y() - c0[1], p2.x() - c0[0], p2.y() - c0[1]])
        out.append(np.hstack([geo.centres[idx], geo.centres[idx]]) + offs)
    return np.vstack(out) if out else np.empty((0, 4))


def paint_lines(p: QPainter, lines: np.ndarray, rect: QRectF, pen: QPen) -> None:
    """Draw the lines of an (m, 4) array that fall in a rectangle, in one call."""
    from PySide6.QtCore import QLineF
    keep = ((lines[:, 0] >= rect.left()) & (lines[:, 0] <= rect.right())
            & (lines[:, 1] >= rect.top()) & (lines[:, 1] <= rect.bottom()))
    sel = lines[keep]
    if not len(sel):
        return
    p.setPen(pen)
    p.drawLines([QLineF(x1, y1, x2, y2) for x1, y1, x2, y2 in sel.tolist()])


class CellColours:
    """Each cell's colour as one array (terrain tinted by its area), for drawing chunk images with numpy."""

    def __init__(self, s: Scenario, style: Style):
        self.terrain_ids = list(style.terrain)
        self.area_ids = list(s.areas)
        self._tindex = {t: i for i, t in enumerate(self.terrain_ids)}
        self._aindex = {a: i for i, a in enumerate(self.area_ids)}
        self.terrain_rgba = np.array([_rgba(style.terrain[t].color()) for t in self.terrain_ids] + [_rgba(UNKNOWN)],
                                     dtype=np.uint16)
        self.area_rgba = np.array([_rgba(style.area.get(a, UNKNOWN)) for a in self.area_ids] + [[0, 0, 0, 0]],
                                  dtype=np.uint16)
        n = s.grid.size
        unknown = len(self.terrain_ids)
        # One extra entry at index n stands for "no cell here": transparent, area -2.
        self.terrain = np.fromiter((self._tindex.get(t, unknown) for t in s.terrain), dtype=np.int32, count=n)
        self.area = np.append(np.fromiter((-1 if a is None else self._aindex.get(a, -1) for a in s.cell_area),
                                          dtype=np.int32, count=n), -2)
        self.rgba = np.zeros((n + 1, 4), dtype=np.uint8)
        self.refresh(np.arange(n))

    def refresh(self, cells: np.ndarray) -> None:
        base = self.terrain_rgba[self.terrain[cells]]
        area = self.area[cells]
        tint = self.area_rgba[np.where(area >= 0, area, len(self.area_ids))]
        mixed = np.where((area >= 0)[:, None], (base * 165 + tint * 90) // 255, base)
        mixed[:, 3] = 255
        self.rgba[cells] = mixed.astype(np.uint8)

    def set_cells(self, s: Scenario, cells) -> bool:
        """Follow a few edited cells; False when a new terrain or area needs a full rebuild."""
        for c in cells:
            t, a = s.terrain[c], s.cell_area[c]
            if t not in self._tindex or (a is not None and a not in self._aindex):
                return False
            self.terrain[c] = self._tindex[t]
            self.area[c] = -1 if a is None else self._aindex[a]
        self.refresh(np.fromiter(cells, dtype=np.int64))
        return True


def _rgba(c: QColor) -> list[int]:
    return [c.red(), c.green(), c.blue(), 255]


def chunk_template(geo: SceneGeometry) -> tuple[np.ndarray, np.ndarray, QRectF]:
    """Which cell each pixel of a full chunk shows, as (column, row) within the chunk (-1: none).

    The grid repeats every two columns and rows, and a chunk is an even number of
    them, so one raster serves every chunk, shifted by the chunk's first cell."""
    g = geo.grid
    virtual = type(g)(CHUNK, CHUNK, **({"orientation": g.orientation, "offset": g.offset} if geo.hex else {}))
    vgeo = SceneGeometry(virtual)
    vgeo.chunk_px = geo.chunk_px
    rect = vgeo.cells_rect(range(virtual.size))
    k = geo.chunk_px
    w = max(1, int(rect.width() * k) + 1)
    h = max(1, int(rect.height() * k) + 1)
    xs = (rect.left() + (np.arange(w) + 0.5) / k) / SCALE
    ys = (rect.top() + (np.arange(h) + 0.5) / k) / SCALE
    gx, gy = np.meshgrid(xs, ys)
    labels = cells_at_points(virtual, gx, gy)
    col = np.where(labels >= 0, labels % CHUNK, -1).astype(np.int32)
    row = np.where(labels >= 0, labels // CHUNK, -1).astype(np.int32)
    return col, row, QRectF(rect.left(), rect.top(), w / k, h / k)


def chunk_raster(geo: SceneGeometry, template, chunk: tuple[int, int]) -> tuple[np.ndarray, QRectF]:
    """Per pixel of this chunk's image, the index of the cell it shows (grid size where none)."""
    col, row, rect = template
    g = geo.grid
    cx, cy = chunk
    c0, r0 = cx * CHUNK, cy * CHUNK
    valid = (col >= 0) & (col < g.columns - c0) & (row < g.rows - r0)
    idx = np.where(valid, (row + r0) * g.columns + (col + c0), g.size).astype(np.int32)
    first = geo.centre(r0 * g.columns + c0) - geo.centre(0)
    return idx, rect.translated(first)


class ChunkImage:
    """A chunk's pixels as a numpy array and a QImage over the same memory: edits repaint a window of it."""

    def __init__(self, idx: np.ndarray, colours: CellColours, layers: dict[str, bool]):
        h, w = idx.shape
        self.rgba = np.empty((h, w, 4), dtype=np.uint8)
        self.redraw(idx, colours, layers, 0, h, 0, w)
        # The QImage reads self.rgba directly; keeping both on this object keeps the memory alive.
        self.image = QImage(self.rgba.data, w, h, 4 * w, QImage.Format_RGBA8888)

    def redraw(self, idx: np.ndarray, colours: CellColours, layers: dict[str, bool],
               y0: int, y1: int, x0: int, x1: int) -> None:
        """Recolour the pixels in rows y0..y1 and columns x0..x1: one gather, then area borders."""
        h, w = idx.shape
        y0, y1, x0, x1 = max(0, y0), min(h, y1), max(0, x0), min(w, x1)
        if y0 >= y1 or x0 >= x1:
            return
        block = idx[y0:y1, x0:x1]
        out = colours.rgba[block]
        if layers.get("areas", True):
            # One pixel more on each side, so borders at the window's edge compare with their neighbours.
            ya, yb, xa, xb = max(0, y0 - 1), min(h, y1 + 1), max(0, x0 - 1), min(w, x1 + 1)
            area = colours.area[idx[ya:yb, xa:xb]]
            inside = area > -2
            border = np.zeros(area.shape, dtype=bool)
            border[:, :-1] = (area[:, :-1] != area[:, 1:]) & inside[:, :-1] & inside[:, 1:]
            border[:-1, :] |= (area[:-1, :] != area[1:, :]) & inside[:-1, :] & inside[1:, :]
            out[border[y0 - ya:y0 - ya + (y1 - y0), x0 - xa:x0 - xa + (x1 - x0)]] = (40, 30, 30, 255)
        self.rgba[y0:y1, x0:x1] = out


def edge_lines(geo: SceneGeometry, s: Scenario) -> dict[str, np.ndarray]:
    """Each edge feature's segments as an (m, 4) array, for drawing in one call."""
    grid = s.grid
    slots = {}
    out: dict[str, list] = {}
    for (a, b), feats in s.edges.items():
        row = slots.get(a)
        if row is None:
            row = slots[a] = list(grid.neighbour_array[a])
        p1, p2 = geo.side_fast(a, row.index(b), b) if b in row else geo.side(a, b)
        if p1 == p2:  # spaces: no shared border; a bar across the link's midpoint
            ca, cb = geo.centre(a), geo.centre(b)
            mid = (ca + cb) / 2
            d = cb - ca
            length = max(1.0, (d.x() ** 2 + d.y() ** 2) ** 0.5)
            n = QPointF(-d.y(), d.x()) * (12.0 / length)
            p1, p2 = mid - n, mid + n
        for f in feats:
            out.setdefault(f, []).append((p1.x(), p1.y(), p2.x(), p2.y()))
    return {f: np.array(v, dtype=np.float64) for f, v in out.items()}


def paint_edges(p: QPainter, lines: dict[str, np.ndarray], style: Style, rect: QRectF) -> None:
    grown = rect.adjusted(-SCALE, -SCALE, SCALE, SCALE)
    for f, arr in lines.items():
        paint_lines(p, arr, grown, style.edge.get(f, QPen(UNKNOWN, 5)))


def paint_features(p: QPainter, geo: SceneGeometry, s: Scenario, cat: Catalogue, style: Style, rect: QRectF) -> None:
    font = QFont()
    font.setPixelSize(14)
    font.setBold(True)
    p.setFont(font)
    for f in s.features:
        c = geo.centre(f.cell)
        if not rect.contains(c):
            continue
        kind = cat.features.get(f.kind)
        symbol = kind.symbol if kind else "?"
        box = QRectF(c.x() - 12, c.y() - 22, 24, 16)
        p.setPen(QPen(style.side.get(f.side, QColor("#222222")) if f.side else QColor("#222222"), 1.5))
        p.setBrush(QColor(255, 255, 240, 220))
        p.drawRoundedRect(box, 3, 3)
        p.drawText(box, Qt.AlignCenter, symbol)


def paint_pieces(p: QPainter, geo: SceneGeometry, s: Scenario, cat: Catalogue, style: Style, rect: QRectF,
                 selected: set[str]) -> None:
    stacks: dict[int, list] = {}
    for piece in s.pieces.values():
        if piece.cell is not None:
            stacks.setdefault(piece.cell, []).append(piece)
    font = QFont()
    font.setPixelSize(11)
    p.setFont(font)
    for cell, stack in stacks.items():
        c = geo.centre(cell)
        if not rect.contains(c):
            continue
        for i, piece in enumerate(stack[:4]):
            box = QRectF(c.x() - 14 + 3 * i, c.y() - 6 - 3 * i, 28, 22)
            color = style.side.get(piece.side, QColor("#777777"))
            p.setBrush(color)
            pen = QPen(QColor("#ffd700") if piece.id in selected else QColor("#111111"), 3 if piece.id in selected else 1)
            p.setPen(pen)
            p.drawRect(box)
            kind = cat.pieces.get(piece.kind)
            text = (kind.symbol if kind else "?") + (f"{piece.count}" if piece.count > 1 else "")
            p.setPen(QColor("white"))
            p.drawText(box, Qt.AlignCenter, text)
        if len(stack) > 4:
            p.setPen(QColor("#111111"))
            p.drawText(QRectF(c.x() + 14, c.y() - 20, 20, 14), Qt.AlignLeft, f"+{len(stack) - 4}")


def paint_zones(p: QPainter, geo: SceneGeometry, s: Scenario, style: Style, rect: QRectF) -> None:
    for side, cells in s.setup_zones.items():
        col = QColor(style.side.get(side, QColor("#444444")))
        p.setPen(QPen(col, 2, Qt.DashLine))
        col.setAlpha(40)
        p.setBrush(col)
        for c in cells:
            if rect.contains(geo.centre(c)):
                p.drawPolygon(geo.polygon(c).translated(0, 0))


_STATIC: dict[str, QStaticText] = {}


def _static(text: str) -> QStaticText:
    """Laid-out text, cached: drawing a QStaticText costs a fraction of drawText's layout."""
    st = _STATIC.get(text)
    if st is None:
        if len(_STATIC) > 20000:
            _STATIC.clear()
        st = _STATIC[text] = QStaticText(text)
        st.setPerformanceHint(QStaticText.AggressiveCaching)
    return st


def paint_labels(p: QPainter, geo: SceneGeometry, s: Scenario, cells: list[int]) -> None:
    font = QFont()
    font.setPixelSize(10)
    p.setFont(font)
    p.setPen(QColor(0, 0, 0, 150))
    label = s.grid.label
    dy = geo.half[1] * 0.35
    for c in cells:
        ctr = geo.centre(c)
        st = _static(label(c))
        p.drawStaticText(QPointF(ctr.x() - st.size().width() / 2, ctr.y() + dy), st)


def paint_cell_marks(p: QPainter, geo: SceneGeometry, cells, pen: QPen, brush: QBrush | None = None) -> None:
    p.setPen(pen)
    p.setBrush(brush if brush is not None else Qt.NoBrush)
    for c in cells:
        p.drawPolygon(geo.polygon(c))
