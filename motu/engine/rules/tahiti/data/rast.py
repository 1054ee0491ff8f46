"""The Random Area Selection Table (15.12) of a Tahiti scenario: its shape, reading and check.

Scope: `tables.random_area_selection` as docs/rules/tahiti.md documents it — groups picked by
the first die (`first: [1, 2]`), each with six areas for the second die (`second`, a list of
six, or a mapping 1..6) — mirroring the seed's table, where the 17 areas and one "Roll Again"
fill three groups of six. `check` lists what is wrong with a table, each fault at its group and
die, and the slots to point at; `select` reads it.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from motu.engine.scenario.model import Scenario

TABLE = "random_area_selection"
ROLL_AGAIN = "roll_again"
DIE = range(1, 7)


def _second(group: Any) -> list[Any] | None:
    """A group's six second-die entries in die order, or None if they are not six."""
    keyed = _second_keyed(group)
    return [v for _, v in keyed] if keyed is not None else None


def _second_keyed(group: Any) -> list[tuple[Any, Any]] | None:
    """A group's six second-die entries in die order, each with its key in `second` (the list
    index, or the mapping's own key), or None if they are not six."""
    second = group.get("second") if isinstance(group, dict) else None
    if isinstance(second, list):
        return list(enumerate(second)) if len(second) == 6 else None
    if isinstance(second, dict):
        try:
            keyed = {int(k): k for k in second}
        except (TypeError, ValueError):
            return None
        return [(keyed[d], second[keyed[d]]) for d in DIE] if sorted(keyed) == list(DIE) else None
    return None


def _slot(group: int, die: int) -> str:
    """A place in the table as the Tables dock shows it: group 4, second die 3."""
    return f"group {group}, second die {die}"


def _wrong_entry(slot: str, entry: Any) -> str:
    """An entry that is not an area, for people: the text it holds, or what else it holds."""
    if isinstance(entry, str):
        return f"{slot} names \u201c{entry}\u201d, which is not an area"
    if entry is None:
        what = "nothing"
    elif isinstance(entry, (int, float)) and not isinstance(entry, bool):
        what = f"the number {entry}"
    elif isinstance(entry, (list, dict)):
        what = "several values"
    else:
        what = "yes or no" if isinstance(entry, bool) else "something else"
    return f"{slot} holds {what}, not an area"


def check(scenario: Scenario, table: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
    """What keeps `table` from being the seed's two-dice table naming every area exactly once,
    each fault where it is (group and die), areas named by their names (the ids are for the file);
    and the wrong slots as paths in `tables` (TABLE, "groups", i, "second", key): entries that name
    no area, then entries of an area named twice."""
    groups = table.get("groups") if isinstance(table, dict) else None
    if not isinstance(groups, list) or not groups:
        return ["it has no list of groups"], [(TABLE,)]
    out: list[str] = []
    bad: list[tuple[Any, ...]] = []
    firsts: Counter[int] = Counter()
    named: dict[str, list[tuple[int, int, Any]]] = defaultdict(list)  # area -> (group, die, key)
    for i, g in enumerate(groups, 1):
        first = g.get("first") if isinstance(g, dict) else None
        if not isinstance(first, list) or not first or not all(isinstance(d, int) and d in DIE for d in first):
            out.append(f"group {i} has no first-die results 1-6")
            bad.append((TABLE, "groups", i - 1, "first"))
        else:
            firsts.update(first)
        second = _second_keyed(g)
        if second is None:
            out.append(f"group {i} does not give six second-die entries")
            bad.append((TABLE, "groups", i - 1))
            continue
        for die, (key, entry) in enumerate(second, 1):
            if entry == ROLL_AGAIN:
                continue
            if not isinstance(entry, str) or entry not in scenario.areas:
                out.append(_wrong_entry(_slot(i, die), entry))
                bad.append((TABLE, "groups", i - 1, "second", key))
            else:
                named[entry].append((i, die, key))
    missing_die = [d for d in DIE if firsts[d] == 0]
    twice_die = sorted(d for d, n in firsts.items() if n > 1)
    if missing_die:
        out.append(f"no group for a first die of {', '.join(map(str, missing_die))}")
    if twice_die:
        out.append(f"more than one group for a first die of {', '.join(map(str, twice_die))}")
    for a, places in named.items():
        if len(places) > 1:
            out.append(f"{_names(scenario, [a])} named more than once "
                       f"({' and '.join(_slot(i, die) for i, die, _ in places)})")
            bad += [(TABLE, "groups", i - 1, "second", key) for i, _, key in places]
    missing = [a for a in scenario.areas if a not in named]
    if missing:
        out.append(f"{_names(scenario, missing)} not named")
    return out, bad


def problems(scenario: Scenario, table: Any) -> list[str]:
    """What keeps `table` from being the seed's two-dice table naming every area exactly once
    (check's sentences)."""
    return check(scenario, table)[0]


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
