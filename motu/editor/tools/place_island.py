"""Placing an island from a coastline where the designer clicks (Map → Add Island from Coastline,
"where I click"): the island's outline follows the pointer, a click drops its centre on that hex.

The outline is the draft's land and lagoon, kept as offsets from its centre hex in coordinates
where moving keeps a shape (the clipboard's), so it previews the island anywhere on the map;
the island itself is drafted where it is dropped (map_menu.py). Esc or the right button cancels.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ..canvas.map_item import Preview
from .base import Tool
from .clipboard import Clip, target_cells


class PlaceIslandTool(Tool):
    name = "place_island"
    text = "Place island"
    icon = "fa5s.map-marker-alt"
    hint = "Click the hex where the island's centre goes (Esc or the right button: cancel)."
    cursor_shape = Qt.CrossCursor

    def __init__(self, ctx):
        super().__init__(ctx)
        self.outline = Clip()
        self.on_place: Callable[[int], None] | None = None
        self.back_to = "select"

    def start(self, offsets, on_place: Callable[[int], None], back_to: str = "select") -> None:
        """`offsets`: the island's hexes from its centre hex (the clipboard's coordinates)."""
        self.outline = Clip(cells=[(off, "", None) for off in offsets])
        self.on_place = on_place
        self.back_to = back_to

    def cancel(self) -> None:
        self.on_place = None
        self.ctx.status("No island added.")
        self.ctx.select_tool(self.back_to)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        cell = self.item.cell_at(pos)
        if cell is None or not self.outline.cells:
            self.item.set_preview(None)
            return
        where = target_cells(self.document.scenario, self.outline, cell)
        self.item.set_preview(Preview(set(where.values()), color="#ff8c00", fill=True))

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if e.button() == Qt.RightButton:
            self.cancel()
            return
        cell = self.item.cell_at(pos)
        if cell is None or self.on_place is None or self.locked():
            return
        place, self.on_place = self.on_place, None
        self.ctx.select_tool(self.back_to)
        place(cell)

    def key(self, e: QKeyEvent) -> bool:
        if e.key() == Qt.Key_Escape:
            self.cancel()
            return True
        return False

    def leave(self) -> None:
        self.item.set_preview(None)


__all__ = ["PlaceIslandTool"]
