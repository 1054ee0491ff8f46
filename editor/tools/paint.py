"""Tools that paint cells: terrain brush, flood fill, area painter, set-up zones. One stroke, one undo step."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from engine.scenario import edits as E

from .base import Tool, brush_cells


class _StrokeTool(Tool):
    """Press starts a stroke; every cell the drag reaches joins it; release ends it."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self._stroke: int | None = None
        self._done: set[int] = set()
        self._erase = False

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        self._stroke = self.document.new_stroke()
        self._done = set()
        self._erase = e.button() == Qt.RightButton
        self._paint_at(pos)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._stroke is not None:
            self._paint_at(pos)

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        self._stroke = None

    def _paint_at(self, pos: QPointF) -> None:
        cell = self.item.cell_at(pos)
        if cell is None:
            return
        cells = [c for c in brush_cells(self.document.scenario.grid, cell, self.settings.brush_size) if c not in self._done]
        if cells:
            self._done.update(cells)
            edit = self.make_edit(cells)
            if edit is not None:
                self.document.push(edit, self._stroke)

    def make_edit(self, cells: list[int]):
        """The Edit painting these cells; each painting tool says what it paints."""
        return None


class BrushTool(_StrokeTool):
    name, text, shortcut = "brush", "Terrain brush", "B"
    hint = "Terrain brush: drag to paint the chosen terrain; right button picks the terrain under the cursor."

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if e.button() == Qt.RightButton:
            cell = self.item.cell_at(pos)
            if cell is not None:
                self.ctx.pick_terrain(self.document.scenario.terrain[cell])
            return
        super().press(pos, e)

    def make_edit(self, cells):
        t = self.settings.terrain
        changed = tuple(c for c in cells if self.document.scenario.terrain[c] != t)
        return E.PaintTerrain(changed, (t,) * len(changed)) if changed else None


class FillTool(Tool):
    name, text, shortcut = "fill", "Flood fill", "F"
    hint = "Flood fill: click to fill the connected cells of one terrain with the chosen terrain."

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        cell = self.item.cell_at(pos)
        if cell is None:
            return
        s = self.document.scenario
        old, new = s.terrain[cell], self.settings.terrain
        if old == new:
            return
        region, frontier = {cell}, [cell]
        while frontier:
            c = frontier.pop()
            for n in s.grid.neighbours(c):
                if n not in region and s.terrain[n] == old:
                    region.add(n)
                    frontier.append(n)
        cells = tuple(sorted(region))
        self.document.push(E.PaintTerrain(cells, (new,) * len(cells)), text="Fill terrain")


class AreaTool(_StrokeTool):
    name, text, shortcut, layer = "area", "Area painter", "A", "areas"
    hint = "Area painter: drag to give cells to the chosen area; right button takes cells out of any area."

    def make_edit(self, cells):
        area = None if self._erase else self.settings.area
        if not self._erase and area is None:
            self.ctx.status("Choose or create an area first (Areas dock).")
            return None
        s = self.document.scenario
        changed = tuple(c for c in cells if s.cell_area[c] != area)
        return E.PaintArea(changed, (area,) * len(changed)) if changed else None


class ZoneTool(_StrokeTool):
    name, text, shortcut, layer = "zone", "Set-up zones", "Z", "zones"
    hint = "Set-up zones: drag to add cells to the chosen side's zone; right button removes them."

    def make_edit(self, cells):
        side = self.settings.side
        if side is None:
            self.ctx.status("Choose a side first.")
            return None
        zone = set(self.document.scenario.setup_zones.get(side, frozenset()))
        new = zone - set(cells) if self._erase else zone | set(cells)
        return E.SetSetupZone(side, frozenset(new)) if new != zone else None
