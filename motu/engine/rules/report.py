"""What a balance report keeps of one game: the collector a rule set declares, fed the game's events.

Scope: `Collector`, the generic collector (length in actions, the outcome from the game's
`GameEnded` event or its returns, no map), which a rule set subclasses in its own report.py and
returns from `RuleSet.report_collector(state)`; `ReportWords`, what a report says of a rule set's
figures. Whoever plays the game (motu/engine/session/batch.py) feeds the collector:

    step(state, player, action)   before each action, the state it is applied to;
    events(events, state)         after each action, the events it emitted (`drain_events()`)
                                  and the state after it;
    finish(state, returns, finished)  at the end: the record.

A collector keeps only small data, so that thousands of games travel back from worker processes
or a Dask cluster cheaply. Its record:

    turns      the game's length in the rule set's turns (GameInfo.turn_unit);
    outcome    how it ended, in the rulebook's words (GameEnded.outcome);
    timeline   one number per player at the start (entry 0) and after each turn (entry k after
               turn k; a finished game's last entry is its final state, so a finished game has
               turns + 1 entries);
    maps       name -> {cell label: count}, or name -> {player: {cell label: count}}.

A collector reads events, never log text; one in a rule set's own folder may also ask its own
rule set's queries of the state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .events import GameEnded


@dataclass(frozen=True)
class ReportWords:
    """What a balance report says of a rule set's figures: what its timeline counts, what a
    designer must know to read it, and its outcomes in the order a designer reads them."""

    timeline: str = "score"
    note: str = ""
    outcomes: tuple[str, ...] = ()


class Collector:
    """The generic collector: length in actions, the outcome from the game's end, no map."""

    unit = "actions"  # what `turns` counts: the game's GameInfo.turn_unit (the game's driver sets it)

    def __init__(self, state) -> None:
        self.actions = 0
        self.timeline: list[list[float]] = []
        self.maps: dict[str, Any] = {}
        self.end: GameEnded | None = None
        self.ended: str | None = None  # what ended the game, where the rule set has several ends

    def step(self, state, player: int, action: int) -> None:
        self.actions += 1

    def events(self, events: Sequence, state) -> None:
        for e in events:
            if isinstance(e, GameEnded):
                self.end = e
                self.ended = e.ended or None

    def turns(self, state) -> int:
        return self.actions

    def outcome(self, state, returns: list[float]) -> str:
        if self.end is not None and self.end.outcome:
            return self.end.outcome
        best = max(returns) if returns else 0.0
        return "draw" if returns.count(best) != 1 else "win"

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        out = {"turns": self.turns(state), "unit": self.unit,
               "outcome": self.outcome(state, returns) if finished else "not finished",
               "timeline": self.timeline, "maps": self.maps}
        if self.ended and finished:
            out["ended"] = self.ended
        return out


def bump(counts: dict, key: str, n: int = 1) -> None:
    counts[key] = counts.get(key, 0) + n


def ordered_outcomes(order: Sequence[str], counts: Mapping[str, int]) -> dict[str, int]:
    """The outcomes in a reading order (victory levels from the greatest), others by count."""
    rank = {k: i for i, k in enumerate(order)}
    return dict(sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(order)), -kv[1], kv[0])))
