"""Tiki's numbers are data: the supply, tokens and fruits to win are the catalogue's options
(motu/resources/rulesets/tiki/catalogue.yaml), the village values the tiles of the board template
(board.yaml). A copy of the data with one of them changed plays by it."""
from __future__ import annotations

from changed_rules_data import changed_copy, run

GAME = """
import json
from motu.engine.rules.registry import get_ruleset
rules = get_ruleset("tiki")
st = rules.new_initial_state(rules.new_scenario())
deal = {str(a - 61): p for a, p in st.chance_outcomes()}  # the first tile shuffled onto v11
print(json.dumps({"supply": st.supply, "hand": st.hand, "to_win": st.to_win, "deal": deal}))
"""


def test_shipped_numbers():
    got = run(GAME)
    assert got["supply"] == 7 and got["hand"] == [8, 8] and got["to_win"] == 4
    assert got["deal"] == {"-1": 1 / 9, "0": 3 / 9, "1": 4 / 9, "2": 1 / 9}


def test_the_fruit_supply_changed_in_the_catalogue(tmp_path):
    data = changed_copy(tmp_path, "tiki", "catalogue.yaml", "fruit_supply: {type: int, default: 7,",
                        "fruit_supply: {type: int, default: 5,")
    got = run(GAME, data)
    assert got["supply"] == 5 and got["hand"] == [8, 8]


def test_a_tile_value_changed_in_the_board_template_is_dealt(tmp_path):
    data = changed_copy(tmp_path, "tiki", "board.yaml", "'v22': {value: -1}", "'v22': {value: 2}")
    assert run(GAME, data)["deal"] == {"0": 3 / 9, "1": 4 / 9, "2": 2 / 9}
