"""The main window: the map, the tools, the docks, the menus; the context tools and docks work through."""
from __future__ import annotations

import logging

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QLabel, QMainWindow, QMessageBox, QSpinBox, QToolBar, QUndoView,
)

from engine.rules.ruleset import RuleSetError
from engine.scenario.edits import EditError
from engine.scenario.map_key import map_key

from . import help as help_menu
from . import preferences
from .canvas.map_item import MapItem
from .canvas.view import MapView
from .docks.areas import AreasDock
from .docks.forces import ForcesDock
from .docks.layers import LayersDock
from .docks.legend import LegendDock
from .docks.minimap import MinimapDock
from .docks.problems import ProblemsDock
from .docks.properties import PropertiesDock
from .docks.scenario import ScenarioDock
from .docks.tables import TablesDock
from .document import Document
from .files import FileActions
from .icons import icon
from .map_menu import MapOperations
from .status import cell_text
from .tools import ALL_TOOLS, PasteTool
from .tools.base import ToolSettings
from .tools.clipboard import copy_cells, cut_edit

log = logging.getLogger("motu.editor")


def _shortcuts(keys) -> list[QKeySequence]:
    """Key sequences for an action, standard keys first. A standard key this platform leaves empty
    (Quit on Linux) and repeats of a fallback are dropped, so no action shows an empty or doubled shortcut."""
    out: list[QKeySequence] = []
    for k in keys:
        seq = QKeySequence(k)
        if not seq.isEmpty() and seq not in out:
            out.append(seq)
    return out


