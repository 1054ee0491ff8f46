"""The seed's tables as data (15.13 Variable Movement, 15.14 Forced March) and the Random Area
Selection Table of 15.12 in the shape docs/rules/tahiti.md documents."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from motu.engine.rules.ruleset import RuleSetError  # noqa: E402
from motu.engine.rules.tahiti.data import rast  # noqa: E402
from motu.engine.rules.tahiti.data.options import forced_march, variable_movement  # noqa: E402
from motu.engine.rules.tahiti.game_state import PICK  # noqa: E402
from tahiti_testmaps import build  # noqa: E402
from test_tahiti_game_support import RED, feed, game  # noqa: E402


def test_rule_15_13_variable_movement_table_as_the_seed_gives_it():
    assert [variable_movement(2, d) for d in range(1, 7)] == [-1, -1, 0, 0, 1, 2]
    assert [variable_movement(3, d) for d in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    assert [variable_movement(4, d) for d in range(1, 7)] == [0, 1, 2, 2, 3, 3]
    with pytest.raises(RuleSetError):
        variable_movement(5, 1)


def test_rule_15_14_forced_march_column_as_the_seed_gives_it():
    assert [forced_march(d) for d in range(1, 7)] == [0, 1, 1, 2, 2, 3]


SEED = {"groups": [
    {"first": [1, 2], "second": ["faaa", "punaauia", "paea", "pare", "arue", "mahina"]},
    {"first": [3, 4], "second": ["papenoo", "tiarei", "mahaena", "hitiaa", "papara", "mataiea"]},
    {"first": [5, 6], "second": ["papeari", "vairao", "teahupoo", "tautira", "pueu", "roll_again"]},
]}


def seventeen_areas():
    names = [a for g in SEED["groups"] for a in g["second"] if a != "roll_again"]
    # One row of 17 clear hexes, one area each.
    return build([" ".join(["."] * 17)], [" ".join(names)])


def test_rule_15_12_the_seeds_table_names_the_17_areas_once():
    s = seventeen_areas()
    assert rast.problems(s, SEED) == []
    assert rast.select(SEED, 2, 1) == "faaa" and rast.select(SEED, 4, 6) == "mataiea"
    assert rast.select(SEED, 6, 6) == "roll_again"


def test_rule_15_12_second_die_may_be_a_mapping():
    s = seventeen_areas()
    table = {"groups": [dict(g, second={i + 1: a for i, a in enumerate(g["second"])}) for g in SEED["groups"]]}
    table["groups"][1]["second"] = {str(k): v for k, v in table["groups"][1]["second"].items()}
    assert rast.problems(s, table) == []
    assert rast.select(table, 3, 2) == "tiarei"


# --- the Random Area Selection Table in a game: every row, through event 36 (famine) ----------
# Event 36, third die 1-3: "One randomly selected area is affected by a blight." The two dice
# after it are the Random Area Selection Table's; the blighted area is the row's area.


def famine_blight(*dice):
    st = game(rule_15_12_random_events=True)
    feed(st, PICK + RED, 3, 6, 1)  # Red has the initiative; event 36, third die 1: one area
    feed(st, *dice)
    return st


# The seed's table, row by row: (first-die faces, second die, area).
RAST_ROWS = [((1, 2), 1, "faaa"), ((1, 2), 2, "punaauia"), ((1, 2), 3, "paea"), ((1, 2), 4, "pare"),
             ((1, 2), 5, "arue"), ((1, 2), 6, "mahina"),
             ((3, 4), 1, "papenoo"), ((3, 4), 2, "tiarei"), ((3, 4), 3, "mahaena"), ((3, 4), 4, "hitiaa"),
             ((3, 4), 5, "papara"), ((3, 4), 6, "mataiea"),
             ((5, 6), 1, "papeari"), ((5, 6), 2, "vairao"), ((5, 6), 3, "teahupoo"), ((5, 6), 4, "tautira"),
             ((5, 6), 5, "pueu")]


@pytest.mark.parametrize("firsts, second, area", RAST_ROWS,
                         ids=[f"first_{a}_{b}_second_{s}_{area}" for (a, b), s, area in RAST_ROWS])
def test_rule_15_12_random_area_selection_table_row(firsts, second, area):
    for first in firsts:  # both faces of the first die pick the group
        st = famine_blight(first, second)
        assert st.cond["blight"] == {st.b.areas.index(area)}, (first, second, area)


def test_rule_15_12_random_area_selection_table_5_6_then_6_rolls_again():
    for first in (5, 6):
        st = famine_blight(first, 6)  # "Roll Again"
        assert "blight" not in st.cond
        feed(st, 3, 4)  # rolled again: 3-4 / 4 = Hitiaa
        assert st.cond["blight"] == {st.b.areas.index("hitiaa")}


def test_rule_15_12_random_area_selection_table_read_directly_every_row():
    for group in SEED["groups"]:
        for first in group["first"]:
            assert [rast.select(SEED, first, d) for d in range(1, 7)] == group["second"]
