"""The main window's docks and its layout: which docks there are, where they start, and keeping the layout.

Scope: making the docks (layers, properties, scenario, areas, tables, problems, history, minimap,
legend, forces) and placing and tabbing them; the window's geometry and dock state kept in
QSettings between runs; the narrow default dock sizes of a first run.

A dock hidden because the open rule set does without it (Fire in the Fern has no areas) is not the
user's choice: the saved layout names it under `window/hiddenForRules`, and the next window shows it
again where it was when its rule set uses it (tool_options.py hides and shows it).
"""
from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QUndoView

from .docks.areas import AreasDock
from .docks.forces import ForcesDock
from .docks.layers import LayersDock
from .docks.legend import LegendDock
from .docks.minimap import MinimapDock
from .docks.problems import ProblemsDock
from .docks.properties import PropertiesDock
from .docks.scenario import ScenarioDock
from .docks.tables import TablesDock


class WindowDocks:
    """Mixed into MainWindow; needs self.document, self.map_item, self.view, self.settings_store."""

    def _build_docks(self) -> None:
        self.layers = LayersDock(self.map_item, self)
        self.properties = PropertiesDock(self, self)
        self.scenario_dock = ScenarioDock(self, self)
        self.areas = AreasDock(self, self)
        self.tables = TablesDock(self, self)
        self.problems = ProblemsDock(self.document, self)
        self.problems.findingsChanged.connect(self._findings)
        self.problems.activated.connect(self.show_finding)
        self.history = QDockWidget("History", self)
        self.history.setObjectName("historyDock")
        self.undo_view = QUndoView(self.document.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")
        self.history.setWidget(self.undo_view)
        self.minimap = MinimapDock(self.view, self)
        self.legend = LegendDock(self, self)
        self.forces = ForcesDock(self, self)
        self.problems.findingsChanged.connect(self.forces.set_findings)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.layers)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.minimap)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.history)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.legend)
        self.addDockWidget(Qt.RightDockWidgetArea, self.properties)
        self.addDockWidget(Qt.RightDockWidgetArea, self.areas)
        self.addDockWidget(Qt.RightDockWidgetArea, self.scenario_dock)
        self.addDockWidget(Qt.RightDockWidgetArea, self.tables)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.problems)
        self.tabifyDockWidget(self.areas, self.scenario_dock)
        self.addDockWidget(Qt.RightDockWidgetArea, self.forces)
        self.tabifyDockWidget(self.scenario_dock, self.forces)
        self.tabifyDockWidget(self.forces, self.tables)
        self.tabifyDockWidget(self.layers, self.history)
        self.tabifyDockWidget(self.minimap, self.legend)
        self.layers.raise_()
        self.forces.raise_()  # the last dock tabified shows by default; the Tables dock waits its turn
        self.legend.raise_()

    def save_layout(self) -> None:
        self.settings_store.setValue("window/geometry", self.saveGeometry())
        self.settings_store.setValue("window/state", self.saveState())
        hidden = [self.areas.objectName()] if getattr(self, "_areas_hidden_by_rules", False) else []
        self.settings_store.setValue("window/hiddenForRules", hidden)

    def restore_layout(self) -> None:
        # What the settings file holds may be anything (edited, damaged, another program's): a
        # layout Qt cannot read is left out, and the window starts with the first run's layout.
        geometry = _layout_bytes(self.settings_store.value("window/geometry"))
        state = _layout_bytes(self.settings_store.value("window/state"))
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1400, 900)
        if state is not None and not self.restoreState(state):
            state = None
        hidden = self.settings_store.value("window/hiddenForRules", [])
        if isinstance(hidden, str):  # QSettings gives back a one-item list as its item
            hidden = [hidden]
        if not isinstance(hidden, (list, tuple)):
            hidden = []
        if self.areas.objectName() in hidden and self.areas.isHidden():
            # Hidden for the last rule set, not by the user: shown again if this one has areas.
            self._areas_hidden_by_rules = True
        self._default_layout_pending = state is None

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        if self._default_layout_pending:
            # The map gets the room; docks start narrow, as in Tiled. Sizes only take once shown.
            self._default_layout_pending = False
            QTimer.singleShot(0, self._default_dock_sizes)
        self.view.setFocus(Qt.OtherFocusReason)

    def _default_dock_sizes(self) -> None:
        # The right-hand docks as wide as their content asks (every tab of the Scenario dock, the Areas
        # list's columns), within a third of the window or so: the map keeps the most room.
        right = max(320, self.scenario_dock.needed_width(), self.areas.needed_width())
        self.resizeDocks([self.layers, self.properties], [240, min(right, int(self.width() * 0.36))], Qt.Horizontal)
        self.resizeDocks([self.layers, self.minimap], [300, 220], Qt.Vertical)
        self.resizeDocks([self.properties, self.areas], [260, 420], Qt.Vertical)
        self.resizeDocks([self.problems], [200], Qt.Vertical)


def _layout_bytes(value) -> QByteArray | None:
    """A saved geometry or dock state as Qt's bytes, or None when the settings hold something else."""
    if isinstance(value, QByteArray):
        return value if not value.isEmpty() else None
    if isinstance(value, (bytes, bytearray)) and value:
        return QByteArray(bytes(value))
    return None
