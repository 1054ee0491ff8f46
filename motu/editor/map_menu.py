"""Map operations in the editor: File → Import Coastline, and the Map menu's Resize, Add Island from
Coastline and Merge Another Scenario.

Scope: asking (the dialogs, the file choosers: `choose_*` and `run_dialog`, which tests replace),
then one Edit each (motu/engine/scenario/map_ops.py, motu/engine/io/coastline.py) pushed on the document,
so each is one undo step and the views rebuild for the new grid as for any Edit. Drafting an
island where it goes runs off the GUI thread (worker.py) on a copy of the map; the Edit is
pushed only if the map has not changed meanwhile.
"""
from __future__ import annotations

import logging
import os

import numpy as np
import shapely
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QFileDialog

from motu.engine.board.geometry import cell_centres
from motu.engine.io.coastline import add_island, describe_draft
from motu.engine.io.errors import LoadError
from motu.engine.io.island_plan import IslandPlan
from motu.engine.io.native import load_path
from motu.engine.scenario.edits import Edit, EditError
from motu.engine.scenario.georef import Georef

from .coastline_dialog import CoastlineDialog, Preview, open_island
from .map_dialogs import MergeDialog, ResizeDialog, rename_lines
from .tools.place_island import PlaceIslandTool
from .worker import Job

log = logging.getLogger("motu.editor")
COAST_FILTER = "Coastlines (*.geojson *.json);;All files (*)"
SCENARIO_FILTER = "Motu scenarios (*.yaml *.yml);;All files (*)"


def island_offsets(p: Preview) -> list[tuple[int, int]]:
    """The draft's land and lagoon hexes as offsets from the hex nearest the land's centroid, which is
    where a click puts it (add_island centres the island there)."""
    s = p.scenario
    xy = cell_centres(s.grid)
    c = shapely.transform(p.plan.land, Georef.of(s).to_layout).centroid
    centre = int(np.argmin(((xy - (c.x, c.y)) ** 2).sum(axis=1)))
    x0, y0 = s.grid.coords(centre)
    return [(s.grid.coords(cell)[0] - x0, s.grid.coords(cell)[1] - y0) for cell in p.draft.patch.terrain]


