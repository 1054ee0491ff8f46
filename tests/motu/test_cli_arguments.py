"""Hostile arguments: each refused in one line naming the file and the argument, exit 2, before
anything is written; a query with no answer says why, exit 1."""
import json
import os

import pytest

from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "scenarios")
TAHITI = os.path.join(SCENARIOS, "tahiti.yaml")
FERN = os.path.join(SCENARIOS, "fern-ambush.yaml")
TIKI = os.path.join(SCENARIOS, "tiki.yaml")
MOOREA = os.path.join(ROOT, "tools", "maps", "moorea.geojson")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("mp, why", [("-3", "'-3': it must be a number from 0"),
                                     ("nan", "'nan' is not a finite number: it must be a number from 0"),
                                     ("inf", "'inf' is not a finite number: it must be a number from 0"),
                                     ("1e400", "'1e400' is not a finite number: it must be a number from 0"),
                                     ("three", "'three' is not a number from 0"),
                                     ("1e308", "'1e308': movement points must be at most 10^15")])
@pytest.mark.parametrize("query", [["reach", "1106"], ["path", "1106", "1107"]])
def test_movement_points_are_a_finite_number_from_0(capsys, query, mp, why):
    code, out, err = run(capsys, "query", TAHITI, *query, "--unit", "war_canoe", f"--mp={mp}")
    assert code == 2 and out == ""
    assert err == f"motu: query {query[0]}: argument --mp: {why} (see motu query FILE {query[0]} --help)\n"


def test_no_movement_points_is_an_answer(capsys):
    code, out, _ = run(capsys, "query", TAHITI, "reach", "1106", "--unit", "war_canoe", "--mp", "0")
    assert code == 0 and out == "1106 0\n"


def test_more_movement_points_than_any_move_costs_are_capped_in_one_line(capsys):
    code, out, err = run(capsys, "query", TAHITI, "reach", "1106", "--unit", "war_canoe", "--mp", "1e15")
    assert code == 0 and err.startswith(f"motu: {TAHITI}: --mp 1000000000000000 is more than any move on this map "
                                        "can cost; searching with ") and err.count("\n") == 1
    most = err.rsplit(" ", 1)[1].strip()
    code, capped, err = run(capsys, "query", TAHITI, "reach", "1106", "--unit", "war_canoe", "--mp", most)
    assert code == 0 and err == "" and capped == out and len(out.splitlines()) > 100


def test_a_bad_argument_is_one_line_in_json_too(capsys):
    code, out, err = run(capsys, "--json", "query", TAHITI, "reach", "1106", "--mp=-1")
    assert code == 2 and err.count("\n") == 1 and "argument --mp" in json.loads(out)["error"]["message"]


def test_a_unit_without_an_allowance_asks_for_mp_naming_file_and_unit(capsys):
    code, _, err = run(capsys, "query", FERN, "reach", "1,1", "--unit", "regulars")
    assert code == 2
    assert err == f"motu: {FERN}: --unit regulars (Regulars): no movement allowance of its own; give --mp N\n"


@pytest.mark.parametrize("argv, message", [
    (["distance", "0101", "9999"], "hex 9999 is off the map (47 columns, 33 rows)"),
    (["neighbours", "9999"], "hex 9999 is off the map"),
    (["los", "xx", "0101"], "'xx' is not a hex label of this map"),
    (["reach", "1106", "--unit", "boat"], "'boat' is not a moving piece of Tahiti"),
    (["path", "1106", "1107", "--side", "purple"], "there is no side 'purple'"),
    (["control", "--condition", "storm"], "--condition 'storm' should be KEY=VALUE"),
])
def test_query_errors_name_the_file(capsys, argv, message):
    code, _, err = run(capsys, "query", TAHITI, *argv)
    assert code == 2 and err.startswith(f"motu: {TAHITI}: {message}") and err.count("\n") == 1


@pytest.mark.parametrize("path, name", [(FERN, "Fire in the Fern!"), (TIKI, "Tiki")])
def test_control_in_a_game_without_areas_says_so(capsys, path, name):
    code, out, _ = run(capsys, "query", path, "control")
    assert code == 1 and out == f"{name} has no area control (its rules have no areas)\n"
    code, out, _ = run(capsys, "--json", "query", path, "control")
    assert code == 1 and json.loads(out) == {"areas": None, "reason": f"{name} has no area control (its rules have no areas)"}


def test_control_of_a_map_without_areas_says_so(capsys, tmp_path):
    out = tmp_path / "blank.yaml"
    assert run(capsys, "new", "--rules", "tahiti", "--size", "4x4", out)[0] == 0
    code, text, _ = run(capsys, "query", out, "control")
    assert code == 1 and text == "the map has no areas, so no area is controlled\n"


def test_control_names_the_sides(capsys):
    code, out, _ = run(capsys, "query", TAHITI, "control")
    assert code == 0 and "Pare: Red clan\n" in out and "Faaa: neutral\n" in out and ": red\n" not in out
    code, out, _ = run(capsys, "--json", "query", TAHITI, "control")
    assert json.loads(out)["areas"]["pare"] == "red"  # scripts get ids


