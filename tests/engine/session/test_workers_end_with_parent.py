"""Worker processes end with the process that started them: `kill -9` of `motu play`, of a balance
report's pool as the editor starts it, or of a playtest window with a bot thinking leaves no
worker running (motu/engine/session/parent_watch.py)."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import psutil
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9 of a process tree, as on Linux and macOS")

# A pool of two workers playing long batches, as the editor's balance report starts it ("spawn"),
# or as `motu play` does (the platform's own start method, "fork" on Linux).
POOL = """
import sys
from motu.engine.io.native import load_path, dumps
from motu.engine.session.batch import BatchSpec, play_batches
import motu.engine.session.parent_watch as watch
if sys.argv[2] == "watch-only":  # the watching thread alone, as where there is no prctl
    watch._death_signal = lambda: None
spec = BatchSpec(dumps(load_path(sys.argv[1])), ("heuristic", "heuristic"))
play_batches([(spec, list(range(400)))], workers=2, start_method=sys.argv[3] or None)
"""

# A playtest window's bot process asked for a move by a bot that thinks long (its search made again
# and again: a move of a long game). The bot's process, spawned, runs this file as its main module too.
BOT = """
import sys, time
import motu.editor.playtest.bot_process as bot_process
_search = bot_process.choose
def think_long(actions, name, seed):
    for _ in range(10_000):
        action = _search(actions, name, seed)
    return action
bot_process.choose = think_long
if __name__ == "__main__":
    from PySide6.QtCore import QCoreApplication
    from motu.editor.playtest.bot_worker import BotProcess, BotSignals
    app = QCoreApplication([])
    bots = BotProcess(open(sys.argv[1], encoding="utf-8").read(), {}, BotSignals())
    bots.ask(1, [], "mcts", "seed")
    time.sleep(600)
"""


def _run_and_kill(argv, workers: int) -> list[psutil.Process]:
    """Start `argv`, wait for its `workers` worker processes to be at work, kill -9 it; its
    descendants still running a few seconds later."""
    env = {**os.environ, "PYTHONPATH": ROOT, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    me = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    while len(_workers(me)) < workers and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    kids = me.children(recursive=True)
    assert len(_workers(me)) >= workers, f"the workers started: {proc.stderr.read().decode() if proc.poll() else ''}"
    time.sleep(2)  # deep in their games (or the bot in its thinking)
    assert all(k.is_running() for k in kids), "the workers were still at work when their parent was killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    _, alive = psutil.wait_procs(kids, timeout=5)
    for k in alive:  # leave nothing behind, whatever the test says
        k.kill()
    return alive


def _workers(me: psutil.Process) -> list[psutil.Process]:
    """The parent's worker processes (a spawned pool's resource tracker is not one of them)."""
    out = []
    for k in me.children():
        try:
            if "resource_tracker" not in " ".join(k.cmdline()):
                out.append(k)
        except psutil.Error:
            pass
    return out


def test_kill_9_of_motu_play_leaves_no_worker_running(tmp_path):
    alive = _run_and_kill([sys.executable, "-m", "motu", "play", TAHITI, "--games", "400", "--workers", "2",
                           "--report", str(tmp_path)], workers=2)
    assert not alive, "motu play's workers outlived it"


def test_kill_9_of_a_balance_report_started_as_the_editor_does_leaves_no_worker_running():
    alive = _run_and_kill([sys.executable, "-c", POOL, FERN, "", "spawn"], workers=2)
    assert not alive, "the spawned workers outlived their parent"


def test_without_a_death_signal_the_workers_see_their_parent_gone_and_end():
    alive = _run_and_kill([sys.executable, "-c", POOL, FERN, "watch-only", ""], workers=2)
    assert not alive, "the watching thread did not end the workers"


def test_kill_9_of_a_playtest_with_a_bot_thinking_leaves_no_bot_process(tmp_path):
    script = tmp_path / "playtest_with_a_bot.py"
    script.write_text(BOT)
    alive = _run_and_kill([sys.executable, str(script), TAHITI], workers=1)
    assert not alive, "the bot's process outlived the playtest"
