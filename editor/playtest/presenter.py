"""What the playtest table says of a game, in words: the rule set's presentation module, or a generic reading.

A rule set's `engine.rules.<id>.presentation` module may offer `panel(state, seat)` (the game
panel's rows), `dice(state, action)` (a chance outcome for the dice tray: group, face, words),
`log_kind(state, action)` (moves, combat, events or dice), `events(state)` (the engine's
narrative lines), `result(state)` (the end-of-game rows), `map_markers`, `LEGEND`, `LEGEND_STYLE`
and `victory_track`. What a module lacks is read generically from the game API
(`information()`, `action_to_string`), with every key and value put into words: no braces,
no underscores, no "Returns:". Every text is read from the seat's own observation.
"""
from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from engine.rules.api import CHANCE

KINDS = ("moves", "combat", "events", "dice")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def module_of(state) -> ModuleType | None:
    """The rule set's presentation module, found beside the state's own module."""
    package = type(state).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(package + ".presentation")
    except ImportError:
        return None


def plain(value: Any) -> str:
    """Any value of `information()` as words: lists joined, mappings as "key value", None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return "; ".join(f"{words(str(k))} {plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple, set)):
        return ", ".join(plain(v) for v in value) or "none"
    return words(str(value))


def words(text: str) -> str:
    """An identifier-like word as words: "tie_break" → "tie break"."""
    return _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)


class Presenter:
    """The words of one game, for one rule set."""

    def __init__(self, state):
        self.module = module_of(state)

    def _fn(self, name: str):
        return getattr(self.module, name, None) if self.module is not None else None

    def panel(self, state, seat: int | None) -> list[tuple[str, str]]:
        fn = self._fn("panel")
        if fn is not None:
            return [(label, text) for label, text in fn(state, seat)]
        rows = []
        if not state.is_terminal() and state.current_player() >= 0:
            rows.append(("To move", state.player_name(state.current_player())))
        try:
            info = state.information(seat) if _takes_viewer(state) else state.information()
        except TypeError:
            info = state.information()
        for key, value in info.items():
            label = words(str(key))[:1].upper() + words(str(key))[1:]
            if all(label != have for have, _ in rows):  # "to move" is the first row already, by name
                rows.append((label, plain(value)))
        return rows

    def action_text(self, state, action: int, seat: int | None = None) -> str | None:
        """An action in words as `seat` is told it (None: the whole truth; a None result: not told at all).

        Where the seat is told less than the whole move (a chest's savings, a hidden unit's step), the
        game's own `action_to_string_for` says what it may know; otherwise the presentation's
        `action_words` says it in the rulebook's terms, or the game's `action_to_string`."""
        full = state.action_to_string(action)
        if seat is not None:
            told = state.action_to_string_for(action, seat)
            if told != full:
                return told
        fn = self._fn("action_words")
        if fn is not None:
            try:
                return fn(state, action, seat)
            except Exception:  # words are never worth a broken table: the game's own text stands
                return full
        return full

    def dice(self, state, action: int, text: str) -> dict[str, Any]:
        fn = self._fn("dice")
        entry = fn(state, action) if fn is not None else None
        return entry or {"group": "Roll", "face": None, "text": words(text)}

    def log_kind(self, state, action: int) -> str:
        fn = self._fn("log_kind")
        if fn is not None:
            kind = fn(state, action)
            if kind in KINDS:
                return kind
        return "dice" if state.current_player() == CHANCE else "moves"

    def events(self, state) -> list[str]:
        fn = self._fn("events")
        return list(fn(state)) if fn is not None else []

    def result(self, state) -> list[tuple[str, str]]:
        fn = self._fn("result")
        if fn is not None:
            rows = fn(state)
            if rows:
                return rows
        # Without the rule set's own words: the winner, then the game panel's last rows (which the
        # result replaces on the table), never the engine's returns as numbers.
        returns = state.returns()
        if not returns or min(returns) == max(returns):
            winner = "nobody (a draw)"
        else:
            best = max(returns)
            winners = [state.player_name(p) for p, r in enumerate(returns) if r == best]
            winner = " and ".join(winners) + (" (a shared win)" if len(winners) > 1 else "")
        return [("Winner", winner)] + [(label, text) for label, text in self.panel(state, None)
                                       if label != "Winner"]

    def legend(self) -> dict[str, str]:
        return dict(getattr(self.module, "LEGEND", {}) or {})

    def legend_style(self) -> dict[str, dict]:
        """Legend key -> how the map draws it (the rule set's legend.yaml: draw, colour, symbol…)."""
        return dict(getattr(self.module, "LEGEND_STYLE", {}) or {})

    def map_markers(self, state) -> list[tuple[int, str, str, str | None]]:
        fn = self._fn("map_markers")
        return list(fn(state)) if fn is not None else []

    def victory_track(self, state) -> dict[str, Any] | None:
        fn = self._fn("victory_track")
        return fn(state) if fn is not None else None


def _takes_viewer(state) -> bool:
    import inspect
    try:
        return "viewer" in inspect.signature(state.information).parameters
    except (TypeError, ValueError):
        return False
