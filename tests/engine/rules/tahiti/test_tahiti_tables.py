"""The seed's tables as data (15.13 Variable Movement, 15.14 Forced March) and the Random Area
Selection Table of 15.12 in the shape docs/rules/tahiti.md documents."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from engine.rules.ruleset import RuleSetError  # noqa: E402
from engine.rules.tahiti import rast  # noqa: E402
from engine.rules.tahiti.data import forced_march, variable_movement  # noqa: E402
from tahiti_testmaps import build  # noqa: E402


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
