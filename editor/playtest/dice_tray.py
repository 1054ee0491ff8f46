"""The dice tray: every roll drawn as die faces, grouped by the roll it serves, named in words with its rule.

Consecutive dice of one roll (the Random Events Table's two dice and the event's own die;
a volley's dice) share a row: the faces side by side, the words of each die after them.
A random pick (a Home Village drawn, a unit chosen at random) has no face and is a row of words.
"""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem

FACE = 22  # pixels per die
MAX_FACES = 6  # a row shows at most this many faces (a volley's twelve dice show their last six)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def paint_die(p: QPainter, rect: QRectF, face: int) -> None:
    """A white die with its pips (faces 1-6); any other number is written on it."""
    p.setPen(QPen(QColor("#333333"), 1))
    p.setBrush(QColor("#fbfbf6"))
    p.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    if face in PIPS:
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#b01818") if face == 1 else QColor("#1a1a1a"))
        r = rect.width() * 0.09
        for gx, gy in PIPS[face]:
            c = QPointF(rect.left() + rect.width() * (0.25 + 0.25 * gx), rect.top() + rect.height() * (0.25 + 0.25 * gy))
            p.drawEllipse(c, r, r)
    else:
        p.setPen(QColor("#1a1a1a"))
        p.drawText(rect, Qt.AlignCenter, str(face))


@lru_cache(maxsize=512)
def faces_icon(faces: tuple[int, ...]) -> QIcon:
    shown = faces[-MAX_FACES:]
    pix = QPixmap(max(1, len(shown)) * (FACE + 3), FACE + 2)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    for i, f in enumerate(shown):
        paint_die(p, QRectF(1 + i * (FACE + 3), 1, FACE, FACE), f)
    p.end()
    return QIcon(pix)


class DiceTray(QListWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("playtestDice")
        self.setIconSize(QSize(MAX_FACES * (FACE + 3), FACE + 2))
        self.setUniformItemSizes(True)  # every row two lines high, so adding one lays out nothing else
        self._open: tuple[str, int] | None = None  # (group, batch) of the last row, while dice may join it
        self._faces: list[int] = []
        self._texts: list[str] = []

    def add(self, group: str, face: int | None, text: str, batch: int) -> None:
        """A die (or a pick) of `group`, rolled in resolution batch `batch` (one player's move's dice)."""
        if self._open == (group, batch) and self.count():
            item = self.item(self.count() - 1)
        else:
            item = QListWidgetItem()
            self.addItem(item)
            self._open, self._faces, self._texts = (group, batch), [], []
        if face is not None:
            self._faces.append(face)
        self._texts.append(text)
        item.setText(self._two_lines())
        item.setToolTip("\n".join(self._texts))
        item.setData(Qt.UserRole, (group, tuple(self._faces)))
        if self._faces:
            item.setIcon(faces_icon(tuple(self._faces)))
        self.scrollToItem(item)

    def note(self, text: str) -> None:
        """What the last roll brought about (the event drawn), written under its dice."""
        if self.count() and self._open is not None:
            self._texts.append("→ " + text)
            item = self.item(self.count() - 1)
            item.setText(self._two_lines())
            item.setToolTip("\n".join(self._texts))

    def _two_lines(self) -> str:
        """The row's first die and its last word (the event drawn, or the last die); the tooltip has all."""
        if len(self._texts) == 1:
            return self._texts[0] + "\n"
        return self._texts[0] + "\n" + ("" if len(self._texts) == 2 else "… ") + self._texts[-1]

    def start_over(self) -> None:
        self.clear()
        self._open, self._faces, self._texts = None, [], []

    def texts(self) -> list[str]:
        return [self.item(i).toolTip() for i in range(self.count())]
