"""Painting a scenario with QPainter: terrain, areas, edges, features, pieces, zones, grid, labels.

Two speeds. Zoomed out, terrain and areas come from cached chunk images of
64x64 cells, redrawn only where an edit touched them. Zoomed in, the visible
cells are drawn as vector shapes. Sparse things (edges, features, pieces) are
drawn from their own lists, culled to the exposed rectangle.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen

from engine.scenario.catalogue import Catalogue
from engine.scenario.model import Scenario

from .geometry import SceneGeometry

LAYERS = ("terrain", "areas", "edges", "features", "pieces", "zones", "grid", "labels")
CHUNK_PX_PER_UNIT = 0.2  # chunk images: 0.2 pixel per scene unit (about 13 px per hex)
VECTOR_FROM_PX = 10.0  # draw vector cells once a cell is this many screen pixels across
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


def paint_cells(p: QPainter, geo: SceneGeometry, s: Scenario, style: Style, cells: list[int],
                layers: dict[str, bool], grid_pen: QPen | None) -> None:
    """Vector drawing of cells: terrain fill, area tint and borders, grid lines."""
    terrain = s.terrain
    area = s.cell_area
    if layers.get("terrain", True):
        p.setPen(grid_pen if (grid_pen is not None and layers.get("grid", True)) else Qt.NoPen)
        last = None
        for c in cells:
            t = terrain[c]
            if t != last:
                p.setBrush(style.terrain_brush(t))
                last = t
            p.drawPolygon(geo.polygon(c))
    elif grid_pen is not None and layers.get("grid", True):
        p.setPen(grid_pen)
        p.setBrush(Qt.NoBrush)
        for c in cells:
            p.drawPolygon(geo.polygon(c))
    if layers.get("areas", True) and s.areas:
        p.setPen(Qt.NoPen)
        for c in cells:
            a = area[c]
            if a is not None:
                col = QColor(style.area.get(a, UNKNOWN))
                col.setAlpha(70)
                p.setBrush(col)
                p.drawPolygon(geo.polygon(c))
        paint_area_borders(p, geo, s, cells)


def paint_area_borders(p: QPainter, geo: SceneGeometry, s: Scenario, cells: list[int], width: float = 3.0) -> None:
    area = s.cell_area
    nbrs = s.grid.neighbour_array
    pen = QPen(QColor(40, 30, 30), width)
    pen.setCapStyle(Qt.RoundCap)
    p.setPen(pen)
    for c in cells:
        a = area[c]
        row = nbrs[c]
        for slot in range(len(row)):
            n = int(row[slot])
            if n > c and area[n] != a and (a is not None or area[n] is not None):
                p1, p2 = geo.side_fast(c, slot, n)
                p.drawLine(p1, p2)


def render_chunk(geo: SceneGeometry, s: Scenario, style: Style, chunk: tuple[int, int],
                 layers: dict[str, bool]) -> tuple[QImage, QRectF]:
    """One cached image of a chunk's terrain and areas, and the scene rectangle it covers."""
    cells = geo.chunk_cells(chunk)
    rect = geo.cells_rect(cells)
    w = max(1, int(rect.width() * CHUNK_PX_PER_UNIT) + 1)
    h = max(1, int(rect.height() * CHUNK_PX_PER_UNIT) + 1)
    img = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
    img.fill(Qt.transparent)
    p = QPainter(img)
    p.scale(CHUNK_PX_PER_UNIT, CHUNK_PX_PER_UNIT)
    p.translate(-rect.left(), -rect.top())
    paint_cells(p, geo, s, style, cells, {**layers, "grid": False}, None)
    p.end()
    return img, rect


def paint_edges(p: QPainter, geo: SceneGeometry, s: Scenario, style: Style, rect: QRectF) -> None:
    for (a, b), feats in s.edges.items():
        if not rect.contains(geo.centre(a)) and not rect.contains(geo.centre(b)):
            continue
        p1, p2 = geo.side(a, b)
        if p1 == p2:  # spaces: no shared border, mark the link's midpoint
            ca, cb = geo.centre(a), geo.centre(b)
            d = cb - ca
            n = QPointF(-d.y(), d.x())
            length = max(1.0, (n.x() ** 2 + n.y() ** 2) ** 0.5)
            n = n * (12.0 / length)
            p1, p2 = p1 - n, p1 + n
        for f in feats:
            p.setPen(style.edge.get(f, QPen(UNKNOWN, 5)))
            p.drawLine(p1, p2)


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


def paint_labels(p: QPainter, geo: SceneGeometry, s: Scenario, cells: list[int]) -> None:
    font = QFont()
    font.setPixelSize(10)
    p.setFont(font)
    p.setPen(QColor(0, 0, 0, 150))
    label = s.grid.label
    for c in cells:
        ctr = geo.centre(c)
        p.drawText(QRectF(ctr.x() - 30, ctr.y() + geo.half[1] * 0.35, 60, 14), Qt.AlignHCenter, label(c))


def paint_cell_marks(p: QPainter, geo: SceneGeometry, cells, pen: QPen, brush: QBrush | None = None) -> None:
    p.setPen(pen)
    p.setBrush(brush if brush is not None else Qt.NoBrush)
    for c in cells:
        p.drawPolygon(geo.polygon(c))
