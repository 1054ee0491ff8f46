"""The main window's menu bar, its Tools bar and its actions, each with its keys.

Scope: File, Edit, View, Map, Tools and Help as menus of actions; how an action is made (its
object name, its shortcuts with their fallbacks, whether the map or the window owns its key);
the View menu's palette, area fill and dock toggles. What an action does lives with its concept
(files.py, selection_commands.py, play_commands.py, map_menu.py, tool_options.py).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QToolBar

from . import help as help_menu
from . import preferences
from .icons import icon


def _shortcuts(keys) -> list[QKeySequence]:
    """Key sequences for an action, standard keys first. A standard key this platform leaves empty
    (Quit on Linux) and repeats of a fallback are dropped, so no action shows an empty or doubled shortcut."""
    out: list[QKeySequence] = []
    for k in keys:
        seq = QKeySequence(k)
        if not seq.isEmpty() and seq not in out:
            out.append(seq)
    return out

class WindowMenus:
    """Mixed into MainWindow; needs its docks, tools, view, map operations and the slots the actions call."""

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
        undo.setProperty("actionName", "Undo")  # its text names the step it undoes; the shortcut list wants this
        undo.setShortcuts(_shortcuts([QKeySequence.Undo, "Ctrl+Z"]))
        undo.setIcon(icon("fa5s.undo"))
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setObjectName("actionRedo")
        redo.setProperty("actionName", "Redo")
        # Ctrl+Y as well as Ctrl+Shift+Z on every platform: Windows programs and most editors take it.
        redo.setShortcuts(_shortcuts([QKeySequence.Redo, "Ctrl+Shift+Z", "Ctrl+Y"]))
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
        # Ctrl+= too: on most keyboards "+" is Shift+"=", and Tiled, browsers and Inkscape take both.
        v.addAction(self.action("Zoom &In", lambda: self.view.zoom_at(1.25, self._view_centre()),
                                [QKeySequence.ZoomIn, "Ctrl+="]))
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