class MainWindow(FileActions, QMainWindow):
    def __init__(self, document: Document, settings: QSettings | None = None):
        super().__init__()
        self.setObjectName("motuMainWindow")
        self.settings_store = settings or QSettings("Motu", "Motu editor")
        self.document = document
        self.settings = ToolSettings()
        self.map_item = MapItem(document)
        self.view = MapView(self.map_item)
        self.setCentralWidget(self.view)
        self.tools = {cls.name: cls(self) for cls in ALL_TOOLS}
        self.paste_tool = PasteTool(self)
        self.map_ops = MapOperations(self)
        # Tools a command starts and that hand back to the tool before them (not in the Tools menu).
        self.transient_tools = {"paste": self.paste_tool, "place_island": self.map_ops.place_tool}
        self.clip = None
        self._build_docks()
        self._build_status()
        self._build_actions()
        self._build_tool_options()
        self._pending_scopes: set[str] = set()
        self._grid = document.scenario.grid  # the grid the views were built for
        self._acknowledged_warnings: set[tuple[str, str]] = set()
        self.playtest = None
        self._dock_timer = QTimer(self)
        self._dock_timer.setSingleShot(True)
        self._dock_timer.setInterval(0)
        self._dock_timer.timeout.connect(self._refresh_docks)
        self.document.replaced.connect(self._document_replaced)
        self.document.changed.connect(self._document_changed)
        # Bound methods, not lambdas: the connections end with the window, and the clean flag comes
        # with the signal (a document going away clears its stack and signals while half-destroyed).
        self.document.undo_stack.cleanChanged.connect(self._clean_changed)
        self.document.pathChanged.connect(self._path_changed)
        self._reset_settings()
        self._update_title()
        self.init_files()
        preferences.apply(self)
        self.select_tool("select")
        self.restore_layout()
        self._show_what_the_rules_use()
        QTimer.singleShot(0, self.problems.validate_now)

    # --- context for tools and docks ---------------------------------------------------------
    def status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def push(self, edit, text: str | None = None) -> bool:
        try:
            self.document.push(edit, None, text)
        except EditError as exc:
            self.status(f"Not done: {exc}")
            return False
        return True

    def pick_terrain(self, terrain: str) -> None:
        self.settings.terrain = terrain
        ids = list(self.map_item.catalogue.terrain)
        if terrain in ids:
            self.terrain_box.setCurrentIndex(ids.index(terrain))

    def selection_changed(self) -> None:
        self.properties.refresh()

    def set_area(self, area: str | None) -> None:
        """The area the area painter paints (the Areas dock's New and its list set it)."""
        self.settings.area = area

    # --- building ---------------------------------------------------------------------------------
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

    def _build_status(self) -> None:
        self.cell_label = QLabel("")
        self.cell_label.setObjectName("cellLabel")
        self.zoom_label = QLabel("100%")
        self.zoom_label.setObjectName("zoomLabel")
        self.statusBar().addPermanentWidget(self.cell_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.hovered.connect(self._hovered)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))

    def _hovered(self, cell) -> None:
        s = self.document.scenario
        if cell is None or not 0 <= cell < s.grid.size:
            self.cell_label.setText("")
            return
        self.cell_label.setText(cell_text(s, self.map_item.catalogue, cell))

    def action(self, text: str, slot, shortcut=None, name: str | None = None, checkable: bool = False,
               on=None) -> QAction:
        act = QAction(text, self)
        act.setObjectName(name or "action" + "".join(w.capitalize() for w in text.replace("&", "").replace("…", "").split()))
        if shortcut is not None:
            act.setShortcuts(_shortcuts(shortcut if isinstance(shortcut, list) else [shortcut]))
        act.setCheckable(checkable)
        act.triggered.connect(slot)
        if on is None:
            self.addAction(act)
        else:
            # Single keys belong to the map: a dock's list keeps its type-ahead.
            act.setShortcutContext(Qt.WidgetWithChildrenShortcut)
            on.addAction(act)
        return act

    def _build_actions(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        self.file_actions = {
            "new": self.action("&New…", self.file_new, QKeySequence.New),
            "open": self.action("&Open…", self.file_open, QKeySequence.Open),
            "save": self.action("&Save", self.file_save, QKeySequence.Save),
            "save_as": self.action("Save &As…", self.file_save_as, [QKeySequence.SaveAs, "Ctrl+Shift+S"]),
            "export": self.action("&Export…", self.file_export, "Ctrl+E"),
            "revert": self.action("&Revert", self.file_revert, "Ctrl+Shift+R"),
            "close": self.action("&Close", self.file_close, QKeySequence.Close),
            "quit": self.action("&Quit", self.close, [QKeySequence.Quit, "Ctrl+Q"]),
        }
        for key, name in (("new", "fa5s.file"), ("open", "fa5s.folder-open"), ("save", "fa5s.save")):
            self.file_actions[key].setIcon(icon(name))
        for key in ("new", "open"):
            m.addAction(self.file_actions[key])
        self.recent_menu = m.addMenu("Open &Recent")
        self._file_menu = m
        for key in ("save", "save_as", "export", "revert", "close"):
            m.addAction(self.file_actions[key])
        m.addSeparator()
        m.addAction(self.file_actions["quit"])
        e = mb.addMenu("&Edit")
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setObjectName("actionUndo")
        undo.setShortcuts(_shortcuts([QKeySequence.Undo, "Ctrl+Z"]))
        undo.setIcon(icon("fa5s.undo"))
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setObjectName("actionRedo")
        redo.setShortcuts(_shortcuts([QKeySequence.Redo, "Ctrl+Shift+Z"]))
        redo.setIcon(icon("fa5s.redo"))
        self.undo_action, self.redo_action = undo, redo
        e.addAction(undo)
        e.addAction(redo)
        e.addSeparator()
        e.addAction(self.action("Cu&t", self.cut, QKeySequence.Cut))
        e.addAction(self.action("&Copy", self.copy, QKeySequence.Copy))
        e.addAction(self.action("&Paste", self.paste, QKeySequence.Paste))
        e.addSeparator()
        e.addAction(self.action("Select &All Cells", self.select_all, QKeySequence.SelectAll))
        e.addAction(self.action("&Delete Selected Pieces", self.delete_selected, QKeySequence.Delete))
        e.addSeparator()
        e.addAction(self.action("Pre&ferences…", lambda: preferences.open_dialog(self), ["Ctrl+,"],
                                name="actionPreferences"))
        v = mb.addMenu("&View")
        v.addAction(self.action("Zoom &In", lambda: self.view.zoom_at(1.25, self._view_centre()), QKeySequence.ZoomIn))
        v.addAction(self.action("Zoom &Out", lambda: self.view.zoom_at(0.8, self._view_centre()), QKeySequence.ZoomOut))
        v.addAction(self.action("&Reset Zoom", self.view.reset_zoom, "Ctrl+0"))
        v.addAction(self.action("&Fit Map", self.view.fit, "Ctrl+9"))
        v.addSeparator()
        self.palette_actions = preferences.palette_menu(self, v.addMenu("&Palette"))
        fill = QAction("Fill Areas While &Painting Them", self, objectName="actionFillAreas", checkable=True)
        fill.setChecked(self.settings.fill_areas)
        fill.setProperty("noShortcut", True)
        fill.toggled.connect(self._fill_areas_toggled)
        v.addAction(fill)
        v.addSeparator()
        docks = (self.layers, self.properties, self.scenario_dock, self.areas, self.problems, self.history,
                 self.minimap, self.legend, self.forces, self.tables)
        for n, dock in enumerate(docks, 1):
            act = dock.toggleViewAction()
            act.setObjectName(f"toggle_{dock.objectName()}")
            act.setShortcut(QKeySequence(f"Alt+{n % 10}"))  # the tenth dock is Alt+0
            v.addAction(act)
        mm = mb.addMenu("&Map")
        self.map_ops.build(self._file_menu, self.file_actions["save"], mm)
        self.map_ops.update_actions()
        mm.addAction(self.action("&Check Now", self.problems.validate_now, "Ctrl+Shift+V"))
        mm.addAction(self.action("&Playtest", self.start_playtest, "F5"))
        mm.addAction(self.action("Playtest from This &Position", lambda: self.start_playtest(from_position=True),
                                 "Shift+F5"))
        t = mb.addMenu("&Tools")
        self.tools_bar = QToolBar("Tools", self)
        self.tools_bar.setObjectName("toolsBar")
        self.tools_bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
        self.addToolBar(Qt.LeftToolBarArea, self.tools_bar)
        group = QActionGroup(self)
        self.tool_actions = {}
        for name, tool in self.tools.items():
            act = self.action(tool.text, lambda _=False, n=name: self.select_tool(n), tool.shortcut,
                              name=f"tool_{name}", checkable=True, on=self.view)
            act.setIcon(icon(tool.icon))
            act.setToolTip(f"{tool.text} ({tool.shortcut})")
            act.setStatusTip(tool.hint)
            group.addAction(act)
            t.addAction(act)
            self.tools_bar.addAction(act)
            self.tool_actions[name] = act
        t.addSeparator()
        t.addAction(self.action("&Balance Report…", self.show_balance_report, "Ctrl+Shift+B"))
        help_menu.build(self, mb.addMenu("&Help"))

    def _fill_areas_toggled(self, on: bool) -> None:
        self.settings.fill_areas = on
        if self.view.tool is self.tools["area"]:
            self.map_item.set_fill_areas(on)

    def _view_centre(self):
        return self.view.viewport().rect().center().toPointF()

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

    def select_all(self) -> None:
        self.map_item.set_selection(cells=range(self.document.scenario.grid.size), pieces=set(), edges=set())
        self.selection_changed()

    def delete_selected(self) -> None:
        from engine.scenario import edits as E
        ids = [p for p in sorted(self.map_item.selected_pieces) if p in self.document.scenario.pieces]
        if ids:
            self.push(E.Compound(tuple(E.PutRecord("pieces", p, None) for p in ids), "Delete pieces"), "Delete pieces")
            self.map_item.set_selection(pieces=set())
            self.selection_changed()

    # --- copy, cut, paste ---------------------------------------------------------------------------
    def copy(self) -> bool:
        cells = self.map_item.selected_cells
        if not cells:
            self.status("Select cells to copy first (Select tool: drag a rubber band).")
            return False
        clip = copy_cells(self.document.scenario, cells)
        if clip is None:
            self.status("Cells of this board cannot be copied: copy and paste work on hex and square maps.")
            return False
        self.clip = clip
        self.status(f"Copied {len(clip.cells)} cells: Ctrl+V to paste them.")
        return True

    def cut(self) -> bool:
        cells = set(self.map_item.selected_cells)
        if not self.copy():
            return False
        edit = cut_edit(self.document.scenario, cells, self.map_item.catalogue.default_terrain)
        return edit is not None and self.push(edit, "Cut")

    def paste(self) -> bool:
        if self.clip is None:
            self.status("Nothing to paste: copy some cells first.")
            return False
        back = self.view.tool.name if self.view.tool is not None and self.view.tool is not self.paste_tool else "select"
        self.paste_tool.start(self.clip, back)
        self.select_tool("paste")
        self.status(self.paste_tool.hint)
        return True

    # --- model events ------------------------------------------------------------------------------
    def _document_changed(self, scope: str, cells) -> None:
        if self.document.scenario.grid is not self._grid:
            self._grid_changed()  # resize, add island, merge, or their undo: before anything reads a cell
        # A stroke emits one change per cell: refresh the docks once, after the event loop turns.
        self._pending_scopes.add(scope)
        self._dock_timer.start()

    def _refresh_docks(self) -> None:
        scopes, self._pending_scopes = self._pending_scopes, set()
        # "scenario": a Compound (merge, split, delete, recolour, assign region or island) says no more.
        if scopes & {"areas", "regions", "islands", "records", "scenario", "features", "grid"}:
            self.areas.refresh()
        if scopes & {"scenario", "areas", "grid"}:  # tables, and the area names they show
            self.tables.refresh()
        if scopes & {"sides", "scenario", "records", "grid"}:
            self.scenario_dock.refresh()
            if "sides" in scopes or "scenario" in scopes:
                self.side_box.clear()
                self.side_box.addItems([sd.name for sd in self.document.scenario.sides.values()])
        if self.map_item.selected_cells or self.map_item.selected_pieces or self.map_item.selected_edges:
            self.properties.refresh()
        self._hovered(self.map_item.hover_cell)  # the status bar says what the cell holds now

    def _forget_cells(self) -> None:
        """What names cells of the old grid goes: the map item's view state (it has rebuilt), tools' strokes,
        origins and previews, the hover text, the Problems rows until the next check; the map is fitted."""
        self._grid = self.document.scenario.grid
        self.view.scene().setSceneRect(self.map_item.boundingRect())
        for tool in (*self.tools.values(), *self.transient_tools.values()):
            tool.reset()
        if self.view.tool in self.transient_tools.values():
            self.select_tool("select")
        self._hovered(None)
        self.problems.forget()
        self.minimap.refit()

    def _grid_changed(self) -> None:
        """An Edit gave the map another grid: as when a scenario replaces another, but the history stays."""
        # The Forces dock first: its rows name pieces the Edit (an undone merge) may have taken away and say
        # where pieces stand, and forgetting the Problems rows below hands it the findings at once.
        self.forces.refresh()
        self._forget_cells()
        if self.settings.area not in self.document.scenario.areas:
            self.settings.area = next(iter(self.document.scenario.areas), None)
        self.properties.refresh()
        self.view.fit()

    def _document_replaced(self) -> None:
        self.map_item.rebuild()  # resets hover, selection, marks, overlays and previews
        self._forget_cells()
        self.map_ops.update_actions()
        self._reset_settings()
        self._show_what_the_rules_use()
        self.legend.refresh()
        self.areas.refresh()
        self.tables.refresh()
        self.scenario_dock.refresh()
        self.properties.refresh()
        self.problems.schedule()  # after the first frame: the map shows before the check begins
        self.view.fit()
        self._update_title()

    def _findings(self, findings) -> None:
        self.map_item.set_problem_cells({c for f in findings if f.severity == "error" for c in f.cells})

    def show_finding(self, f) -> None:
        cells = list(f.cells)
        s = self.document.scenario
        if not cells and f.areas:
            cells = [c for c, a in enumerate(s.cell_area) if a in f.areas]
        if not cells and f.edges:
            cells = [c for e in f.edges for c in e]
        cells = [c for c in cells if 0 <= c < s.grid.size]
        if cells:
            self.map_item.set_selection(cells=cells, pieces=set(), edges=set(f.edges))
            self.view.centre_on_cells(cells)
            self.selection_changed()

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _path_changed(self, _path: str) -> None:
        self._update_title()

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.title()}[*] — Motu")
        self.setWindowModified(self.document.is_modified())

    # --- playtest ---------------------------------------------------------------------------------------
    def ask_playtest_warnings(self, warnings) -> bool:
        text = "\n".join(f"{f.code}: {f.message}" for f in warnings[:10])
        answer = QMessageBox.question(self, "Playtest with warnings",
                                      f"The scenario has {len(warnings)} warnings:\n\n{text}\n\nPlaytest anyway?")
        return answer == QMessageBox.Yes

    def start_playtest(self, from_position: bool = False):
        """F5: check the scenario; errors stop (and show), warnings ask once; then a game of it as it is now.
        Shift+F5 starts from the pieces as set up, where the rule set has a standard start of its own."""
        rules = self.document.rules
        if not rules.playable:
            self.status(f"{rules.name} cannot be played yet.")
            return None
        findings = rules.validate(self.document.scenario)
        errors = [f for f in findings if f.severity == "error"]
        if errors:
            self.problems._generation += 1
            self.problems._done(self.problems._generation, findings, 0.0)
            self.problems.show()
            self.problems.raise_()
            self.status(f"{len(errors)} errors: fix them before playtesting (Problems dock).")
            return None
        warnings = [f for f in findings if f.severity == "warning"]
        new = {(f.code, f.message) for f in warnings} - self._acknowledged_warnings
        if new and not self.ask_playtest_warnings(warnings):
            return None
        self._acknowledged_warnings |= new
        from .playtest.window import start_playtest
        options = {"start_from_position": True} if from_position and "start_from_position" in rules.catalogue.options else {}
        try:
            self.playtest = start_playtest(self, options=options)
        except RuleSetError as exc:  # the map checks clean, yet the game cannot start on it (no Home Village yet)
            self.status(f"Cannot playtest: {exc}")
            return None
        self.playtest.show()
        return self.playtest

    def show_balance_report(self):
        """Tools → Balance Report: bots play the scenario off the GUI thread (editor/balance_dialog.py)."""
        from .balance_dialog import show_balance_dialog
        return show_balance_dialog(self)

    # --- layout ---------------------------------------------------------------------------------------
    def save_layout(self) -> None:
        self.settings_store.setValue("window/geometry", self.saveGeometry())
        self.settings_store.setValue("window/state", self.saveState())

    def restore_layout(self) -> None:
        geometry = self.settings_store.value("window/geometry")
        state = self.settings_store.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        if state is not None:
            self.restoreState(state)
        self._default_layout_pending = state is None

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        if self._default_layout_pending:
            # The map gets the room; docks start narrow, as in Tiled. Sizes only take once shown.
            self._default_layout_pending = False
            QTimer.singleShot(0, self._default_dock_sizes)
        self.view.setFocus(Qt.OtherFocusReason)

    def _default_dock_sizes(self) -> None:
        self.resizeDocks([self.layers, self.properties], [240, 320], Qt.Horizontal)
        self.resizeDocks([self.layers, self.minimap], [300, 220], Qt.Vertical)
        self.resizeDocks([self.properties, self.areas], [260, 420], Qt.Vertical)
        self.resizeDocks([self.problems], [200], Qt.Vertical)
