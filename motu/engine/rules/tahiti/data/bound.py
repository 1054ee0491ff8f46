"""Tahiti's numbers as one rule set instance has them: a variant's merged documents, or the shipped.

Scope: the documents of the rule set a catalogue belongs to (RuleSet.document: rules.yaml,
tables.yaml, combat.yaml…), read through the instance, and the lookups game code makes of them
(the Variable Movement and Forced March tables, combat results, rain, storms, sea hexes per MP),
each made once per instance. A game reaches them through its board (`st.b.data`), never through
module globals read at import, so a variant (motu/engine/rules/variant.py) plays its own numbers
beside the base in one process.
"""
from __future__ import annotations

from typing import Any

from motu.engine.plugins import get_ruleset
from motu.engine.rules.ruleset import RuleSetError
from motu.engine.scenario.catalogue import Catalogue


class TahitiData:
    """One rule set instance's documents and the tables read from them."""

    def __init__(self, ruleset: Any):
        self.ruleset_id = ruleset.id
        self.doc = ruleset.document

    def rule(self, key: str) -> Any:
        """A number or list of rules.yaml (sea_movement_hexes_per_mp, rain_allowance…)."""
        return self.doc("rules")[key]

    def hexes_per_mp(self) -> int:
        return int(self.rule("sea_movement_hexes_per_mp"))

    def storm_terrain(self) -> dict[str, list[str]]:
        """14-15: which terrains War Canoes may still enter, per storm."""
        return self.rule("storm_canoe_terrain")

    def variable_movement(self, allowance: int, die: int) -> int:
        """15.13 Variable Movement Table: extra MP for a Leader of `allowance` rolling `die`."""
        column = self.doc("tables")["variable_movement"].get(allowance)
        if column is None:
            raise RuleSetError(f"the Variable Movement Table has no column for a movement allowance of {allowance}")
        if not 1 <= die <= 6:
            raise RuleSetError(f"a die roll is 1 to 6, not {die}")
        return int(column[die - 1])

    def forced_march(self, die: int) -> int:
        """15.14: the Forced March column of the Variable Movement Table."""
        if not 1 <= die <= 6:
            raise RuleSetError(f"a die roll is 1 to 6, not {die}")
        return int(self.doc("tables")["forced_march"][die - 1])

    def combat_losses(self, margin: int) -> tuple[int, int]:
        """9.2: (loser's losses, winner's losses) for a winning margin."""
        for row in self.doc("combat")["results"]:
            lo, hi = row["margin"]
            if lo <= margin <= hi:
                return int(row["loser"]), int(row["winner"])
        raise KeyError(margin)


def data_of(cat: Catalogue) -> TahitiData:
    """The numbers of the rule set whose catalogue this is (made once per rule set instance)."""
    ruleset = get_ruleset(cat.ruleset)
    got = ruleset.__dict__.get("_tahiti_data")
    if got is None:
        got = ruleset.__dict__["_tahiti_data"] = TahitiData(ruleset)
    return got
