"""The "pass the screen" curtain of a hot-seat game: between two human seats nothing of either shows.

It covers the whole playtest window (map, panels, log, dice tray) with one opaque sheet that
names the seat to come; only when that player presses the button does the window draw his view.
Before it falls, a seat whose own decision had outcomes it is told (the dice of its reaction
fire, the volleys they brought about) reads them first: the table keeps showing that seat's
view, nobody may act (though that seat may still take its move back), and a bar across the
window under its toolbar says who is to move and hands the screen over when pressed (`hold`,
then `passed`).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolBar, QVBoxLayout, QWidget


class HandoverBar(QFrame):
    """The bar across the top of the window while a seat reads what came of its move."""

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("playtestHandover")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("#playtestHandover { background: #1f2a36; } QLabel { color: white; font-size: 14px; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 6, 12, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        lay.addWidget(self.label, 1)
        self.button = QPushButton()
        self.button.setObjectName("playtestHandoverButton")
        lay.addWidget(self.button)
        self.hide()

    def place(self) -> None:
        """Across the window under its toolbar (Undo stays in reach), over the top of the docks and the map."""
        window = self.parent()
        bars = [t for t in window.findChildren(QToolBar) if t.isVisible() and window.toolBarArea(t) == Qt.TopToolBarArea]
        top = max((t.geometry().bottom() + 1 for t in bars), default=0)
        self.setGeometry(0, top, window.width(), self.sizeHint().height())


class Curtain(QWidget):
    lifted = Signal()
    passed = Signal()  # the seat that read the outcome of its move hands the screen over

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
        self.bar = HandoverBar(window)
        self.bar.button.clicked.connect(self._pass)
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Resize and obj is self.parent():
            self.setGeometry(self.parent().rect())
            self.bar.place()
        return False

    def drop(self, name: str) -> None:
        self.bar.hide()
        self.label.setText(f"Pass the screen to {name}.\nThe other side looks away.")
        self.button.setText(f"I am {name}: show my side")
        self.setGeometry(self.parent().rect())
        self.show()
        self.raise_()

    def hold(self, reader: str, name: str) -> None:
        """`reader` reads what came of his move (his view stays) before the screen goes to `name`."""
        self.bar.label.setText(f"{name} is to move. {reader}: the log and the dice tray show what came of "
                               f"your move; then pass the screen.")
        self.bar.button.setText(f"Pass the screen to {name}")
        self.bar.place()
        self.bar.show()
        self.bar.raise_()

    def release(self) -> None:
        """No seat is waiting to hand over any more (the game was taken back, or begun anew)."""
        self.bar.hide()

    def _lift(self) -> None:
        self.hide()
        self.lifted.emit()

    def _pass(self) -> None:
        self.bar.hide()
        self.passed.emit()

    @property
    def holding(self) -> bool:
        return not self.bar.isHidden()

    @property
    def down(self) -> bool:
        """Nobody may act: the sheet is down, or a seat is still reading before it hands over (shown,
        even while the window itself is not on screen)."""
        return not self.isHidden() or not self.bar.isHidden()
