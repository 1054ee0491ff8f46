"""The playtest's map: the scenario drawn with the game's markers, and the one tool that clicks moves."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QPainter, QPen

from ..canvas.map_item import MapItem
from ..document import Document


class GameMapItem(MapItem):
    """The scenario's map with the game's markers drawn over it."""

    def __init__(self, document: Document, window):
        self.window = window
        super().__init__(document)

    def paint(self, p: QPainter, option, widget=None) -> None:
        super().paint(p, option, widget)
        state = self.window.session.state if self.window.session else None
        if state is None:
            return
        stacks: dict[int, list] = {}
        for cell, text, side in state.markers():
            stacks.setdefault(cell, []).append((text, side))
        for cell, items in stacks.items():
            c = self.geo.centre(cell)
            for i, (text, side) in enumerate(items[:6]):
                colour = self.style.side.get(side, QColor("#555555")) if side else QColor("#555555")
                box_w = max(26, 7 * len(text) + 6)
                rect = (c.x() - box_w / 2 + 3 * i, c.y() - 10 - 4 * i, box_w, 20)
                p.setPen(QPen(QColor("#111111"), 1))
                p.setBrush(colour)
                p.drawRect(*rect)
                p.setPen(QColor("white"))
                p.drawText(*[int(v) for v in rect], Qt.AlignCenter, text)


class ClickTool:
    """The playtest map's only tool: clicks choose pieces and moves."""

    cursor = QCursor(Qt.PointingHandCursor)

    def __init__(self, window):
        self.window = window

    def activate(self) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def press(self, pos: QPointF, e) -> None:
        if e.button() == Qt.LeftButton:
            self.window.click_cell(self.window.map_item.cell_at(pos))

    def move(self, pos, e) -> None:
        pass

    def release(self, pos, e) -> None:
        pass

    def double(self, pos, e) -> None:
        pass

    def key(self, e) -> bool:
        return False
