"""Tahiti rule data and rule inputs: the seed's tables, rules.yaml, scenario options, conditions.

Scope: reading `motu/resources/rulesets/tahiti/{tables,rules}.yaml`, the scenario's option values
(with the catalogue's defaults) and the movement *conditions* a query gives (`--condition
KEY=VALUE`: storm, rain, arioi, truce), checked and normalised into one frozen record so the
rest of the package never parses strings. Nothing here looks at the map.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import yaml

from motu.engine.resources import resource_path
from motu.engine.rules.ruleset import RuleSetError
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario


def _load(name: str) -> dict[str, Any]:
    with open(resource_path("rulesets", "tahiti", name), encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.CSafeLoader)


@lru_cache(maxsize=None)
def rule_data() -> dict[str, Any]:
    return _load("rules.yaml")


@lru_cache(maxsize=None)
def tables() -> dict[str, Any]:
    return _load("tables.yaml")


def variable_movement(allowance: int, die: int) -> int:
    """15.13 Variable Movement Table: extra MP for a Leader of `allowance` 2, 3 or 4 rolling `die`."""
    column = tables()["variable_movement"].get(allowance)
    if column is None:
        raise RuleSetError(f"the Variable Movement Table has no column for a movement allowance of {allowance}")
    if not 1 <= die <= 6:
        raise RuleSetError(f"a die roll is 1 to 6, not {die}")
    return int(column[die - 1])


def forced_march(die: int) -> int:
    """15.14: the Forced March column of the Variable Movement Table."""
    if not 1 <= die <= 6:
        raise RuleSetError(f"a die roll is 1 to 6, not {die}")
    return int(tables()["forced_march"][die - 1])


def hexes_per_mp() -> int:
    return int(rule_data()["sea_movement_hexes_per_mp"])


def option(scenario: Scenario, cat: Catalogue, key: str) -> Any:
    """The scenario's value for a rule-set option, or the catalogue default. A value of the wrong
    type (BAD_OPTION in validation) falls back to the default, so queries still answer."""
    spec = cat.options[key]
    value = scenario.options.get(key, spec.default)
    if spec.type == "bool" and not isinstance(value, bool):
        return spec.default
    if spec.type == "int" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        return spec.default
    if spec.type == "choice" and value not in spec.choices:
        return spec.default
    return value


# --- conditions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Conditions:
    """This turn's movement conditions (random events 14-15, 44-45, 52-53; the Arioi of 15.6)."""

    storm: str | None = None      # None | coastal | major | hurricane
    rain_mp: int | None = None    # the movement points rain leaves (2 or 1); None: no rain
    arioi: str | None = None      # the area the Arioi counter is in
    truce: bool = False           # 44-45: no movement into enemy-controlled areas


@lru_cache(maxsize=None)
def _storm_die() -> dict[int, str]:
    """Event 14-15's third die -> its storm (events.yaml), for those who type the roll rather than the result."""
    entry = next(e for e in _load("events.yaml") if e.get("event") == "storm")
    return {int(d): str(r["storm"]) for r in entry["results"] for d in r["dice"]}


KNOWN = ("storm", "rain", "arioi", "truce")


def parse_conditions(scenario: Scenario, conditions: Mapping[str, Any] | None,
                     rules: Mapping[str, Any] | None = None) -> Conditions:
    """Check and normalise query conditions; RuleSetError says what is wrong and what is allowed.
    `rules`: the rule set instance's rules.yaml (a variant's rain and storms), else the shipped one."""
    rules = rule_data() if rules is None else rules
    c = dict(conditions or {})
    unknown = sorted(set(c) - set(KNOWN))
    if unknown:
        raise RuleSetError(f"unknown condition {unknown[0]!r} (Tahiti knows: storm=coastal|major|hurricane, "
                           "rain=2|1|light|heavy, arioi=AREA, truce=true)")
    storm = c.get("storm")
    if isinstance(storm, bool):
        storm = "major" if storm else None
    elif isinstance(storm, int):
        storm = _storm_die().get(storm, "?")
    elif storm in ("none", "no", ""):
        storm = None
    if storm is not None and storm not in rules["storm_canoe_terrain"]:
        raise RuleSetError(f"storm={c['storm']!r}: give coastal, major or hurricane (or the die, 1-6)")
    rain = c.get("rain")
    allowance = rules["rain_allowance"]
    if rain is False or rain in (None, "none", "no", 0):
        rain_mp = None
    elif rain is True:
        rain_mp = allowance["light"]
    elif rain in allowance:
        rain_mp = allowance[rain]
    elif rain in allowance.values():
        rain_mp = int(rain)  # the movement points left: rain=2 (die 1-4), rain=1 (die 5-6)
    else:
        raise RuleSetError(f"rain={rain!r}: give 2 or light (die 1-4), 1 or heavy (die 5-6)")
    arioi = c.get("arioi")
    if arioi is not None:
        arioi = str(arioi)
        if arioi not in scenario.areas:
            raise RuleSetError(f"arioi={arioi!r} is not an area of this map (areas: {', '.join(scenario.areas)})")
    truce = c.get("truce", False)
    if not isinstance(truce, bool):
        raise RuleSetError(f"truce={truce!r}: give true or false")
    return Conditions(storm, rain_mp, arioi, truce)
