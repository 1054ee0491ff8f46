"""The GUI soak test: the real main window, in a child process under a real X server (Xvfb), driven by a
seeded random sequence of at least 2,000 user actions (tests/editor/soak_child.py). It passes only if
the child exits 0: no Python exception, no failed Python override reported by Qt, no crash. A crash
fails with the seed and the action that caused it. Where no X server can be had, it runs offscreen.

MOTU_SOAK_SEED and MOTU_SOAK_ACTIONS change the seed and the length (to replay a failure)."""
import os
import shutil
import subprocess
import sys

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "soak_child.py")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _command(seed: int, count: int) -> tuple[list[str], dict]:
    env = dict(os.environ)
    base = [sys.executable, CHILD, str(seed), str(count)]
    if shutil.which("xvfb-run") and shutil.which("xauth"):
        env["QT_QPA_PLATFORM"] = "xcb"
        return ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24 -nolisten tcp"] + base, env
    env["QT_QPA_PLATFORM"] = "offscreen"  # no X server on this machine: the same actions, offscreen
    return base, env


def test_gui_soak_two_thousand_seeded_actions(tmp_path):
    seed = int(os.environ.get("MOTU_SOAK_SEED", "1301"))
    count = int(os.environ.get("MOTU_SOAK_ACTIONS", "2000"))
    assert count >= 2000 or "MOTU_SOAK_ACTIONS" in os.environ
    cmd, env = _command(seed, count)
    home = tmp_path / "soak-home"
    home.mkdir()
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"), PYTHONPATH=ROOT)
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    actions = [line for line in proc.stdout.splitlines() if line.startswith("ACTION ")]
    last = actions[-1] if actions else "before the first action"
    crashed = proc.returncode < 0 or proc.returncode >= 128
    assert not crashed, (f"the editor crashed (exit {proc.returncode}) with seed {seed} at {last}\n"
                         f"replay: MOTU_SOAK_SEED={seed} pytest {__file__}\n{out[-4000:]}")
    assert proc.returncode == 0, f"seed {seed}: faults (last {last}):\n{out[-6000:]}"
    assert f"SOAK OK: seed {seed}, {count} actions" in proc.stdout
    assert len(actions) == count
