"""What a balance report keeps of a game of Fire in the Fern!, read from its events.

Scope: the collector (figures lost per side at the start and after each game turn, where
casualties fell, where volleys were fired from) and the words a report says of it.
motu/engine/rules/report.py says how a collector is fed.
"""
from __future__ import annotations

from typing import Any, Sequence

from motu.engine.rules.events import TurnBegan
from motu.engine.rules.report import Collector, ReportWords, bump

from .volley_event import Volley

WORDS = ReportWords(timeline="figures lost")


class FernCollector(Collector):
    """Figures lost per side per turn; where casualties fell and where fire came from."""

    def __init__(self, state) -> None:
        super().__init__(state)
        self.turn = 0
        self.fire: dict[str, dict[str, int]] = {"0": {}, "1": {}}

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if not self.turn:  # the start: entry 0 of the timeline
            self.turn = state.turn
            self.timeline.append([float(x) for x in state.killed])

    def events(self, events: Sequence, state) -> None:
        super().events(events, state)
        for e in events:
            if isinstance(e, Volley):
                bump(self.fire[str(e.player)], e.label)
            elif isinstance(e, TurnBegan) and self.turn and e.turn != self.turn and not state.is_terminal():
                self.turn = e.turn
                self.timeline.append([float(x) for x in state.killed])

    def turns(self, state) -> int:
        return int(state.turn)

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        cas: dict[str, dict[str, int]] = {"0": {}, "1": {}}
        for (cell, owner), n in state.cas.items():
            bump(cas[str(state.owner_player(owner))], state.b.label(cell), n)
        self.maps = {"casualties": cas, "fire": self.fire}
        if finished:
            self.timeline.append([float(x) for x in state.killed])
        return super().finish(state, returns, finished)
