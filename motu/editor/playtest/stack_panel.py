"""The stack panel: the units of the hex clicked, and, while units are picked, the picking by hand.

It lists every unit of the stack with its counter, name and state (moved, flipped, cursed…), from
the presentation's `stack_units(state, cell)` (or the counters drawn there, where it has none).
Actions the game offers on the hex alone (Tahiti: "choose which units on 1106 move together") are
buttons. While the game asks which units move together (the presentation's `stack_choice`), each
unit not yet picked is a check box: ticking it plays the pick that takes a unit of its kind; the
panel's Done button ends the picking. All texts are the game's words; a cell is called what the
grid has (hex, square).
The panel keeps its width: a button's words wrap inside it rather than widen the dock.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QGroupBox, QLabel, QListWidget, QListWidgetItem, QPushButton, QSizePolicy, QStyle, QVBoxLayout,
)

from ..canvas.counters import paint_counter
from .panel import line_starts, wrap_lines

ICON = 30
STATES = ("moved", "stayed", "flipped", "sullen", "cursed", "in_marae", "picked")
STATE_WORDS = {"moved": "moved", "stayed": "stays this phase", "flipped": "flipped", "sullen": "sullen",
               "cursed": "cursed", "in_marae": "in the Marae compound", "picked": "picked"}


def counter_icon(face) -> QIcon:
    pix = QPixmap(ICON, ICON)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing)
    paint_counter(p, QRectF(1, 1, ICON - 2, ICON - 2), face, False, 1.0)
    p.end()
    return QIcon(pix)


def wrapped(text: str, font, width: int) -> str:
    """`text` broken into lines of at most `width` pixels at word boundaries (width 0: one line)."""
    if width <= 0 or not text:
        return text
    starts = line_starts(text, font, width)
    return "\n".join(text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)]))


class WrapButton(QPushButton):
    """A push button whose words wrap to its width, which its layout gives it: it never asks for more."""

    def __init__(self, text: str, parent=None):
        super().__init__(parent)
        self.full = text
        self.setToolTip(text)
        self.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self._wrap()

    def resizeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self._wrap()

    def _wrap(self) -> None:
        pad = 2 * self.style().pixelMetric(QStyle.PM_ButtonMargin) + 8
        shown = wrapped(self.full, self.font(), self.width() - pad)
        if shown != self.text():
            self.setText(shown)
            self.updateGeometry()


class StackPanel(QGroupBox):
    action_chosen = Signal(int)

    def __init__(self, cell_word: str = "hex", parent=None):
        super().__init__(parent)
        self.setObjectName("playtestStack")
        self.hint = f"Click a {cell_word} to see its stack."
        lay = QVBoxLayout(self)
        self.caption = QLabel(self.hint)
        self.caption.setWordWrap(True)
        lay.addWidget(self.caption)
        self.units = QListWidget()
        self.units.setObjectName("playtestStackUnits")
        self.units.setIconSize(QSize(ICON, ICON))
        wrap_lines(self.units)  # a long name and its states wrap at the panel's width
        self.units.itemChanged.connect(self._ticked)
        lay.addWidget(self.units)
        self.buttons = QVBoxLayout()
        lay.addLayout(self.buttons)
        self.cell: int | None = None
        self._take: dict[int, int] = {}  # unit id -> the pick action that takes a unit of its kind
        self._filling = False

    def show_stack(self, cell: int | None, label: str, units: list[dict], faces: dict, actions: list[tuple[int, str]],
                   choice: dict | None, done: tuple[int, str] | None) -> None:
        """Fill the panel: `units` as stack_units gives them, `faces` uid -> counter face, `actions`
        (action, words) on this hex, `choice` the game's stack_choice() when picking here."""
        self._filling = True
        self.cell = cell
        self.units.clear()
        self._take = {}
        picking = choice is not None and choice.get("cell") == cell
        if cell is None:
            self.caption.setText(self.hint)
        elif picking:
            self.caption.setText(f"{label}: tick the units that move together, then press Done.")
        else:
            self.caption.setText(f"{label}: {len(units)} unit{'s' if len(units) != 1 else ''}")
        if picking:
            self._take = _takes(units, choice)
        for u in units:
            marks = [STATE_WORDS[k] for k in STATES if u.get(k)]
            item = QListWidgetItem(u["name"] + (f" ({', '.join(marks)})" if marks else "") +
                                   (f" — {u['owner']}" if u.get("owner") else ""))
            item.setData(Qt.UserRole, u.get("uid"))
            face = faces.get(u.get("uid"))
            if face is not None:
                item.setIcon(counter_icon(face))
            if picking and (u.get("uid") in self._take or u.get("picked")):
                item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Checked if u.get("picked") else Qt.Unchecked)
                if u.get("picked"):
                    item.setFlags(item.flags() & ~Qt.ItemIsEnabled)
            self.units.addItem(item)
        while self.buttons.count():
            w = self.buttons.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        for action, text in ([done] if picking and done else []) + actions:
            b = WrapButton(text[:1].upper() + text[1:])
            b.setObjectName(f"playtestStackAction{action}")
            b.clicked.connect(lambda _=False, a=action: self.action_chosen.emit(a))
            self.buttons.addWidget(b)
        self._filling = False

    def _ticked(self, item: QListWidgetItem) -> None:
        if self._filling or item.checkState() != Qt.Checked:
            return
        action = self._take.get(item.data(Qt.UserRole))
        if action is not None:
            self.action_chosen.emit(action)

    def tick(self, uid: int) -> bool:
        """Tick the unit `uid` as a click would (for tests and keyboard use)."""
        for i in range(self.units.count()):
            item = self.units.item(i)
            if item.data(Qt.UserRole) == uid and item.flags() & Qt.ItemIsUserCheckable:
                item.setCheckState(Qt.Checked)
                return True
        return False

    def names(self) -> list[str]:
        return [self.units.item(i).text() for i in range(self.units.count())]


def _takes(units: list[dict], choice: dict) -> dict[int, int]:
    """Unit id -> the pick action that takes a unit like it: units of one kind and state are
    interchangeable, so every such unit not yet picked plays its kind's pick."""
    def cls(u):
        return (u["kind"], u.get("flipped"), u.get("cursed"))
    by_uid = {u["uid"]: u for u in units}
    kinds = {cls(by_uid[uid]): a for a, uid in choice.get("take", {}).items() if uid in by_uid}
    pool = set(choice.get("pool", []))
    return {u["uid"]: kinds[cls(u)] for u in units if u["uid"] in pool and cls(u) in kinds}
