"""The pearl game's numbers are the catalogue's `rules:` (motu/resources/rulesets/pearls/catalogue.yaml):
a copy of the data with one number changed plays by that number, the shipped data as the rules say."""
from __future__ import annotations

from changed_rules_data import changed_copy, run

# Set-up done on the shipped board (sailboats on 0, 4, 8; first pearls green, white, black), the
# treasure face up and player 0 with $3: the die is due, then a white face calls the savings.
GAME = """
import json
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.pearls.state import CHOOSE, FACE, SAVE, WHITE
rules = get_ruleset("pearls")
st = rules.new_initial_state(rules.new_scenario())
for a in (0, 4, 8, CHOOSE + 0, CHOOSE + 1, CHOOSE + 2):
    st.apply_action(a)
start = {"cash": list(st.cash), "boats": list(st.boats), "supply": list(st.supply),
         "die": {str(a - FACE if a != WHITE else "white"): p for a, p in st.chance_outcomes()}}
st.token, st.cash[0] = 1, 40
st.apply_action(WHITE)
formation = {p.kind: p.count for p in rules.catalogue.forces.formations[0].pieces}
print(json.dumps({**start, "saves": [a - SAVE for a in st.legal_actions()], "formation": formation}))
"""


def test_shipped_numbers_play_as_the_rules_say():
    got = run(GAME)
    assert got["cash"] == [15, 15, 15] and got["boats"] == [14, 14, 14] and got["supply"] == [5, 5, 5, 6]
    assert got["die"] == {"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "white": 2 / 6}
    assert got["saves"] == list(range(11))  # $0 to $10, with $40 in cash
    assert got["formation"] == {"sailboat": 1, "boat": 15, "money": 15}


def test_starting_money_changed_in_the_data_is_each_players_cash_and_the_forces_dollars(tmp_path):
    data = changed_copy(tmp_path, "pearls", "catalogue.yaml", "start_cash: &start_cash 15", "start_cash: &start_cash 20")
    got = run(GAME, data)
    assert got["cash"] == [20, 20, 20] and got["formation"]["money"] == 20
    assert got["boats"] == [14, 14, 14] and got["saves"] == list(range(11)), "nothing else changed"


def test_savings_cap_changed_in_the_data_limits_the_savings(tmp_path):
    data = changed_copy(tmp_path, "pearls", "catalogue.yaml", "max_save: 10", "max_save: 4")
    assert run(GAME, data)["saves"] == [0, 1, 2, 3, 4]


def test_the_die_changed_in_the_data_is_the_chance_of_each_face(tmp_path):
    data = changed_copy(tmp_path, "pearls", "catalogue.yaml", "die: [1, 2, 3, 4, white, white]",
                        "die: [1, 1, 2, 3, 4, white]")
    assert run(GAME, data)["die"] == {"1": 2 / 6, "2": 1 / 6, "3": 1 / 6, "4": 1 / 6, "white": 1 / 6}


def test_boats_and_pearls_changed_in_the_data(tmp_path):
    data = changed_copy(tmp_path, "pearls", "catalogue.yaml", "boats: &boats 15", "boats: &boats 9")
    got = run(GAME, data)
    assert got["boats"] == [8, 8, 8] and got["formation"]["boat"] == 9
    data = changed_copy(tmp_path / "b", "pearls", "catalogue.yaml", "pearls_per_colour: 6", "pearls_per_colour: 3")
    assert run(GAME, data)["supply"] == [2, 2, 2, 3]
