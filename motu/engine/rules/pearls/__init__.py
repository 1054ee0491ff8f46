"""Tahiti pearls (Franjos, 1995): the pearl-fishing auction game on a track round a lettered map.

Scope: the RuleSet object. The rules live beside it: board (a scenario read as the 7x7 map, its
letters and the track), state (the game and its action encoding), scoring (pearl groups),
validation, bots (evaluation, greedy bot). docs/rules/pearls.md says what Motu chose where the
rulebook is silent.

Start a game: `get_ruleset("pearls").new_initial_state(scenario)`; one player per side.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.rules.game_info import Chance, GameInfo, Information, Utility
from motu.engine.rules.ruleset import MOVE_LIMIT, RuleSet, validators_of
from motu.engine.scenario.checks import COMMON_VALIDATORS
from motu.engine.scenario.model import Scenario

from .board import PearlsBoard
from .rulesdata import numbers_of
from .state import OUTCOMES, PearlsState
from .validation import PEARLS_VALIDATORS


class PearlsRules(RuleSet):
    id = "pearls"
    name = "Tahiti pearls"
    summary = "Pearl-fishing auction game on a 12-space track round a 7x7 map"
    playable = True

    def validators(self):
        return validators_of(COMMON_VALIDATORS, PEARLS_VALIDATORS)

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> PearlsState:
        """A new game on `scenario`, one player per side in the scenario's order (seat 0 starts)."""
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        board = scenario.cached(("pearls-board",), lambda: PearlsBoard.from_scenario(scenario))
        return PearlsState(board, len(scenario.sides), ties=str(opts["group_ties"]), max_bid=int(opts["max_bid"]),
                           sit_out=bool(opts["sit_out_without_boats"]), numbers=numbers_of(self))

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """A seat per side (two to four); the die; imperfect information (the chests: the state's
        `observation`); zero-sum (a winner's +1 shared, the losers' -1 shared); counted in rounds."""
        return GameInfo("pearls", self.name, self.seat_names(scenario, scenario.sides), Chance.EXPLICIT,
                        Information.IMPERFECT, Utility.ZERO_SUM, -1.0, 1.0, MOVE_LIMIT, outcomes=OUTCOMES,
                        turn_unit="rounds")

    # random, greedy (also named heuristic: one move ahead on bots.py's evaluation) and MCTS
    bots = {"random": ".bots:random_bot", "greedy": ".bots:greedy_bot", "heuristic": ".bots:greedy_bot",
            "mcts": ".bots:mcts_bot"}
    presentation_class = ".presentation:PearlsPresentation"
    collector_class = ".report:PearlsCollector"
    report_words_of = ".report:WORDS"


RULESET = PearlsRules()
