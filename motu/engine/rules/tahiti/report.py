"""What a balance report keeps of a game of Tahiti, read from its events.

Scope: the collector (areas held per clan at the start and after each turn, where battles were
fought, which clan held which area at the end, what ended a game counted by areas) and the words
a report says of it. motu/engine/rules/report.py says how a collector is fed.
"""
from __future__ import annotations

from typing import Any, Sequence

from motu.engine.rules.events import Battle, TurnBegan
from motu.engine.rules.report import Collector, ReportWords, bump

from .outcomes import OUTCOME_ORDER
from .queries import area_control, areas_held

WORDS = ReportWords(timeline="areas held (victory count)", outcomes=OUTCOME_ORDER)


class TahitiCollector(Collector):
    """Areas held per clan per turn; at the end, areas held per clan; battles by hex."""

    def __init__(self, state) -> None:
        super().__init__(state)
        self.turn = 0
        self.battles: dict[str, int] = {}

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if not self.turn:  # the start: entry 0 of the timeline
            self.turn = state.turn
            self.timeline.append([float(x) for x in areas_held(state)])

    def events(self, events: Sequence, state) -> None:
        super().events(events, state)
        for e in events:
            if isinstance(e, Battle):
                bump(self.battles, e.label)
            elif isinstance(e, TurnBegan) and self.turn and e.turn != self.turn and not state.is_terminal():
                # the areas after the turn before it (a turn the game ends in as it begins is not played)
                self.turn = e.turn
                self.timeline.append([float(x) for x in areas_held(state)])

    def turns(self, state) -> int:
        # The last turn in which anything happened: the turn limit ends the game as the turn after
        # the limit begins, before anything of it is played (sequence.turn_start), so a game
        # ended by the limit lasted `turn_limit` turns, not state.turn.
        return self.turn or int(state.turn)

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        held: dict[str, dict[str, int]] = {str(p): {} for p in range(len(state.players))}
        for a, p in enumerate(area_control(state)):
            if p >= 0:  # by area id; the report colours the area's cells
                bump(held[str(p)], str(state.b.areas[a]))
        self.maps = {"held": held, "battles": self.battles}
        if finished:
            # appended, as the other collectors do: written over the last entry (the start of the
            # last turn) it would stand a turn early, and the game's last step would span two turns
            self.timeline.append([float(x) for x in areas_held(state)])
        return super().finish(state, returns, finished)
