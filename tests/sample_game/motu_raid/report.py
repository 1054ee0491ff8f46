"""What a balance report keeps of a game of Raid, read from its events.

Scope: the collector (warriors left per side at the start and after each turn; where battles
were fought; where warriors fell) and the words a report says of it.
"""
from __future__ import annotations

from typing import Any, Sequence

from motu.engine.rules.events import Battle, TurnBegan, UnitLost
from motu.engine.rules.report import Collector, ReportWords, bump

WORDS = ReportWords(timeline="warriors left", outcomes=("win", "draw"))


class RaidCollector(Collector):
    def __init__(self, state) -> None:
        super().__init__(state)
        self.turn = 0
        self.battles: dict[str, int] = {}
        self.fallen: dict[str, dict[str, int]] = {"0": {}, "1": {}}

    def events(self, events: Sequence, state) -> None:
        super().events(events, state)
        for e in events:
            if isinstance(e, TurnBegan):
                self.turn = e.turn
                self.timeline.append([float(x) for x in state.warriors_left()])
            elif isinstance(e, Battle):
                bump(self.battles, e.label)
            elif isinstance(e, UnitLost):
                bump(self.fallen[str(e.player)], e.label)

    def turns(self, state) -> int:
        return self.turn

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        if finished:
            self.timeline.append([float(x) for x in state.warriors_left()])
        self.maps = {"battles": self.battles, "fallen": self.fallen}
        return super().finish(state, returns, finished)
