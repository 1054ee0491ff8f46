"""Starting a game of Tahiti from a scenario: options, players, the state.

Scope: resolving the options (catalogue defaults < scenario < caller), choosing the players
(the sides with a Home Village, in the scenario's order; option `players` 1-4 takes the first
ones) and building the TahitiState, whose first step is set-up (sequence.py). Importing this
module registers every rule module's steps and handlers.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.rules.ruleset import RuleSetError
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

# every module with steps or handlers, so that they register (machinery.py); events.table imports its effects
from . import neutral_areas, sequence, victory  # noqa: F401
from .combat import battles, losses, retreat  # noqa: F401
from .construction import builds  # noqa: F401
from .events import table  # noqa: F401
from .movement import after_dice, expedition, moves  # noqa: F401
from .board import build_board
from .game_state import TahitiState


def player_sides(scenario: Scenario, players: int) -> list[str]:
    homes = {f.side for f in scenario.features if f.kind == "home_village" and f.side}
    sides = [s for s in scenario.sides if s in homes]
    return sides[:players] if players else sides


def new_game(scenario: Scenario, cat: Catalogue, options: Mapping[str, Any] | None = None) -> TahitiState:
    opts = {**cat.default_options(), **scenario.options, **(options or {})}
    sides = player_sides(scenario, int(opts["players"]))
    if not sides:
        raise RuleSetError("Tahiti cannot be played yet on this map: no side has a Home Village site")
    if len(sides) > 4:
        raise RuleSetError(f"Tahiti is for 1 to 4 players; this scenario gives {len(sides)} sides a Home Village")
    board = build_board(scenario, cat, float(opts["mountain_cost"]), opts["miles_per_hex"])
    st = TahitiState(board, opts, sides)
    if opts.get("start_from_position"):
        # Read before the first step runs: set-up places these instead of the standard forces.
        # Every piece on the map: a clan's own (its player), and those of nobody (-1: Maraes, Big
        # Logs, the Arioi, unowned Villages); pieces of a side not in the game stay off.
        st.position = [(p.kind, sides.index(p.side) if p.side is not None else -1, p.cell, p.count,
                        bool(p.props.get("in_marae"))) for p in scenario.pieces.values()
                       if p.cell is not None and (p.side is None or p.side in sides)]
    st.todo = [("setup",)]
    st._advance()
    return st
