"""Tools that place things: edge features on hexsides, features in cells, pieces in stacks."""
from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from engine.scenario import edits as E
from engine.scenario.model import CellFeature, Piece

from .base import Tool


class EdgeTool(Tool):
    name, text, shortcut, layer = "edge", "Edge features", "E", "edges"
    hint = "Edge features: click or drag along hexsides to add the chosen feature; right button removes it."

    def __init__(self, ctx):
        super().__init__(ctx)
        self._stroke = None
        self._done: set = set()
        self._remove = False

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
        self._apply(pos)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._stroke is not None:
            self._apply(pos)

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        self._stroke = None

    def _apply(self, pos: QPointF) -> None:
        edge = self.item.edge_at(pos)
        if edge is None or edge in self._done:
            return
        self._done.add(edge)
        feats = set(self.document.scenario.edge_features(*edge))
        f = self.settings.edge_feature
        new = feats - {f} if self._remove else feats | {f}
        if new != feats:
            self.document.push(E.SetEdgeFeatures((edge,), (tuple(sorted(new)),)), self._stroke, text="Edit edges")


class FeatureTool(Tool):
    name, text, shortcut, layer = "feature", "Cell features", "T", "features"
    hint = "Cell features: click to place the chosen feature (for the chosen side if it needs one); right button removes it."

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        cell = self.item.cell_at(pos)
        kind = self.settings.feature
        if cell is None or not kind:
            return
        s = self.document.scenario
        if e.button() == Qt.RightButton:
            idx = [i for i, f in enumerate(s.features) if f.cell == cell and f.kind == kind]
            if idx:
                self.document.push(E.RemoveFeature(idx[-1]), text="Remove feature")
            return
        spec = self.item.catalogue.features.get(kind)
        side = self.settings.side if (spec is not None and spec.needs_side) else None
        if any(f.cell == cell and f.kind == kind and f.side == side for f in s.features):
            return
        self.document.push(E.InsertFeature(len(s.features), CellFeature(kind, cell, side)), text="Add feature")


class PieceTool(Tool):
    name, text, shortcut, layer = "piece", "Pieces", "P", "pieces"
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
        pid = next(f"{kind}-{n}" for n in itertools.count(1) if f"{kind}-{n}" not in s.pieces)
        self.document.push(E.PutRecord("pieces", pid, Piece(pid, kind, self.settings.side, cell)), text="Add piece")