@pytest.mark.parametrize("argv, message", [
    (["--rules", "fern", "--grid", "hex"],
     "--grid hex: Fire in the Fern! is played on a square grid, not a hex grid (--grid square)"),
    (["--rules", "tahiti", "--grid", "square"], "--grid square: Tahiti is played on a hex grid, not a square grid"),
    (["--rules", "tahiti", "--grid", "spaces"], "--grid spaces: Tahiti is played on a hex grid, not its board of spaces"),
    (["--rules", "tiki", "--grid", "hex"], "--grid hex: Tiki is played on its board of spaces, not a hex grid"),
    (["--rules", "tiki", "--size", "4x4"], "--size 4x4: Tiki is played on its board of spaces, which has no columns"),
    (["--rules", "chess"], "unknown rule set 'chess'"),
])
def test_new_refuses_what_the_rule_set_cannot_have_before_writing(capsys, tmp_path, argv, message):
    out = tmp_path / "new.yaml"
    code, _, err = run(capsys, "new", *argv, out)
    assert code == 2 and err == f"motu: {out}: {message}" + err[len(f"motu: {out}: {message}"):]
    assert err.count("\n") == 1 and not out.exists()


def test_new_writes_a_scenario_only_under_a_scenario_name(capsys, tmp_path):
    code, _, err = run(capsys, "new", "--rules", "tahiti", tmp_path / "x.tmx")
    assert code == 2 and "a scenario is written as .yaml" in err and not (tmp_path / "x.tmx").exists()
    code, _, err = run(capsys, "new", "--rules", "tahiti", "--force", tmp_path)
    assert code == 2 and err == f"motu: {tmp_path} is a folder; give the scenario's file name\n"


@pytest.mark.parametrize("argv, message", [
    (["--hex", "0km"], "--hex 0km: the distance between hex centres is above 0"),
    (["--hex", "0"], "--hex 0: the distance between hex centres is above 0"),
    (["--bands", "3km,1km"], "--bands 3km,1km: give where clear ends, then where jungle ends, each above 0"),
    (["--bands", "0km,0km"], "--bands 0km,0km: give where clear ends"),
    (["--bands", "1km,x"], "--bands 'x' is not a distance"),
    (["--margin", "far"], "--margin 'far' is not a distance"),
    (["--pass", "nan,nan"], "--pass nan,nan: longitude is -180 to 180"),
    (["--pass", "500,10"], "--pass 500,10: longitude is -180 to 180"),
    (["--land-fraction", "nan"], "--land-fraction nan: a fraction above 0"),
    (["--hex", "1mi", "--scale", "2"], "--hex 1mi and --scale 2 both give the hex size"),
])
def test_island_options_are_refused_naming_file_and_option(capsys, tmp_path, argv, message):
    out = tmp_path / "m.yaml"
    code, _, err = run(capsys, "import", MOOREA, "--rules", "tahiti", *argv, out)
    assert code == 2 and err.startswith(f"motu: {MOOREA}: {message}") and err.count("\n") == 1
    assert not out.exists()


@pytest.mark.parametrize("argv, message", [
    (["map", "merge", TAHITI, TAHITI, "--offset", "a,b"], "--offset 'a,b' should be COLUMNS,ROWS"),
    (["map", "merge", TAHITI, TAHITI, "--at", "9999"], "--at 9999: hex 9999 is off the map"),
    (["map", "add-island", TAHITI, MOOREA, "--rast-die", "9"], "--rast-die 9: a die roll, 1 to 6"),
    (["map", "rename", TAHITI, "red", "blue"], "there is already a side 'blue'"),
    (["play", FERN, "--ai", "foo=random"], "--ai: no side 'foo'"),
])
def test_map_and_play_errors_name_the_file(capsys, tmp_path, argv, message):
    out = tmp_path / "o.yaml"
    code, _, err = run(capsys, *argv, *(["-o", out] if argv[0] == "map" else []))
    assert code == 2 and err.startswith(f"motu: {argv[2] if argv[0] == 'map' else argv[1]}: {message}")
    assert err.count("\n") == 1 and not out.exists()


def test_a_map_operation_never_writes_yaml_over_a_tiled_map(capsys, tmp_path):
    tmx = tmp_path / "t.tmx"
    assert run(capsys, "export", os.path.join(SCENARIOS, "example-hex.yaml"), tmx)[0] == 0
    before = tmx.read_bytes()
    code, _, err = run(capsys, "map", "resize", tmx, "--west", "1")
    assert code == 2 and err == f"motu: {tmx}: give --out OUT.yaml; the changed map is a scenario, not a .tmx file\n"
    assert tmx.read_bytes() == before


@pytest.mark.parametrize("argv", [["query"], ["frobnicate"], ["play", TIKI, "--games", "0"],
                                  ["import", MOOREA, "--rules", "tahiti", "--lagoon", "-1", "x.yaml"]])
def test_argument_errors_are_one_line_without_the_usage(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("motu: ") and err.count("\n") == 1 and "usage:" not in err
