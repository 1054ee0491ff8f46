"""`motu balance`: a sweep from the command line, extended later; bad --vary refused with exit 2."""
import json
import os

from motu.engine.rules.registry import get_ruleset
from motu.engine.session.report import default_bot
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")


def test_balance_writes_the_sweep_and_extends_it(tmp_path, capsys):
    out = tmp_path / "sweep"
    code = main(["balance", TIKI, "--vary", "fruits_to_win=3,4", "--games", "3", "--workers", "1", "--ai",
                 "second=random", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "nearest to even" in text
    first = json.load(open(out / "sweep.json"))
    assert [e["games"] for e in first["settings"]] == [3, 3]
    assert first["bots"] == [default_bot(get_ruleset("tiki")), "random"]
    assert os.path.getsize(out / "sweep.png") > 1000 and "sweep.png" in open(out / "sweep.html").read()
    code = main(["balance", TIKI, "--extend", str(out / "sweep.json"), "--games", "2", "--workers", "1",
                 "--ai", "second=random", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and [e["games"] for e in data["settings"]] == [5, 5]
    assert [e["winners"][:3] for e in data["settings"]] == [e["winners"] for e in first["settings"]]


def test_bad_vary_is_refused_with_one_message_and_exit_2(tmp_path, capsys):
    assert main(["balance", TIKI, "--vary", "fruit_to_win=3,4", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "names neither an option of Tiki" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["balance", TIKI, "--vary", "fruits_to_win=3", "--vary", "fruits_to_win=4"]) == 2
    assert "the same PATH twice" in capsys.readouterr().err
    assert main(["balance", TIKI, "--out", str(tmp_path)]) == 2
    assert "at least one --vary" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "sweep.json")


def test_extend_refuses_another_sweeps_bots(tmp_path, capsys):
    main(["balance", TIKI, "--vary", "fruits_to_win=3,4", "--games", "1", "--workers", "1", "--out", str(tmp_path)])
    capsys.readouterr()
    assert main(["balance", TIKI, "--extend", str(tmp_path / "sweep.json"), "--ai", "first=random"]) == 2
    balance = default_bot(get_ruleset("tiki"))
    assert f"the sweep's bots are {balance}, {balance}" in capsys.readouterr().err


def test_play_until_ci_and_matrix_from_the_command_line(tmp_path, capsys):
    code = main(["play", TIKI, "--games", "10", "--until-ci", "0.2", "--cap", "60", "--workers", "1", "--ai",
                 "first=random", "--ai", "second=random", "--report", str(tmp_path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["stopping"]["reached"] and data["games"] % 10 == 0
    assert main(["play", TIKI, "--until-ci", "0.7"]) == 2
    assert "between 0 and 0.5" in capsys.readouterr().err
