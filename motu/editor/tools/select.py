"""Selection: cells, pieces, edges and areas; rubber band; Shift extends, Ctrl toggles; drag moves pieces
(a drag that starts on a counter, selected or not, moves it; one that starts off the counters draws a band)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent

from motu.engine.scenario import edits as E

from .base import Tool


class SelectTool(Tool):
    name, text, shortcut, layer, icon = "select", "Select", "S", "pieces", "fa5s.mouse-pointer"
    hint = ("Select: click a cell or piece, Alt+click an edge, double-click an area; drag for a rubber band; "
            "Shift extends, Ctrl toggles; drag a piece to move it.")
    gestures = (("Select a cell or a piece", "Click"), ("Select a side (an edge)", "Alt+Click"),
                ("Select an area", "Double-click"), ("Select with a rubber band", "Drag off the pieces, or Shift+Drag"),
                ("Add to the selection, toggle in it", "Shift+Click, Ctrl+Click"),
                ("Move pieces, selected or not", "Drag a piece"))
    cursor_shape = Qt.ArrowCursor

    def __init__(self, ctx):
        super().__init__(ctx)
        self._origin: QPointF | None = None
        self._dragging_pieces: list[str] = []
        self._band = False
        self._origin_cell: int | None = None

    def reset(self) -> None:
        super().reset()
        self._origin = None
        self._dragging_pieces = []
        self._band = False
        self._origin_cell = None

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        item = self.item
        cell = item.cell_at(pos)
        mods = e.modifiers()
        self._origin = pos
        self._origin_cell = cell
        self._band = False
        if mods & Qt.AltModifier:
            edge = item.edge_at(pos)
            if edge is not None:
                if mods & Qt.ControlModifier:
                    edges = set(item.selected_edges) ^ {edge}
                elif mods & Qt.ShiftModifier:
                    edges = set(item.selected_edges) | {edge}
                else:
                    edges = {edge}
                item.set_selection(cells=set(), pieces=set(), edges=edges)
                self.ctx.selection_changed()
            return
        stack = self.document.scenario.pieces_at(cell) if cell is not None else []
        if stack and not (mods & (Qt.ShiftModifier | Qt.ControlModifier)) and stack[-1].id in item.selected_pieces:
            self._dragging_pieces = sorted(item.selected_pieces)
            return
        self._dragging_pieces = []
        self._select(cell, stack, mods)
        if stack and not (mods & (Qt.ShiftModifier | Qt.ControlModifier)) and stack[-1].id in item.selected_pieces:
            self._dragging_pieces = [stack[-1].id]  # a press on a counter picks it up: a drag moves it, not a band

    def _select(self, cell, stack, mods) -> None:
        item = self.item
        cells = set(item.selected_cells)
        pieces = set(item.selected_pieces)
        if not mods & (Qt.ShiftModifier | Qt.ControlModifier):
            cells, pieces = set(), set()
        if cell is not None:
            if mods & Qt.ControlModifier:
                cells ^= {cell}
            else:
                cells.add(cell)
            if stack and self.item.layers_visible.get("pieces", True):
                top = stack[-1].id
                if mods & Qt.ControlModifier:
                    pieces ^= {top}
                else:
                    pieces.add(top)
        item.set_selection(cells=cells, pieces=pieces, edges=set())
        self.ctx.selection_changed()

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._origin is None or not (e.buttons() & Qt.LeftButton) or self._dragging_pieces:
            return
        if (pos - self._origin).manhattanLength() > 8:
            self._band = True
            rect = QRectF(self._origin, pos).normalized()
            cells = [c for c in self.item.geo.cells_in(rect) if rect.contains(self.item.geo.centre(c))]
            base = set(self.item.selected_cells) if e.modifiers() & Qt.ShiftModifier else set()
            self.item.set_selection(cells=base | set(cells), pieces=set(), edges=set())

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._dragging_pieces:
            cell = self.item.cell_at(pos)
            if cell is not None and cell != self._origin_cell and not self.locked_pieces():
                s = self.document.scenario
                moves = [E.move_piece(s, pid, cell) for pid in self._dragging_pieces
                         if pid in s.pieces and s.pieces[pid].cell != cell]
                if moves:
                    self.document.push(E.Compound(tuple(moves), "Move pieces"), text="Move pieces")
            self._dragging_pieces = []
        elif self._band:
            self.ctx.selection_changed()
        self._origin = None
        self._band = False

    def locked_pieces(self) -> bool:
        if self.item.layers_locked.get("pieces"):
            self.ctx.status("The pieces layer is locked.")
            return True
        return False

    def double(self, pos: QPointF, e: QMouseEvent) -> None:
        self.select_area_at(pos)

    def select_area_at(self, pos: QPointF) -> None:
        cell = self.item.cell_at(pos)
        if cell is None:
            return
        area = self.document.scenario.cell_area[cell]
        if area is None:
            return
        cells = [c for c, a in enumerate(self.document.scenario.cell_area) if a == area]
        self.item.set_selection(cells=cells, pieces=set(), edges=set())
        self.ctx.settings.area = area
        self.ctx.selection_changed()
