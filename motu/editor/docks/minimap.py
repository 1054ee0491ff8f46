"""Minimap: the whole map small, the viewport as a rectangle; click or drag to centre there."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QDockWidget, QGraphicsView


class _MiniView(QGraphicsView):
    def __init__(self, main_view):
        super().__init__(main_view.scene())
        self.setObjectName("minimapView")
        self.main_view = main_view
        self.setInteractive(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setMinimumSize(160, 120)
        main_view.viewportMoved.connect(self.viewport().update)
        main_view.zoomChanged.connect(lambda _: self.viewport().update())

    def resizeEvent(self, e) -> None:  # noqa: N802
        super().resizeEvent(e)
        self.refit()

    def refit(self) -> None:
        self.fitInView(self.main_view.map_item.boundingRect(), Qt.KeepAspectRatio)

    def visible_rect(self) -> QRectF:
        v = self.main_view
        return v.mapToScene(v.viewport().rect()).boundingRect()

    def drawForeground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802
        p.setPen(QPen(QColor("#ff3030"), 0))
        p.setBrush(Qt.NoBrush)
        p.drawRect(self.visible_rect())

    def mousePressEvent(self, e) -> None:  # noqa: N802
        self.main_view.centerOn(self.mapToScene(e.position().toPoint()))

    def mouseMoveEvent(self, e) -> None:  # noqa: N802
        if e.buttons() & Qt.LeftButton:
            self.main_view.centerOn(self.mapToScene(e.position().toPoint()))


class MinimapDock(QDockWidget):
    def __init__(self, main_view, parent=None):
        super().__init__("Minimap", parent)
        self.setObjectName("minimapDock")
        self.view = _MiniView(main_view)
        self.setWidget(self.view)

    def refit(self) -> None:
        """The whole map again (another scenario, or a grid that grew or shrank)."""
        self.view.refit()
        self.view.viewport().update()
