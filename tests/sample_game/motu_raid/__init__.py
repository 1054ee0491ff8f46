"""Raid: the sample third-party rule set of Motu's declared game interface.

Scope: the RuleSet (catalogue and numbers read from this folder, the game's facts, its game,
its presentation and its report), found by Motu through the `motu.rulesets` entry point
`raid`. Nothing outside this folder names it.
"""
from __future__ import annotations

import math
from functools import cached_property
from importlib.resources import files
from typing import Any, Mapping

import yaml

from motu.engine.rules.game_info import GameInfo, Utility
from motu.engine.rules.ruleset import RuleSet
from motu.engine.scenario.catalogue import Catalogue, catalogue_from_dict
from motu.engine.scenario.model import Scenario

from .report import WORDS
from .state import RaidBoard, RaidState


def _data(name: str) -> dict:
    return yaml.safe_load(files(__package__).joinpath(name).read_text(encoding="utf-8"))


class RaidRules(RuleSet):
    id = "raid"
    name = "Raid"
    summary = "A two-side skirmish on hexes: warriors move a hex a turn and fight with a die each"
    playable = True
    # Declared, read on first use: what the table shows, what a balance report keeps and says.
    presentation_class = ".presentation:RaidPresentation"
    collector_class = ".report:RaidCollector"
    report_words_of = ".report:WORDS"

    @cached_property
    def catalogue(self) -> Catalogue:
        return catalogue_from_dict(_data("catalogue.yaml"))

    @cached_property
    def tables(self) -> dict:
        return _data("tables.yaml")

    def board(self, scenario: Scenario) -> RaidBoard:
        cat, defence = self.catalogue, self.tables["defence"]
        enterable = [t in cat.terrain and cat.terrain[t].enter_cost("foot") < math.inf for t in scenario.terrain]
        sides = list(scenario.sides)
        warriors = [(sides.index(p.side), p.cell, p.name or p.id) for p in scenario.pieces.values()
                    if p.kind == "warrior" and p.side in sides[:2] and p.cell is not None]
        return RaidBoard(scenario.grid, enterable, [int(defence.get(t, 0)) for t in scenario.terrain],
                         [scenario.sides[s].name for s in sides[:2]], sides[:2], warriors)

    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> RaidState:
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        return RaidState(self.board(scenario), int(opts["turn_limit"]))

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """Two seats named by the scenario's first two sides; dice; nothing hidden; a win is +1,
        a loss -1, a draw 0; at most two moves and two dice a side each turn."""
        opts = {**self.catalogue.default_options(), **scenario.options, **(options or {})}
        return GameInfo("raid", self.name, self.seat_names(scenario, list(scenario.sides)[:2]),
                        utility=Utility.ZERO_SUM, max_length=8 * int(opts["turn_limit"]) + 8,
                        outcomes=WORDS.outcomes, turn_unit="turns")


RULESET = RaidRules()
