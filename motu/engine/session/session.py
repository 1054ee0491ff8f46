"""A game in progress, driven: (scenario, seed, actions), replayable exactly.

The session is the one driver of a game, whoever plays it (the playtest table, a batch of bot
games, a test): it owns the only random generator the game's dice use, draws an outcome at each
chance node with `chance_outcomes()`'s probabilities and applies it like any action; it keeps
every action, player's or chance's, in its log with its text and the typed events it caused
(motu/engine/rules/events.py), so a playtest can show "motivation: needed 5, rolled 4 — failed";
it takes moves back by replaying (`undo`), and it writes and reads the game's record, checking
each recorded action on replay (`from_record`). Bots play whole games through `play`.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, NamedTuple, Sequence

from motu.engine.io.bounded import MAX_BYTES, load_json, read_bytes
from motu.engine.io.errors import LoadError
from motu.engine.io.schema_check import check
from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.chance import sample_outcome  # noqa: F401 - also imported from here by tests and benches

RECORD_FORMAT, RECORD_VERSION = "motu-game", 3
SEED_DRAWN, SEED_GIVEN = "drawn", "given"  # the seed Motu drew (secrets), or one given to it (a test, a replay)
SCHEMA = "game-record.schema.json"


class RecordError(LoadError, ValueError):
    """A game record that cannot be loaded: what is wrong, and at which action."""


def _recording(state: GameState) -> GameState:
    """`state`, keeping the events it emits: the session reads them (a state made by cloning records none)."""
    record = getattr(state, "record_events", None)  # a hand-made state of a test may have none
    if record is not None:
        record()
    return state


class LogEntry(NamedTuple):  # a named tuple: made once per action in batch play, where a frozen dataclass costs 4x
    player: int  # CHANCE for dice
    action: int
    text: str  # "" in a session kept without texts (batch play)
    events: tuple = ()  # the typed events applying the action emitted, oldest first


@dataclass
class Session:
    """One game: `new_state()` builds its start, `seed` its dice (a batch game's seed is text,
    its dice those of `random.Random(seed)`). `texts=False` keeps no action's words in the log
    (a batch game has no reader for them, and naming an action costs a call per action)."""

    new_state: Callable[[], GameState]
    seed: int | str = 0
    fingerprint: str = ""
    texts: bool = True
    options: dict = field(default_factory=dict)  # the rule-set options in play, bound into the record
    seed_from: str = SEED_GIVEN
    state: GameState = field(init=False)
    log: list[LogEntry] = field(default_factory=list, init=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.state = _recording(self.new_state())
        self.rng = random.Random(self.seed)

    @property
    def actions(self) -> list[int]:
        return [e.action for e in self.log]

    def apply(self, action: int) -> LogEntry:
        """Apply a legal action of the player to move (or of chance), and log it with its events."""
        return self._apply(self.state.current_player(), action)

    def _apply(self, player: int, action: int) -> LogEntry:
        state = self.state
        entry_text = state.action_to_string(action) if self.texts else ""
        state.apply_action(action)
        try:
            events = state.drain_events()
        except AttributeError:  # a hand-made state of a test, which emits nothing
            events = ()
        events = tuple(events) if events else ()  # most actions emit nothing: no tuple made for them
        entry = LogEntry(player, action, entry_text, events)
        self.log.append(entry)
        return entry

    # --- the dice ---------------------------------------------------------------------------
    def draw(self) -> int:
        """The outcome the session's dice give at the chance node the game stands at (the generator
        moves on; `roll` applies it, a table that tells each action first applies it itself)."""
        if self.state.current_player() != CHANCE:
            raise ValueError("the game is not at a chance node")
        return sample_outcome(self.state.chance_outcomes(), self.rng)

    def roll(self) -> LogEntry:
        """Resolve the chance node the game stands at, with the session's generator."""
        return self.apply(self.draw())

    def resolve_chance(self) -> list[LogEntry]:
        """Roll every pending chance node until a player is to move or the game ends."""
        out = []
        while self.state.current_player() == CHANCE:
            out.append(self.roll())
        return out

    def play(self, bots: Sequence[Any], max_moves: int = 100_000,
             on_action: Callable[[GameState, int, int], None] | None = None) -> GameState:
        """Play on to the end: bots[player] chooses for each player, the session's dice for chance;
        `on_action(state, player, action)` hears each action before it is applied. RuntimeError when
        the game has not ended within `max_moves` actions (Motu's limit, not a rule of the game)."""
        for _ in range(max_moves):
            state = self.state
            player = state.current_player()
            if player == TERMINAL:
                return state
            if player == CHANCE:
                action = sample_outcome(state.chance_outcomes(), self.rng)
            else:
                action = bots[player].choose(state)
            if on_action is not None:
                on_action(state, player, action)
            self._apply(player, action)
        raise RuntimeError(f"the game did not end within {max_moves} moves")

    # --- taking moves back --------------------------------------------------------------------
    def undo_point(self, to_seats: Collection[int] | None = None) -> int | None:
        """How many actions `undo` keeps: the game as it stood at the last decision of one of
        `to_seats` (of any player when None or empty); None when there is no such decision."""
        seats = set(to_seats or ())
        for i in range(len(self.log) - 1, -1, -1):
            player = self.log[i].player
            if player != CHANCE and (not seats or player in seats):
                return i
        return None

    def undo(self, to_seats: Collection[int] | None = None) -> None:
        """Take back the last decision of one of `to_seats` (of any player when None or empty) and
        everything after it (other seats' replies, the dice), so that seat is to decide again; with
        no such decision, back to the start. By replaying: the dice stay in step with the log."""
        self.replay(self.actions[:self.undo_point(to_seats) or 0])

    def replay(self, actions: Sequence[int]) -> None:
        """The game after `actions`: those that continue the log are applied, otherwise the game is
        replayed from its start; the generator draws at each chance node, staying in step with the log."""
        actions = list(actions)
        if actions[:len(self.log)] != self.actions:
            self.state = _recording(self.new_state())
            self.rng = random.Random(self.seed)
            self.log = []
        for a in actions[len(self.log):]:
            if self.state.current_player() == CHANCE:
                sample_outcome(self.state.chance_outcomes(), self.rng)  # keep the generator in step
            self.apply(a)

    # --- records ------------------------------------------------------------------------------
    def record(self, key: bytes | None = None) -> dict[str, Any]:
        """The game's record; with `key`, sealed: a keyed hash of everything in it (the scenario's
        canonical form by its hash, the options, the seed and where it came from, every move and its text)."""
        rec = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "fingerprint": self.fingerprint,
               "options": _plain(self.options), "seed": self.seed, "seed_from": self.seed_from,
               "actions": [{"player": e.player, "action": e.action, "text": e.text} if e.text else
                           {"player": e.player, "action": e.action} for e in self.log]}
        if key is not None:
            rec["seal"] = seal(rec, key)
        return rec

    @classmethod
    def from_record(cls, record: Any, new_state: Callable[[], GameState], fingerprint: str,
                    source: str = "<game record>", options: dict | None = None,
                    key: bytes | None = None) -> "Session":
        """The game a record holds, replayed and checked (see the module docstring); RecordError otherwise.
        With `options`, a version-3 record must have been played with them; with `key`, its seal must match."""
        rec = record if isinstance(record, CheckedRecord) else check_record(record, source)
        if rec["fingerprint"] != (fingerprint if rec["version"] >= 3 else fingerprint[:16]):
            raise RecordError(f"this game was recorded on a different version of the scenario (the record's "
                              f"fingerprint is {rec['fingerprint'][:16]}, "
                              f"the scenario's {fingerprint[:16] or 'unknown'})", source)
        if rec["version"] >= 3:
            if key is not None and not hmac.compare_digest(str(rec.get("seal", "")), seal(rec, key)):
                raise RecordError("the record's seal does not match: it has been changed since it was saved, "
                                  "or was saved by another Motu installation", source, path="seal")
            if options is not None and rec["options"] != _plain(options):
                raise RecordError(f"this game was played with other options ({_options_text(rec['options'])}; "
                                  f"this table plays {_options_text(_plain(options))})", source, path="options")
        s = cls(new_state, rec["seed"], fingerprint, options=dict(options if options is not None else
                                                                   rec.get("options", {})),
                seed_from=rec.get("seed_from", SEED_GIVEN))
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
                drawn = self.draw()
                if action != drawn:
                    raise RecordError(f"{said()} is not what the dice of seed {self.seed} give here "
                                      f"({state.action_to_string(drawn)!r}): the record has been changed", source)
            elif action not in state.legal_actions():
                raise RecordError(f"{said()} is not legal here", source)
            if entry.get("text") is not None and entry["text"] != state.action_to_string(action):
                raise RecordError(f"{said()} is not what action {action} is called here "
                                  f"({state.action_to_string(action)!r}): the record has been changed", source)
            self.apply(action)
        except RecordError:
            raise
        except Exception as exc:  # noqa: BLE001 - the game refusing the action in its own way
            raise RecordError(f"{said()} cannot be replayed here ({type(exc).__name__}: {exc})", source) from None


