"""Game tables for rule sets whose boards are not a grid of hexes: Tiki and Tahiti pearls.

Scope: `make_board(ruleset_id, parent)`, the one entry the playtest window uses; it returns a
`BoardWidget` (base.py) for a rule set drawn here and None for the others (they keep the map).
A BoardWidget emits `action_chosen(int)` when a click makes a legal choice, and draws with
`show(game_state, seat, legal_actions)` what `game_state.observation(seat)` shows (seat None:
a spectator of bots, who sees the whole state).
"""
from __future__ import annotations

from .base import BoardWidget


def make_board(ruleset_id: str, parent=None) -> BoardWidget | None:
    if ruleset_id == "tiki":
        from .tiki import TikiBoard
        return TikiBoard(parent)
    if ruleset_id == "pearls":
        from .pearls import PearlsBoard
        return PearlsBoard(parent)
    return None


__all__ = ["BoardWidget", "make_board"]
