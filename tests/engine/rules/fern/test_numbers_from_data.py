"""Fire in the Fern!'s rule numbers are motu/resources/rulesets/fern/tables.yaml: a copy of the tables
with one number changed plays by it (§2's motivation modifiers, §9's un-pinning cost), the
shipped tables as the rules say."""
from __future__ import annotations

from changed_rules_data import changed_copy, run

HEAD = """
import json, sys
sys.path.insert(0, "tests/engine/rules/fern")
from fern_helpers import Driver, pin, start, table, unit
from motu.engine.rules.fern.activation import unpin_cost
from motu.engine.rules.fern.model import BRITISH_PLAYER, UNPIN
"""

# test_fern_organisation_and_motivation's position with every §2 modifier: the major at 1,4
# (pinned) motivates regulars and kupapa at 3,3 (pinned, bush) through 2 bush squares.
MOTIVATION = HEAD + """
rows = [". . . . .", ". . . . .", ". b b . .", ". . . . .", ". . . . ."]
pieces = ([("maj", "senior_officer", "british", "1,4", 1, {})]
          + unit("a", "regulars", "british", "3,3", 6, superior="maj")
          + unit("k", "kupapa", "british", "3,3", 6, superior="maj")
          + unit("w", "warriors", "maori", "5,1", 8))
d = Driver(start(table(rows, pieces)))
pin(d, "3,3", BRITISH_PLAYER)
pin(d, "1,4", BRITISH_PLAYER)
print(json.dumps(d.motivate("maj", "all", "3,3")))
"""

# test_fern_unpinning's column: the major at 1,6 motivates himself (6 points) to un-pin B at 5,5.
UNPIN = HEAD + """
pieces = (unit("a", "regulars", "british", "3,5", 6, superior="maj")
          + unit("b", "regulars", "british", "5,5", 6, superior="maj")
          + [("maj", "senior_officer", "british", "1,6", 1, {})] + unit("w", "warriors", "maori", "6,1", 6))
d = Driver(start(table([". . . . . ."] * 6, pieces)))
pin(d, "5,5", BRITISH_PLAYER)
d.motivate("maj")
d.roll(6, 5)
maj = d.b.leader_index["maj"]
print(json.dumps({"cost": unpin_cost(d.s, maj, d.cell("5,5"), BRITISH_PLAYER),
                  "legal": UNPIN + d.cell("5,5") in d.s.legal_actions()}))
"""


def test_shipped_motivation_modifiers_are_one_each():
    text = run(MOTIVATION)
    assert "needs 11: 3 squares, +2 bush, +1 target pinned, +1 British in bush, +1 senior officer" in text


def test_a_motivation_modifier_changed_in_the_tables_changes_the_number_needed(tmp_path):
    data = changed_copy(tmp_path, "fern", "tables.yaml", "senior_officer: 1 ", "senior_officer: 3 ")
    text = run(MOTIVATION, data)
    assert "needs 13:" in text and "+3 senior officer" in text and "+1 Kupapa in the group" in text


def test_shipped_unpinning_costs_a_point_a_square():
    assert run(UNPIN) == {"cost": 5, "legal": True}


def test_an_unpinning_cost_changed_in_the_tables_prices_the_square(tmp_path):
    data = changed_copy(tmp_path, "fern", "tables.yaml", "per_square: 1        # each square from the officer",
                        "per_square: 2        # each square from the officer")
    assert run(UNPIN, data) == {"cost": 10, "legal": False}, "10 points: more than the major's 6"
