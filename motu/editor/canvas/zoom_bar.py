"""The zoom bar in the map view's top right-hand corner: zoom out, the zoom in per cent, zoom in, fit.

Zooming by keys and the wheel stays (Ctrl+wheel at the cursor; the editor's View menu, the table's
own keys); the bar is there so a newcomer sees at once that the map zooms, and how far in it is.
It is a child of the view (not of its viewport, which scrolls its children with the map) and
keeps its place when the view is resized.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

STEP = 1.25  # one click: as one notch of Ctrl+wheel
MARGIN = 8   # pixels between the bar and the map's edge


class ZoomBar(QFrame):
    def __init__(self, view):
        super().__init__(view)
        self.view = view
        self.setObjectName("zoomBar")
        self.setFrameShape(QFrame.StyledPanel)
        self.setAutoFillBackground(True)  # the window's own colour: it reads on any terrain, light or dark
        lay = QHBoxLayout(self)
        lay.setContentsMargins(3, 2, 3, 2)
        lay.setSpacing(2)
        self.out = self._button("zoomOut", "\u2212", "Zoom out (Ctrl+\u2212, or Ctrl+wheel)", lambda: view.zoom_by(1 / STEP))
        self.percent = QLabel("100 %")
        self.percent.setObjectName("zoomPercent")
        self.percent.setAlignment(Qt.AlignCenter)
        self.percent.setMinimumWidth(self.percent.fontMetrics().horizontalAdvance("8888 %") + 4)
        self.percent.setToolTip("The map's zoom")
        self.in_ = self._button("zoomIn", "+", "Zoom in (Ctrl++, or Ctrl+wheel)", lambda: view.zoom_by(STEP))
        self.fit = self._button("zoomFit", "Fit", "Fit the whole map in the view (Ctrl+9)", view.fit)
        for w in (self.out, self.percent, self.in_, self.fit):
            lay.addWidget(w)
        view.zoomChanged.connect(self.show_zoom)
        self.show_zoom(view.zoom())
        self.place()

    def _button(self, name: str, text: str, tip: str, slot) -> QToolButton:
        b = QToolButton(self)
        b.setObjectName(name)
        b.setText(text)
        b.setToolTip(tip)
        b.setAutoRaise(True)
        b.setFocusPolicy(Qt.NoFocus)  # a click zooms; the keys stay with the map and the window
        font = b.font()
        font.setBold(True)
        b.setFont(font)
        b.clicked.connect(slot)
        return b

    def show_zoom(self, zoom: float) -> None:
        self.percent.setText(f"{zoom * 100:.0f} %")

    def place(self) -> None:
        """In the top right-hand corner of the part of the view the map is drawn in."""
        self.adjustSize()
        port = self.view.viewport().geometry()
        self.move(port.right() - self.width() - MARGIN, port.top() + MARGIN)
        self.raise_()
