"""Arguments are checked before any work starts, and `motu play` can be stopped without losing
the games it has finished."""
import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


@pytest.mark.parametrize("argv, message", [
    (["new", "--rules", "tahiti", "--size", "0x0", "OUT"], "at least one column and one row"),
    (["new", "--rules", "tahiti", "--size=3xfour", "OUT"], "should be COLUMNSxROWS"),
    (["play", TIKI, "--games", "0"], "--games: '0': it must be a whole number from 1"),
    (["play", TIKI, "--workers", "0"], "--workers: '0'"),
    (["import", "x.geojson", "--rules", "tahiti", "--scale", "nan", "OUT"], "--scale: 'nan'"),
])
def test_impossible_arguments_exit_2_before_any_work(tmp_path, capsys, argv, message):
    argv = [str(tmp_path / "out.yaml") if a == "OUT" else a for a in argv]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "out.yaml")


def test_a_report_folder_that_cannot_be_written_is_refused_before_the_games(tmp_path, capsys, monkeypatch):
    import motu.engine.session.batch as batch
    monkeypatch.setattr(batch, "play_one", lambda *a: pytest.fail("a game was played"))
    a_file = tmp_path / "report.txt"
    a_file.write_text("")
    assert main(["play", TIKI, "--games", "3", "--report", str(a_file)]) == 2
    assert "not a folder" in capsys.readouterr().err
    assert main(["play", TIKI, "--games", "3", "--report", str(a_file / "below")]) == 2
    assert "cannot write there" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_one_line_within_five_seconds(capsys):
    start = time.monotonic()
    assert main(["play", TIKI, "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert time.monotonic() - start < 8
    err = capsys.readouterr().err
    assert err.startswith(f"motu: {TIKI}: --scheduler tcp://127.0.0.1:9: cannot reach a Dask scheduler") and err.count("\n") == 1


def test_an_interrupted_batch_reports_the_games_it_finished(tmp_path, capsys, monkeypatch):
    import motu.engine.session.batch as batch
    real = batch.play_one

    def play(spec, game):
        if game == 3:
            raise KeyboardInterrupt
        return real(spec, game)
    monkeypatch.setattr(batch, "play_one", play)
    assert main(["play", TIKI, "--games", "10", "--workers", "1", "--report", str(tmp_path), "--json"]) == 130
    out = json.loads(capsys.readouterr().out)
    assert out["interrupted"] and [r["game"] for r in out["results"]] == [0, 1, 2]
    assert len(json.load(open(tmp_path / "report.json"))["results"]) == 3


def test_sigterm_ends_motu_play_and_its_workers_within_two_seconds(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "motu", "play", TAHITI, "--games", "400", "--workers", "2",
                             "--report", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    me = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    while len(me.children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    workers = me.children()
    assert len(workers) == 2, "the workers started"
    time.sleep(1)
    proc.send_signal(signal.SIGTERM)
    start = time.monotonic()
    out, err = proc.communicate(timeout=10)
    assert time.monotonic() - start < 2.0
    gone, alive = psutil.wait_procs(workers, timeout=0.5)
    assert not alive, "no worker outlives motu play"
    assert proc.returncode == 130 and "Traceback" not in err
    assert "interrupted" in out + err
