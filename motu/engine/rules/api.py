"""The game-state API every playable rule set implements, in OpenSpiel's verbs.

A game is (scenario, seed, actions): rules never draw random numbers. At a
chance node `current_player()` is CHANCE and `chance_outcomes()` lists the
outcomes with their probabilities; whoever drives the game (a session, a bot,
a test with hand-worked dice) picks one and applies it like any other action.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Hashable

CHANCE = -1
SIMULTANEOUS = -2
INVALID = -3
TERMINAL = -4


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was given to (applied, or named)."""


class GameState(ABC):
    """One game in progress. The base owns legality, history and events: a game implements
    `_legal_actions()` and `_apply_action(action)` (called only with a legal action), and
    `_emit`s typed events (motu/engine/rules/events.py) while it applies one; whoever drives the game
    takes them with `drain_events()` after each action.

    Events cost only where someone reads them: a state a rule set builds records its events; a
    clone (what bots play ahead on, thousands a move) starts with none pending and should record
    none until its driver calls `record_events()` (Tiki's, the pearl game's and Fern's do not;
    a session asks for the state it drives). An emitter on a hot path (its state's __init__ setting `_events = []`) may
    skip everything while `_events` is None, and append a `(make, args)` pair instead of the event:
    `drain_events` makes it (`make(*args)`) when someone takes it, so a game played out on a new
    state (a bench, a bot's playout) pays a tuple per event, not the event."""

    _history: list[int]
    # The events (or (make, args) pairs) emitted since the driver last took them; None while the
    # state records none.
    _events: list | None
    # A game whose legal actions are dear to list may keep them here until its next action (its
    # `legal_actions`, or `chance_outcomes`, fills it, its `_apply_action` clears it): `apply_action`
    # checks against it.
    _legal: list[int] | None = None

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The player to move, or CHANCE, or TERMINAL."""

    def legal_actions(self) -> list[int]:
        """Actions of the player to move; at a chance node, the outcomes' actions. A game whose
        legal actions are dear to list may override this to keep them until its next action
        (`apply_action` checks against what this returns)."""
        return self._legal_actions()

    def _legal_actions(self) -> list[int]:
        raise NotImplementedError(f"{type(self).__name__} must list the legal actions (_legal_actions, or override the public method)")

    def apply_action(self, action: int) -> None:
        """Apply a legal action (IllegalActionError otherwise) and record it in the history."""
        legal = self._legal
        if action not in (legal if legal is not None else self.legal_actions()):
            raise IllegalActionError(f"{action} is not legal here")
        self._apply_action(action)
        try:
            self._history.append(action)
        except AttributeError:
            self._history = [action]

    def _apply_action(self, action: int) -> None:
        raise NotImplementedError(f"{type(self).__name__} must apply a legal action (_apply_action, or override the public method)")

    def action_to_string(self, action: int) -> str:
        """A legal action in words (IllegalActionError for any other)."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal here")
        return self._action_to_string(action)

    def _action_to_string(self, action: int) -> str:
        raise NotImplementedError(f"{type(self).__name__} must name a legal action (_action_to_string, or override the public method)")

    # --- events (motu/engine/rules/events.py) ----------------------------------------------------
    def _emit(self, event) -> None:
        """Note that `event` happened while the current action is applied (when the state records)."""
        try:
            events = self._events
        except AttributeError:  # a state whose __init__ left the list to its first event: it records
            self._events = [event]
            return
        if events is not None:
            events.append(event)

    def record_events(self, on: bool = True) -> None:
        """Keep the events this state emits from now on (or, `on` False, keep none): the choice of
        whoever drives it, who reads them. A session records the state it drives."""
        if not on:
            self._events = None
        elif getattr(self, "_events", None) is None:
            self._events = []

    def drain_events(self) -> list:
        """The events emitted since the last call, oldest first; the state forgets them. [] from a
        state that records none."""
        out = getattr(self, "_events", None)
        if not out:
            return []
        self._events = []
        return [e[0](*e[1]) if type(e) is tuple else e for e in out]

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def clone(self) -> "GameState": ...

    @abstractmethod
    def state_key(self) -> Hashable:
        """Everything that makes this state what it is; equal keys, equal states."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def history(self) -> list[int]:
        return list(getattr(self, "_history", []))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and type(other) is type(self) and self.state_key() == other.state_key()

    def __hash__(self) -> int:
        return hash(self.state_key())

    def __str__(self) -> str:
        return f"{type(self).__name__}(player={self.current_player()})"

    def information(self) -> dict[str, Any]:
        """What a playtest view shows beside the board (turn, phase, scores)."""
        return {}

    # --- what one seat may know (DESIGN §1: hidden information belongs to the game) ----------
    def observation(self, player: int) -> "GameState":
        """The game as seat `player` sees it, in OpenSpiel's sense of an observation: a state in
        which what that seat may not know (hidden units, other players' chests…) is left out or
        replaced by a stand-in. Views, logs and bots for a seat read it, never the full state.
        When `player` is to move, its legal actions are the state's (no legal action gives a
        hidden thing away; the conformance check holds every game to this), so a bot may choose
        from it; playing on past the seat's own turn needs the hidden part sampled. A game with
        nothing hidden returns the state itself: read it, and clone it before changing it.
        Otherwise the observation has no history (the record of the game holds hidden moves)."""
        return self

    def sample_hidden(self, player: int, rng: random.Random) -> "GameState":
        """Called on `observation(player)`: a full, playable state consistent with everything
        that seat has seen, what it may not know drawn from `rng` (a determinization, for
        searches that play whole games from a seat's point of view, motu/engine/ai/mcts.py). The
        state's legal actions for that seat are the observation's. A game with nothing hidden
        returns a copy of itself; games with hidden information override it."""
        return self.clone()

    def action_to_string_for(self, action: int, player: int) -> str | None:
        """What seat `player` may know of `action` (a choice or a chance outcome) about to be
        applied here: its text, or None when that seat learns nothing of it. The log and the dice
        tray of a seat show only these. By default (nothing hidden) every seat knows every action."""
        return self.action_to_string(action)

    # --- optional, for playtests and balance reports ------------------------------------------
    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def action_cells(self, action: int) -> tuple[int | None, int | None]:
        """The cells an action moves from and to (or acts on), for clicking moves on the map."""
        return None, None

    def markers(self) -> list[tuple[int, str, str | None]]:
        """What stands on the map now, for drawing: (cell, short text, side id or None)."""
        return []
