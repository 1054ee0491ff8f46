"""The Random Area Selection Table (15.12) of a Tahiti scenario: its shape, reading and check.

Scope: `tables.random_area_selection` as docs/rules/tahiti.md documents it — groups picked by
the first die (`first: [1, 2]`), each with six areas for the second die (`second`, a list of
six, or a mapping 1..6) — mirroring the seed's table, where the 17 areas and one "Roll Again"
fill three groups of six. `problems` lists what is wrong with a table; `select` reads it.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.scenario.model import Scenario

TABLE = "random_area_selection"
ROLL_AGAIN = "roll_again"
DIE = range(1, 7)


def _second(group: Any) -> list[Any] | None:
    """A group's six second-die entries in die order, or None if they are not six."""
    second = group.get("second") if isinstance(group, dict) else None
    if isinstance(second, list):
        return second if len(second) == 6 else None
    if isinstance(second, dict):
        try:
            keyed = {int(k): v for k, v in second.items()}
        except (TypeError, ValueError):
            return None
        return [keyed[d] for d in DIE] if sorted(keyed) == list(DIE) else None
    return None


def problems(scenario: Scenario, table: Any) -> list[str]:
    """What keeps `table` from being the seed's two-dice table naming every area exactly once;
    areas are named by their names (the ids are for the file), in the table's order."""
    groups = table.get("groups") if isinstance(table, dict) else None
    if not isinstance(groups, list) or not groups:
        return ["it has no list of groups"]
    out: list[str] = []
    firsts: Counter[int] = Counter()
    named: Counter[str] = Counter()
    for i, g in enumerate(groups, 1):
        first = g.get("first") if isinstance(g, dict) else None
        if not isinstance(first, list) or not first or not all(isinstance(d, int) and d in DIE for d in first):
            out.append(f"group {i} has no first-die results 1-6")
        else:
            firsts.update(first)
        second = _second(g)
        if second is None:
            out.append(f"group {i} does not give six second-die entries")
            continue
        for entry in second:
            if entry == ROLL_AGAIN:
                continue
            if not isinstance(entry, str) or entry not in scenario.areas:
                out.append(f"group {i} names {entry!r}, which is not an area")
            else:
                named[entry] += 1
    missing_die = [d for d in DIE if firsts[d] == 0]
    twice_die = sorted(d for d, n in firsts.items() if n > 1)
    if missing_die:
        out.append(f"no group for a first die of {', '.join(map(str, missing_die))}")
    if twice_die:
        out.append(f"more than one group for a first die of {', '.join(map(str, twice_die))}")
    twice = [a for a, n in named.items() if n > 1]
    if twice:
        out.append(f"{_names(scenario, twice)} named more than once")
    missing = [a for a in scenario.areas if named[a] == 0]
    if missing:
        out.append(f"{_names(scenario, missing)} not named")
    return out


def misnamed(scenario: Scenario, table: Any) -> list[str]:
    """The areas the table names twice or not at all (ids), for a finding to point at."""
    groups = table.get("groups") if isinstance(table, dict) else None
    named: Counter[str] = Counter()
    for g in groups if isinstance(groups, list) else []:
        named.update(e for e in _second(g) or [] if isinstance(e, str) and e in scenario.areas)
    return [a for a in scenario.areas if named[a] != 1]


def _names(scenario: Scenario, areas: list[str]) -> str:
    return ", ".join(scenario.areas[a].name or a for a in areas)


def select(table: dict[str, Any], first: int, second: int) -> str:
    """The entry for two dice: an area id or `roll_again`."""
    for g in table["groups"]:
        if first in g["first"]:
            return _second(g)[second - 1]  # type: ignore[index]
    raise ValueError(f"no group for a first die of {first}")
