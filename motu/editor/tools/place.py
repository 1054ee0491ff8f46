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
            "chosen feature; Alt+click or Alt+drag (or the right button) takes it off. A plain click on a side that "
            "has it changes nothing.")
    gestures = (("Add the chosen edge feature", "Click, Drag along sides"),
                ("Take the edge feature off", "Alt+Click, Alt+Drag, Right-click"))
    ADD, HAS, REMOVE = "#ffef5a", "#ff9d3a", "#ff4d4d"  # the hover's colour: adds, has it already, takes it off

    def __init__(self, ctx):
        super().__init__(ctx)
        self.reset_state()
        self._hover = None  # (edge, removing) the status bar last spoke of

    def reset_state(self) -> None:
        self._stroke = None
        self._done: set = set()
        self._remove = False
        self._last: QPointF | None = None
        self._changed = 0

    def reset(self) -> None:
        self.reset_state()
        self._hover = None
        super().reset()

    def preview_edge(self, pos: QPointF):
        return self.item.edge_at(pos)

    def feature_name(self) -> str:
        f = self.settings.edge_feature
        spec = self.item.catalogue.edges.get(f)
        return spec.name if spec is not None else f

    def _has(self, edge) -> bool:
        return edge is not None and self.settings.edge_feature in self.document.scenario.edge_features(*edge)

    @staticmethod
    def removing(e) -> bool:
        """Alt (or the right button) takes the feature off; a plain click only ever adds it."""
        return e.button() == Qt.RightButton or bool(e.buttons() & Qt.RightButton) or bool(e.modifiers() & Qt.AltModifier)

    def say(self, edge, removing: bool) -> str:
        """What a click on `edge` will do, before it is made (the status bar shows it as the pointer moves)."""
        if edge is None or not self.settings.edge_feature:
            return ""
        label, name = self.document.scenario.grid.edge_label(*edge), self.feature_name()
        if self._has(edge):
            return (f"{label}: a click takes the {name} off" if removing else
                    f"{label} has the {name}: Alt+click (or right-click) removes the {name}")
        return f"{label}: nothing to take off" if removing else f"{label}: a click adds the {name}"

    def _show(self, edge, removing: bool) -> None:
        colour = self.REMOVE if removing and self._has(edge) else self.HAS if self._has(edge) else self.ADD
        self.item.set_preview(Preview(edges={edge} if edge else set(), color=colour))
        if self._stroke is None and (edge, removing) != self._hover:
            self._hover = (edge, removing)
            words = self.say(edge, removing)
            if words:
                self.ctx.status(words)

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if self.locked():
            return
        if not self.settings.edge_feature:
            self.ctx.status("This rule set has no edge features.")
            return
        self._stroke = self.document.new_stroke()
        self._done = set()
        self._changed = 0
        edge = self.item.edge_at(pos)
        self._remove = self.removing(e)
        if not self._remove and self._has(edge):
            self.ctx.status(f"{self.document.scenario.grid.edge_label(*edge)} has the {self.feature_name()} "
                            f"already: Alt+click (or right-click) removes it.")
        self._last = pos
        self._take(edge)

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        edge = self.item.edge_at(pos)
        if self._stroke is None:
            self._show(edge, self.removing(e))
            return
        last = self._last or pos
        d = pos - last
        steps = max(1, int((d.x() ** 2 + d.y() ** 2) ** 0.5 / (0.2 * SCALE)))
        for i in range(1, steps + 1):
            self._take(self.item.edge_at(last + d * (i / steps)))
        self._last = pos
        self._show(edge, self._remove)

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        if self._stroke is not None and self._changed:
            n, name = self._changed, self.feature_name()
            sides = f"{n} side{'s' * (n != 1)}"
            self.ctx.status(f"Took the {name} off {sides} (Ctrl+Z puts it back)." if self._remove else
                            f"Added the {name} on {sides}.")
        self.reset_state()
        self._hover = None

    def leave(self) -> None:
        self.item.set_preview(None)
        self._hover = None

    def _take(self, edge) -> None:
        if edge is None or edge in self._done:
            return
        self._done.add(edge)
        feats = set(self.document.scenario.edge_features(*edge))
        f = self.settings.edge_feature
        new = feats - {f} if self._remove else feats | {f}
        if new != feats:
            self.document.push(E.SetEdgeFeatures((edge,), (tuple(sorted(new)),)), self._stroke,
                               text=f"{'Remove' if self._remove else 'Add'} {self.feature_name()}")
            self._changed += 1


class PieceTool(Tool):
    name, text, shortcut, layer, icon = "piece", "Pieces", "P", "pieces", "fa5s.chess-pawn"
    uses = "pieces"
    hint = "Pieces: click to add the chosen piece for the chosen side (stacks build up); right button removes the top piece."
    gestures = (("Add the chosen piece", "Click"), ("Remove the top piece of a stack", "Right-click"))

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
