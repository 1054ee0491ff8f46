"""Tools that paint cells: terrain brush, flood fill, area painter, set-up zones, cell features.

One stroke, one undo step. A plain drag paints every cell the brush passes over;
Shift+drag paints a straight line and Ctrl+drag a rectangle from the first cell to the
last (Tiled's habits), shown as a preview until the button is released. Hovering shows
the brush's real footprint.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from motu.engine.scenario import edits as E
from motu.engine.scenario.model import CellFeature

from ..canvas.map_item import Preview
from .base import Tool


class _StrokeTool(Tool):
    """Press starts a stroke; every cell the drag reaches joins it; release ends it."""

    shapes = True  # Shift: line, Ctrl: rectangle
    sized = True  # the brush size applies
    preview_colour = "#ffffff"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.reset_state()

    def reset_state(self) -> None:
        self._stroke: int | None = None
        self._done: set[int] = set()
        self._erase = False
        self._origin: int | None = None
        self._mode = "free"
        self._last: int | None = None

    def reset(self) -> None:
        self.reset_state()
        super().reset()

    def footprint(self, cell: int) -> list[int]:
        size = self.settings.brush_size if self.sized else 1
        return self.document.scenario.grid.footprint(cell, size)

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        cell = self.item.cell_at(pos)
        self._stroke = self.document.new_stroke()
        self._done = set()
        self._erase = e.button() == Qt.RightButton
        mods = e.modifiers()
        self._mode = "free"
        if self.shapes and cell is not None:
            if mods & Qt.ControlModifier:
                self._mode = "rect"
            elif mods & Qt.ShiftModifier:
                self._mode = "line"
        self._origin = cell
        self._last = cell
        if self._mode == "free":
            self._paint_cells(self.footprint(cell) if cell is not None else [])
        else:
            self._show_shape(cell)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        cell = self.item.cell_at(pos)
        if self._stroke is None:
            self.item.set_preview(Preview(set(self.footprint(cell)), color=self.preview_colour)
                                  if cell is not None else None)
            return
        if self._mode != "free":
            self._show_shape(cell)
            return
        if cell is None:
            return
        # Every cell between the last event and this one, so a fast drag leaves no gaps.
        path = self.document.scenario.grid.line(self._last, cell) if self._last is not None else [cell]
        self._last = cell
        cells = [c for p in path for c in self.footprint(p)]
        self._paint_cells(cells)
        self.item.set_preview(Preview(set(self.footprint(cell)), color=self.preview_colour))

    def shape_cells(self, cell: int | None) -> list[int]:
        if self._origin is None or cell is None:
            return []
        grid = self.document.scenario.grid
        base = grid.rectangle(self._origin, cell) if self._mode == "rect" else grid.line(self._origin, cell)
        if self._mode == "line":
            base = list(dict.fromkeys(c for b in base for c in self.footprint(b)))
        return base

    def _show_shape(self, cell: int | None) -> None:
        self._last = cell if cell is not None else self._last
        self.item.set_preview(Preview(set(self.shape_cells(self._last)), color=self.preview_colour, fill=True))

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._stroke is not None and self._mode != "free":
            cells = self.shape_cells(self._last)
            self._paint_cells(cells)
        self.reset_state()
        self.item.set_preview(None)

    def leave(self) -> None:
        if self._stroke is None:
            self.item.set_preview(None)

    def _paint_cells(self, cells) -> None:
        cells = [c for c in dict.fromkeys(cells) if c not in self._done]
        if cells:
            self._done.update(cells)
            edit = self.make_edit(cells)
            if edit is not None:
                self.document.push(edit, self._stroke)

    def make_edit(self, cells: list[int]):
        """The Edit painting these cells; each painting tool says what it paints."""
        return None


class BrushTool(_StrokeTool):
    name, text, shortcut, icon = "brush", "Terrain brush", "B", "fa5s.paint-brush"
    hint = ("Terrain brush: drag to paint the chosen terrain; Shift+drag a line, Ctrl+drag a rectangle; "
            "right button picks the terrain under the cursor.")
    gestures = (("Paint the chosen terrain", "Click, Drag"), ("Paint a line, a rectangle", "Shift+Drag, Ctrl+Drag"),
                ("Pick the terrain under the cursor", "Right-click"))

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
    name, text, shortcut, icon = "fill", "Flood fill", "F", "fa5s.fill-drip"
    hint = "Flood fill: click to fill the connected cells of one terrain with the chosen terrain."
    gestures = (("Fill the connected cells of one terrain", "Click"),)

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        cell = self.item.cell_at(pos)
        if cell is None:
            return
        s = self.document.scenario
        old, new = s.terrain[cell], self.settings.terrain
        if old == new or not new:
            return
        terrain = s.terrain
        cells = tuple(s.grid.fill(cell, lambda n: terrain[n] == old))
        self.document.push(E.PaintTerrain(cells, (new,) * len(cells)), text="Fill terrain")


class AreaTool(_StrokeTool):
    name, text, shortcut, layer, icon = "area", "Area painter", "A", "areas", "fa5s.draw-polygon"
    uses = "areas"
    hint = ("Area painter: drag to give cells to the chosen area; Shift+drag a line, Ctrl+drag a rectangle; "
            "right button takes cells out of any area.")
    gestures = (("Give cells to the chosen area", "Click, Drag"), ("Take cells out of any area", "Right-drag"))

    def activate(self) -> None:
        super().activate()
        self.item.set_fill_areas(self.settings.fill_areas)

    def deactivate(self) -> None:
        super().deactivate()
        self.item.set_fill_areas(False)

    def make_edit(self, cells):
        area = None if self._erase else self.settings.area
        if not self._erase and area is None:
            self.ctx.status("Choose or create an area first (Areas dock).")
            return None
        s = self.document.scenario
        if area is not None and area not in s.areas:
            return None
        changed = tuple(c for c in cells if s.cell_area[c] != area)
        return E.PaintArea(changed, (area,) * len(changed)) if changed else None


class ZoneTool(_StrokeTool):
    name, text, shortcut, layer, icon = "zone", "Set-up zones", "Z", "zones", "fa5s.flag"
    uses = "zones"
    hint = ("Set-up zones: drag to add cells to the chosen side's zone; Shift+drag a line, Ctrl+drag a "
            "rectangle; right button removes them.")
    gestures = (("Add cells to the side's set-up zone", "Click, Drag"), ("Take cells out of the zone", "Right-drag"))

    def make_edit(self, cells):
        side = self.settings.side
        if side is None or side not in self.document.scenario.sides:
            self.ctx.status("Choose a side first.")
            return None
        zone = set(self.document.scenario.setup_zones.get(side, frozenset()))
        new = zone - set(cells) if self._erase else zone | set(cells)
        return E.SetSetupZone(side, frozenset(new)) if new != zone else None


class FeatureTool(_StrokeTool):
    """Cell features by drag, like the brush: a base edge of 16 squares is one drag and one undo step."""

    name, text, shortcut, layer, icon = "feature", "Cell features", "T", "features", "fa5s.map-marker-alt"
    uses = "features"
    shapes = True
    sized = False
    hint = ("Cell features: click or drag to place the chosen feature (for the chosen side if it needs one); "
            "Shift+drag a line, Ctrl+drag a rectangle; right button removes it.")
    gestures = (("Place the chosen feature", "Click, Drag"), ("Remove the chosen feature", "Right-click, Right-drag"))

    def make_edit(self, cells):
        kind = self.settings.feature
        if not kind:
            return None
        s = self.document.scenario
        if self._erase:
            drop = sorted((i for i, f in enumerate(s.features) if f.cell in cells and f.kind == kind), reverse=True)
            return E.Compound(tuple(E.RemoveFeature(i) for i in drop), "Remove feature") if drop else None
        spec = self.item.catalogue.features.get(kind)
        side = self.settings.side if (spec is not None and spec.needs_side) else None
        if side is not None and side not in s.sides:
            side = None
        have = {f.cell for f in s.features if f.kind == kind and f.side == side}
        new = [c for c in cells if c not in have]
        if not new:
            return None
        n = len(s.features)
        return E.Compound(tuple(E.InsertFeature(n + i, CellFeature(kind, c, side)) for i, c in enumerate(new)),
                          "Add feature")
