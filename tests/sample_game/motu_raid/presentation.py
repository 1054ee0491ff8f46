"""What a game of Raid shows its players: the panel, a die in the tray, the map's counters.

Scope: a Presentation (motu/engine/rules/presentation.py) in the sample's words; its battles, losses
and the end are the common events, which the base words. It reads only Raid's own state.
"""
from __future__ import annotations

from typing import Any

from motu.engine.rules.presentation import Presentation

from .state import DIE, RaidState


class RaidPresentation(Presentation):
    board_kind = "map"

    def panel(self, state: RaidState, seat: int | None = None) -> list[tuple[str, str]]:
        rows = [("Turn", f"{state.turn} of {state.turn_limit}")]
        if not state.is_terminal():
            rows.append(("To move", "the dice (a battle)" if state.battle is not None
                         else state.player_name(state.current_player())))
        left = state.warriors_left()
        rows += [(state.player_name(p), f"{left[p]} warrior{'s' * (left[p] != 1)}") for p in range(2)]
        return rows

    def dice(self, state: RaidState, action: int, text: str) -> dict[str, Any]:
        return {"group": "Battle", "face": action - DIE, "text": self.action_words(state, action)}

    def action_words(self, state: RaidState, action: int, seat: int | None = None) -> str:
        if state.battle is None:
            return state.action_to_string(action)
        attacker, defender, first = state.battle
        who, role = (defender, "defends") if first else (attacker, "attacks")
        return f"{state.board.warriors[who][2]} {role}: rolls {action - DIE}"

    def log_kind(self, state: RaidState, action: int) -> str:
        if state.battle is not None:
            return "combat"
        return "moves"

    def map_markers(self, state: RaidState) -> list[tuple[int, str, str, str | None]]:
        sides = state.board.side_ids
        return [(c, state.board.warriors[w][2], "warrior", sides[state.board.warriors[w][0]])
                for w, c in enumerate(state.cells) if c >= 0]
