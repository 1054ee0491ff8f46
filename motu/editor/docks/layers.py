"""Layers dock: an eye and a lock for each layer of the map the rule set uses."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QHeaderView, QTreeWidget, QTreeWidgetItem

from ..canvas.render import LAYERS


class LayersDock(QDockWidget):
    def __init__(self, map_item, parent=None):
        super().__init__("Layers", parent)
        self.setObjectName("layersDock")
        self.map_item = map_item
        self.tree = QTreeWidget()
        self.tree.setObjectName("layersTree")
        self.tree.setHeaderLabels(["Layer", "Visible", "Locked"])
        self.tree.setRootIsDecorated(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        for column in (1, 2):  # "Visible" and "Locked" whole, the names take what is left
            header.setSectionResizeMode(column, QHeaderView.ResizeToContents)
        for name in LAYERS:
            it = QTreeWidgetItem([name.capitalize(), "", ""])
            it.setData(0, Qt.UserRole, name)
            it.setCheckState(1, Qt.Checked)
            it.setCheckState(2, Qt.Unchecked)
            self.tree.addTopLevelItem(it)
        self.tree.itemChanged.connect(self._changed)
        self.setWidget(self.tree)

    def item_for(self, name: str) -> QTreeWidgetItem:
        return next(self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())
                    if self.tree.topLevelItem(i).data(0, Qt.UserRole) == name)

    def show_uses(self, uses) -> None:
        """Rows only for the layers the rule set uses (its map key): no Areas for Fire in the Fern."""
        for i in range(self.tree.topLevelItemCount()):
            it = self.tree.topLevelItem(i)
            it.setHidden(not uses.get(it.data(0, Qt.UserRole), True))

    def _changed(self, it: QTreeWidgetItem, column: int) -> None:
        name = it.data(0, Qt.UserRole)
        if column == 1:
            self.map_item.set_layer_visible(name, it.checkState(1) == Qt.Checked)
        elif column == 2:
            self.map_item.layers_locked[name] = it.checkState(2) == Qt.Checked
