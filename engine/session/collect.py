"""What a balance report keeps of each game, gathered in the worker while the game is played.

Scope: one small collector per built-in rule set (and a generic one for any other), fed the
state before every action and the final state. It keeps only small data, so that thousands
of games travel back from worker processes or a Dask cluster cheaply:

    turns      the game's length in the rule set's turns (Tahiti and Fire in the Fern: game
               turns; Tiki: player turns; pearls: rounds of the die);
    outcome    how it ended, in the rulebook's words (victory level, Armageddon, time limit…);
    timeline   one number per player at the start (entry 0) and after each turn (entry k after
               turn k; a finished game's last entry is its final state, so a finished game has
               turns + 1 entries): areas held, figures lost, fruits, money;
    maps       name -> {cell label: count}, or name -> {player: {cell label: count}}.

The collectors read the rule sets' state objects as they are (they are the engine's own
data, not a public API): a rule set whose state changes shape fails here loudly in the
tests of tests/engine/session/, not silently in a report.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.rules.api import CHANCE

TIMELINE_WORDS = {  # what the timeline counts, per rule set (words for the page)
    "tahiti": "areas held (victory count)",
    "fern": "figures lost",
    "tiki": "fruits",
    "pearls": "money (cash and chest)",
}
TIMELINE_NOTES = {  # what a designer must know to read the timeline, per rule set (words for the page)
    "pearls": "Cash in hand does not count at the end: the winner has the highest score, the chest plus the "
              "groups on the map, so the richest player need not be the winner.",
}


class Collector:
    """The generic collector: length in actions, the outcome from the returns, no map."""

    unit = "actions"

    def __init__(self, state) -> None:
        self.actions = 0
        self.timeline: list[list[float]] = []
        self.maps: dict[str, Any] = {}

    def step(self, state, player: int, action: int) -> None:
        self.actions += 1

    def turns(self, state) -> int:
        return self.actions

    def outcome(self, state, returns: list[float]) -> str:
        best = max(returns) if returns else 0.0
        return "draw" if returns.count(best) != 1 else "win"

    ended: str | None = None  # what ended the game, where the rule set has several ends (Tahiti)

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        out = {"turns": self.turns(state), "unit": self.unit,
               "outcome": self.outcome(state, returns) if finished else "not finished",
               "timeline": self.timeline, "maps": self.maps}
        if self.ended and finished:
            out["ended"] = self.ended
        return out


def _bump(counts: dict, key: str, n: int = 1) -> None:
    counts[key] = counts.get(key, 0) + n


TAHITI_OUTCOMES = {  # a Tahiti result's kind (victory.py) in the rulebook's words
    "total victory": "Total Victory (event 66)", "armageddon": "Armageddon (event 66)",
    "last standing": "last clan standing", "nobody": "no clan left", "defeat": "defeat (solitaire)",
    "solitaire": "counted against the target (solitaire)",
}
OUTCOME_ORDER = {  # outcomes in the order a designer reads them, per rule set (others follow by count)
    "tahiti": ["Total Victory (event 66)", "decisive victory", "substantive victory", "marginal victory", "draw",
               "last clan standing", "Armageddon (event 66)", "no clan left"],
}


def ordered_outcomes(ruleset: str, counts: Mapping[str, int]) -> dict[str, int]:
    """The outcomes in the rule set's reading order (victory levels from the greatest), others by count."""
    order = OUTCOME_ORDER.get(ruleset, [])
    rank = {k: i for i, k in enumerate(order)}
    return dict(sorted(counts.items(), key=lambda kv: (rank.get(kv[0], len(order)), -kv[1], kv[0])))


class TahitiCollector(Collector):
    """Areas held per clan per turn; at the end, areas held per clan; battles by hex."""

    unit = "turns"

    def __init__(self, state) -> None:
        super().__init__(state)
        self.turn = 0
        self.battles: dict[str, int] = {}
        self._seen_log = 0

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if state.turn != self.turn:  # the start of a turn: the areas after the turn before it
            from engine.rules.tahiti.queries import areas_held
            self.turn = state.turn
            self.timeline.append([float(x) for x in areas_held(state)])
        self._read_log(state)

    def _read_log(self, state) -> None:
        log = state.log
        for line in log[self._seen_log:]:
            at = line.find(": battle at ")
            if at >= 0:
                label = line[at + len(": battle at "):].split(":", 1)[0]
                _bump(self.battles, label)
        self._seen_log = len(log)

    def turns(self, state) -> int:
        # The last turn in which anything happened: the turn limit ends the game as the turn after
        # the limit begins, before anything of it is played (sequence.turn_start), so a game
        # ended by the limit lasted `turn_limit` turns, not state.turn.
        return self.turn or int(state.turn)

    def outcome(self, state, returns: list[float]) -> str:
        kind = state.result[0] if state.result else "not finished"
        return TAHITI_OUTCOMES.get(kind, kind)

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        from engine.rules.tahiti.queries import area_control, areas_held
        self._read_log(state)
        text = state.result[2] if state.result else ""
        # what ended a game counted by areas (victory.end_by_areas): events 11-13 or the turn limit
        self.ended = ("the turn limit" if text.startswith("the turn limit") else
                      "an end-of-season event (11-13)" if text.startswith("event ") else None)
        b = state.b
        held: dict[str, dict[str, int]] = {str(p): {} for p in range(len(state.players))}
        for a, p in enumerate(area_control(state)):
            if p >= 0:  # by area id; the report colours the area's cells
                _bump(held[str(p)], str(b.areas[a]))
        self.maps = {"held": held, "battles": self.battles}
        if finished:
            # appended, as the other collectors do: written over the last entry (the start of the
            # last turn) it would stand a turn early, and the game's last step would span two turns
            self.timeline.append([float(x) for x in areas_held(state)])
        return super().finish(state, returns, finished)


