"""Tables dock: every table the scenario holds (`tables:`), edited in a grid with areas by name.

A dice table — groups picked by the first die, six entries for the second, as the Random Area
Selection Table (docs/rules/tahiti.md) — is a grid: a row per group, its first-die results, and a
list of the areas by name (or Roll again) under each second-die result; the dock says which
areas it leaves out or names twice, and which entries name no area and where. A change it
cannot make (a first die of 7) says why under the table until the next change is tried. Any
other table is a tree of its keys and values, where a value naming an area shows and takes the
area's name. Each change is one Edit of the scenario's tables (SetField), one undo step. The
georeference is shown, not edited: resizing moves it.
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QStackedWidget, QTableWidget,
    QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from motu.engine.scenario.edits import SetField
from motu.engine.scenario.georef import TABLE as GEOREFERENCE

from .table_values import DIE, KIND_WORDS, ROLL_AGAIN, is_dice_table, parse_dice, shown_entry, title, typed_value, walk

REFUSED = "#b00020"  # the colour of what is refused and of an entry that names no area
READ_ONLY = {GEOREFERENCE: "Where the map lies on the Earth: Import Coastline sets it, and resizing moves it."}


class TablesDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Tables", parent)
        self.setObjectName("tablesDock")
        self.ctx = ctx
        self._name: str | None = None
        self._seen: tuple | None = None
        self._stale = True
        self.visibilityChanged.connect(lambda shown: shown and self._stale and self.refresh())
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(2, 2, 2, 2)
        self.choice = QComboBox(objectName="tablesChoice")
        self.choice.activated.connect(lambda _i: self._show(self.choice.currentData()))
        lay.addWidget(self.choice)
        self.stack = QStackedWidget()
        self.empty = QLabel("This scenario holds no tables.")
        self.empty.setWordWrap(True)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self._dice_page())
        self.tree = QTreeWidget(objectName="tablesTree")
        self.tree.setHeaderLabels(["Key", "Value"])
        self.tree.itemChanged.connect(self._tree_edited)
        self.stack.addWidget(self.tree)
        lay.addWidget(self.stack, 1)
        self.note = QLabel("", objectName="tablesNote")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        # Why the last change was not made stays here until the next one is tried: the status bar's
        # message goes after a few seconds or as soon as a tool's hint takes its place.
        self.refusal = QLabel("", objectName="tablesRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(f"color: {REFUSED}")
        self.refusal.hide()
        lay.addWidget(self.refusal)
        self.setWidget(w)
        self.refresh(force=True)

    @property
    def s(self):
        return self.ctx.document.scenario

    def _dice_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setContentsMargins(0, 0, 0, 0)
        hint = QLabel("A column for each group: the first die picks the group, the second die reads down it.")
        hint.setWordWrap(True)
        lay.addWidget(hint)
        self.grid = QTableWidget(7, 0, objectName="tablesGrid")
        self.grid.setVerticalHeaderLabels(["First die"] + [f"Second {d}" for d in DIE])
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.Fixed)
        self.grid.horizontalHeader().setDefaultSectionSize(self.fontMetrics().horizontalAdvance("M") * 9)
        self.grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        lay.addWidget(self.grid, 1)
        row = QHBoxLayout()
        for text, name, slot in (("Add group", "tablesAddGroup", self.add_group),
                                 ("Remove group", "tablesRemoveGroup", self.remove_group)):
            b = QPushButton(text, objectName=name)
            b.clicked.connect(lambda _=False, f=slot: f())
            row.addWidget(b)
        lay.addLayout(row)
        return page

    # --- showing ------------------------------------------------------------------------------------
    def refresh(self, force: bool = False) -> None:
        """Show the tables as they are now: only when the dock can be seen, and the tables or the areas'
        names have changed since (painting areas stroke by stroke must not rebuild the grid)."""
        tables = self.s.tables
        names = tuple((a.id, a.name) for a in self.s.areas.values())
        same = self._seen is not None and self._seen[0] is tables and self._seen[1] == names
        if not force and (self.isHidden() or same):
            self._stale = self._stale or not same
            return
        self._seen, self._stale = (tables, names), False
        self.choice.blockSignals(True)
        self.choice.clear()
        for name in tables:
            self.choice.addItem(title(name), name)
        self.choice.blockSignals(False)
        if self._name not in tables:
            self._name = next(iter(tables), None)
        if self._name is not None:
            self.choice.setCurrentIndex(self.choice.findData(self._name))
        self._show(self._name)

    def _show(self, name: str | None) -> None:
        if name != self._name:
            self._refused("")
        self._name = name
        table = self.s.tables.get(name) if name is not None else None
        if name is None:
            self.stack.setCurrentWidget(self.empty)
            self.note.setText("")
        elif is_dice_table(table):
            self.stack.setCurrentIndex(1)
            self._fill_dice(table)
        else:
            self.stack.setCurrentWidget(self.tree)
            self._fill_tree(table, name in READ_ONLY)
            self.note.setText(READ_ONLY.get(name, "Double-click a value to change it; areas go by name."))

    def show_entry(self, where: tuple) -> None:
        """Bring the dock up on a table, with the entry a finding names in focus: `where` is the
        table's name, then keys and indexes down to it (validation.Finding.table: a Random Area
        Selection Table slot is (name, "groups", 3, "second", 3), a group's first die (name,
        "groups", 3, "first"))."""
        if not where or where[0] not in self.s.tables:
            return
        self.show()
        self.raise_()
        self.refresh(force=True)
        name = where[0]
        self.choice.setCurrentIndex(self.choice.findData(name))
        self._show(name)
        rest = tuple(where[1:])
        if self.stack.currentIndex() == 1:  # the dice grid: a column a group, the first die then six rows
            if len(rest) >= 2 and rest[0] == "groups" and isinstance(rest[1], int) and rest[1] < self.grid.columnCount():
                row = rest[3] + 1 if len(rest) >= 4 and rest[2] == "second" and isinstance(rest[3], int) else 0
                self.grid.setCurrentCell(row, rest[1])
                self.grid.scrollTo(self.grid.model().index(row, rest[1]))
                widget = self.grid.cellWidget(row, rest[1])
                if widget is not None:
                    widget.setFocus()
            return
        for item in self.tree.findItems("", Qt.MatchContains | Qt.MatchRecursive):
            if item.data(1, Qt.UserRole) == rest:
                self.tree.setCurrentItem(item)
                self.tree.scrollToItem(item)
                return

    def entry_names(self) -> list[tuple[str, str]]:
        """What a second-die entry may be: every area by name, then Roll again."""
        return [(a.id, a.name) for a in self.s.areas.values()] + [(ROLL_AGAIN, "Roll again")]

    def _fill_dice(self, table: dict) -> None:
        entries = self.entry_names()
        ids = [e for e, _ in entries]
        scrolled = self.grid.horizontalScrollBar().value()  # a change in the fourth group keeps it in view
        self.grid.setColumnCount(0)
        self.grid.setColumnCount(len(table["groups"]))
        self.grid.setHorizontalHeaderLabels([f"Group {r + 1}" for r in range(len(table["groups"]))])
        for r, g in enumerate(table["groups"]):
            first = QLineEdit(", ".join(str(d) for d in g["first"]), objectName=f"tablesFirst{r}")
            first.setToolTip("The first-die results that pick this group, as 5 or 1, 2")
            first.editingFinished.connect(lambda r=r, box=first: self.set_first(r, box.text()))
            self.grid.setCellWidget(0, r, first)
            for d, entry in enumerate(g["second"]):
                box = QComboBox(objectName=f"tablesEntry{r}_{d}")
                box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
                box.setMinimumContentsLength(8)  # a column per group fits a narrow dock; the list shows names whole
                for _eid, text in entries:
                    box.addItem(text)
                if entry in ids:
                    box.setCurrentIndex(ids.index(entry))
                else:  # names what is no area: shown as it is, so the designer sees and replaces it
                    box.addItem(f"{shown_entry(entry)} (no such area)")
                    box.setCurrentIndex(box.count() - 1)
                    box.setItemData(box.count() - 1, QColor(REFUSED), Qt.ForegroundRole)
                    red = box.palette()
                    for role in (QPalette.ButtonText, QPalette.Text):
                        red.setColor(role, QColor(REFUSED))
                    box.setPalette(red)
                    box.view().setPalette(self.grid.palette())  # its list keeps the usual colours
                    box.setToolTip(f"{shown_entry(entry)} is not an area of this map: choose an area or Roll again")
                box.activated.connect(lambda i, r=r, d=d: self.set_entry(r, d, ids[i] if i < len(ids) else None))
                self.grid.setCellWidget(d + 1, r, box)
        self.grid.horizontalScrollBar().setValue(scrolled)
        self.note.setText(self._coverage(table))

    def _coverage(self, table: dict) -> str:
        name = {a.id: a.name for a in self.s.areas.values()}
        areas = [[e for e in g["second"] if isinstance(e, str) and e in name] for g in table["groups"]]
        named = Counter(e for g in areas for e in g)
        firsts = Counter(d for g in table["groups"] for d in g["first"])
        # Entries naming no area (an area merged away, or mistyped in the file), where the grid shows them.
        strays = [f"{shown_entry(e)} (Group {r + 1}, Second {d + 1})" for r, g in enumerate(table["groups"])
                  for d, e in enumerate(g["second"]) if e != ROLL_AGAIN and not (isinstance(e, str) and e in name)]
        out = []
        if strays:
            out.append(f"{'Not an area' if len(strays) == 1 else 'Not areas'}: {', '.join(strays)}; "
                       "choose an area or Roll again there.")
        missing = [name[a] for a in self.s.areas if named[a] == 0]
        twice = [name[a] for a, n in named.items() if n > 1]
        if missing:
            out.append(f"Not in the table: {', '.join(missing)}.")
        if twice:
            out.append(f"Named more than once: {', '.join(twice)}.")
        dice = [str(d) for d in DIE if firsts[d] != 1]
        if dice:
            out.append(f"First-die results without exactly one group: {', '.join(dice)}.")
        return " ".join(out) or "Every area is named once, and every first-die result has its group."

    def _fill_tree(self, table: Any, read_only: bool) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        self._leaves: dict[int, tuple] = {}
        names = {a.id: a.name for a in self.s.areas.values()}

        def add(parent, key, value, path):
            it = QTreeWidgetItem([str(key), ""])
            if isinstance(value, dict):
                for k, v in value.items():
                    add(it, k, v, path + (k,))
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    add(it, f"[{i + 1}]", v, path + (i,))
            else:
                it.setText(1, names.get(value, str(value)) if isinstance(value, str) else "" if value is None else str(value))
                if not read_only:
                    it.setFlags(it.flags() | Qt.ItemIsEditable)
                it.setData(1, Qt.UserRole, path)
                it.setToolTip(1, "an area" if isinstance(value, str) and value in names else type(value).__name__)
            (parent.addChild if parent is not None else self.tree.addTopLevelItem)(it)
        if isinstance(table, dict):
            for k, v in table.items():
                add(None, k, v, (k,))
        else:
            add(None, "(value)", table, ())
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        self.tree.blockSignals(False)

    # --- editing --------------------------------------------------------------------------------------
    def _refused(self, why: str) -> None:
        """Say why a change was not made, in the status bar and under the table; "" clears it."""
        self.refusal.setText(f"Not done: {why}" if why else "")
        self.refusal.setVisible(bool(why))
        if why:
            self.ctx.status(f"Not done: {why}")

    def _put(self, table: Any, what: str) -> bool:
        name = self._name
        ok = self.ctx.push(SetField("tables", {**self.s.tables, name: table}), f"{what} ({title(name)})")
        if not ok:
            self._redraw_later()
        return ok

    def _redraw_later(self) -> None:
        """Show the table as it is again, after the widget that asked has finished its signal."""
        QTimer.singleShot(0, self, lambda: self._show(self._name))

    def _groups(self) -> list[dict]:
        return [dict(g) for g in self.s.tables[self._name]["groups"]]

    def set_entry(self, row: int, die: int, entry: str | None) -> bool:
        """The second die's `die + 1` in group `row` reads `entry` (an area id or roll_again)."""
        self._refused("")
        groups = self._groups()
        if entry is None or groups[row]["second"][die] == entry:
            return False
        groups[row]["second"] = [entry if i == die else e for i, e in enumerate(groups[row]["second"])]
        return self._put({**self.s.tables[self._name], "groups": groups}, "Edit table entry")

    def set_first(self, row: int, text: str) -> bool:
        """Group `row` is picked by the first-die results typed, as 5 or 1, 2 or 5-6."""
        self._refused("")
        groups = self._groups()
        try:
            dice = parse_dice(text)
        except ValueError as exc:
            self._refused(f"Group {row + 1}, first die: {exc}.")
            self._redraw_later()
            return False
        if dice == groups[row]["first"]:
            return False
        groups[row]["first"] = dice
        return self._put({**self.s.tables[self._name], "groups": groups}, "Edit first-die results")

    def add_group(self) -> bool:
        """A new group: the first-die results no group has — or else the highest result of the last group
        that has two or more, as the seed's 5-6 group gives up its 6 (`motu map add-island --rast-die`) —
        and the areas the table leaves out, then Roll again."""
        if self._name is None or not is_dice_table(self.s.tables.get(self._name)):
            return False
        groups = self._groups()
        used = {d for g in groups for d in g["first"]}
        named = {e for g in groups for e in g["second"]}
        free = [d for d in DIE if d not in used]
        if not free:
            donor = next((g for g in reversed(groups) if len(g["first"]) > 1), None)
            if donor is None:
                self._refused("every first-die result has a group of its own: free one first (its First die row).")
                return False
            free = [max(donor["first"])]
            donor["first"] = [d for d in donor["first"] if d != free[0]]
        out = [a for a in self.s.areas if a not in named][:6]
        groups.append({"first": free, "second": out + [ROLL_AGAIN] * (6 - len(out))})
        return self._put({**self.s.tables[self._name], "groups": groups}, "Add table group")

    def remove_group(self) -> bool:
        row = self.grid.currentColumn()
        if self._name is None or not is_dice_table(self.s.tables.get(self._name)) or len(self._groups()) < 2:
            return False
        groups = self._groups()
        del groups[row if 0 <= row < len(groups) else -1]
        return self._put({**self.s.tables[self._name], "groups": groups}, "Remove table group")

    def _tree_edited(self, item: QTreeWidgetItem, column: int) -> None:
        path = item.data(1, Qt.UserRole)
        if column != 1 or path is None:
            return
        self.set_value(tuple(path), item.text(1))

    def set_value(self, path: tuple, text: str) -> bool:
        """A leaf of a free-form table set from what the designer typed: an area's name stands for its id;
        otherwise the value keeps its kind (a number stays a number)."""
        self._refused("")
        table = copy.deepcopy(self.s.tables[self._name])
        parent, key = walk(table, path)
        old = parent[key] if path else table
        by_name = {a.name: a.id for a in self.s.areas.values()}
        try:
            new = by_name.get(text.strip()) or typed_value(old, text.strip())
        except ValueError:
            self._refused(f"{text.strip() or 'nothing'} is not {KIND_WORDS.get(type(old), 'a value of that kind')}.")
            self._redraw_later()
            return False
        if new == old:
            return False
        if not path:
            return self._put(new, "Edit table")
        parent[key] = new
        return self._put(table, "Edit table")


__all__ = ["TablesDock", "is_dice_table", "parse_dice"]
