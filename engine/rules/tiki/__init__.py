"""Tiki (Oz Editions, 2018): the two-player totem game on nine village tiles.

Scope: the RuleSet object. The rules live beside it: board (a scenario read as a 3x3 square of
villages), state (the game, its action encoding), validation, bots (evaluation, greedy bot).
docs/rules/tiki.md says what Motu chose where the rule text is silent.

Start a game: `get_ruleset("tiki").new_initial_state(scenario, {"shaman_rule": True})`.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.rules.ruleset import RuleSet, validators_of
from engine.scenario.checks import COMMON_VALIDATORS
from engine.scenario.model import Scenario

from .board import TikiBoard
from .state import TikiState
from .validation import TIKI_VALIDATORS


class TikiRules(RuleSet):
    id = "tiki"
    name = "Tiki"
    summary = "Two-player totem game on nine village tiles"

    def validators(self):
        return validators_of(COMMON_VALIDATORS, TIKI_VALIDATORS)

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> TikiState:
        """A new game on `scenario`; `options` override the scenario's, which override the catalogue's."""
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        board = scenario.cached(("tiki-board",), lambda: TikiBoard.from_scenario(scenario))
        return TikiState(board, shaman_rule=bool(opts["shaman_rule"]), shuffle_tiles=bool(opts["shuffle_tiles"]),
                         fruits=int(opts["fruit_supply"]), tokens=int(opts["tokens_per_player"]),
                         to_win=int(opts["fruits_to_win"]))

    def presentation(self):
        from .presentation import TikiPresentation
        return TikiPresentation()

    # random, greedy (also named heuristic: one move ahead on bots.py's evaluation) and MCTS
    bots = {"random": ".bots:random_bot", "greedy": ".bots:greedy_bot", "heuristic": ".bots:greedy_bot",
            "mcts": ".bots:mcts_bot"}


RULESET = TikiRules()
