"""Tools that place things: edge features on hexsides and square sides, pieces in stacks.

The edge tool shows the side it will take before the click (the side nearest the pointer,
measured to the segment); a drag takes the sides nearest the pointer's whole path, sampled
finely between mouse events. On squares only the four orthogonal sides exist.
"""
from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from motu.engine.scenario import edits as E
from motu.engine.scenario.model import Piece

from ..canvas.geometry import SCALE
from ..canvas.map_item import Preview
from .base import Tool


class EdgeTool(Tool):
    name, text, shortcut, layer, icon = "edge", "Edge features", "E", "edges", "fa5s.grip-lines"
    uses = "edges"
    hint = ("Edge features: the highlighted side is the one a click takes; click or drag along sides to add the "
            "chosen feature, click a side that has it to take it off; right button removes.")

    def __init__(self, ctx):
        super().__init__(ctx)
        self.reset_state()

    def reset_state(self) -> None:
        self._stroke = None
        self._done: set = set()
        self._remove = False
        self._last: QPointF | None = None

    def reset(self) -> None:
        self.reset_state()
        super().reset()

    def preview_edge(self, pos: QPointF):
        return self.item.edge_at(pos)

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        if not self.settings.edge_feature:
            self.ctx.status("This rule set has no edge features.")
            return
        self._stroke = self.document.new_stroke()
        self._done = set()
        edge = self.item.edge_at(pos)
        current = self.document.scenario.edge_features(*edge) if edge else ()
        # Right button removes; a left click on an edge that has the feature removes it too (toggle).
        self._remove = e.button() == Qt.RightButton or self.settings.edge_feature in current
        self._last = pos
        self._take(edge)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        edge = self.item.edge_at(pos)
        if self._stroke is None:
            self.item.set_preview(Preview(edges={edge} if edge else set(), color="#ffef5a"))
            return
        last = self._last or pos
        d = pos - last
        steps = max(1, int((d.x() ** 2 + d.y() ** 2) ** 0.5 / (0.2 * SCALE)))
        for i in range(1, steps + 1):
            self._take(self.item.edge_at(last + d * (i / steps)))
        self._last = pos
        self.item.set_preview(Preview(edges={edge} if edge else set(), color="#ffef5a"))

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        self.reset_state()

    def leave(self) -> None:
        self.item.set_preview(None)

    def _take(self, edge) -> None:
        if edge is None or edge in self._done:
            return
        self._done.add(edge)
        feats = set(self.document.scenario.edge_features(*edge))
        f = self.settings.edge_feature
        new = feats - {f} if self._remove else feats | {f}
        if new != feats:
            self.document.push(E.SetEdgeFeatures((edge,), (tuple(sorted(new)),)), self._stroke, text="Edit edges")


class PieceTool(Tool):
    name, text, shortcut, layer, icon = "piece", "Pieces", "P", "pieces", "fa5s.chess-pawn"
    uses = "pieces"
    hint = "Pieces: click to add the chosen piece for the chosen side (stacks build up); right button removes the top piece."

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        cell = self.item.cell_at(pos)
        kind = self.settings.piece
        if cell is None or not kind:
            return
        s = self.document.scenario
        if e.button() == Qt.RightButton:
            stack = s.pieces_at(cell)
            if stack:
                self.document.push(E.PutRecord("pieces", stack[-1].id, None), text="Remove piece")
            return
        side = self.settings.side if self.settings.side in s.sides else None
        pid = next(f"{kind}-{n}" for n in itertools.count(1) if f"{kind}-{n}" not in s.pieces)
        self.document.push(E.PutRecord("pieces", pid, Piece(pid, kind, side, cell)), text="Add piece")

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        cell = self.item.cell_at(pos)
        self.item.set_preview(Preview({cell}) if cell is not None else None)

    def leave(self) -> None:
        self.item.set_preview(None)
