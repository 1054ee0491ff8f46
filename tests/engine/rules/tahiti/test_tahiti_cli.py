"""`motu query` on a Tahiti scenario: reach, path and control with the rules' conditions."""
import json
import os
import sys

from motu.engine.io.native import dumps
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def test_reach_of_a_war_canoe_counts_three_hexes_to_the_mp(capsys):
    code, data, _ = run_json(capsys, "query", HEX, "reach", "0303", "--unit", "war_canoe", "--mp", "1")
    assert code == 0 and max(data["cells"].values()) == 1 and data["cells"]["0202"] == 0.333333


def test_event_14_15_storm_as_a_condition(capsys):
    code, data, _ = run_json(capsys, "query", HEX, "reach", "0303", "--unit", "war_canoe", "--condition", "storm=major")
    assert code == 0 and data["cells"] == {"0303": 0}


def test_event_52_53_rain_as_a_condition_cuts_the_allowance(capsys):
    code, data, _ = run_json(capsys, "query", HEX, "reach", "0404", "--unit", "head_chieftain", "--condition", "rain=1")
    assert code == 0 and max(data["cells"].values()) == 1
    code, data, _ = run_json(capsys, "query", HEX, "path", "0404", "0605", "--unit", "head_chieftain",
                             "--condition", "rain=2")
    assert code == 1 and data["path"] is None


def test_rule_15_6_reef_movement_with_a_side(capsys):
    # Red holds Westbay only: the lagoon along Eastpoint (0702) is closed to its canoes.
    _, free, _ = run_json(capsys, "query", HEX, "reach", "0303", "--unit", "war_canoe")
    _, red, _ = run_json(capsys, "query", HEX, "reach", "0303", "--unit", "war_canoe", "--side", "red")
    assert "0702" in free["cells"] and "0702" not in red["cells"] and "0502" in red["cells"]


def test_control_json(capsys):
    code, data, _ = run_json(capsys, "query", HEX, "control")
    assert code == 0 and data == {"areas": {"west": "red", "east": "blue", "south": None}}


def test_unknown_condition_is_a_usage_error(capsys):
    code, _, err = run_json(capsys, "query", HEX, "reach", "0404", "--unit", "population", "--condition", "snow=1")
    assert code == 2 and "unknown condition 'snow'" in err


def test_event_44_45_truce_reach_and_path_know_the_start(capsys, tmp_path):
    # One row of clear hexes: Blue's markers hold a (0101-0301) and b (0601-0801), n is neutral.
    # Red starting at 0201, inside a, may move within a and out into n, not into b (0601).
    sys.path.insert(0, os.path.dirname(__file__))
    from tahiti_testmaps import build
    s = build([". . . . . . . ."], ["a a a n n b b b"],
              pieces=[("ma", "control", "blue", "0101"), ("mb", "control", "blue", "0801")])
    path = tmp_path / "truce.yaml"
    path.write_text(dumps(s), encoding="utf-8")
    args = ("--unit", "population", "--side", "red", "--condition", "truce=true")
    code, data, _ = run_json(capsys, "query", str(path), "reach", "0201", *args)
    # Population's 3 MP: 0101 and 0301 at 1, 0401 at 2, 0501 at 3.
    assert code == 0 and data["cells"] == {"0201": 0, "0101": 1, "0301": 1, "0401": 2, "0501": 3}
    code, data, _ = run_json(capsys, "query", str(path), "path", "0201", "0501", *args)
    assert code == 0 and data == {"path": ["0201", "0301", "0401", "0501"], "cost": 3}
    # From neutral 0501 both Blue areas are closed: no path into a.
    code, data, _ = run_json(capsys, "query", str(path), "path", "0501", "0301", *args)
    assert code == 1 and data["path"] is None


def test_path_prints_a_cost_that_mp_then_accepts(capsys):
    # `path` prints sums of a third of an MP (a sea hex on a game-scale map) rounded to 6
    # decimals, down: 4 hexes, 1.333333 (less than 4/3). Given back as --mp, that allowance reaches the same hex.
    code, data, _ = run_json(capsys, "query", HEX, "path", "0303", "0703", "--unit", "war_canoe")
    assert code == 0
    cost = data["cost"]
    assert isinstance(cost, float) and round(cost * 3) != cost * 3  # a printed, rounded fraction
    code, again, _ = run_json(capsys, "query", HEX, "path", "0303", "0703", "--unit", "war_canoe", "--mp", str(cost))
    assert code == 0 and again["path"] == data["path"]
    code, reach, _ = run_json(capsys, "query", HEX, "reach", "0303", "--unit", "war_canoe", "--mp", str(cost))
    assert code == 0 and data["path"][-1] in reach["cells"]


def test_path_on_the_shipped_map_prints_twelfths_that_mp_accepts(capsys):
    # At one mile a hex (four to a game hex) a sea hex is 1/12 MP: 0608 -> 0615, 7 hexes, 0.583333.
    tahiti = os.path.join(ROOT, "scenarios", "tahiti.yaml")
    code, data, _ = run_json(capsys, "query", tahiti, "path", "0608", "0615", "--unit", "war_canoe")
    assert code == 0 and data["cost"] == 0.583333
    code, again, _ = run_json(capsys, "query", tahiti, "path", "0608", "0615", "--unit", "war_canoe", "--mp", "0.583333")
    assert code == 0 and again["path"] == data["path"]
