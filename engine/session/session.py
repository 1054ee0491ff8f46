"""A game in progress: (scenario, seed, actions), replayable exactly.

The session owns the only random generator a game uses. At a chance node it
draws an outcome with `chance_outcomes()`'s probabilities and applies it like
any action; every action, player's or chance's, goes in the log with its text,
so a playtest can show "motivation: needed 5, rolled 4 — failed" and a saved
game reloads by replaying the log.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.rules.api import CHANCE, GameState


@dataclass(frozen=True)
class LogEntry:
    player: int  # CHANCE for dice
    action: int
    text: str


@dataclass
class Session:
    new_state: Callable[[], GameState]
    seed: int = 0
    fingerprint: str = ""
    state: GameState = field(init=False)
    log: list[LogEntry] = field(default_factory=list, init=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.new_state()
        self.rng = random.Random(self.seed)

    @property
    def actions(self) -> list[int]:
        return [e.action for e in self.log]

    def apply(self, action: int) -> LogEntry:
        player = self.state.current_player()
        entry = LogEntry(player, action, self.state.action_to_string(action))
        self.state.apply_action(action)
        self.log.append(entry)
        return entry

    def roll(self) -> LogEntry:
        """Resolve the chance node the game stands at, with the session's generator."""
        if self.state.current_player() != CHANCE:
            raise ValueError("the game is not at a chance node")
        return self.apply(sample_outcome(self.state.chance_outcomes(), self.rng))

    def resolve_chance(self) -> list[LogEntry]:
        """Roll every pending chance node until a player is to move or the game ends."""
        out = []
        while self.state.current_player() == CHANCE:
            out.append(self.roll())
        return out

    def undo(self) -> None:
        """Take back the last player action (and the dice that followed it) by replaying."""
        actions = self.actions
        while actions and self.log[len(actions) - 1].player == CHANCE:
            actions.pop()
        if actions:
            actions.pop()
        self._replay(actions)

    def _replay(self, actions: list[int]) -> None:
        self.state = self.new_state()
        self.rng = random.Random(self.seed)
        self.log = []
        for a in actions:
            if self.state.current_player() == CHANCE:
                sample_outcome(self.state.chance_outcomes(), self.rng)  # keep the generator in step
            self.apply(a)

    def record(self) -> dict[str, Any]:
        return {"format": "motu-game/1", "fingerprint": self.fingerprint, "seed": self.seed, "actions": self.actions}

    @classmethod
    def from_record(cls, record: dict[str, Any], new_state: Callable[[], GameState], fingerprint: str = "") -> "Session":
        if record.get("format") != "motu-game/1":
            raise ValueError("not a Motu game record")
        if fingerprint and record.get("fingerprint") and record["fingerprint"] != fingerprint:
            raise ValueError("this game was recorded on a different version of the scenario")
        s = cls(new_state, int(record["seed"]), record.get("fingerprint", ""))
        s._replay([int(a) for a in record["actions"]])
        return s


def sample_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def scenario_fingerprint(text: str) -> str:
    """A short hash of a scenario's saved text: which map a recorded game belongs to."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def dumps_record(session: Session) -> str:
    return json.dumps(session.record(), indent=None)
