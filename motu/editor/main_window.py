"""The main window: the map, the tools, the docks, the menus; the context tools and docks work through.

Scope: putting the window together and the context tools and docks call (status, push, the
selection, the area painted); the status bar's cell and zoom. Each other concept is a mixin of
its own module: files.py (File menu, autosave, disk watch), window_menus.py (menus and keys),
tool_options.py (tools and their option bar), window_docks.py (docks and layout),
selection_commands.py (select, delete, copy, cut, paste), document_events.py (following the
document), play_commands.py (playtest, balance report).
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow

from motu.engine.scenario.edits import EditError

from . import preferences
from .canvas.map_item import MapItem
from .canvas.view import MapView
from .document import Document
from .document_events import DocumentEvents
from .files import FileActions
from .map_menu import MapOperations
from .play_commands import PlayCommands
from .selection_commands import SelectionCommands
from .status import cell_text
from .tool_options import ToolOptions
from .tools import ALL_TOOLS, PasteTool
from .tools.base import ToolSettings
from .window_docks import WindowDocks
from .window_menus import WindowMenus

log = logging.getLogger("motu.editor")


class MainWindow(FileActions, WindowMenus, ToolOptions, WindowDocks, SelectionCommands, DocumentEvents,
                 PlayCommands, QMainWindow):
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

    def selection_changed(self) -> None:
        self.properties.refresh()

    def set_area(self, area: str | None) -> None:
        """The area the area painter paints (the Areas dock's New and its list set it)."""
        self.settings.area = area

    # --- status bar ------------------------------------------------------------------------------
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
