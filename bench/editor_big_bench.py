"""Editor budgets on huge maps (issue 13): open + fit + first paint of a 1,000,000-cell hex map, and the
editor's peak memory after the bench's actions on the 100,000-cell and the 1,000,000-cell maps.

Each measure runs in a fresh child process (offscreen), so one map's memory never counts for the other:
the child opens the map through File > Open as a user would (the editor already running on a small
map), fits it, paints it, then zooms in, paints, brushes 20 cells zoomed in and zoomed out, and
validates; it reports the first timings and its own peak resident memory (VmHWM).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

from motu.engine.io.atomic import write_atomic
from motu.engine.io.native import dumps
from motu.engine.scenario.model import Scenario

from .big_map import big_hex_scenario, hex_scenario

_PROBE = r"""
import json, resource, sys, time
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication
app = QApplication([])
QStandardPaths.setTestModeEnabled(True)
from motu.editor.document import Document
from motu.editor.main_window import MainWindow
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.edits import PaintTerrain
w = MainWindow(Document(get_ruleset("tahiti").new_scenario("hex", 10, 10)), QSettings(sys.argv[2], QSettings.IniFormat))
w.resize(1400, 900); w.show(); app.processEvents()
t0 = time.perf_counter()
w.open_path(sys.argv[1]); w.view.viewport().repaint()
first = (time.perf_counter() - t0) * 1000
view, doc = w.view, w.document
grid = doc.scenario.grid
start = grid.size // 2 + grid.columns // 2
def stroke():
    c, cells = start, []
    for _ in range(20):
        cells.append(c); c = int(grid.neighbour_array[c][0])
    sid = doc.new_stroke()
    t = "jungle" if doc.scenario.terrain[start] != "jungle" else "clear"
    for cell in cells:
        doc.push(PaintTerrain((cell,), (t,)), sid)
    app.processEvents(); view.viewport().repaint()
view.reset_zoom(); view.centerOn(w.map_item.geo.centre(start)); view.viewport().repaint()
stroke()
view.fit(); view.viewport().repaint()
stroke()
w.problems.validate_now()
deadline = time.perf_counter() + 60
while w.problems.is_running() and time.perf_counter() < deadline:
    app.processEvents(); time.sleep(0.005)
app.processEvents()
# VmHWM: this process's own peak (ru_maxrss would count the parent's memory from before the exec).
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({"first_ms": first, "peak_mb": hwm / 1024}))
"""


def million_hex_scenario() -> Scenario:
    """A 1000x1000 hex map: 1,000,000 cells, 2,000 areas in four regions."""
    return hex_scenario(1000, 1000, (50, 40))


def _probe(path: str, tmp: str) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", _PROBE, path, os.path.join(tmp, "probe.ini")], capture_output=True,
                         text=True, env=env, check=True, timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(repeat: int = 3) -> list[dict]:
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, "big-100k.yaml")
        write_atomic(big, dumps(big_hex_scenario()))
        huge = os.path.join(tmp, "huge-1m.yaml")
        write_atomic(huge, dumps(million_hex_scenario()))
        r100 = [_probe(big, tmp) for _ in range(max(1, repeat // 2))]
        r1m = [_probe(huge, tmp) for _ in range(repeat)]
    rows.append({"issue": 13, "what": "open + fit + first paint, 1,000,000-cell hex map",
                 "median": statistics.median(r["first_ms"] for r in r1m), "unit": "ms", "budget": 1500})
    rows.append({"issue": 13, "what": "editor peak memory after the actions, 100k-cell map",
                 "median": statistics.median(r["peak_mb"] for r in r100), "unit": "MB", "budget": 300})
    rows.append({"issue": 13, "what": "editor peak memory after the actions, 1M-cell map",
                 "median": statistics.median(r["peak_mb"] for r in r1m), "unit": "MB", "budget": 800})
    return rows
