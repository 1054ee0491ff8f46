"""What a balance report keeps of a game of Tahiti pearls, read from its events.

Scope: the collector (money per player at the start of each round of the die, where each
player's boats ended) and the words a report says of it. motu/engine/rules/report.py says how a
collector is fed.
"""
from __future__ import annotations

from typing import Any, Sequence

from motu.engine.rules.events import TurnBegan
from motu.engine.rules.report import Collector, ReportWords, bump

WORDS = ReportWords(
    timeline="money (cash and chest)",
    note="Cash in hand does not count at the end: the winner has the highest score, the chest plus the "
         "groups on the map, so the richest player need not be the winner.")


class PearlsCollector(Collector):
    """Money per player per round; where each player's boats ended."""

    def __init__(self, state) -> None:
        super().__init__(state)
        self.rounds = 0

    def events(self, events: Sequence, state) -> None:
        super().events(events, state)
        for e in events:
            if isinstance(e, TurnBegan) and not state.is_terminal():
                self.rounds += 1
                self.timeline.append([float(c + k) for c, k in zip(state.cash, state.chest)])

    def turns(self, state) -> int:
        return self.rounds

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        boats: dict[str, dict[str, int]] = {str(p): {} for p in range(state.n)}
        for k, c in enumerate(state.colour):
            if c >= 0 and state.owner[k] >= 0:
                bump(boats[str(state.owner[k])], state.board.labels[k])
        self.maps = {"boats": boats}
        self.timeline.append([float(c + k) for c, k in zip(state.cash, state.chest)])
        return super().finish(state, returns, finished)
