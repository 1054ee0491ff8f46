"""Keeping the main window in step with its document: changes, a new grid, a replaced scenario, the title.

Scope: what the window does when the document signals — the docks refreshed once per turn of
the event loop after a stroke, what names cells of an old grid forgotten when an Edit gives the
map another grid, everything rebuilt when another scenario replaces the one open; the
Problems dock's findings marked on the map and shown when chosen; the title and its modified mark.
"""
from __future__ import annotations


class DocumentEvents:
    """Mixed into MainWindow; needs its docks, self.map_item, self.view, self.tools and self.settings."""

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
        self.view.open_map()  # fitted, or closer in where the counters read
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
        elif getattr(f, "table", ()):  # a fault in a table only: the table, with its entry in focus
            self.tables.show_entry(tuple(f.table))

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _path_changed(self, _path: str) -> None:
        self._update_title()

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.title()}[*] — Motu")
        self.setWindowModified(self.document.is_modified())
