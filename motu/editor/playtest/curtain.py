"""The "pass the screen" curtain of a hot-seat game: between two human seats nothing of either shows.

It covers the whole playtest window (map, panels, log, dice tray) with one opaque sheet that
names the seat to come; only when that player presses the button does the window draw his view.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class Curtain(QWidget):
    lifted = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("playtestCurtain")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("#playtestCurtain { background: #1f2a36; } QLabel { color: white; font-size: 20px; }")
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignCenter)
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.button = QPushButton()
        self.button.setObjectName("playtestCurtainButton")
        self.button.setMinimumHeight(40)
        self.button.clicked.connect(self._lift)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        lay.addStretch(1)
        self.hide()
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Resize and obj is self.parent():
            self.setGeometry(self.parent().rect())
        return False

    def drop(self, name: str) -> None:
        self.label.setText(f"Pass the screen to {name}.\nThe other side looks away.")
        self.button.setText(f"I am {name}: show my side")
        self.setGeometry(self.parent().rect())
        self.show()
        self.raise_()

    def _lift(self) -> None:
        self.hide()
        self.lifted.emit()

    @property
    def down(self) -> bool:
        return not self.isHidden()  # shown, even while the window itself is not on screen
