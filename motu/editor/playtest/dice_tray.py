"""The dice tray: every roll drawn as die faces, grouped by the roll it serves, named in words with its rule.

Consecutive dice of one roll (the Random Events Table's two dice and the event's own die;
a volley's dice) share a row: the faces side by side, six to a line (every die of a longer roll), beside
them the words of every die, one line each, and under those what the roll brought about
("→ random event 52: The rain in Tahiti falls…"). Dice named alike one after another
share a line ("Independence, dice: 1, 4 (15.5)"); a die named like an earlier one of the row,
after others (a second event's first die), starts a row of its own. A random pick (a Home
Village drawn, a unit chosen at random) has no face and is a row of words. A row is as tall
as its faces and its words wrapped to the tray's width (RowDelegate), and the tray keeps room
for a few rows.
"""
from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView, QListView, QListWidget, QListWidgetItem, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
)

FACE = 22  # pixels per die
MAX_FACES = 6  # faces side by side in a row; a longer roll's dice go on in lines below, every one drawn
_DIGITS = re.compile(r"[0-9]+")
ROOM = 9  # lines of words the tray always has room for: a few rows
_NUMBERED = re.compile(r"^(?P<name>.*?)(?P<n>[0-9]+)(?P<rule>(?: \([^()]*\))?)$")  # "…die: 5 (15.12)"
PAD = 3  # pixels around a row's faces and words
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


