"""`motu query` on a Tahiti scenario: reach, path and control with the rules' conditions."""
import json
import os

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
