"""Fire in the Fern!: skirmishes of the New Zealand Wars on a grid of squares.

Scope: the RuleSet object. The rules live in the modules beside it, one
concept each: board (the table and the order of battle, §1), core and state
(the game state and the OpenSpiel-style API), turn (the turn structure the rules
leave open), motivation (§1-§3), activation (spending points, §3), movement
(§4, §9, §12), firing (§5, §9), reaction (§6), combat (§7), casualties (§8),
morale (§10), victory (§11), spotting (§12), observation (what each side may
know, §12), validation, validation_command (the chain of command) and validation_play
(what play needs), forces (what a designer's forms show), and bots.
docs/rules/fern.md says what Motu chose where the rules are silent.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from motu.engine.board.search import MovementProfile
from motu.engine.board.sight import SquareSight
from motu.engine.rules.game_info import Chance, GameInfo, Information, Utility
from motu.engine.rules.ruleset import MOVE_LIMIT, RuleSet, validators_of
from motu.engine.scenario.checks import COMMON_VALIDATORS
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.piece_props import register_piece_rules

from .forces import FernPieceRules
from .validation import FERN_VALIDATORS
from .validation_command import COMMAND_VALIDATORS
from .validation_play import FERN_PLAY_VALIDATORS


class FernRules(RuleSet):
    id = "fern"
    name = "Fire in the Fern!"
    summary = "Semi-skirmish rules for the New Zealand Wars on a table of squares"
    playable = True

    def validators(self):
        return validators_of(COMMON_VALIDATORS, COMMAND_VALIDATORS, FERN_VALIDATORS, FERN_PLAY_VALIDATORS)


    def sight(self, scenario: Scenario):
        # Option bush_blocks_sight (docs/rules/fern.md): off, a bush square the line crosses
        # does not block, and only §1's diagonal rule (two bush squares touching at a corner) does.
        if scenario.options.get("bush_blocks_sight", self.catalogue.options["bush_blocks_sight"].default):
            return super().sight(scenario)
        return scenario.cached(("sight", "diagonal-only"), lambda: SquareSight(
            scenario.grid, self.sight_blocks(scenario), crossing_blocks=False))

    def _build_profile(self, scenario: Scenario, kind, side, conditions, start_key=None) -> MovementProfile:
        """The catalogue's costs, and §4's stream on the diagonal: a diagonal step pays an edge
        feature's cost when it crosses the feature by FernBoard.step_crosses' rule."""
        from .board import step_crosses
        movement_class, _ = self.unit_kind(kind)
        cat = self.catalogue
        enter = [cat.terrain[t].enter_cost(movement_class) if t in cat.terrain else math.inf for t in scenario.terrain]
        both = scenario.options.get("diagonal_edges", cat.options["diagonal_edges"].default) == "both"
        grid = scenario.grid
        edge_cost: dict[tuple[int, int], float] = {}
        for f, spec in cat.edges.items():
            cost = spec.cross_cost(movement_class)
            edges = {k for k, feats in scenario.edges.items() if f in feats}
            if not cost or not edges:
                continue
            near = {x for k in edges for c in k for x in (c, *grid.neighbour_lists[c])}
            for a in near:
                for v in grid.neighbour_lists[a]:
                    if a < v and step_crosses(grid.columns, edges, a, v, both):
                        edge_cost[(a, v)] = edge_cost.get((a, v), 0) + cost
        return MovementProfile.build(grid, enter, edge_cost, ())

    def new_board(self, scenario: Scenario, options: Mapping[str, Any] | None = None):
        """The unchanging part of a game on `scenario` (shared by every state of it)."""
        from .board import FernBoard
        if options and "bush_blocks_sight" in options:
            scenario = scenario.copy()
            scenario.options["bush_blocks_sight"] = options["bush_blocks_sight"]
        return FernBoard(scenario, self.catalogue, self.sight(scenario), options)

    bots = {**RuleSet.bots, "heuristic": ".bots:HeuristicBot", "mcts": ".bots:mcts_bot"}
    presentation_class = ".presentation:FernPresentation"
    collector_class = ".report:FernCollector"
    report_words_of = ".report:WORDS"

    def player_sides(self, scenario: Scenario, players: int) -> list[str]:
        # Player 0 is the British force (British and kupapa sides), player 1 the Maori.
        return ["british", "maori"][:players]

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """Two seats, the British force and the Maori (by their sides' names); dice; imperfect
        information (§12's hidden figures: `observation`); +1/-1, a tie 0; counted in game turns."""
        names = tuple(scenario.sides[s].name if s in scenario.sides else default
                      for s, default in zip(self.player_sides(scenario, 2), ("British", "Maori")))
        from .victory import OUTCOMES
        return GameInfo("fern", self.name, names, Chance.EXPLICIT, Information.IMPERFECT, Utility.ZERO_SUM,
                        -1.0, 1.0, MOVE_LIMIT, outcomes=OUTCOMES, turn_unit="turns")

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None):
        from .state import FernState
        return FernState(self.new_board(scenario, options))


RULESET = FernRules()
register_piece_rules(FernRules.id, FernPieceRules)  # forces, attempts, nation, set-up hiding (forces.py)
