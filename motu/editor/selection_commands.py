"""What the Edit menu does with the map's selection: select all, delete, copy, cut and paste.

Scope: the commands only; what a copy holds and the Edit a cut makes are tools/clipboard.py,
and placing a paste is the Paste tool (tools/place.py).
"""
from __future__ import annotations

from .tools.clipboard import copy_cells, cut_edit


class SelectionCommands:
    """Mixed into MainWindow; needs self.document, self.map_item, self.view, self.paste_tool, self.clip,
    self.push(), self.status(), self.select_tool() and self.selection_changed()."""

    def select_all(self) -> None:
        self.map_item.set_selection(cells=range(self.document.scenario.grid.size), pieces=set(), edges=set())
        self.selection_changed()

    def delete_selected(self) -> None:
        from motu.engine.scenario import edits as E
        ids = [p for p in sorted(self.map_item.selected_pieces) if p in self.document.scenario.pieces]
        if ids:
            self.push(E.Compound(tuple(E.PutRecord("pieces", p, None) for p in ids), "Delete pieces"), "Delete pieces")
            self.map_item.set_selection(pieces=set())
            self.selection_changed()

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
