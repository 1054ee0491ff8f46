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

from engine.io.bounded import MAX_BYTES, load_json, read_bytes
from engine.io.errors import LoadError
from engine.io.schema_check import check
from engine.rules.api import CHANCE, GameState

RECORD_FORMAT, RECORD_VERSION = "motu-game", 2
SCHEMA = "game-record.schema.json"


class RecordError(LoadError, ValueError):
    """A game record that cannot be loaded: what is wrong, and at which action."""


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
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "fingerprint": self.fingerprint, "seed": self.seed,
                "actions": [{"player": e.player, "action": e.action, "text": e.text} for e in self.log]}

    @classmethod
    def from_record(cls, record: Any, new_state: Callable[[], GameState], fingerprint: str,
                    source: str = "<game record>") -> "Session":
        """The game a record holds, replayed and checked (see the module docstring); RecordError otherwise."""
        rec = check_record(record, source)
        if rec["fingerprint"] != fingerprint:
            raise RecordError(f"this game was recorded on a different version of the scenario (the record's "
                              f"fingerprint is {rec['fingerprint']}, the scenario's {fingerprint or 'unknown'})", source)
        s = cls(new_state, rec["seed"], fingerprint)
        for i, entry in enumerate(rec["actions"]):
            s._replay_checked(i, entry, source)
        return s

    def _replay_checked(self, i: int, entry: dict[str, Any], source: str) -> None:
        state, action = self.state, entry["action"]

        def said() -> str:
            text = entry.get("text")
            if text is None:
                try:
                    text = state.action_to_string(action)
                except Exception:  # noqa: BLE001 - an action the game cannot even name
                    text = f"#{action}"
            return f"action {i + 1}, {text!r},"

        try:
            if state.is_terminal():
                raise RecordError(f"{said()} comes after the end of the game", source)
            player = state.current_player()
            if "player" in entry and entry["player"] != player:
                raise RecordError(f"{said()} is recorded for {_who(entry['player'])}, but {_who(player)} is to move here",
                                  source)
            if player == CHANCE:
                drawn = sample_outcome(state.chance_outcomes(), self.rng)
                if action != drawn:
                    raise RecordError(f"{said()} is not what the dice of seed {self.seed} give here "
                                      f"({state.action_to_string(drawn)!r}): the record has been changed", source)
            elif action not in state.legal_actions():
                raise RecordError(f"{said()} is not legal here", source)
            self.apply(action)
        except RecordError:
            raise
        except Exception as exc:  # noqa: BLE001 - the game refusing the action in its own way
            raise RecordError(f"{said()} cannot be replayed here ({type(exc).__name__}: {exc})", source) from None


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


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"player {player + 1}" if player >= 0 else f"no one ({player})"


def _migrate_v1(rec: dict[str, Any]) -> dict[str, Any]:
    """Version 1 records hold bare action numbers; whose they were is found on replay."""
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "fingerprint": rec["fingerprint"], "seed": rec["seed"],
            "actions": [{"action": a} for a in rec["actions"]]}


def check_record(record: Any, source: str = "<game record>") -> dict[str, Any]:
    """A record checked against the schema and brought to the current version; RecordError otherwise."""
    if not isinstance(record, dict):
        raise RecordError(f"not a Motu game record: a record is a JSON object, not {_kind(record)}", source)
    fmt = record.get("format")
    definition = {RECORD_FORMAT: "record2", "motu-game/1": "record1"}.get(fmt)
    if definition is None:
        raise RecordError(f"not a Motu game record (its format is {str(fmt)[:40]!r}, not {RECORD_FORMAT!r})", source,
                          path="format")
    if fmt == RECORD_FORMAT and record.get("version") != RECORD_VERSION:
        raise RecordError(f"a version {str(record.get('version'))[:20]} game record; this Motu reads versions 1 and "
                          f"{RECORD_VERSION}", source, path="version")
    if "fingerprint" not in record or record["fingerprint"] in ("", None):
        raise RecordError("the record does not say which scenario it was played on (no fingerprint)", source,
                          path="fingerprint")
    try:
        check(SCHEMA, record, source, definition=definition)
    except LoadError as exc:
        raise RecordError(exc.message, source, path=exc.path) from None
    return _migrate_v1(record) if fmt == "motu-game/1" else record


def _kind(value: Any) -> str:
    return {list: "a list", str: "text", type(None): "null", bool: "true or false"}.get(type(value), "a number")


def loads_record(data: bytes | str, source: str = "<game record>") -> dict[str, Any]:
    """A game record's JSON, parsed through the bounded reader and checked."""
    try:
        return check_record(load_json(data, source, "game record"), source)
    except RecordError:
        raise
    except LoadError as exc:
        raise RecordError(exc.message, source, exc.line, exc.column, exc.path) from None


def read_record(path: str) -> dict[str, Any]:
    """A saved game file, read and checked (its replay is `Session.from_record`)."""
    try:
        data = read_bytes(path, MAX_BYTES, what="the game record")
    except LoadError as exc:
        raise RecordError(exc.message, path) from None
    return loads_record(data, path)


def dumps_record(session: Session) -> str:
    return json.dumps(session.record(), indent=None, ensure_ascii=False)
