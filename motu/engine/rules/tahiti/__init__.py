"""Tahiti (3W, 1994), the hex-and-area wargame of clans on Tahiti and Mo'orea.

Scope: the RuleSet object; the rules live in the modules beside it — data (tables, options,
conditions), geography (land, water, lagoons, hexsides), zones (7.5 / 8.4), control (areas and
Maraes, 15.8), movement.profiles (land, sea, reef, portage: 15.6, 15.7, 15.13, events 14-15 /
44-45 / 52-53), data.rast (15.12's Random Area Selection Table) and validation; a game in
game.py, game_state.py and the packages by concept (movement, combat, events, construction,
bots, presentation). docs/rules/tahiti.md maps them ("Code") and says what Motu chose where
the seed is silent.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.board.search import MovementProfile
from motu.engine.rules.game_info import Chance, GameInfo, Information, Utility
from motu.engine.rules.ruleset import MOVE_LIMIT, RuleSet, validators_of
from motu.engine.scenario.checks import COMMON_VALIDATORS
from motu.engine.scenario.model import Scenario

from . import control as _control
from .movement import profiles as _movement
from .data.options import parse_conditions
from .validation.map_rules import TAHITI_VALIDATORS
from .validation.authoring_guide import MAP_VALIDATORS
from .outcomes import OUTCOME_ORDER


class TahitiRules(RuleSet):
    id = "tahiti"
    name = "Tahiti"
    summary = "Hex-and-area wargame of clans on Tahiti (3W, 1994), advanced rules 15.5-15.14"
    playable = True
    # Leaders and Combat Units are listed once (constants.py) and number the unit classes of the
    # action encoding, so a variant may change their numbers but not add a kind of either.
    fixed_roles = ("leader", "combat")

    def validators(self):
        return validators_of(COMMON_VALIDATORS, TAHITI_VALIDATORS, MAP_VALIDATORS)

    def _start_key(self, scenario: Scenario, kind: str | None, side: str | None,
                   conditions: Mapping[str, Any], start: int) -> str | None:
        if side is None or not conditions.get("truce"):  # no truce: the start changes nothing
            return None
        cond = parse_conditions(scenario, conditions, self.document("rules"))
        return _movement.truce_open_area(scenario, self.catalogue, side, cond, start)

    def _build_profile(self, scenario: Scenario, kind: str | None, side: str | None,
                       conditions: Mapping[str, Any], start_key: str | None = None) -> MovementProfile:
        movement_class, _ = self.unit_kind(kind)
        cond = parse_conditions(scenario, conditions, self.document("rules"))
        return _movement.build_profile(scenario, self.catalogue, movement_class, kind, side, cond, start_key)

    def movement_allowance(self, scenario: Scenario, kind: str | None, mp: float,
                           conditions: Mapping[str, Any] | None = None) -> float:
        return _movement.allowance(parse_conditions(scenario, conditions, self.document("rules")), mp,
                                   _movement.cost_ticks(scenario, self.catalogue))

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None):
        """A new game on `scenario`; `options` override the scenario's, which override the catalogue's."""
        from .game import new_game
        return new_game(scenario, self.catalogue, options)

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """A seat per clan with a Home Village (option `players` takes the first ones), dice,
        nothing hidden; a winner 1, losers -1, a shared draw 0; outcomes from Total Victory down."""
        from .game import player_sides
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        return GameInfo("tahiti", self.name, self.seat_names(scenario, player_sides(scenario, int(opts["players"]))),
                        Chance.EXPLICIT, Information.PERFECT, Utility.GENERAL_SUM, -1.0, 1.0, MOVE_LIMIT,
                        outcomes=OUTCOME_ORDER, turn_unit="turns")

    bots = {**RuleSet.bots, "heuristic": ".bots.heuristic:HeuristicBot", "mcts": ".bots.heuristic:mcts_bot"}
    presentation_class = ".presentation:TahitiPresentation"
    collector_class = ".report:TahitiCollector"
    report_words_of = ".report:WORDS"

    def player_sides(self, scenario: Scenario, players: int) -> list[str]:
        from .game import player_sides
        return player_sides(scenario, players)

    def control(self, scenario: Scenario, conditions: Mapping[str, Any] | None = None) -> dict[str, str | None]:
        parse_conditions(scenario, conditions, self.document("rules"))  # refuse unknown ones; none changes control
        return _control.control(scenario, self.catalogue)


RULESET = TahitiRules()
