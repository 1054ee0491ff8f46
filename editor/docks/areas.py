"""Areas dock: create, rename, recolour, merge, split and delete areas; regions and islands."""
from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog, QComboBox, QDockWidget, QHBoxLayout, QInputDialog, QPushButton, QTreeWidget,
    QTreeWidgetItem, QVBoxLayout, QWidget,
)

from engine.scenario import edits as E
from engine.scenario.model import Area, Island, Region

from . import scrolled


def _free_id(prefix: str, taken) -> str:
    return next(f"{prefix}{n}" for n in itertools.count(1) if f"{prefix}{n}" not in taken)


class AreasDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Areas", parent)
        self.setObjectName("areasDock")
        self.ctx = ctx
        w = QWidget()
        lay = QVBoxLayout(w)
        self.tree = QTreeWidget()
        self.tree.setObjectName("areasTree")
        self.tree.setHeaderLabels(["Area", "Region", "Island", "Cells"])
        self.tree.setSelectionMode(QTreeWidget.ExtendedSelection)
        self.tree.itemSelectionChanged.connect(self._chosen)
        lay.addWidget(self.tree)
        for row in ((("New", self.new_area), ("Rename", self.rename), ("Colour", self.recolour)),
                    (("Merge", self.merge), ("Split", self.split), ("Delete", self.delete))):
            buttons = QHBoxLayout()
            for text, slot in row:
                b = QPushButton(text)
                b.setObjectName(f"area{text}")
                b.clicked.connect(lambda _=False, f=slot: f())
                buttons.addWidget(b)
            lay.addLayout(buttons)
        assign = QHBoxLayout()
        self.region = QComboBox()
        self.region.setObjectName("areaRegion")
        self.region.activated.connect(self._assign_region)
        self.island = QComboBox()
        self.island.setObjectName("areaIsland")
        self.island.activated.connect(self._assign_island)
        new_region = QPushButton("New region")
        new_region.clicked.connect(self.new_region)
        new_island = QPushButton("New island")
        new_island.clicked.connect(self.new_island)
        assign.addWidget(self.region)
        assign.addWidget(new_region)
        lay.addLayout(assign)
        assign2 = QHBoxLayout()
        assign2.addWidget(self.island)
        assign2.addWidget(new_island)
        lay.addLayout(assign2)
        self.setWidget(scrolled(w))
        self.refresh()

    @property
    def s(self):
        return self.ctx.document.scenario

    def refresh(self) -> None:
        chosen = set(self.chosen_ids())
        self.tree.blockSignals(True)
        self.tree.clear()
        counts = self.s.area_cells()
        for a in self.s.areas.values():
            it = QTreeWidgetItem([a.name, a.region or "", a.island or "", str(len(counts.get(a.id, [])))])
            it.setData(0, Qt.UserRole, a.id)
            if a.color:
                it.setForeground(0, QColor(a.color))
            self.tree.addTopLevelItem(it)
            it.setSelected(a.id in chosen)
        self.tree.blockSignals(False)
        self.region.clear()
        self.region.addItems(["(no region)"] + [r.name for r in self.s.regions.values()])
        self.island.clear()
        self.island.addItems(["(no island)"] + [i.name for i in self.s.islands.values()])

    def chosen_ids(self) -> list[str]:
        return [it.data(0, Qt.UserRole) for it in self.tree.selectedItems()]

    def _chosen(self) -> None:
        ids = self.chosen_ids()
        if ids:
            self.ctx.settings.area = ids[0]

    def _replace(self, a: Area, **changes) -> E.Edit:
        fields = {"name": a.name, "region": a.region, "island": a.island, "color": a.color, **changes}
        return E.PutRecord("areas", a.id, Area(a.id, fields["name"], fields["region"], fields["island"], fields["color"], a.props))

    def new_area(self, name: str | None = None) -> str:
        aid = _free_id("area", self.s.areas)
        self.ctx.push(E.PutRecord("areas", aid, Area(aid, name or f"Area {len(self.s.areas) + 1}")), "New area")
        self.ctx.settings.area = aid
        return aid

    def rename(self) -> None:
        for aid in self.chosen_ids()[:1]:
            a = self.s.areas[aid]
            name, ok = QInputDialog.getText(self, "Rename area", "Name:", text=a.name)
            if ok and name and name != a.name:
                self.ctx.push(self._replace(a, name=name), "Rename area")

    def recolour(self) -> None:
        ids = self.chosen_ids()
        if not ids:
            return
        colour = QColorDialog.getColor(QColor(self.s.areas[ids[0]].color or "#888888"), self, "Area colour")
        if colour.isValid():
            edits = tuple(self._replace(self.s.areas[a], color=colour.name()) for a in ids)
            self.ctx.push(E.Compound(edits, "Recolour area"), "Recolour area")

    def merge(self) -> None:
        """Give every cell of the other chosen areas to the first, then delete the others."""
        ids = self.chosen_ids()
        if len(ids) < 2:
            self.ctx.status("Choose two or more areas to merge (Ctrl+click in the list).")
            return
        keep, others = ids[0], ids[1:]
        cells = tuple(c for c, a in enumerate(self.s.cell_area) if a in others)
        edits = [E.PaintArea(cells, (keep,) * len(cells))] + [E.PutRecord("areas", a, None) for a in others]
        self.ctx.push(E.Compound(tuple(edits), "Merge areas"), "Merge areas")

    def split(self) -> None:
        """The selected cells become a new area."""
        cells = tuple(sorted(self.ctx.map_item.selected_cells))
        if not cells:
            self.ctx.status("Select the cells of the new area first (Select tool).")
            return
        aid = _free_id("area", self.s.areas)
        old = self.s.areas.get(self.s.cell_area[cells[0]] or "")
        rec = Area(aid, f"{old.name} (split)" if old else f"Area {len(self.s.areas) + 1}",
                   old.region if old else None, old.island if old else None)
        self.ctx.push(E.Compound((E.PutRecord("areas", aid, rec), E.PaintArea(cells, (aid,) * len(cells))), "Split area"),
                      "Split area")

    def delete(self) -> None:
        edits = tuple(E.remove_area(self.s, a) for a in self.chosen_ids())
        if edits:
            self.ctx.push(E.Compound(edits, "Delete area"), "Delete area")

    def _assign_region(self, index: int) -> None:
        region = None if index <= 0 else list(self.s.regions)[index - 1]
        edits = tuple(self._replace(self.s.areas[a], region=region) for a in self.chosen_ids())
        if edits:
            self.ctx.push(E.Compound(edits, "Assign region"), "Assign region")

    def _assign_island(self, index: int) -> None:
        island = None if index <= 0 else list(self.s.islands)[index - 1]
        edits = tuple(self._replace(self.s.areas[a], island=island) for a in self.chosen_ids())
        if edits:
            self.ctx.push(E.Compound(edits, "Assign island"), "Assign island")

    def new_region(self) -> None:
        rid = _free_id("region", self.s.regions)
        self.ctx.push(E.PutRecord("regions", rid, Region(rid, f"Region {len(self.s.regions) + 1}")), "New region")

    def new_island(self) -> None:
        iid = _free_id("island", self.s.islands)
        self.ctx.push(E.PutRecord("islands", iid, Island(iid, f"Island {len(self.s.islands) + 1}")), "New island")