class MapOperations(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.place_tool = PlaceIslandTool(window)
        self.job: Job | None = None

    def build(self, file_menu, before, map_menu) -> None:
        """The entries: Import Coastline in the File menu (before `before`), the rest at the Map menu's top."""
        w = self.w
        self.import_action = w.action("Import &Coastline…", lambda: self.import_coastline(), "Ctrl+Shift+I",
                                      name="actionImportCoastline")
        file_menu.insertAction(before, self.import_action)
        self.resize_action = w.action("&Resize Map / Add Margin…", self.resize, "Ctrl+Alt+R", name="actionResizeMap")
        self.add_island_action = w.action("Add &Island from Coastline…", self.add_island, "Ctrl+Shift+A",
                                         name="actionAddIsland")
        self.merge_action = w.action("&Merge Another Scenario…", self.merge, "Ctrl+Shift+M", name="actionMergeScenario")
        for act in (self.resize_action, self.add_island_action, self.merge_action):
            map_menu.addAction(act)
        map_menu.addSeparator()

    def update_actions(self) -> None:
        """Add Island asks for a rule set that drafts islands (an island recipe); Resize and Merge for rows and columns."""
        from motu.engine.io.coastline import recipe
        s = self.w.document.scenario
        rows = s.grid.lattice  # as _rows_and_columns asks
        self.add_island_action.setEnabled(rows and recipe(s.ruleset) is not None)
        self.resize_action.setEnabled(rows)
        self.merge_action.setEnabled(rows)

    def busy(self) -> bool:
        return self.job is not None and self.job.running

    # --- questions (tests replace these) -----------------------------------------------------------
    def choose_coastline_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.w, "Coastline (GeoJSON)", self.w._last_dir(), COAST_FILTER)
        return path or None

    def choose_merge_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.w, "Merge another scenario", self.w._last_dir(), SCENARIO_FILTER)
        return path or None

    def run_dialog(self, dialog: QDialog) -> bool:
        return dialog.exec() == QDialog.Accepted

    # --- pushing --------------------------------------------------------------------------------
    def try_push(self, edit: Edit) -> str | None:
        """Push an Edit as one undo step; why it was refused, or None when done."""
        try:
            self.w.document.push(edit, None, edit.text)
        except EditError as exc:
            return str(exc)
        return None

    def _default_terrain(self) -> str:
        cat = self.w.map_item.catalogue
        return cat.default_terrain if cat.default_terrain in cat.terrain else self.w.document.scenario.terrain[0]

    # --- resize -----------------------------------------------------------------------------------
    def _rows_and_columns(self, what: str) -> bool:
        if self.w.document.scenario.grid.lattice:
            return True
        self.w.status(f"Only hex and square maps can be {what}: a board of named spaces has no rows and columns.")
        return False

    def resize(self) -> bool:
        if not self._rows_and_columns("resized"):
            return False
        s = self.w.document.scenario
        before = (s.grid.columns, s.grid.rows)
        dialog = ResizeDialog(s, self.w.map_item.catalogue, self.try_push, self.w)
        if not self.run_dialog(dialog):
            return False
        g = self.w.document.scenario.grid
        self.w.status(f"Resized the map: {before[0]} × {before[1]} → {g.columns} × {g.rows} (Ctrl+Z undoes it).")
        return True

    # --- coastlines --------------------------------------------------------------------------------
    def _island_file(self, path: str | None = None):
        path = path or self.choose_coastline_path()
        if not path:
            return None, None
        try:
            return path, open_island(path)
        except LoadError as exc:
            self.w.show_error("Cannot read the coastline", str(exc))
            return None, None

    def import_coastline(self, path: str | None = None, asked: bool = False) -> bool:
        """A new scenario drafted from a coastline (`path`, else one chosen), in place of the open one (which
        may be saved first; `asked`: File → Open asked about it already)."""
        path, island = self._island_file(path)
        if island is None:
            return False
        dialog = CoastlineDialog(self.w, path, island, "new")
        if not self.run_dialog(dialog) or dialog.preview is None or not (asked or self.w.maybe_save()):
            return False
        p = dialog.preview
        self.w._forget_recovery()
        self.w.document.replace(p.scenario, None, unsaved=True)  # new work: the `*`, and a question before it goes
        self.w.status(f"Imported {p.plan.name}: {describe_draft(p.draft.summary)}. Save it to keep it.")
        return True

    def add_island(self) -> bool:
        """An island from a coastline on the open map: at its real place, on a hex, or where the designer clicks."""
        s = self.w.document.scenario
        from motu.engine.io.coastline import recipe
        if not self._rows_and_columns("given islands"):
            return False
        if recipe(s.ruleset) is None:
            self.w.status(f"{self.w.document.rules.name} has no island recipe: islands cannot be drafted for it.")
            return False
        path, island = self._island_file()
        if island is None:
            return False
        dialog = CoastlineDialog(self.w, path, island, "add")
        if not self.run_dialog(dialog) or dialog.preview is None:
            return False
        how, at = dialog.placement()
        plan, margin = dialog.preview.plan, dialog.form.options().margin_km
        if how == "click":
            back = self.w.view.tool.name if self.w.view.tool is not None else "select"
            self.place_tool.start(island_offsets(dialog.preview), lambda cell: self.add_at(plan, cell, margin),
                                  back if back in self.w.tools else "select")
            self.w.select_tool("place_island")
            self.w.status(self.place_tool.hint)
            return True
        self.add_at(plan, at, margin)
        return True

    def add_at(self, plan: IslandPlan, at: int | None, margin_km: float | None) -> None:
        """Draft the island on a copy of the map off the GUI thread; push its Edit when it comes."""
        s = self.w.document.scenario
        snapshot, revision = s.copy(), s.revision

        def done(result) -> None:
            edit, draft = result
            if self.w.document.scenario is not s or s.revision != revision:
                self.w.status("The map changed while the island was drafted: add it again.")
                return
            before = (s.grid.columns, s.grid.rows)
            why = self.try_push(edit)
            if why:
                self.w.show_error("Cannot add the island", why)
                return
            g = self.w.document.scenario.grid
            grown = "" if before == (g.columns, g.rows) else f"; the map grew to {g.columns} × {g.rows}"
            self.w.status(f"Added {plan.name}: {describe_draft(draft.summary)}{grown}.")

        self.job = Job(lambda: add_island(snapshot, plan, at, margin_km), done,
                       lambda message: self.w.show_error("Cannot add the island", message), self,
                       f"Drafting {plan.name}…", self.w)

    # --- merge -------------------------------------------------------------------------------------
    def merge(self) -> bool:
        if not self._rows_and_columns("merged"):
            return False
        path = self.choose_merge_path()
        if not path:
            return False
        try:
            other = load_path(path)
        except LoadError as exc:
            self.w.show_error("Cannot open the scenario to merge", str(exc))
            return False
        s = self.w.document.scenario
        dialog = MergeDialog(s, other, os.path.basename(path), self.try_push, self._default_terrain(), self.w)
        if not self.run_dialog(dialog):
            return False
        lines = rename_lines(other, getattr(dialog, "renamed", {}))
        self.w.status(f"Merged {os.path.basename(path)}" + (f"; {'; '.join(lines)}" if lines else "; no id clashed") + ".")
        return True


__all__ = ["MapOperations", "island_offsets"]
