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

from engine.rules.ruleset import RuleSet
from engine.scenario.catalogue import Catalogue, catalogue_from_dict
from engine.scenario.model import Scenario

from .state import RaidBoard, RaidState


def _data(name: str) -> dict:
    return yaml.safe_load(files(__package__).joinpath(name).read_text(encoding="utf-8"))


class RaidRules(RuleSet):
    id = "raid"
    name = "Raid"
    summary = "A two-side skirmish on hexes: warriors move a hex a turn and fight with a die each"

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


RULESET = RaidRules()
