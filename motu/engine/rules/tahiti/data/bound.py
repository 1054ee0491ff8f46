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

    def _memo(self, key: str, make):
        got = self.__dict__.get("_" + key)
        if got is None:
            got = self.__dict__["_" + key] = make()
        return got

    def events_by_number(self) -> dict[int, dict]:
        """15.12: two-dice number (11..66) -> its Random Events Table entry."""
        def make():
            out: dict[int, dict] = {}
            for entry in self.doc("events"):
                for n in entry["numbers"]:
                    out[n] = entry
            return out
        return self._memo("events", make)

    def letters(self) -> list[str]:
        """15.5: the special event counters' letters."""
        return list(self.doc("special_events")["counters"])

    def counter(self, letter: str) -> dict:
        return self.doc("special_events")["counters"][letter]

    def combat_values(self) -> dict[str, int]:
        """Unit kind -> combat value (made once: evaluations ask it for every unit)."""
        return self._memo("combat_values", lambda: {k: int(v) for k, v in self.doc("combat")["combat_value"].items()})

    def combat_value(self, kind: str) -> int:
        return self.combat_values().get(kind, 0)

    def flipped_divisor(self) -> int:
        """9.2 as Motu reads it: a flipped unit's value is divided by this."""
        return self._memo("flipped", lambda: int(self.doc("combat")["flipped_value_divisor"]))

    def victory_level(self, lead: int) -> str:
        for row in self.doc("victory")["levels"]:
            lo, hi = row["lead"]
            if lo <= lead <= hi:
                return str(row["level"])
        return "victory"

    def capacity(self) -> int:
        """Units a War Canoe carries."""
        return int(self.doc("construction")["canoe_capacity"])

    def boarding(self) -> dict[str, int]:
        """Unit kind -> its place in the order units board a canoe."""
        return self._memo("boarding", lambda: {k: i for i, k in enumerate(self.doc("construction")["canoe_boarding"])})

    def training(self) -> dict[str, tuple[str, str]]:
        """A training build -> (the kind trained, the kind it becomes)."""
        return self._memo("training", lambda: {n: (b["from"], b["to"])
                                               for n, b in self.doc("construction")["builds"].items() if "from" in b})

    def logs(self) -> dict[str, int]:
        """A build -> the Big Logs it costs."""
        return self._memo("logs", lambda: {n: int(b.get("logs", 0))
                                           for n, b in self.doc("construction")["builds"].items()})

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
