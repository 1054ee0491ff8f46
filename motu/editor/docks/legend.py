"""Legend dock: the rule set's terrains, edge features, cell features, pieces and the map's marks,
each drawn as the map draws it, with the rulebook's names. Built from the catalogue."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QLineF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QDockWidget, QTreeWidget, QTreeWidgetItem

from motu.engine.scenario.counter_face import CounterFace, ink_for

from ..canvas import features as F
from ..canvas.counters import paint_counter

W, H = 44, 26


def _pixmap(draw) -> QIcon:
    pm = QPixmap(W, H)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing, True)
    try:
        draw(p)
    finally:
        p.end()
    return QIcon(pm)


def _moves(move) -> str:
    parts = [f"{cls} {'no' if v is None else (int(v) if float(v).is_integer() else v)}" for cls, v in move.items()]
    return ", ".join(parts)


class LegendDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Legend", parent)
        self.setObjectName("legendDock")
        self.ctx = ctx
        self.tree = QTreeWidget()
        self.tree.setObjectName("legendTree")
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(2)
        self.tree.setIconSize(QSize(W, H))
        self.tree.setRootIsDecorated(True)
        self.setWidget(self.tree)
        self.refresh()

    def entries(self) -> list[tuple[str, str, str]]:
        """(section, id, name) of every row, for tests and tooltips."""
        out = []
        for i in range(self.tree.topLevelItemCount()):
            sec = self.tree.topLevelItem(i)
            for j in range(sec.childCount()):
                it = sec.child(j)
                out.append((sec.text(0), it.data(0, Qt.UserRole), it.text(0)))
        return out

    def refresh(self) -> None:
        item = self.ctx.map_item
        cat = item.catalogue
        style = item.style
        s = self.ctx.document.scenario
        self.tree.clear()

        def section(title):
            sec = QTreeWidgetItem([title])
            f = sec.font(0)
            f.setBold(True)
            sec.setFont(0, f)
            self.tree.addTopLevelItem(sec)
            return sec

        def row(sec, ident, name, icon, detail=""):
            it = QTreeWidgetItem([name, detail])
            it.setIcon(0, icon)
            it.setData(0, Qt.UserRole, ident)
            it.setToolTip(0, f"{name} ({ident})" + (f": {detail}" if detail else ""))
            sec.addChild(it)

        sec = section("Terrain")
        for t in cat.terrain.values():
            colour = QColor(t.color)
            row(sec, t.id, t.name, _pixmap(lambda p, c=colour: (p.setPen(QPen(QColor(0, 0, 0, 90), 1)), p.setBrush(c),
                                                              p.drawRect(QRectF(2, 2, W - 4, H - 4)))),
                _moves(t.move) + (", blocks sight" if t.blocks_sight else ""))
        if cat.edges:
            sec = section("Edges")
            for e in cat.edges.values():
                lines = {e.id: np.array([[4.0, H / 2, W - 4.0, H / 2]])}
                row(sec, e.id, e.name, _pixmap(lambda p, ln=lines: F.paint_edges(p, ln, style, QRectF(-50, -50, 200, 200), 1.0)),
                    _moves(e.move))
        if cat.features:
            sec = section("Features")
            for f in cat.features.values():
                if style.key and style.key.feature_style(f.id) == "stream":
                    draw = (lambda p: F.paint_stream_segments(p, [QLineF(4, H * 0.7, W / 2, H * 0.3),
                                                                  QLineF(W / 2, H * 0.3, W - 4, H * 0.6)], 1.0))
                else:
                    draw = (lambda p, sym=f.symbol: F.paint_badge(p, QRectF(W / 2 - 13, 3, 26, H - 6), sym))
                row(sec, f.id, f.name, _pixmap(draw), "belongs to a side" if f.needs_side else "")
        if cat.pieces:
            sec = section("Pieces")
            faces = item.faces()
            for k in cat.pieces.values():
                decl = faces.declaration(k.id)
                face = CounterFace(k.id, "#6b6b6b", ink_for("#6b6b6b"), k.symbol, shape=str(decl.get("shape", "square")))
                row(sec, k.id, k.name, _pixmap(lambda p, fc=face: paint_counter(p, QRectF(W / 2 - 11, 2, 22, 22), fc, False, 1.0)),
                    f"{int(k.mp)} MP" if k.mp else "")
        if s.sides and (style.key is None or style.key.uses.get("zones", True)):
            sec = section("Set-up zones")
            for i, side in enumerate(s.sides.values()):
                col = style.side_colour(side.id)
                brush = F.hatch_brush(col, F.HATCHES[i % len(F.HATCHES)])
                row(sec, side.id, side.name, _pixmap(lambda p, b=brush, c=col: (
                    p.setBrush(b), p.setPen(QPen(c, 1.5, Qt.DashLine)), p.drawRect(QRectF(3, 3, W - 6, H - 6)))))
        sec = section("Map")
        marks = (("area_border", "Area border", QColor(40, 30, 30), 1.6), ("region_border", "Region or island border",
                                                                          QColor(0, 0, 0), 3.2))
        # Area borders only where the rule set has areas (or this map has some all the same).
        has_areas = style.key is None or style.key.uses.get("areas", True) or bool(s.areas)
        for ident, name, colour, width in marks if has_areas else ():
            row(sec, ident, name, _pixmap(lambda p, c=colour, w=width: (p.setPen(QPen(c, w)),
                                                                       p.drawLine(QLineF(4, H / 2, W - 4, H / 2)))))
        row(sec, "problem", "A cell with an error (Problems dock)", _pixmap(lambda p: (
            p.setPen(QPen(QColor("#d62728"), 2.5)), p.setBrush(QColor(214, 39, 40, 60)), p.drawRect(QRectF(3, 3, W - 6, H - 6)))))
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
