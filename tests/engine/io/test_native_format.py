"""Format version 1: save → load → save is byte-identical, and the model survives the trip."""
import glob
import json
import os

import fastjsonschema
import pytest
from hypothesis import given

from motu.engine.io.native import dumps, loads, scenario_to_document
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.resources import resource_path
from scenario_strategies import scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SHIPPED = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")) +
                 glob.glob(os.path.join(ROOT, "motu", "resources", "rulesets", "*", "board.yaml")))


@pytest.mark.parametrize("path", SHIPPED, ids=os.path.basename)
def test_shipped_files_save_back_byte_identical(path):
    text = open(path, encoding="utf-8").read()
    assert dumps(loads(text, path), path) == text  # saved where it is: with its schema modeline


@given(scenarios())
def test_random_scenarios_round_trip(s):
    text = dumps(s)
    back = loads(text)
    assert back == s
    assert dumps(back) == text


@given(scenarios())
def test_written_documents_follow_the_published_schema(s):
    from motu.engine.scenario.ruleset_schema import loader_handlers  # rule sets' parts: tests/engine/scenario
    validate = fastjsonschema.compile(json.load(open(resource_path("schema", "scenario-v1.schema.json"))),
                                      handlers=loader_handlers())
    validate(load_yaml(dumps(s), "x"))


def test_layers_are_rows_of_tokens_with_a_legend(example_hex):
    doc = scenario_to_document(example_hex)
    terrain = doc["map"]["terrain"]
    assert len(terrain["rows"]) == example_hex.grid.rows
    assert all(len(r.split()) == example_hex.grid.columns for r in terrain["rows"])
    assert set(terrain["legend"].values()) == set(example_hex.terrain)
    assert doc["map"]["areas"]["legend"] == {"w": "west", "e": "east", "s": "south"}


def test_a_100000_cell_map_is_a_few_hundred_lines():
    from motu.engine.board.grids import HexGrid
    from motu.engine.scenario.model import Area, Scenario
    g = HexGrid(316, 316)
    s = Scenario("tahiti", g, ["sea" if c % 7 else "clear" for c in range(g.size)])
    for i in range(500):
        s.areas[f"a{i}"] = Area(f"a{i}", f"Area {i}")
    s.cell_area = [f"a{(c // 200) % 500}" for c in range(g.size)]
    text = dumps(s)
    # One line per row of each layer, one per legend entry and one per area record: no per-cell lines.
    assert text.count("\n") < 2 * g.rows + 2 * 500 + 40
    assert loads(text) == s


def test_hex_labels_are_always_quoted_so_yaml_cannot_read_them_as_numbers(example_hex):
    text = dumps(example_hex)
    assert "cell: '0404'" in text and "cell: '0904'" in text


def test_multiline_briefing_is_a_literal_block(example_hex):
    assert "briefing: |" in dumps(example_hex)


def test_tokens_given_in_the_file_are_kept(example_hex):
    lines = dumps(example_hex).split("\n")
    out = []
    for line in lines:
        if line == "      c: coast":
            line = "      C: coast"
        elif line.startswith("    - ") and " c" in line and "/" not in line:
            line = "    - " + " ".join("C" if t == "c" else t for t in line[6:].split(" "))
        out.append(line)
    text = "\n".join(out)
    s = loads(text)
    assert s.terrain_tokens["coast"] == "C"
    assert s == example_hex
    assert "C: coast" in dumps(s) and dumps(loads(dumps(s))) == dumps(s)
