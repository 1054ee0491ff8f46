"""The tools and their options: which tool is on, and the bar of choices the tools paint with.

Scope: the Tool options bar (terrain, brush size, edge, feature, piece, side, movement points)
and the ToolSettings it sets; the choices reset to fit the rule set of the scenario now open;
the tools, options and panels a rule set does without, hidden (its map key says which);
choosing a tool, transient ones (paste, place island) included.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QToolBar

from motu.engine.scenario.map_key import map_key


class ToolOptions:
    """Mixed into MainWindow; needs self.settings, self.tools, self.transient_tools, self.map_item, self.view."""

    def pick_terrain(self, terrain: str) -> None:
        self.settings.terrain = terrain
        ids = list(self.map_item.catalogue.terrain)
        if terrain in ids:
            self.terrain_box.setCurrentIndex(ids.index(terrain))

    def _build_tool_options(self) -> None:
        bar = QToolBar("Tool options", self)
        bar.setObjectName("toolOptionsBar")
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.terrain_box = QComboBox(objectName="optTerrain")
        self.size_box = QSpinBox(objectName="optBrushSize")
        self.size_box.setRange(1, 9)
        self.size_box.setToolTip("Brush size: cells from the centre (1 is one cell)")
        self.edge_box = QComboBox(objectName="optEdge")
        self.feature_box = QComboBox(objectName="optFeature")
        self.piece_box = QComboBox(objectName="optPiece")
        self.side_box = QComboBox(objectName="optSide")
        for box in (self.terrain_box, self.edge_box, self.feature_box, self.piece_box, self.side_box):
            # Each rule set refills the boxes: their width follows the names now in them, not the first shown.
            box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.mp_box = QSpinBox(objectName="optMp")
        self.mp_box.setRange(0, 99)
        self.mp_box.setToolTip("Movement points for the Measure tool's range")
        self.option_actions: dict[str, list[QAction]] = {}
        for key, label, w in (("terrain", "Terrain", self.terrain_box), ("size", "Size", self.size_box),
                              ("edges", "Edge", self.edge_box), ("features", "Feature", self.feature_box),
                              ("pieces", "Piece", self.piece_box), ("side", "Side", self.side_box),
                              ("movement_points", "MP", self.mp_box)):
            self.option_actions[key] = [bar.addWidget(QLabel(f" {label} ")), bar.addWidget(w)]
        self.terrain_box.activated.connect(lambda i: setattr(self.settings, "terrain", list(self.map_item.catalogue.terrain)[i]))
        self.size_box.valueChanged.connect(lambda v: setattr(self.settings, "brush_size", v))
        self.edge_box.activated.connect(lambda i: setattr(self.settings, "edge_feature", list(self.map_item.catalogue.edges)[i]))
        self.feature_box.activated.connect(lambda i: setattr(self.settings, "feature", list(self.map_item.catalogue.features)[i]))
        self.piece_box.activated.connect(self._piece_chosen)
        self.side_box.activated.connect(lambda i: setattr(self.settings, "side", (list(self.document.scenario.sides) or [None])[i]))
        self.mp_box.valueChanged.connect(self._mp_changed)

    def _piece_chosen(self, i: int) -> None:
        self.settings.piece = list(self.map_item.catalogue.pieces)[i]
        if self.map_item.catalogue.pieces[self.settings.piece].movement_class:
            self.settings.unit = self.settings.piece

    def _mp_changed(self, v: int) -> None:
        self.settings.mp = float(v)
        tool = self.tools["measure"]
        if self.view.tool is tool:
            tool.show_range()

    def _reset_settings(self) -> None:
        """Tool choices that fit the rule set of the scenario now open."""
        cat = self.map_item.catalogue
        s = self.document.scenario
        st = self.settings
        st.terrain = next(iter(cat.terrain), "")
        st.edge_feature = next(iter(cat.edges), "")
        st.feature = next(iter(cat.features), "")
        st.piece = next(iter(cat.pieces), "")
        st.side = next(iter(s.sides), None)
        movers = [k for k, p in cat.pieces.items() if p.movement_class]
        st.unit = movers[0] if movers else None
        st.area = next(iter(s.areas), None)
        for box, items in ((self.terrain_box, [t.name for t in cat.terrain.values()]),
                           (self.edge_box, [e.name for e in cat.edges.values()]),
                           (self.feature_box, [f.name for f in cat.features.values()]),
                           (self.piece_box, [p.name for p in cat.pieces.values()]),
                           (self.side_box, [sd.name for sd in s.sides.values()])):
            box.clear()
            box.addItems(items)
        self.mp_box.setValue(int(st.mp))

    def _show_what_the_rules_use(self) -> None:
        """Tools, options and panels the rule set does without are hidden (its catalogue's map key says)."""
        uses = map_key(self.map_item.catalogue).uses
        for name, tool in self.tools.items():
            self.tool_actions[name].setVisible(not tool.uses or uses.get(tool.uses, True))
        for key, acts in self.option_actions.items():
            for a in acts:
                a.setVisible(uses.get(key, True))
        self.layers.show_uses(uses)
        self.areas.toggleViewAction().setVisible(uses["areas"])
        if not uses["areas"] and not self.areas.isHidden():
            self.areas.hide()
            self._areas_hidden_by_rules = True
        elif uses["areas"] and getattr(self, "_areas_hidden_by_rules", False):
            self.areas.show()
            self._areas_hidden_by_rules = False
        current = self.view.tool
        if current is not None and current.uses and not uses.get(current.uses, True):
            self.select_tool("select")

    # --- tools ----------------------------------------------------------------------------------
    def select_tool(self, name: str) -> None:
        tool = self.transient_tools.get(name) or self.tools[name]
        self.view.set_tool(tool)
        if name in self.tool_actions:
            self.tool_actions[name].setChecked(True)
        elif self.tool_actions:
            checked = [a for a in self.tool_actions.values() if a.isChecked()]
            for a in checked:
                a.actionGroup().setExclusive(False)
                a.setChecked(False)
                a.actionGroup().setExclusive(True)
