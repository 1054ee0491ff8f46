"""`motu play`: bots per side, a report, clear errors."""
import json
import os

from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "resources", "rulesets", "tiki", "board.yaml")


def test_play_writes_a_report_and_names_the_bots(tmp_path, capsys):
    code = main(["play", TIKI, "--games", "6", "--ai", "second=mcts", "--seed", "2", "--workers", "1",
                 "--report", str(tmp_path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [x["bot"] for x in out["sides"]] == ["random", "mcts"]
    assert len(out["results"]) == 6
    assert os.path.exists(tmp_path / "report.html") and os.path.exists(tmp_path / "report.json")


def test_play_refuses_an_unknown_side_or_bot(capsys):
    assert main(["play", TIKI, "--ai", "purple=mcts"]) == 2
    assert "no side 'purple'" in capsys.readouterr().err
    assert main(["play", TIKI, "--ai", "first=genius"]) == 2
    assert "no bot 'genius'" in capsys.readouterr().err


def test_play_refuses_a_rule_set_that_cannot_be_played_yet(capsys):
    code = main(["play", os.path.join(ROOT, "scenarios", "example-hex.yaml"), "--games", "1"])
    assert code == 2 and "cannot be played yet" in capsys.readouterr().err
