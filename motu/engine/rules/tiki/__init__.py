"""Tiki (Oz Editions, 2018): the two-player totem game on nine village tiles.

Scope: the RuleSet object. The rules live beside it: board (a scenario read as a 3x3 square of
villages), state (the game, its action encoding), validation, bots (evaluation, greedy bot).
docs/rules/tiki.md says what Motu chose where the rule text is silent.

Start a game: `get_ruleset("tiki").new_initial_state(scenario, {"shaman_rule": True})`.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.rules.game_info import Chance, GameInfo, Information, Utility
from motu.engine.rules.ruleset import MOVE_LIMIT, RuleSet, validators_of
from motu.engine.scenario.checks import COMMON_VALIDATORS
from motu.engine.scenario.model import Scenario

from .board import TikiBoard
from .state import OUTCOMES, TikiState
from .validation import TIKI_VALIDATORS


class TikiRules(RuleSet):
    id = "tiki"
    name = "Tiki"
    summary = "Two-player totem game on nine village tiles"
    playable = True

    def validators(self):
        return validators_of(COMMON_VALIDATORS, TIKI_VALIDATORS)

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> TikiState:
        """A new game on `scenario`; `options` override the scenario's, which override the catalogue's."""
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        board = scenario.cached(("tiki-board",), lambda: TikiBoard.from_scenario(scenario))
        return TikiState(board, shaman_rule=bool(opts["shaman_rule"]), shuffle_tiles=bool(opts["shuffle_tiles"]),
                         fruits=int(opts["fruit_supply"]), tokens=int(opts["tokens_per_player"]),
                         to_win=int(opts["fruits_to_win"]))

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """Two seats (the scenario's first two sides); dice only when the tiles are shuffled;
        nothing hidden; zero-sum; counted in player turns."""
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        board = scenario.cached(("tiki-board",), lambda: TikiBoard.from_scenario(scenario))
        return GameInfo("tiki", self.name, tuple(name for _, name in board.sides),
                        Chance.EXPLICIT if opts["shuffle_tiles"] else Chance.DETERMINISTIC, Information.PERFECT,
                        Utility.ZERO_SUM, -1.0, 1.0, MOVE_LIMIT, outcomes=OUTCOMES, turn_unit="turns")

    # random, greedy (also named heuristic: one move ahead on bots.py's evaluation) and MCTS
    bots = {"random": ".bots:random_bot", "greedy": ".bots:greedy_bot", "heuristic": ".bots:greedy_bot",
            "mcts": ".bots:mcts_bot"}
    presentation_class = ".presentation:TikiPresentation"
    collector_class = ".report:TikiCollector"
    report_words_of = ".report:WORDS"


RULESET = TikiRules()
