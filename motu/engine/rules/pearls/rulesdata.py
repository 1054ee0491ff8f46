"""The pearl game's rule numbers: the `rules:` section of motu/resources/rulesets/pearls/catalogue.yaml.

Scope: reading them once (the catalogue's forces name the same numbers by YAML anchors) and
checking they fit the action encoding of state.py. Nothing here is a rule.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import yaml

from motu.engine.resources import resource_path


class Numbers(NamedTuple):
    start_cash: int                                   # each player's dollars at set-up
    boats: int                                        # each player's boats
    pearls_per_colour: int                            # the supply of each colour
    colours_out_to_end: int                           # colours run out that end the game
    payday_per_boat: int                              # dollars a boat on the map earns on payday
    max_save: int                                     # the most a player saves in a savings event
    die: tuple[tuple[int, int], ...]                  # (number, faces showing it) of each number of the die
    whites: int                                       # the die's white faces (an event)
    faces: int                                        # the die's faces


@lru_cache(maxsize=1)
def numbers() -> Numbers:
    """The shipped game's numbers (what the module's defaults and words say)."""
    with open(resource_path("rulesets", "pearls", "catalogue.yaml"), encoding="utf-8") as fh:
        return numbers_from(yaml.load(fh, Loader=yaml.CSafeLoader)["rules"])


def numbers_of(ruleset: Any) -> Numbers:
    """The numbers of this rule set instance (a variant's `rules:` merged into the base's)."""
    return numbers_from(ruleset.document("catalogue")["rules"])


def numbers_from(r: dict[str, Any]) -> Numbers:
    faces = list(r["die"])
    shown = sorted({f for f in faces if f != "white"})
    if not shown or not all(isinstance(f, int) and 1 <= f <= 4 for f in shown) or not 0 <= int(r["max_save"]) <= 10:
        raise ValueError("pearls rules: the die shows numbers 1 to 4 (at least one) or white, and savings are "
                         "$0 to $10 at most")
    return Numbers(int(r["start_cash"]), int(r["boats"]), int(r["pearls_per_colour"]), int(r["colours_out_to_end"]),
                   int(r["payday_per_boat"]), int(r["max_save"]),
                   tuple((f, faces.count(f)) for f in shown), faces.count("white"), len(faces))