class FernCollector(Collector):
    """Figures lost per side per turn; where casualties fell and where fire came from."""

    unit = "turns"

    def __init__(self, state) -> None:
        super().__init__(state)
        self.turn = 0
        self.fire: dict[str, dict[str, int]] = {"0": {}, "1": {}}

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if state.turn != self.turn:
            self.turn = state.turn
            self.timeline.append([float(x) for x in state.killed])
        if player == CHANCE and state.stack:
            task = state.stack[-1]
            # the first die of a volley: ("r_hit", (player, from, target, ambush, dice, …), left, hits)
            if task[0] == "r_hit" and task[2] == task[1][4] and task[3] == 0:
                _bump(self.fire[str(task[1][0])], state.b.label(task[1][1]))

    def turns(self, state) -> int:
        return int(state.turn)

    def outcome(self, state, returns: list[float]) -> str:
        from engine.rules.fern.victory import finished
        names = ("British", "Maori")
        if returns and returns[0] == returns[1]:
            how = "draw"
        else:
            how = f"{names[returns.index(max(returns))]} win"
        if finished(state):
            why = "a force broken"
        elif getattr(state, "retired", None) is not None and state.retired in (0, 1):
            why = "a force retired"
        else:
            why = "time limit"
        return f"{how} ({why})"

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        cas: dict[str, dict[str, int]] = {"0": {}, "1": {}}
        for (cell, owner), n in state.cas.items():
            _bump(cas[str(state.owner_player(owner))], state.b.label(cell), n)
        self.maps = {"casualties": cas, "fire": self.fire}
        if finished:
            self.timeline.append([float(x) for x in state.killed])
        return super().finish(state, returns, finished)


class TikiCollector(Collector):
    """Fruits per player per turn; villages influenced per player."""

    unit = "turns"

    def __init__(self, state) -> None:
        super().__init__(state)
        self.count = 0
        self.player = None
        self.influenced = list(state.influenced)
        self.by_player: dict[str, dict[str, int]] = {"0": {}, "1": {}}
        self.top: list[tuple] = []

    def _influences(self, state) -> None:
        now = state.influenced
        for v, (a, b) in enumerate(zip(self.influenced, now)):
            if b > a:  # the top token of the stack the last action completed scored it
                owner = self.top[v] if v < len(self.top) else None
                if owner is not None:
                    _bump(self.by_player[str(owner)], state.board.labels[v], b - a)
        self.influenced = list(now)
        self.top = [s[-1] if len(s) else None for s in state.stacks]

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        self._top_after(state)
        if player != CHANCE and player != self.player:
            self.player = player
            self.count += 1
            self.timeline.append([float(x) for x in state.fruit])

    def _top_after(self, state) -> None:
        self._influences(state)

    def turns(self, state) -> int:
        return self.count

    def outcome(self, state, returns: list[float]) -> str:
        if state.winner < 0:
            return "draw"
        if state.tiebreak:
            return "won on the tie-break"
        if state.fruit[state.winner] >= state.to_win:
            return "won by fruits"
        return "won when the supply ran out"

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        self._influences(state)
        self.timeline.append([float(x) for x in state.fruit])
        self.maps = {"influenced": self.by_player}
        return super().finish(state, returns, finished)


class PearlsCollector(Collector):
    """Money per player per round; where each player's boats ended."""

    unit = "rounds"

    def __init__(self, state) -> None:
        super().__init__(state)
        self.rounds = 0
        self.roller = None

    def step(self, state, player: int, action: int) -> None:
        super().step(state, player, action)
        if state.phase != 0 and state.phase != 1 and state.turn != self.roller:  # past the set-up
            self.roller = state.turn
            self.rounds += 1
            self.timeline.append([float(c + k) for c, k in zip(state.cash, state.chest)])

    def turns(self, state) -> int:
        return self.rounds

    def outcome(self, state, returns: list[float]) -> str:
        best = max(returns) if returns else 0.0
        # the rulebook's winner: the highest score, the chest and the groups on the map (cash in
        # hand counts for nothing at the end, docs/rules/pearls.md)
        return ("tie for the highest score (chest + groups)" if returns.count(best) != 1 else
                "won with the highest score (chest + groups)")

    def finish(self, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
        boats: dict[str, dict[str, int]] = {str(p): {} for p in range(state.n)}
        for k, c in enumerate(state.colour):
            if c >= 0 and state.owner[k] >= 0:
                _bump(boats[str(state.owner[k])], state.board.labels[k])
        self.maps = {"boats": boats}
        self.timeline.append([float(c + k) for c, k in zip(state.cash, state.chest)])
        return super().finish(state, returns, finished)


COLLECTORS = {"tahiti": TahitiCollector, "fern": FernCollector, "tiki": TikiCollector, "pearls": PearlsCollector}


def collector_for(ruleset_id: str, state) -> Collector:
    return COLLECTORS.get(ruleset_id, Collector)(state)
