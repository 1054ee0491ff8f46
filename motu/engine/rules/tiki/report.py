"""What a balance report keeps of a game of Tiki, read from its events.

Scope: the collector (fruits per player at the start and after each player turn, the villages
each player influenced) and the words a report says of it. motu/engine/rules/report.py says how a
collector is fed.
"""
from __future__ import annotations

from typing import Any, Sequence

from motu.engine.rules.api import CHANCE
from motu.engine.rules.events import ControlChanged
from motu.engine.rules.report import Collector, ReportWords, bump

WORDS = ReportWords(timeline="fruits")


class TikiCollector(Collector):
    """Fruits per player per turn; villages influenced per player."""

    def __init__(self, state) -> None:
        super().__init__(state)
        self.count = 0
        self.player = None
        self.by_player: dict[str, dict[str, int]] = {"0": {}, "1": {}}

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if player != CHANCE and player != self.player:  # a player's turn begins
            self.player = player
            self.count += 1
            self.timeline.append([float(x) for x in state.fruit])

    def events(self, events: Sequence, state) -> None:
        super().events(events, state)
        for e in events:
            if isinstance(e, ControlChanged) and e.after is not None:
                bump(self.by_player[str(e.after)], e.place)  # by label: the report's map finds the village's cell

    def turns(self, state) -> int:
        return self.count

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        self.timeline.append([float(x) for x in state.fruit])
        self.maps = {"influenced": self.by_player}
        return super().finish(state, returns, finished)
