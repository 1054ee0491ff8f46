"""What a game shows its players, in words: the one typed object a rule set's `presentation()` returns.

Scope: `Presentation`, the generic reading of any game through the game API alone (the panel
from `information()`, actions from `action_to_string`/`action_to_string_for`, the winner from
`returns()`, the common events in words), and the questions a table asks of a game beyond that
API (map markers, counters, legend, areas held, the conditions of the turn, the stack of a cell,
the board kind), each answered "nothing" here. A rule set's presentation module subclasses it and
overrides what it says in the rulebook's own words. No Qt: the playtest table (motu/editor/playtest)
draws what this answers, and reads nothing of a state but the game API and this object.

Every text is read from the state given, which the table makes the seat's own observation; words
never carry ids or identifiers (`plain`, `words`).
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Sequence

from .api import CHANCE
from .event_words import common_event_words
from .events import Battle, Event, Roll, UnitLost

KINDS = ("moves", "combat", "events", "dice")
"""The event log's filters: what an action or an event is filed under."""

_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


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


class Presentation:
    """The words and pictures of one rule set's games; this base reads any game generically."""

    board_kind: ClassVar[str] = "map"
    """Which board the table draws the game on: "map" (the scenario's grid), or a kind a board
    registers (motu/editor/playtest/boards)."""

    # --- the game panel and the result -------------------------------------------------------
    def panel(self, state, seat: int | None = None) -> list[tuple[str, str]]:
        """The game panel's rows (label, words) for `seat` (the state is that seat's observation)."""
        rows = []
        if not state.is_terminal() and state.current_player() >= 0:
            rows.append(("To move", state.player_name(state.current_player())))
        for key, value in state.information().items():
            label = words(str(key))[:1].upper() + words(str(key))[1:]
            if all(label != have for have, _ in rows):  # "to move" is the first row already, by name
                rows.append((label, plain(value)))
        return rows

    def result(self, state) -> list[tuple[str, str]]:
        """The end-of-game rows: the winner, then the game panel's last rows (which the result replaces
        on the table), never the engine's returns as numbers."""
        returns = state.returns()
        if not returns or min(returns) == max(returns):
            winner = "nobody (a draw)"
        else:
            best = max(returns)
            winners = [state.player_name(p) for p, r in enumerate(returns) if r == best]
            winner = " and ".join(winners) + (" (a shared win)" if len(winners) > 1 else "")
        return [("Winner", winner)] + [(label, text) for label, text in self.panel(state, None) if label != "Winner"]

    def victory_track(self, state) -> dict[str, Any] | None:
        """Each player's standing against the victory levels, where the game has a track:
        {"players": [(name, side id, held, out)], "levels": [(level, lead)], "areas": total}."""
        return None

    # --- actions --------------------------------------------------------------------------------
    def action_text(self, state, action: int, seat: int | None = None) -> str | None:
        """An action in words as `seat` is told it (None: the whole truth; a None result: not told at all).

        Where the seat is told less than the whole move (a chest's savings, a hidden unit's step), the
        game's own `action_to_string_for` says what it may know; otherwise `action_words`."""
        full = state.action_to_string(action)
        if seat is not None:
            told = state.action_to_string_for(action, seat)
            if told != full:
                return told
        try:
            return self.action_words(state, action, seat)
        except Exception:  # words are never worth a broken table: the game's own text stands
            return full

    def action_words(self, state, action: int, seat: int | None = None) -> str:
        """An action in the rulebook's terms; by default the game's own `action_to_string`."""
        return state.action_to_string(action)

    def log_kind(self, state, action: int) -> str:
        """Which filter of the event log (KINDS) an action about to be applied belongs to."""
        return "dice" if state.current_player() == CHANCE else "moves"

    def dice(self, state, action: int, text: str) -> dict[str, Any]:
        """A chance outcome as the dice tray shows it: {"group", "face" (None: a pick), "text"}; `text`
        is what the seat whose tray it is was told of it (its `action_text` for that seat), so the
        tray's words are never more than the log's."""
        return {"group": "Roll", "face": None, "text": words(text)}

    # --- events ---------------------------------------------------------------------------------
    def event_words(self, event: Event, seat: int | None, state=None) -> str | None:
        """An event in words as `seat` may know it (None: a spectator told everything): None when
        the seat may not know it, or when this presentation has no words for it. Players are named
        by `state.player_name` (the scenario's sides; without a state, "Player 1"…), cells by
        `cell_label`."""
        if not event.visible_to(seat):
            return None
        return common_event_words(event, self.namer(state), lambda cell: self.cell_label(state, cell))

    @staticmethod
    def namer(state):
        """How players are named: the game's `player_name`, or "Player 1"… without a game."""
        return state.player_name if state is not None else (lambda p: f"Player {p + 1}")

    def event_kind(self, event: Event) -> str:
        """The event log's filter (KINDS) an event is filed under."""
        if isinstance(event, (Battle, UnitLost)):
            return "combat"
        if isinstance(event, Roll):
            return "dice"
        return "events"

    def narrative(self, state) -> list[str]:
        """The game's own narrative lines so far, for games that tell in text rather than events;
        the table shows the lines each action added."""
        return []

    def cell_label(self, state, cell: int) -> str | None:
        """A cell as the board prints it ("0612"), or None where the presentation cannot say (or
        has no state to ask)."""
        return None

    # --- the map --------------------------------------------------------------------------------
    def pieces(self, state) -> list | None:
        """Every piece on the map as the catalogue's pieces (motu.engine.scenario.model.Piece) where they
        stand, drawn as their counters; marks in `props["marks"]`. None: the map draws the game's
        `markers()` as counters of the sides' colours."""
        return None

    def map_markers(self, state) -> list[tuple[int, str, str, str | None]]:
        """(cell, legend key, short text, side id or None) for what stands on the map besides pieces."""
        return []

    def legend(self) -> dict[str, str]:
        """Legend key -> its words, in the order the legend lists them."""
        return {k: str(v.get("words", k)) for k, v in self.legend_style().items()}

    def legend_style(self) -> dict[str, dict]:
        """Legend key -> how the map draws it (the rule set's legend.yaml: draw, colour, symbol…)."""
        return {}

    def conditions(self, state) -> set[str]:
        """The legend keys of this turn's conditions in force (a storm, rain, a truce)."""
        return set()

    def area_of_cells(self, state) -> Sequence[int] | None:
        """Each cell's area as an index (negative: none), for washing areas in their holders'
        colours; None where the game holds no areas."""
        return None

    def area_holders(self, state) -> dict[int, str]:
        """Area index -> the side id of the player holding it (areas nobody holds left out)."""
        return {}

    # --- the stack panel ------------------------------------------------------------------------
    def stack_units(self, state, cell: int) -> list[dict[str, Any]] | None:
        """Every unit on `cell` as the stack panel lists it ({"uid", "kind", "name", "player", and its
        marks}); None: the panel lists the counters drawn there."""
        return None

    def stack_choice(self, state) -> dict[str, Any] | None:
        """While units are being picked: {"player", "cell", "picked", "pool", "take": action -> uid}."""
        return None
