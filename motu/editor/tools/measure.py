"""The measure tool: distance, cheapest path, movement range and line of sight, answered by the engine."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from motu.engine.board.search import find_path, reach
from motu.engine.rules.ruleset import RuleSetError

from ..canvas.map_item import Overlay
from .base import Tool


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


class MeasureTool(Tool):
    name, text, shortcut, layer, icon = "measure", "Measure", "M", "terrain", "fa5s.ruler"
    uses = "measure"
    hint = ("Measure: click a cell for its movement range with the chosen unit and MP; move to another cell for "
            "distance, path and line of sight; right button clears.")
    gestures = (("Movement range from a cell", "Click"), ("Distance, path and sight to a cell", "Move after a click"),
                ("Clear the measure", "Right-click"))

    def __init__(self, ctx):
        super().__init__(ctx)
        self.origin: int | None = None

    def deactivate(self) -> None:
        super().deactivate()
        self.origin = None
        self.item.set_overlay(Overlay())

    def reset(self) -> None:
        super().reset()
        self.origin = None
        self.item.set_overlay(Overlay())

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if e.button() == Qt.RightButton:
            self.origin = None
            self.item.set_overlay(Overlay())
            return
        self.origin = self.item.cell_at(pos)
        self.show_range()

    def _valid(self, cell) -> bool:
        return cell is not None and 0 <= cell < self.document.scenario.grid.size

    def show_range(self) -> None:
        if not self._valid(self.origin):
            self.origin = None
            return
        doc = self.document
        try:
            profile = doc.rules.movement_profile(doc.scenario, self.settings.unit, self.settings.side)
        except RuleSetError as exc:
            self.ctx.status(str(exc))
            return
        costs = reach(profile, self.origin, self.settings.mp)
        label = doc.scenario.grid.label
        self.item.set_overlay(Overlay(cells={c: _fmt(v) for c, v in costs.items()}))
        self.ctx.status(f"From {label(self.origin)}: {len(costs)} cells within {_fmt(self.settings.mp)} MP")

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        if not self._valid(self.origin):
            return
        target = self.item.cell_at(pos)
        if target is None or target == self.origin:
            return
        self.measure(self.origin, target)

    def measure(self, a: int, b: int) -> str:
        doc = self.document
        s = doc.scenario
        label = s.grid.label
        distance = s.grid.distance(a, b)
        sight = doc.rules.sight(s)
        visible = sight.visible(a, b)
        try:
            profile = doc.rules.movement_profile(s, self.settings.unit, self.settings.side)
            found = find_path(profile, a, b, math.inf)
        except RuleSetError:
            found = None
        ov = Overlay(cells=dict(self.item.overlay.cells), line=(a, b), line_visible=visible)
        text = f"{label(a)} → {label(b)}: distance {distance}, sight {'visible' if visible else 'blocked'}"
        if found is not None:
            ov.path = found[0]
            text += f", path cost {_fmt(found[1])} ({len(found[0]) - 1} steps)"
        else:
            text += ", no path"
        self.item.set_overlay(ov)
        self.ctx.status(text)
        return text