def scenario_fingerprint(text: str) -> str:
    """The hash (SHA-256) of a scenario's canonical text (as Motu's writer saves it): which map a
    recorded game belongs to. Records before version 3 hold its first 16 digits."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(options: Any) -> dict[str, Any]:
    """The options as JSON gives them back (tuples as lists), so a saved record compares equal."""
    return json.loads(json.dumps(dict(options or {}), sort_keys=True))


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={json.dumps(v)}"[:60] for k, v in sorted(options.items()))[:300] or "none"


def seal(record: dict[str, Any], key: bytes) -> str:
    """HMAC-SHA-256 under `key` of the record's canonical JSON, its seal left out."""
    body = {k: v for k, v in record.items() if k != "seal"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


class CheckedRecord(dict):
    """A record checked against the schema and brought to the current version (check_record's answer)."""


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"player {player + 1}" if player >= 0 else f"no one ({player})"


def _migrate_v1(rec: dict[str, Any]) -> dict[str, Any]:
    """Version 1 records hold bare action numbers; whose they were is found on replay. Like
    version 2, they name no options and carry no seal: their moves are checked, nothing more."""
    return {"format": RECORD_FORMAT, "version": 1, "fingerprint": rec["fingerprint"], "seed": rec["seed"],
            "actions": [{"action": a} for a in rec["actions"]]}


def check_record(record: Any, source: str = "<game record>") -> dict[str, Any]:
    """A record checked against the schema and brought to the current version; RecordError otherwise."""
    if not isinstance(record, dict):
        raise RecordError(f"not a Motu game record: a record is a JSON object, not {_kind(record)}", source)
    fmt = record.get("format")
    definition = {RECORD_FORMAT: f"record{record.get('version')}", "motu-game/1": "record1"}.get(fmt)
    if definition is None:
        raise RecordError(f"not a Motu game record (its format is {str(fmt)[:40]!r}, not {RECORD_FORMAT!r})", source,
                          path="format")
    if fmt == RECORD_FORMAT and (type(record.get("version")) is not int or record["version"] not in (2, 3)):
        raise RecordError(f"a version {str(record.get('version'))[:20]} game record; this Motu reads versions 1 to "
                          f"{RECORD_VERSION}", source, path="version")
    if "fingerprint" not in record or record["fingerprint"] in ("", None):
        raise RecordError("the record does not say which scenario it was played on (no fingerprint)", source,
                          path="fingerprint")
    try:
        check(SCHEMA, record, source, definition=definition)
    except LoadError as exc:
        raise RecordError(exc.message, source, path=exc.path) from None
    return CheckedRecord(_migrate_v1(record) if fmt == "motu-game/1" else record)


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


def dumps_record(session: Session, key: bytes | None = None) -> str:
    return json.dumps(session.record(key), indent=None, ensure_ascii=False)
