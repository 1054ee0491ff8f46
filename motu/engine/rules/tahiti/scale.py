"""The scale of a Tahiti map: how many of its hexes make one of the game's 4-mile hexes.

Scope: the movement numbers of 15.6-15.14 are the game's (a 4-mile hex, FACTS.md): movement
points, a zone of influence one hex deep, a two-hex retreat, three hexes of paddling to a
movement point. A map drawn finer plays at the text's pace when those numbers follow its scale
(docs/rules/tahiti.md "Scale"): with `h` hexes to a game hex, entering a hex costs 1/h of the
game's cost, a sea movement point is 3h hexes, zones reach h hexes, a retreat is 2h hexes.

The map's miles per hex is the scenario option `miles_per_hex` when it is set (not 0); else
what its georeference says (`tables.georeference`, km per layout unit: a hex's centre-to-corner
size, so √3 of them between neighbouring centres); else the game's own 4 miles. `h` is the
game hex (rules.yaml `game_hex_miles`) over the map's, rounded to a whole number, at least 1.
"""
from __future__ import annotations

import math
from typing import Any

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from .data.bound import data_of
from .data.options import option, rule_data

MILE_KM = 1.609344


def georeferenced_miles(scenario: Scenario) -> float | None:
    """Miles between neighbouring hex centres, from the scenario's georeference (None: none)."""
    g = scenario.tables.get("georeference") if isinstance(scenario.tables, dict) else None
    unit = g.get("km_per_unit") if isinstance(g, dict) else None
    if scenario.grid.shape != "hex" or isinstance(unit, bool) or not isinstance(unit, (int, float)) or unit <= 0:
        return None
    return math.sqrt(3) * float(unit) / MILE_KM


def map_miles(scenario: Scenario, declared: Any, game_miles: float | None = None) -> float:
    """The map's miles per hex: `declared` (the option's value) when a positive number, else
    the georeference's, else the game's (`game_miles`, the rule set's; else the shipped rules.yaml's)."""
    game = float(rule_data()["game_hex_miles"] if game_miles is None else game_miles)
    if isinstance(declared, (int, float)) and not isinstance(declared, bool) and declared > 0:
        return float(declared)
    return georeferenced_miles(scenario) or game


def hexes_per_game_hex(scenario: Scenario, declared: Any, game_miles: float | None = None) -> int:
    """h: how many of the map's hexes make one game hex (1 on a map at the game's scale)."""
    game = float(rule_data()["game_hex_miles"] if game_miles is None else game_miles)
    return max(1, round(game / map_miles(scenario, declared, game)))


def scenario_game_hex(scenario: Scenario, cat: Catalogue) -> int:
    """h for a scenario on its own options (what `motu query` and validation read)."""
    game = data_of(cat).rule("game_hex_miles")  # the rule set instance's game hex
    return scenario.cached(("tahiti", "game-hex"),
                           lambda: hexes_per_game_hex(scenario, option(scenario, cat, "miles_per_hex"), game))
