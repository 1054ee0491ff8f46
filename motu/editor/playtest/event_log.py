"""The event log in words: each line filed as a move, combat, an event or dice; filterable and copyable.

The log holds what the seat on view may know (the window gives it the seat's own text of each
action, action_to_string_for); the filters only hide lines, and Copy puts the lines shown on
the clipboard as plain text.
"""
from __future__ import annotations

from PySide6.QtCore import QTimer, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QHBoxLayout, QListWidget, QPushButton, QVBoxLayout, QWidget

from motu.engine.rules.presentation import KINDS

NAMES = {"moves": "Moves", "combat": "Combat", "events": "Events", "dice": "Dice"}


class EventLog(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        bar = QHBoxLayout()
        self.filters: dict[str, QCheckBox] = {}
        for kind in KINDS:
            box = QCheckBox(NAMES[kind])
            box.setObjectName(f"playtestLogFilter_{kind}")
            box.setChecked(True)
            box.toggled.connect(self._apply_filters)
            bar.addWidget(box)
            self.filters[kind] = box
        bar.addStretch(1)
        copy = QPushButton("Copy")
        copy.setObjectName("playtestLogCopy")
        copy.setToolTip("Copy the lines shown as text")
        copy.clicked.connect(self.copy)
        bar.addWidget(copy)
        lay.addLayout(bar)
        self.list = QListWidget()
        self.list.setObjectName("playtestLog")
        self.list.setUniformItemSizes(True)  # a long game's thousands of lines: no relayout per line
        lay.addWidget(self.list)
        self._scroll_pending = False

    def add(self, kind: str, text: str) -> None:
        self.list.addItem(text)
        item = self.list.item(self.list.count() - 1)
        item.setData(Qt.UserRole, kind)
        item.setToolTip(text)  # a battle's whole line, where the log's width cuts it
        if not self.filters.get(kind, self.filters["events"]).isChecked():
            item.setHidden(True)
        if not self._scroll_pending:  # scrolling a long list is slow: a few times a second at most
            self._scroll_pending = True
            QTimer.singleShot(150, self._scroll)

    def _scroll(self) -> None:
        self._scroll_pending = False
        self.list.scrollToBottom()

    def _apply_filters(self) -> None:
        shown = {k for k, box in self.filters.items() if box.isChecked()}
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(item.data(Qt.UserRole) not in shown)
        self.list.scrollToBottom()  # the latest lines of what is now shown, not a blank stretch of hidden ones

    def clear(self) -> None:
        self.list.clear()

    def count(self) -> int:
        return self.list.count()

    def item(self, i: int):
        return self.list.item(i)

    def lines(self, shown_only: bool = True) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not (shown_only and self.list.item(i).isHidden())]

    def copy(self) -> str:
        text = "\n".join(self.lines())
        QApplication.clipboard().setText(text)
        return text
