"""The game's rule data: the YAML files under motu/resources/rulesets/tahiti/ a game reads.

Scope: loading (once) the Random Events Table (events.yaml), the 15.5 counters
(special_events.yaml), set-up, combat, construction, victory and expedition data, and the
lookups the game modules share (an event by its two dice, a third-die result, combat results
by margin). Nothing here is a rule; it is where the numbers a designer may change are read.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .options import _load


@lru_cache(maxsize=None)
def load(name: str) -> Any:
    return _load(name + ".yaml")


@lru_cache(maxsize=None)
def events_by_number() -> dict[int, dict]:
    """Two-dice number (11..66) -> its event entry; every one of the 36 numbers once."""
    out: dict[int, dict] = {}
    for entry in load("events"):
        for n in entry["numbers"]:
            out[n] = entry
    return out


def event_result(entry: dict, die: int) -> dict:
    for r in entry.get("results", ()):
        if die in r["dice"]:
            return r
    raise KeyError(f"event {entry['numbers']} has no result for a third die of {die}")


def letters() -> list[str]:
    return list(load("special_events")["counters"])


def counter(letter: str) -> dict:
    return load("special_events")["counters"][letter]


def combat_value(kind: str) -> int:
    return combat_values().get(kind, 0)


@lru_cache(maxsize=None)
def combat_values() -> dict[str, int]:
    """Unit kind -> combat value (read once: evaluations ask it for every unit)."""
    return {k: int(v) for k, v in load("combat")["combat_value"].items()}


def combat_losses(margin: int) -> tuple[int, int]:
    """(loser's losses, winner's losses) for a winning margin."""
    for row in load("combat")["results"]:
        lo, hi = row["margin"]
        if lo <= margin <= hi:
            return int(row["loser"]), int(row["winner"])
    raise KeyError(margin)


def victory_level(lead: int) -> str:
    for row in load("victory")["levels"]:
        lo, hi = row["lead"]
        if lo <= lead <= hi:
            return str(row["level"])
    return "victory"
