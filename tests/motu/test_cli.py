"""The `motu` command: text for people, JSON for scripts, exit codes 0 / 1 / 2."""
import json
import os
import shutil

import pytest

from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")
SQUARE = os.path.join(ROOT, "scenarios", "example-square.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    return code, json.loads(out)


def test_info_json_shape(capsys):
    code, data = run_json(capsys, "info", HEX)
    assert code == 0
    assert data["ruleset"] == "tahiti"
    assert data["grid"] == {"shape": "hex", "columns": 12, "rows": 10}
    assert data["cells"] == 120 and data["pieces"] == 6
    assert data["regions"] == ["north", "south"]
    assert data["areas"][0] == {"id": "west", "name": "Westbay", "region": "north", "island": "example", "cells": 15}
    assert {a["id"] for a in data["areas"]} == {"west", "east", "south"}


def test_json_flag_before_the_command_works_too(capsys):
    code, out, _ = run(capsys, "--json", "info", SQUARE)
    assert code == 0 and json.loads(out)["grid"]["shape"] == "square"


def test_info_text_lists_areas_by_name(capsys):
    code, out, _ = run(capsys, "info", HEX)
    assert code == 0 and "Westbay (west): 15 cells, region north, island example" in out


def test_validate_clean_file(capsys):
    code, data = run_json(capsys, "validate", HEX)
    assert code == 0 and data["errors"] == 0 and data["findings"] == []


def test_validate_reports_findings_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    text = open(HEX).read().replace("kind: war_canoe, side: red, cell: '0303'", "kind: war_canoe, side: red, cell: '0505'")
    bad.write_text(text)
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    assert f"{bad}:0505: PIECE_BAD_TERRAIN error" in out
    # The canoe also left Red's set-up zone: two errors, one line each, then the summary.
    assert f"{bad}:0505: PIECE_OUTSIDE_ZONE error" in out
    assert out.strip().splitlines()[-1] == f"{bad}: 2 errors, 0 warnings"
    code, data = run_json(capsys, "validate", str(bad))
    f = [f for f in data["findings"] if f["code"] == "PIECE_BAD_TERRAIN"][0]
    assert f["cells"] == ["0505"] and f["severity"] == "error" and f["areas"] == []
    assert set(data) >= {"errors", "warnings", "findings"}


def test_validate_places_a_property_of_the_wrong_type_by_line_and_column(tmp_path, capsys):
    # A region's marae_limit is declared a whole number (Tahiti's catalogue, record_props):
    # `one` is a finding placed where the value stands in the file, as a load error would be.
    bad = tmp_path / "bad.yaml"
    text = open(HEX).read()
    assert "props: {marae_limit: 1}}" in text
    text = text.replace("props: {marae_limit: 1}}", "props: {marae_limit: one}}")
    bad.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "marae_limit: one" in t)
    column = text.splitlines()[line - 1].index("one") + 1
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    assert (f"{bad}:{line}:{column}: RECORD_PROP_TYPE error Full Maraes the region may hold (15.8): "
            "region North has marae_limit 'one'; it should be a whole number") in out
    code, data = run_json(capsys, "validate", str(bad))
    [f] = data["findings"]
    assert (f["line"], f["column"], f["path"]) == (line, column, ["regions", 0, "props", "marae_limit"])
    # without the file (the editor's Problems dock), the finding is placed at its region
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    s = load_path(str(bad))
    [finding] = get_ruleset(s.ruleset).validate(s)
    assert finding.where(s) == "North" and finding.record(s) == "North"


def test_query_distance_neighbours_los(capsys):
    assert run(capsys, "query", HEX, "distance", "0101", "0505")[1].strip() == "6"
    code, data = run_json(capsys, "query", HEX, "neighbours", "0303")
    assert data["neighbours"] == ["0403", "0402", "0302", "0202", "0203", "0304"]
    # 1,1 to 4,4 on the square example: an open diagonal
    assert run(capsys, "query", SQUARE, "los", "1,1", "3,3")[1].strip() == "visible"
    # bush at 5,1..6,1 blocks a line along row 1
    assert run(capsys, "query", SQUARE, "los", "4,1", "8,1")[1].strip() == "blocked"


