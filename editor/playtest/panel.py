"""The game panel and the result panel: rows of the rulebook's words in a layout that does not jump.

The panel's rows keep their labels and their heights (two lines each, the full text in the
tooltip) as the game goes on, so nothing beside the map moves while the words change. The
result panel appears when the game ends: winner, victory level, areas held, losses, and a
button that saves the game record.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

LINES = 2  # every value gets room for this many lines, whatever its text
LONG = {"To move": 3, "Result": 3}  # rows whose words run longer get a line more


class _Rows(QWidget):
    """Label: value rows; the same labels keep the same widgets, each value a fixed height."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setRowWrapPolicy(QFormLayout.DontWrapRows)
        self.labels: list[str] = []
        self.values: list[QLabel] = []

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        labels = [label for label, _ in rows]
        if labels != self.labels:
            while self.form.rowCount():
                self.form.removeRow(0)
            self.values = []
            for label in labels:
                value = QLabel()
                value.setWordWrap(True)
                value.setTextFormat(Qt.PlainText)
                value.setAlignment(Qt.AlignLeft | Qt.AlignTop)
                value.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
                value.setFixedHeight(value.fontMetrics().lineSpacing() * LONG.get(label, LINES) + 4)
                value.setTextInteractionFlags(Qt.TextSelectableByMouse)
                head = QLabel(label + ":")
                head.setAlignment(Qt.AlignRight | Qt.AlignTop)
                head.setStyleSheet("font-weight: bold")
                self.form.addRow(head, value)
                self.values.append(value)
            self.labels = labels
        for value, (_, text) in zip(self.values, rows):
            if value.text() != text:
                value.setText(text)
                value.setToolTip(text)

    def text(self) -> str:
        return "\n".join(f"{label}: {value.text()}" for label, value in zip(self.labels, self.values))


class GamePanel(QGroupBox):
    """Turn, phase, whose move and what they are asked, conditions, counters left: the rule set's rows."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("playtestPanel")
        lay = QVBoxLayout(self)
        self.rows = _Rows(self)
        lay.addWidget(self.rows)

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        self.rows.set_rows(rows)

    def text(self) -> str:
        return self.rows.text()


class ResultPanel(QGroupBox):
    """The end of the game: the rule set's result rows and Save game record."""

    save_requested = Signal()

    def __init__(self, parent=None):
        super().__init__("Result", parent)
        self.setObjectName("playtestResult")
        lay = QVBoxLayout(self)
        self.rows = _Rows(self)
        lay.addWidget(self.rows)
        self.save = QPushButton("Save game record…")
        self.save.setObjectName("playtestSaveRecord")
        self.save.clicked.connect(self.save_requested)
        lay.addWidget(self.save)
        self.hide()

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        self.rows.set_rows(rows)

    def text(self) -> str:
        return self.rows.text()
