"""Game tables for rule sets whose boards are not a grid of hexes: Tiki and Tahiti pearls, and plug-ins'.

Scope: `make_board(ruleset_id, parent)`, the one entry the playtest window uses: the board of the
kind the rule set's presentation declares (`presentation().board_kind`), found in the registry
(registry.py), or None for "map" (the window keeps the scenario's map). A `BoardWidget` (base.py)
emits `action_chosen(int)` when a click makes a legal choice, and draws with
`show(game_state, seat, legal_actions)` what `game_state.observation(seat)` shows (seat None:
a spectator of bots, who sees the whole state).
"""
from __future__ import annotations

from . import pearls, tiki  # noqa: F401  Motu's own boards register themselves
from .base import BoardWidget
from .registry import board_class, board_kinds, register_board


def board_for(presentation, parent=None) -> BoardWidget | None:
    """A new board of the kind `presentation` declares, or None for "map" (and for a kind no board
    registered: the map always works)."""
    cls = board_class(presentation.board_kind)
    return cls(parent) if cls is not None else None


def make_board(ruleset_id: str, parent=None) -> BoardWidget | None:
    """The board a rule set's games are drawn on, or None when they are drawn on the map."""
    from motu.engine.rules.registry import get_ruleset
    return board_for(get_ruleset(ruleset_id).presentation(), parent)


__all__ = ["BoardWidget", "board_class", "board_for", "board_kinds", "make_board", "register_board"]