def faces_size(n: int) -> tuple[int, int]:
    """(width, height) in pixels of `n` faces laid out MAX_FACES to a line."""
    lines = max(1, -(-n // MAX_FACES))
    return max(1, min(n, MAX_FACES)) * (FACE + 3), lines * (FACE + 3) - 1


@lru_cache(maxsize=512)
def faces_icon(faces: tuple[int, ...]) -> QIcon:
    pix = QPixmap(*faces_size(len(faces)))
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    for i, f in enumerate(faces):
        row, col = divmod(i, MAX_FACES)
        paint_die(p, QRectF(1 + col * (FACE + 3), 1 + row * (FACE + 3), FACE, FACE), f)
    p.end()
    return QIcon(pix)


class RowDelegate(QStyledItemDelegate):
    """A tray row: its faces at the left, its words beside them wrapped to the room left; its height
    is what those take, worked out by the same wrapping that paints them."""

    FLAGS = int(Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._heights: dict[tuple[str, int, int], int] = {}  # (words, faces' width, width) -> height of the words

    def _boxes(self, option, index) -> tuple[int, int]:
        """(width of the faces, width of the words) in a row as wide as the tray."""
        view = self.parent()
        width = (view.viewport().width() if view is not None else option.rect.width()) - 2 * PAD
        faces = _faces(index)
        used = faces_size(len(faces))[0] + PAD if faces else 0
        return used, max(40, width - used)

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt's name
        used, width = self._boxes(option, index)
        text = index.data(Qt.DisplayRole) or ""
        key = (text, used, width)
        words = self._heights.get(key)
        if words is None:  # every layout asks every row: wrapping each anew would grow with the game
            if len(self._heights) > 20000:
                self._heights.clear()
            box = QRect(0, 0, width, 1 << 20)
            words = option.fontMetrics.boundingRect(box, self.FLAGS, text).height() if text else 0
            self._heights[key] = words
        tall = faces_size(len(_faces(index)))[1] if used else 0
        return QSize(used + width, max(tall, words) + 2 * PAD)

    def paint(self, p: QPainter, option, index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawPrimitive(QStyle.PE_PanelItemViewItem, opt, p, opt.widget)
        used, width = self._boxes(option, index)
        box = option.rect.adjusted(PAD, PAD, -PAD, -PAD)
        faces = _faces(index)
        p.save()
        if faces:
            faces_icon(faces).paint(p, QRect(box.left(), box.top(), *faces_size(len(faces))), Qt.AlignLeft | Qt.AlignTop)
        selected = bool(opt.state & QStyle.State_Selected)
        p.setPen(opt.palette.color(QPalette.HighlightedText if selected else QPalette.Text))
        p.setFont(opt.font)
        p.drawText(QRect(box.left() + used, box.top(), width, box.height()), self.FLAGS,
                   index.data(Qt.DisplayRole) or "")
        p.setPen(opt.palette.color(QPalette.Midlight))  # a hairline between rolls
        p.drawLine(option.rect.left(), option.rect.bottom(), option.rect.right(), option.rect.bottom())
        p.restore()


def _faces(index) -> tuple[int, ...]:
    data = index.data(Qt.UserRole)
    return tuple(data[1]) if isinstance(data, tuple) and len(data) == 2 and data[1] else ()


class DiceTray(QListWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("playtestDice")
        self.setItemDelegate(RowDelegate(self))  # faces and wrapped words, never cut
        self.setResizeMode(QListView.Adjust)  # rows are laid out again, to the new width
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollPerPixel)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * ROOM + 2 * self.frameWidth())
        self._open: tuple | None = None  # (group, batch) of the last row, while dice may join it
        self._texts: list[str] = []  # the row's dice and notes in the order they came
        self._dice: list[tuple] = []  # (words, face[, (shared words, end)]) of each die or pick
        self._notes: list[str] = []
        self._scrolling = False  # a scroll to the last row is due once the dice of this move are in

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(super().sizeHint().width(), self.fontMetrics().lineSpacing() * (ROOM + 2) + 2 * self.frameWidth())

    def add(self, group: str, face: int | None, text: str, batch: int, line: tuple[str, str] | None = None) -> None:
        """A die (or a pick) of `group`, rolled in resolution batch `batch` (one player's move's dice).
        `line`: (the words the dice of one roll share, what this die adds at the end of the line) — a
        volley's dice, one line: "…, to hit needing 6: 4, 6, 1 — 1 hit in all"."""
        if self._open != (group, batch) or not self.count() or self._starts_anew(text, line):
            self.addItem(QListWidgetItem())
            self._open, self._texts, self._dice, self._notes = (group, batch), [], [], []
        item = self.item(self.count() - 1)
        self._texts.append(text)
        self._dice.append((text, face, line) if line is not None and face is not None else (text, face))
        self._show(item)
        faces = tuple(d[1] for d in self._dice if d[1] is not None)
        item.setData(Qt.UserRole, (group, faces))
        if faces:
            item.setIcon(faces_icon(faces))
        self._follow()

    def add_roll(self, group: str, faces: tuple[int, ...], text: str, batch: int) -> None:
        """A roll the game made within a player's move (a Roll event: no chance outcome of its own):
        a row of its own, its faces and its words; what it brought about may be noted under it."""
        self.addItem(QListWidgetItem())
        self._open = (group, batch, "roll")  # no later die joins this row
        self._texts, self._dice, self._notes = [text], [(text, None)], []
        item = self.item(self.count() - 1)
        self._show(item)
        item.setData(Qt.UserRole, (group, tuple(faces)))
        if faces:
            item.setIcon(faces_icon(tuple(faces)))
        self._follow()

    def note(self, text: str) -> None:
        """What the last roll brought about (the event drawn), written under its dice."""
        if self.count() and self._open is not None:
            self._texts.append("→ " + text)
            self._notes.append("→ " + text)
            self._show(self.item(self.count() - 1))
            self._follow()

    def _follow(self) -> None:
        """Show the last row once every die of the move is in: rows are laid out once, not per die."""
        if not self._scrolling:
            self._scrolling = True
            QTimer.singleShot(0, self._scroll_down)

    def _scroll_down(self) -> None:
        self._scrolling = False
        self.scrollToBottom()

    def _starts_anew(self, text: str, line: tuple[str, str] | None = None) -> bool:
        """A die named like one earlier in the row but not like the die before it: the roll is made again.
        Dice sharing their words (a volley's) are named by those words, whatever each die did."""
        if line is not None:
            heads = [d[2][0] if len(d) > 2 else None for d in self._dice]
            return bool(heads) and heads[-1] != line[0] and line[0] in heads
        kind = _kind(text)
        return bool(self._dice) and kind != _kind(self._dice[-1][0]) and any(_kind(d[0]) == kind for d in self._dice)

    def _show(self, item: QListWidgetItem) -> None:
        item.setText("\n".join(row_lines(self._dice) + self._notes))
        item.setToolTip("\n".join(self._texts))

    def start_over(self) -> None:
        self.clear()
        self._open, self._texts, self._dice, self._notes = None, [], [], []

    def texts(self) -> list[str]:
        return [self.item(i).toolTip() for i in range(self.count())]

    def shown(self) -> list[str]:
        """Each row's words as the tray writes them."""
        return [self.item(i).text() for i in range(self.count())]


def _kind(text: str) -> str:
    """A die's words with every number left out: what it is rolled for, whatever it shows."""
    return _DIGITS.sub("#", text)


def _name(text: str) -> tuple[str, str]:
    """A die's words without its number: (before, after) — the same for every roll of that die."""
    m = _NUMBERED.match(text)
    return (m.group("name"), m.group("rule")) if m else (text, "")


def row_lines(dice: list[tuple]) -> list[str]:
    """The words of a row's dice, one line a die; dice named alike one after another share a line
    ("dice: 1, 4"), and so do dice given the same shared words (a volley's: "…, to hit needing 6:
    4, 6, 1 — 1 hit in all", the last die's end closing the line). A pick (no face) is always a
    line of its own."""
    runs: list[list] = []
    last = None
    for die in dice:
        text, face = die[0], die[1]
        shared = die[2] if len(die) > 2 else None
        if shared is not None:
            key = ("line", shared[0])
        else:
            key = _name(text) if face is not None and _face_of(text) == face else None
        if key is not None and key == last:
            runs[-1].append(die)
        else:
            runs.append([die])
        last = key
    lines = []
    for dice_run in runs:
        if len(dice_run[0]) > 2:  # dice sharing their words: the words once, the faces, the last die's end
            lines.append(f"{dice_run[0][2][0]}: {', '.join(str(d[1]) for d in dice_run)}{dice_run[-1][2][1]}")
            continue
        run = [d[0] for d in dice_run]
        if len(run) == 1:
            lines.append(run[0])
            continue
        before, after = _name(run[0])
        if before.endswith("die: "):
            before = before[:-len("die: ")] + "dice: "
        lines.append(before + ", ".join(str(_face_of(t)) for t in run) + after)
    return lines


def _face_of(text: str) -> int | None:
    m = _NUMBERED.match(text)
    return int(m.group("n")) if m else None
