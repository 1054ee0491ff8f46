"""The game panel and the result panel: rows of the rulebook's words in a layout that does not jump.

The panel's rows keep their labels and their heights (two lines each, three for the rows whose
words run long) as the game goes on, so nothing beside the map moves while the words change; a
text longer than its row's lines at the panel's width ends in "…" on its last line, never cut
through a line, and the full text is the row's tooltip (and what `text()` reads). The
result panel appears when the game ends, in the room the panel and the legal actions had:
winner, victory level, areas held, losses, scrolling when they are longer than that room,
and under them, always in sight, a button that saves the game record.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QFormLayout, QFrame, QGroupBox, QLabel, QListWidget, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget,
)

LINES = 2  # every value gets room for this many lines, whatever its text
LONG = {"To move": 3, "Asked": 3, "Result": 3, "This turn": 3, "How": 3}  # rows whose words run longer


class _Value(QLabel):
    """A row's value: word-wrapped in a fixed number of lines; what does not fit ends in "…"."""

    def __init__(self, lines: int, parent=None):
        super().__init__(parent)
        self.lines = lines
        self.full = ""
        self.setWordWrap(True)
        self.setTextFormat(Qt.PlainText)
        self.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines + 4)
        self.setTextInteractionFlags(Qt.TextSelectableByMouse)

    def set_full(self, text: str) -> None:
        if text != self.full:
            self.full = text
            self.setToolTip(text)
            self._fit()

    def resizeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self._fit()

    def _fit(self) -> None:
        shown = fit_lines(self.full, self.font(), self.contentsRect().width() - 2, self.lines)
        if shown != self.text():
            self.setText(shown)


def line_starts(text: str, font, width: int) -> list[int]:
    """Where each line of `text` starts when wrapped at word boundaries to `width` pixels, as a
    label wraps it."""
    layout = QTextLayout(text, font)
    layout.setTextOption(QTextOption(Qt.AlignLeft))
    layout.beginLayout()
    starts = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        starts.append(line.textStart())
    layout.endLayout()
    return starts


def fit_lines(text: str, font, width: int, lines: int) -> str:
    """`text` as it fits `lines` lines of `width` pixels: whole when it does, else the lines that fit
    with the last one cut short by "…" (width 0, before the widget is laid out: the whole text)."""
    if width <= 0 or not text:
        return text
    starts = line_starts(text, font, width)
    if len(starts) <= lines:
        return text
    last = starts[lines - 1]
    tail = QFontMetrics(font).elidedText(text[last:].replace("\n", " "), Qt.ElideRight, width)
    return text[:last] + tail


def wrap_lines(view: QListWidget) -> None:
    """A list whose long lines wrap at its width (a long legal action, a stack's long names), with no
    scroll bar across: nothing runs off the panel."""
    view.setWordWrap(True)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListWidget.Adjust)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    view.setTextElideMode(Qt.ElideNone)
    view.setAlternatingRowColors(True)  # where one wrapped line ends and the next begins


class _Rows(QWidget):
    """Label: value rows; the same labels keep the same widgets, each value a fixed height."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setRowWrapPolicy(QFormLayout.DontWrapRows)
        self.labels: list[str] = []
        self.values: list[_Value] = []

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        labels = [label for label, _ in rows]
        if labels != self.labels:
            while self.form.rowCount():
                self.form.removeRow(0)
            self.values = []
            for label in labels:
                value = _Value(LONG.get(label, LINES))
                head = QLabel(label + ":")
                head.setAlignment(Qt.AlignRight | Qt.AlignTop)
                head.setStyleSheet("font-weight: bold")
                self.form.addRow(head, value)
                self.values.append(value)
            self.labels = labels
        for value, (_, text) in zip(self.values, rows):
            value.set_full(text)

    def text(self) -> str:
        return "\n".join(f"{label}: {value.full}" for label, value in zip(self.labels, self.values))


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
        self.rows = _Rows()
        self.scroll = QScrollArea()  # the rows scroll; the result never asks the window for more room
        self.scroll.setObjectName("playtestResultScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.rows)
        lay.addWidget(self.scroll, 1)
        self.save = QPushButton("Save game record…")
        self.save.setObjectName("playtestSaveRecord")
        self.save.clicked.connect(self.save_requested)
        lay.addWidget(self.save)
        self.hide()

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        self.rows.set_rows(rows)

    def text(self) -> str:
        return self.rows.text()
