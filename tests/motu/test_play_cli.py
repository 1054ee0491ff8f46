"""`motu play`: bots per side, a report, clear errors."""
import json
import os

from motu.engine.rules.registry import get_ruleset
from motu.engine.session.report import default_bot
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "motu", "resources", "rulesets", "tiki", "board.yaml")


def test_play_writes_a_report_and_names_the_bots(tmp_path, capsys):
    code = main(["play", TIKI, "--games", "4", "--ai", "second=greedy", "--seed", "2", "--workers", "1",
                 "--report", str(tmp_path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    balance = default_bot(get_ruleset("tiki"))
    assert [x["bot"] for x in out["sides"]] == [balance, "greedy"]  # unnamed sides: the balance bot
    assert len(out["results"]) == 4
    assert os.path.exists(tmp_path / "report.html") and os.path.exists(tmp_path / "report.json")


def test_play_refuses_an_unknown_side_or_bot(capsys):
    assert main(["play", TIKI, "--ai", "purple=mcts"]) == 2
    assert "no side 'purple'" in capsys.readouterr().err
    assert main(["play", TIKI, "--ai", "first=genius"]) == 2
    assert "no bot 'genius'" in capsys.readouterr().err


def test_play_refuses_a_scenario_with_validation_errors(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(open(TIKI).read().replace("'v13': {value: 2}", "'v13': {value: 7}"))
    code = main(["play", str(bad), "--games", "1"])
    assert code == 2 and "validation errors" in capsys.readouterr().err