def test_query_reach_json(capsys):
    code, data = run_json(capsys, "query", HEX, "reach", "0404", "--mp", "2", "--unit", "population")
    assert code == 0
    cells = data["cells"]
    assert cells["0404"] == 0
    assert cells["0405"] == 1          # clear
    assert cells["0505"] == 2          # jungle costs 2
    assert "0606" not in cells         # mountain costs 3
    assert all(v <= 2 for v in cells.values())


def test_query_path_and_unreachable(capsys):
    code, data = run_json(capsys, "query", SQUARE, "path", "1,8", "1,1", "--unit", "regulars")
    assert code == 0 and data["path"][0] == "1,8" and data["path"][-1] == "1,1"
    assert data["cost"] >= 7
    code, out, _ = run(capsys, "query", HEX, "path", "0404", "0101", "--unit", "population")
    assert code == 1 and out.strip() == "unreachable"


def test_query_control(capsys):
    code, data = run_json(capsys, "query", HEX, "control")
    assert code == 0 and set(data["areas"]) == {"west", "east", "south"}


def test_new_creates_each_kind_of_board(tmp_path, capsys):
    for rules, extra in (("tahiti", ["--grid", "hex", "--size", "40x30"]), ("fern", ["--size", "12x8"]),
                         ("tiki", []), ("pearls", [])):
        out = tmp_path / f"{rules}.yaml"
        code, data = run_json(capsys, "new", "--rules", rules, *extra, str(out))
        assert code == 0 and out.exists()
        code, info = run_json(capsys, "info", str(out))
        assert info["ruleset"] == rules
    assert run_json(capsys, "info", str(tmp_path / "tahiti.yaml"))[1]["cells"] == 1200


def test_new_refuses_to_overwrite(tmp_path, capsys):
    out = tmp_path / "x.yaml"
    out.write_text("keep me")
    code, _, err = run(capsys, "new", "--rules", "fern", str(out))
    assert code == 2 and "exists" in err and out.read_text() == "keep me"


@pytest.mark.parametrize("argv, needle", [
    (["info", "/no/such/file.yaml"], "no such file"),
    (["query", HEX, "distance", "0101", "9999"], "off the map"),
    (["query", HEX, "reach", "0404", "--unit", "village", "--mp", "3"], "not a moving piece"),
    (["query", HEX, "reach", "0404", "--side", "purple", "--mp", "3"], "no side 'purple'"),
    (["new", "--rules", "chess", "x.yaml"], "unknown rule set"),
    (["new", "--rules", "fern", "--size", "big", "x.yaml"], "COLUMNSxROWS"),
    (["frobnicate"], ""),
])
def test_usage_errors_exit_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_load_error_as_json(tmp_path, capsys):
    p = tmp_path / "bad.yaml"
    p.write_text("motu: 1\nruleset: chess\nmap: {}\n")
    code, out, err = run(capsys, "info", str(p), "--json")
    assert code == 2
    e = json.loads(out)["error"]
    assert e["file"] == str(p) and e["line"] >= 1 and "message" in e


def test_rules_lists_and_describes(capsys):
    code, data = run_json(capsys, "rules")
    assert [r["id"] for r in data["rulesets"]][:4] == ["tahiti", "fern", "tiki", "pearls"]
    code, out, _ = run(capsys, "rules", "tahiti")
    assert "rule_15_7_portage" in out and "[rule 15.7]" in out


def test_help_for_every_command(capsys):
    for cmd in ("info", "validate", "new", "rules", "query"):
        with pytest.raises(SystemExit) as e:
            from motu.cli import build_parser
            build_parser().parse_args([cmd, "--help"])
        assert e.value.code == 0
    assert main(["--help"]) == 0
