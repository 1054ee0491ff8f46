"""The Map menu's dialogs: resize or add margin on any side, and merge another scenario's map.

Each dialog makes one Edit (motu/engine/scenario/map_ops.py) and hands it to `apply`, the window's
push: when the Edit is refused (it would cut a hex holding a piece, the maps overlap…) the
message shows in the dialog as a sentence, the dialog growing to hold it, and stays open; the
scenario is as it was. Where a hex layout takes columns or rows two at a time, their boxes step
and accept only even numbers: an odd one typed is said at once beside the box and rounded away
from zero (1 becomes 2, -3 becomes -4).
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
    QLabel, QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget,
)

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.edits import Edit
from motu.engine.scenario.map_ops import ResizeMap, merge_map, merge_renames, offset_between
from motu.engine.scenario.model import Scenario

Apply = Callable[[Edit], "str | None"]  # the window's push: None when done, else why not
LIMIT = 2000


def _cells_word(s: Scenario) -> str:
    return s.grid.cells_word


def sentence(text: str) -> str:
    """A message as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class StepSpinBox(QSpinBox):
    """A spin box that steps by its single step and takes only its multiples: a number between is
    rounded away from zero (1 becomes 2) when the typing ends; `rounding` says so while it is typed."""

    rounding = Signal(str)  # "1 becomes 2", or "" when the text is a multiple again

    def __init__(self, step: int, parent=None):
        super().__init__(parent)
        self.setSingleStep(step)
        self.lineEdit().textEdited.connect(self._typed)
        self.valueChanged.connect(lambda _v: self.rounding.emit(""))

    def _rounded(self, n: int) -> int:
        step = self.singleStep()
        r = -(-abs(n) // step) * step
        r = r if n >= 0 else -r
        return max(self.minimum() + (-self.minimum()) % step, min(self.maximum() - self.maximum() % step, r))

    def typed_value(self) -> int | None:
        """The whole number in the box as typed, or None."""
        try:
            return int(self.cleanText())
        except ValueError:
            return None

    def effective(self) -> int:
        """The value the box will hold when the typing ends: what is typed, rounded."""
        n = self.typed_value()
        return self.value() if n is None else self._rounded(n)

    def _typed(self, _text: str) -> None:
        n = self.typed_value()
        self.rounding.emit(f"{n} becomes {self._rounded(n)}" if n is not None and n % self.singleStep() else "")

    def validate(self, text: str, pos: int):
        state, text, pos = super().validate(text, pos)
        if state == QValidator.Acceptable and self.valueFromText(text) % self.singleStep():
            return QValidator.Intermediate, text, pos
        return state, text, pos

    def fixup(self, text: str) -> str:
        n = self.typed_value()
        return self.textFromValue(self._rounded(n)) if n is not None else text


class _EditDialog(QDialog):
    """A dialog whose OK applies its Edit; a refusal is shown and the dialog stays."""

    def __init__(self, title: str, name: str, apply: Apply, parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName(name)
        self._apply = apply
        self.lay = QVBoxLayout(self)
        self.error = QLabel("")
        self.error.setObjectName("dialogError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def finish_layout(self) -> None:
        self.lay.addWidget(self.error)
        self.lay.addWidget(self.buttons)

    def say(self, text: str) -> None:
        """Why OK did nothing, as a sentence; the dialog grows to hold it, its fields keep their size."""
        self.error.setText(sentence(text))
        self.fit()

    def fit(self) -> None:
        """Grow (never shrink) to what the layout needs at this width: a wrapped label's lines count."""
        if not self.isVisible():
            return  # a dialog not yet shown takes its size from the layout when it shows
        lay = self.layout()
        lay.activate()
        need = lay.totalHeightForWidth(self.width()) if lay.hasHeightForWidth() else lay.totalSizeHint().height()
        need = max(need, lay.totalMinimumSize().height())
        if need > self.height():
            self.resize(self.width(), need)

    def edit(self) -> Edit:
        raise NotImplementedError

    def accept(self) -> None:
        for box in self.findChildren(QSpinBox):
            box.interpretText()  # a number still being typed counts (rounded where the layout says)
        try:
            edit = self.edit()
        except ValueError as exc:
            self.say(str(exc))
            return
        why = self._apply(edit)
        if why:
            self.say(why)
            return
        super().accept()


class ResizeDialog(_EditDialog):
    """Columns and rows to add (or, negative, remove) on each side, and what the new cells are."""

    def __init__(self, s: Scenario, cat: Catalogue, apply: Apply, parent=None):
        super().__init__("Resize map", "resizeDialog", apply, parent)
        self.s = s
        step_c, step_r = s.grid.resize_step
        grid = QGridLayout()
        self.sides: dict[str, QSpinBox] = {}
        where = {"north": (0, 1), "west": (1, 0), "east": (1, 2), "south": (2, 1)}
        self._rounding: dict[str, str] = {}
        for side, (r, c) in where.items():
            step = step_c if side == "west" else step_r if side == "north" else 1
            box = StepSpinBox(step)
            box.setObjectName(f"resize_{side}")
            box.setRange(-LIMIT, LIMIT)
            box.setToolTip(f"{'Columns' if side in ('west', 'east') else 'Rows'} to add on the {side} "
                           "(negative: remove)" + (f", {step} at a time" if step > 1 else ""))
            box.valueChanged.connect(self._changed)
            box.rounding.connect(lambda text, sd=side: self._rounds(sd, text))
            cell = QWidget()
            row = QHBoxLayout(cell)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(QLabel(side.capitalize()))
            row.addWidget(box)
            grid.addWidget(cell, r, c)
            self.sides[side] = box
        self.size_label = QLabel("")
        self.size_label.setObjectName("resizeSize")
        grid.addWidget(self.size_label, 1, 1)
        box = QGroupBox("Add or remove columns and rows")
        box.setLayout(grid)
        self.lay.addWidget(box)
        form = QFormLayout()
        margin_row = QHBoxLayout()
        self.margin = QSpinBox()
        self.margin.setObjectName("resizeMargin")
        self.margin.setRange(0, LIMIT)
        self.margin.setSingleStep(max(step_c, step_r))
        every = QPushButton("Add on every side")
        every.setObjectName("resizeEverySide")
        every.clicked.connect(self.margin_everywhere)
        margin_row.addWidget(self.margin)
        margin_row.addWidget(every)
        form.addRow("Margin", margin_row)
        self.fill = QComboBox()
        self.fill.setObjectName("resizeFill")
        self._terrain = list(cat.terrain)
        self.fill.addItems([t.name for t in cat.terrain.values()])
        default = cat.default_terrain if cat.default_terrain in cat.terrain else s.terrain[0]
        if default in self._terrain:
            self.fill.setCurrentIndex(self._terrain.index(default))
        form.addRow("New cells are", self.fill)
        self.lay.addLayout(form)
        self.step_note = QLabel("")
        self.step_note.setObjectName("resizeStepNote")
        self.step_note.setWordWrap(True)
        self._step_words = (f"With this hex layout, {'columns on the west' if step_c > 1 else 'rows on the north'} "
                            f"come {max(step_c, step_r)} at a time, so that no hex moves by half a hex."
                            if step_c > 1 or step_r > 1 else "")
        self.step_note.setText(self._step_words)
        self.step_note.setVisible(bool(self._step_words))
        self.lay.addWidget(self.step_note)
        self.finish_layout()
        self._changed()

    def _rounds(self, side: str, text: str) -> None:
        """Said at once, beside the size, while an odd number is typed where the layout takes two."""
        if text:
            self._rounding[side] = f"{side.capitalize()}: {text}."
        else:
            self._rounding.pop(side, None)
        self.step_note.setText(" ".join([*self._rounding.values(), self._step_words]).strip())
        self.step_note.setVisible(bool(self.step_note.text()))
        self._changed()
        self.fit()

    def margin_everywhere(self) -> None:
        """The margin's columns and rows on all four sides (rounded up to the layout's step where it has one)."""
        m = self.margin.value()
        for box in self.sides.values():
            step = box.singleStep()
            box.setValue(-(-m // step) * step)

    def _changed(self) -> None:
        g = self.s.grid
        v = {k: b.effective() for k, b in self.sides.items()}
        cols, rows = g.columns + v["west"] + v["east"], g.rows + v["north"] + v["south"]
        self.size_label.setText(f"{g.columns} × {g.rows} → {cols} × {rows} {_cells_word(self.s)}")
        self.error.setText("")

    def edit(self) -> ResizeMap:
        v = {k: b.value() for k, b in self.sides.items()}
        return ResizeMap(v["west"], v["north"], v["east"], v["south"], self._terrain[self.fill.currentIndex()])


def rename_lines(other: Scenario, renames: dict[tuple[str, str], str]) -> list[str]:
    """The renames a merge makes, for people: `area Fare: fare becomes fare_2`."""
    out = []
    for (collection, old), new in renames.items():
        rec = getattr(other, collection).get(old)
        name = getattr(rec, "name", "") or ""
        out.append(f"{collection[:-1]} {name + ': ' if name else ''}{old} becomes {new}")
    return out


class MergeDialog(_EditDialog):
    """Where another scenario's map goes on this one: at its real place (the same lattice) or at an offset."""

    def __init__(self, s: Scenario, other: Scenario, other_name: str, apply: Apply, fill: str, parent=None):
        super().__init__("Merge another scenario", "mergeDialog", apply, parent)
        self.s, self.other, self.fill = s, other, fill
        og = other.grid
        head = QLabel(f"<b>{other_name}</b>: {other.title or 'untitled'}, {og.columns} × {og.rows} {_cells_word(other)}, "
                      f"{len(other.areas)} areas. Only its land, lagoon, areas, edges, sites and pieces are laid, and "
                      "only on this map's open sea; its tables stay out.")
        head.setWordWrap(True)
        self.lay.addWidget(head)
        try:
            self.real = offset_between(s, other)
            real_text = f"At its real place (offset {self.real[0]}, {self.real[1]})"
        except ValueError as exc:
            self.real = None
            real_text = f"At its real place: not possible, {exc}"
        self.at_real = QRadioButton(real_text)
        self.at_real.setObjectName("mergeReal")
        self.at_offset = QRadioButton("With its first cell at an offset from this map's first")
        self.at_offset.setObjectName("mergeOffset")
        group = QButtonGroup(self)
        group.addButton(self.at_real)
        group.addButton(self.at_offset)
        self.at_real.setEnabled(self.real is not None)
        (self.at_real if self.real is not None else self.at_offset).setChecked(True)
        self.lay.addWidget(self.at_real)
        self.lay.addWidget(self.at_offset)
        step_c, step_r = s.grid.resize_step if s.grid.shape == og.shape else (1, 1)
        form = QFormLayout()
        self.lands = QLabel("")
        self.lands.setObjectName("mergeLands")
        self.lands.setWordWrap(True)
        self.dcol, self.drow = StepSpinBox(step_c), StepSpinBox(step_r)
        for box, name, step in ((self.dcol, "mergeColumns", step_c), (self.drow, "mergeRows", step_r)):
            box.setObjectName(name)
            box.setRange(-LIMIT, LIMIT)
            what = "columns" if box is self.dcol else "rows"
            box.setToolTip(f"The offset in {what}" + (f": with this hex layout, {step} at a time, so that no "
                                                      "hex moves by half a hex" if step > 1 else ""))
            box.valueChanged.connect(self._moved)
            box.rounding.connect(lambda text, w=what, st=step: self._rounds(w, st, text))
        self.dcol.setValue(s.grid.columns + (-s.grid.columns % step_c))  # east of the map, by default
        form.addRow("Columns", self.dcol)
        form.addRow("Rows", self.drow)
        form.addRow("", self.lands)
        self.lay.addLayout(form)
        self.at_real.toggled.connect(self._moved)
        renames = merge_renames(s, other)
        lines = rename_lines(other, renames)
        self.renames = QLabel("Ids that clash get new ones:\n  " + "\n  ".join(lines) if lines
                              else "No id clashes: every id stays as it is.")
        self.renames.setObjectName("mergeRenames")
        self.renames.setWordWrap(True)
        self.lay.addWidget(self.renames)
        self.finish_layout()
        self._moved()
        if other.ruleset != s.ruleset:
            from motu.engine.rules.registry import get_ruleset
            self.error.setText(f"A {get_ruleset(other.ruleset).name} map cannot be merged into this "
                               f"{get_ruleset(s.ruleset).name} map.")

    def _rounds(self, what: str, step: int, text: str) -> None:
        """Said at once, under the boxes, while an odd offset is typed where the layout takes two."""
        if text:
            self.lands.setText(f"{what.capitalize()}: {text}; with this hex layout they come {step} at a time, "
                               "so that no hex moves by half a hex.")
            self.fit()
        else:
            self._moved()

    def offset(self) -> tuple[int, int]:
        if self.at_real.isChecked() and self.real is not None:
            return self.real
        return self.dcol.value(), self.drow.value()

    def _moved(self, *_args) -> None:
        self.dcol.setEnabled(not self.at_real.isChecked())
        self.drow.setEnabled(not self.at_real.isChecked())
        dc, dr = self.offset()
        cell = self.s.grid.cell(dc, dr)
        self.lands.setText(f"Its first cell goes on {self.s.grid.label(cell)}" if cell is not None
                           else "Its first cell lies off this map: the map grows to hold it")
        self.error.setText("")

    def edit(self) -> Edit:
        dc, dr = self.offset()
        edit, self.renamed = merge_map(self.s, self.other, dc, dr, self.fill)
        return edit


__all__ = ["ResizeDialog", "MergeDialog", "rename_lines"]
