"""Areas dock: areas (create, rename, recolour, merge, split, delete, assign), regions, islands and named
sites (create and rename), each list showing names, never ids. New makes the area the painter's.

Ids follow names: a new area named Maeva gets the id `maeva`, and renaming an area, region or island
offers to give it the id its new name makes, every reference updated in the same undo step
(motu/engine/scenario/ids.py)."""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QColorDialog, QComboBox, QDialog, QDockWidget, QHBoxLayout, QInputDialog, QLabel, QPushButton, QStyle, QTabWidget,
    QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from motu.engine.scenario import edits as E
from motu.engine.scenario.area_colours import distinct_colours, fresh_colour
from motu.engine.scenario.ids import id_from_name, left_alone, rename
from motu.engine.scenario.model import Area, Island, Region

from . import scrolled
from .rename import RenameDialog

MIXED = "(several)"


def _free_name(word: str, records) -> str:
    names = {r.name for r in records.values()}
    return next(f"{word} {n}" for n in itertools.count(len(records) + 1) if f"{word} {n}" not in names)


_SWATCHES: dict[int, QIcon] = {}


def _swatch(colour: QColor) -> QIcon:
    icon = _SWATCHES.get(colour.rgba())
    if icon is None:
        pm = QPixmap(12, 12)
        pm.fill(colour)
        icon = _SWATCHES[colour.rgba()] = QIcon(pm)
    return icon


class AreasDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Areas", parent)
        self.setObjectName("areasDock")
        self.ctx = ctx
        self.tabs = QTabWidget()
        self.tabs.setObjectName("areasTabs")
        self.tabs.addTab(scrolled(self._areas_tab()), "Areas")
        self.regions_tree = self._named_tab("Regions", "regionsTree", ["Region", "Areas"],
                                            (("New", self.new_region), ("Rename", self.rename_region)))
        self.islands_tree = self._named_tab("Islands", "islandsTree", ["Island", "Areas"],
                                            (("New", self.new_island), ("Rename", self.rename_island)))
        self.sites_tree = self._named_tab("Sites", "sitesTree", ["Site", "Kind", "Cell"],
                                          (("Rename", self.rename_site),))
        self.setWidget(self.tabs)
        self.refresh()

    # --- building ----------------------------------------------------------------------------
    def _areas_tab(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        self.tree = QTreeWidget()
        self.tree.setObjectName("areasTree")
        self.tree.setHeaderLabels(["Area", "Region", "Island", "Cells"])
        self.tree.setSelectionMode(QTreeWidget.ExtendedSelection)
        self.tree.setRootIsDecorated(False)
        self.tree.itemSelectionChanged.connect(self._chosen)
        lay.addWidget(self.tree)
        for row in ((("New", self.new_area), ("Rename", self.rename), ("Colour", self.recolour)),
                    (("Merge", self.merge), ("Split", self.split), ("Delete", self.delete)),
                    (("Colour Neighbours Apart", self.colour_apart),)):
            lay.addLayout(_button_row("area", row))
        for label, attr, slot in (("Region", "region", self._assign_region), ("Island", "island", self._assign_island)):
            row = QHBoxLayout()
            row.addWidget(QLabel(label))
            box = QComboBox()
            box.setObjectName(f"area{label}")
            box.activated.connect(slot)
            setattr(self, attr, box)
            row.addWidget(box, 1)
            lay.addLayout(row)
        return w

    def _named_tab(self, title: str, name: str, headers, buttons) -> QTreeWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        tree = QTreeWidget()
        tree.setObjectName(name)
        tree.setHeaderLabels(headers)
        tree.setRootIsDecorated(False)
        tree.itemDoubleClicked.connect(lambda *_: buttons[-1][1]())
        lay.addWidget(tree)
        lay.addLayout(_button_row(name, buttons))
        self.tabs.addTab(w, title)
        return tree

    def needed_width(self) -> int:
        """The dock's width that shows the areas' list (names, regions, islands, cells) whole."""
        t, style = self.tree, self.style()
        columns = sum(max(t.sizeHintForColumn(c), t.header().sectionSizeHint(c)) for c in range(t.columnCount()))
        # Worked out, not measured: a dock behind another tab has no geometry of its own yet.
        m = t.parentWidget().layout().contentsMargins()
        frames = 2 * (t.frameWidth() + style.pixelMetric(QStyle.PM_DefaultFrameWidth)
                      + style.pixelMetric(QStyle.PM_DockWidgetFrameWidth))
        return columns + t.verticalScrollBar().sizeHint().width() + m.left() + m.right() + frames + 6

    @property
    def s(self):
        return self.ctx.document.scenario

    # --- refresh -------------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.s
        chosen = set(self.chosen_ids())
        self.tree.blockSignals(True)
        self.tree.clear()
        counts = Counter(s.cell_area)
        colours = getattr(self.ctx.map_item, "style", None)
        items = []
        for a in s.areas.values():
            region = s.regions.get(a.region or "")
            island = s.islands.get(a.island or "")
            it = QTreeWidgetItem([a.name, region.name if region else (a.region or ""),
                                  island.name if island else (a.island or ""), str(counts.get(a.id, 0))])
            it.setData(0, Qt.UserRole, a.id)
            colour = colours.area.get(a.id) if colours is not None else None
            if colour is not None:
                it.setIcon(0, _swatch(colour))
            items.append(it)
        self.tree.addTopLevelItems(items)
        first = None
        for it in items:
            if it.data(0, Qt.UserRole) in chosen:
                it.setSelected(True)
                first = first or it
        if first is not None:  # the list rebuilt: the chosen areas stay in sight
            self.tree.scrollToItem(first)
        self.tree.blockSignals(False)
        self._fill_named(self.regions_tree, s.regions.values(), lambda r: sum(a.region == r.id for a in s.areas.values()))
        self._fill_named(self.islands_tree, s.islands.values(), lambda i: sum(a.island == i.id for a in s.areas.values()))
        self.sites_tree.clear()
        cat = self.ctx.map_item.catalogue
        for i, f in enumerate(s.features):
            if not f.name:
                continue
            kind = cat.features.get(f.kind)
            label = s.grid.label(f.cell) if 0 <= f.cell < s.grid.size else "?"
            it = QTreeWidgetItem([f.name, kind.name if kind else f.kind, label])
            it.setData(0, Qt.UserRole, i)
            self.sites_tree.addTopLevelItem(it)
        for tree in (self.tree, self.regions_tree, self.islands_tree, self.sites_tree):
            if tree.topLevelItemCount() <= 500:  # measuring thousands of rows costs more than it helps
                for col in range(tree.columnCount()):
                    tree.resizeColumnToContents(col)
        self._show_common()

    @staticmethod
    def _fill_named(tree: QTreeWidget, records, count) -> None:
        chosen = {it.data(0, Qt.UserRole) for it in tree.selectedItems()}
        tree.clear()
        for r in records:
            it = QTreeWidgetItem([r.name, str(count(r))])
            it.setData(0, Qt.UserRole, r.id)
            tree.addTopLevelItem(it)
            it.setSelected(r.id in chosen)

    def _show_common(self) -> None:
        """The region and island boxes show what every chosen area shares, or "(several)"."""
        s = self.s
        ids = [a for a in self.chosen_ids() if a in s.areas]
        for box, records, attr, none in ((self.region, s.regions, "region", "(no region)"),
                                         (self.island, s.islands, "island", "(no island)")):
            box.blockSignals(True)
            box.clear()
            box.addItems([none] + [r.name for r in records.values()])
            values = {getattr(s.areas[a], attr) for a in ids}
            if len(values) == 1:
                v = next(iter(values))
                box.setCurrentIndex(0 if v is None or v not in records else list(records).index(v) + 1)
            elif values:
                box.insertItem(0, MIXED)
                box.setCurrentIndex(0)
            box.setEnabled(bool(ids))
            box.blockSignals(False)

    # --- areas ---------------------------------------------------------------------------------
    def chosen_ids(self) -> list[str]:
        return [it.data(0, Qt.UserRole) for it in self.tree.selectedItems()]

    def select_area(self, aid: str) -> None:
        self.tree.clearSelection()
        for i in range(self.tree.topLevelItemCount()):
            it = self.tree.topLevelItem(i)
            if it.data(0, Qt.UserRole) == aid:
                it.setSelected(True)
                self.tree.scrollToItem(it)
        self._chosen()

    def _chosen(self) -> None:
        ids = self.chosen_ids()
        if ids:
            self.ctx.set_area(ids[0])
        self._show_common()

    def _replace(self, a: Area, **changes) -> E.Edit:
        fields = {"name": a.name, "region": a.region, "island": a.island, "color": a.color, **changes}
        return E.PutRecord("areas", a.id, Area(a.id, fields["name"], fields["region"], fields["island"], fields["color"], a.props))

    def new_area(self, name: str | None = None) -> str:
        """A new area (named by the designer; its id from the name), selected here and made the one the
        area painter paints."""
        if name is None:
            name = self._ask_name("New area", _free_name("Area", self.s.areas), new=True)
            if not name:
                return ""
        aid = id_from_name(name, self.s.areas, fallback="area")
        area = Area(aid, name, color=fresh_colour(self.s))  # a hue few areas have, so neighbours tend to differ
        if not self.ctx.push(E.PutRecord("areas", aid, area), f"New area {name}"):
            return ""
        self.refresh()
        self.select_area(aid)
        self.ctx.set_area(aid)
        return aid

    def rename(self) -> None:
        for aid in self.chosen_ids()[:1]:
            new = self._rename("areas", aid)
            if new and new != aid:
                if self.ctx.settings.area == aid:
                    self.ctx.set_area(new)
                self.refresh()
                self.select_area(new)

    # --- renaming, the id following the name ----------------------------------------------------------
    def ask_rename(self, collection: str, rid: str) -> tuple[str, str | None] | None:
        """The new name and the new id (None: it stays), or None when the designer cancels."""
        dialog = RenameDialog(self.s, collection, rid, self)
        return dialog.values() if dialog.exec() == QDialog.Accepted else None

    def _rename(self, collection: str, rid: str) -> str | None:
        """Rename a record, and change its id with every reference when asked: one undo step. The id it has after."""
        answer = self.ask_rename(collection, rid)
        if answer is None:
            return None
        name, new_id = answer
        rec = getattr(self.s, collection)[rid]
        what = collection[:-1]
        if not name or (name == rec.name and new_id is None):
            return rid
        if new_id is None:
            edit = E.PutRecord(collection, rid, replace(rec, name=name))
            return rid if self.ctx.push(edit, f"Rename {what} {name}") else None
        unsure = left_alone(self.s, collection, rid)
        edit = rename(self.s, collection, rid, new_id, name if name != rec.name else None)
        if not self.ctx.push(edit, f"Rename {what} {name} ({rid} → {new_id})"):
            return None
        if unsure:
            self.ctx.status(f"{', '.join(unsure)} may name {rid!r}, also the id of another kind of record: "
                            "left as they were, check them.")
        return new_id

    def recolour(self) -> None:
        ids = self.chosen_ids()
        if not ids:
            return
        colour = QColorDialog.getColor(QColor(self.s.areas[ids[0]].color or "#888888"), self, "Area colour")
        if colour.isValid():
            edits = tuple(self._replace(self.s.areas[a], color=colour.name()) for a in ids)
            self.ctx.push(E.Compound(edits, "Recolour area"), "Recolour area")

    def colour_apart(self) -> None:
        """Recolour the areas whose colour looks like a neighbour's (a greedy colouring; the others keep
        theirs), in one undo step."""
        colours = distinct_colours(self.s)
        edits = tuple(self._replace(a, color=colours[a.id]) for a in self.s.areas.values() if colours[a.id] != a.color)
        if not edits:
            self.ctx.status("Every area's colour already differs clearly from its neighbours'.")
            return
        if self.ctx.push(E.Compound(edits, "Colour areas apart"), "Colour areas apart"):
            self.ctx.status(f"Recoloured {len(edits)} area{'s' * (len(edits) != 1)} so that neighbours differ "
                            "(Ctrl+Z undoes it).")

    def merge(self) -> None:
        """Give every cell of the other chosen areas to the first, then delete the others; the tables
        follow in the same undo step (motu/engine/scenario/record_edits.py's merge_areas)."""
        ids = self.chosen_ids()
        if len(ids) < 2:
            self.ctx.status("Choose two or more areas to merge (Ctrl+click in the list).")
            return
        self.ctx.push(E.merge_areas(self.s, ids[0], ids[1:]), "Merge areas")

    def split(self) -> None:
        """The selected cells become a new area."""
        cells = tuple(sorted(self.ctx.map_item.selected_cells))
        if not cells:
            self.ctx.status("Select the cells of the new area first (Select tool).")
            return
        old = self.s.areas.get(self.s.cell_area[cells[0]] or "")
        name = f"{old.name} (split)" if old else _free_name("Area", self.s.areas)
        aid = id_from_name(name, self.s.areas, fallback="area")
        rec = Area(aid, name, old.region if old else None, old.island if old else None)
        self.ctx.push(E.Compound((E.PutRecord("areas", aid, rec), E.PaintArea(cells, (aid,) * len(cells))), "Split area"),
                      "Split area")

    def delete(self) -> None:
        ids = self.chosen_ids()
        if ids:
            self.ctx.push(E.remove_areas(self.s, ids), "Delete area")

    def _assign(self, box: QComboBox, index: int, records, attr: str, text: str) -> None:
        if box.itemText(0) == MIXED:
            index -= 1
            if index < 0:
                return
        value = None if index <= 0 else list(records)[index - 1]
        edits = tuple(self._replace(self.s.areas[a], **{attr: value}) for a in self.chosen_ids()
                      if getattr(self.s.areas[a], attr) != value)
        if edits:
            self.ctx.push(E.Compound(edits, text), text)

    def _assign_region(self, index: int) -> None:
        self._assign(self.region, index, self.s.regions, "region", "Assign region")

    def _assign_island(self, index: int) -> None:
        self._assign(self.island, index, self.s.islands, "island", "Assign island")

    # --- regions, islands, sites -------------------------------------------------------------------
    def new_region(self) -> str:
        return self._new_named("regions", Region, "Region")

    def new_island(self) -> str:
        return self._new_named("islands", Island, "Island")

    def _new_named(self, collection: str, cls, word: str) -> str:
        records = getattr(self.s, collection)
        name = self._ask_name(f"New {word.lower()}", _free_name(word, records), new=True)
        if not name:
            return ""
        rid = id_from_name(name, records, fallback=collection[:-1])
        return rid if self.ctx.push(E.PutRecord(collection, rid, cls(rid, name)), f"New {word.lower()} {name}") else ""

    def _ask_name(self, title: str, current: str, new: bool = False) -> str | None:
        """A name typed by the designer; None when cancelled or (renaming) unchanged."""
        name, ok = QInputDialog.getText(self, title, "Name:", text=current)
        name = name.strip() if ok else ""
        return name if name and (new or name != current) else None

    def _chosen_in(self, tree: QTreeWidget):
        items = tree.selectedItems() or ([tree.currentItem()] if tree.currentItem() else [])
        return items[0].data(0, Qt.UserRole) if items else None

    def rename_region(self) -> None:
        rid = self._chosen_in(self.regions_tree)
        if rid in self.s.regions:
            self._rename("regions", rid)

    def rename_island(self) -> None:
        iid = self._chosen_in(self.islands_tree)
        if iid in self.s.islands:
            self._rename("islands", iid)

    def rename_site(self) -> None:
        index = self._chosen_in(self.sites_tree)
        if isinstance(index, int) and 0 <= index < len(self.s.features):
            name = self._ask_name("Rename site", self.s.features[index].name)
            if name:
                self.ctx.push(E.rename_feature(self.s, index, name), "Rename site")


def _button_row(prefix: str, buttons) -> QHBoxLayout:
    """A row of push buttons, each named `prefix` + its text and calling its slot with no arguments."""
    row = QHBoxLayout()
    for text, slot in buttons:
        b = QPushButton(text)
        b.setObjectName(f"{prefix}{text}")
        b.clicked.connect(lambda _=False, f=slot: f())
        row.addWidget(b)
    return row
