"""What a Fire in the Fern! scenario needs before it can be played, as validation findings.

Scope: the conditions the game itself relies on, so that a scenario without validation errors
starts a playtest and plays to its end: each side's `player` prop names one of the two players;
the victory data give a whole number of game turns and a known holder of the field; and no square
holds both forces at the start (play keeps a square to one side, §6 and §7). Both forces needing
figures on the table is FERN_FORCE_MISSING (validation.py); the chain of command is
validation_command.py's.
"""
from __future__ import annotations

from collections.abc import Iterable

from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, finding, register_code

from .board import FIGURE_ROLES, LEADER_ROLES, nation_of, piece_role, player_of, side_player

BAD_PLAYER = register_code("FERN_BAD_PLAYER", "error",
                           "A side's player prop is not 0 (the British force) or 1 (the Maori).")
BAD_VICTORY = register_code("FERN_BAD_VICTORY", "error",
                            "The victory data give no whole number of game turns, or an unknown holder of the field (§11).")
SHARED_SQUARE = register_code("FERN_SHARED_SQUARE", "error", "Both forces set up in the same square.")

FIELD_HOLDERS = ("none", "british", "maori")


def check_players(s: Scenario, cat) -> Iterable[Finding]:
    for side in s.sides.values():
        if "player" in side.props and side_player(s, side.id) is None:
            cells = [p.cell for p in s.pieces.values() if p.side == side.id and p.cell is not None]
            yield finding(BAD_PLAYER, f"side {side.name} has player {side.props['player']!r}; it should be 0 "
                          "(the British force) or 1 (the Maori)", cells=cells)


def check_victory(s: Scenario, cat) -> Iterable[Finding]:
    v = s.victory or {}
    turns = v.get("turns")
    if "turns" in v and not (isinstance(turns, int) and not isinstance(turns, bool) and turns >= 1):
        yield finding(BAD_VICTORY, f"victory turns is {turns!r}; give a whole number of game turns, 1 or more")
    held = v.get("field_at_time_limit")
    if "field_at_time_limit" in v and held not in FIELD_HOLDERS:
        yield finding(BAD_VICTORY, f"victory field_at_time_limit is {held!r}; it should be one of "
                      f"{', '.join(FIELD_HOLDERS)}")


def check_shared_squares(s: Scenario, cat) -> Iterable[Finding]:
    forces: dict[int, set[int]] = {}
    for p in s.pieces.values():
        if p.cell is None or piece_role(cat, p.kind) not in (*FIGURE_ROLES, *LEADER_ROLES):
            continue
        forces.setdefault(p.cell, set()).add(player_of(s, p.side, nation_of(cat, p.side, p.kind, p.props)))
    shared = sorted(c for c, players in forces.items() if len(players) > 1)
    for c in shared:
        yield finding(SHARED_SQUARE, f"figures of both forces stand at {s.label(c)}; a square holds one side "
                      "(set them up apart: close combat is fought in play)", cells=[c])


FERN_PLAY_VALIDATORS = (check_players, check_victory, check_shared_squares)
