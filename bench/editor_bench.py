"""Editor budgets (issue 4), through the real widgets offscreen, on a 100,000-cell hex map."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from motu.engine.io.atomic import write_atomic
from motu.engine.io.native import dumps

from .big_map import big_hex_scenario


def _ms(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def _median(fn, repeat: int) -> float:
    return statistics.median(_ms(fn) for _ in range(repeat))


def _window(path: str):
    from PySide6.QtCore import QSettings, QStandardPaths

    from motu.editor.document import Document
    from motu.editor.main_window import MainWindow
    QStandardPaths.setTestModeEnabled(True)
    settings = QSettings(os.path.join(tempfile.gettempdir(), "motu-bench.ini"), QSettings.IniFormat)
    w = MainWindow(Document.open(path), settings)
    w.resize(1400, 900)
    return w


def run(repeat: int = 15) -> list[dict]:
    from PySide6.QtWidgets import QApplication

    from motu.engine.scenario.edits import PaintTerrain

    app = QApplication.instance() or QApplication([])
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.yaml")
        write_atomic(path, dumps(big_hex_scenario()))

        # The editor is running (on a small map); File > Open of the big map, until its first paint.
        small = os.path.join(tmp, "small.yaml")
        from motu.engine.rules.registry import get_ruleset
        write_atomic(small, dumps(get_ruleset("tahiti").new_scenario("hex", 10, 10)))
        w = _window(small)
        w.show()
        app.processEvents()
        view = w.view

        def open_and_paint():
            w.open_path(path)
            view.viewport().repaint()

        first = _ms(open_and_paint)
        rows.append({"issue": 4, "what": "open 100k-cell map and first paint", "median": first, "unit": "ms", "budget": 2000})
        view.fit()
        whole = _median(view.viewport().repaint, repeat)
        rows.append({"issue": 4, "what": "whole-map frame (cached chunks)", "median": whole, "unit": "ms", "budget": 16})
        view.reset_zoom()
        view.centerOn(w.map_item.geo.centre(w.document.scenario.grid.size // 2 + 158))
        zoomed = _median(view.viewport().repaint, repeat)
        rows.append({"issue": 4, "what": "zoomed-in frame (vector cells)", "median": zoomed, "unit": "ms", "budget": 16})
        grid = w.document.scenario.grid
        start = grid.size // 2 + 158

        def stroke(zoom_out: bool):
            cells = []
            c = start
            for _ in range(20):
                cells.append(c)
                c = grid.neighbours(c)[0]
            stroke_id = w.document.new_stroke()
            terrain = "jungle" if w.document.scenario.terrain[start] != "jungle" else "clear"
            for cell in cells:
                w.document.push(PaintTerrain((cell,), (terrain,)), stroke_id)
            # The repaint the edit scheduled: only the region its cells cover, as in the running editor.
            app.processEvents()

        brush_in = _median(lambda: stroke(False), repeat)
        rows.append({"issue": 4, "what": "brush stroke of 20 cells + its repaint, zoomed in", "median": brush_in,
                     "unit": "ms", "budget": 30})
        view.fit()
        view.viewport().repaint()
        brush_out = _median(lambda: stroke(True), repeat)
        rows.append({"issue": 4, "what": "brush stroke of 20 cells + its repaint, whole map", "median": brush_out,
                     "unit": "ms", "budget": 30})
        # Live validation: only the snapshot and the result's display run on the GUI thread.
        problems = w.problems
        starts = []
        for _ in range(5):
            starts.append(_ms(problems.validate_now))
            deadline = time.perf_counter() + 10
            while problems.is_running() and time.perf_counter() < deadline:
                app.processEvents()
                time.sleep(0.002)
        findings = w.document.rules.validate(w.document.scenario)
        t0 = time.perf_counter()
        problems._done(problems._generation, findings, 0.0)
        show = (time.perf_counter() - t0) * 1000
        rows.append({"issue": 4, "what": "validation: GUI-thread time to start a check", "median": statistics.median(starts),
                     "unit": "ms", "budget": 100})
        rows.append({"issue": 4, "what": f"validation: GUI-thread time to show {len(findings)} findings", "median": show,
                     "unit": "ms", "budget": 100})
        w.document.undo_stack.setClean()
        w.close()
        rows.append({"issue": 4, "what": "editor resident memory, 100k-cell map open and painted",
                     "median": _editor_resident_mb(path), "unit": "MB", "budget": 500})
    rows += _bundled_actions(app)
    return rows


def _bundled_actions(app) -> list[dict]:
    """On the bundled maps every action answers within 50 ms: the slowest of a round of actions."""
    from motu.engine.resources import scenarios_dir
    from motu.engine.scenario.edits import PaintTerrain
    out = []
    for name in ("tahiti.yaml", "tahiti-moorea.yaml", "example-square.yaml"):
        path = os.path.join(str(scenarios_dir()), name)
        if not os.path.exists(path):
            continue
        w = _window(path)
        w.show()
        app.processEvents()
        view = w.view
        s = w.document.scenario
        cell = s.grid.size // 2
        terrain = next(iter(w.map_item.catalogue.terrain))
        actions = {
            "fit": view.fit,
            "paint": lambda: (w.document.push(PaintTerrain((cell,), (terrain,))), view.viewport().repaint()),
            "undo": lambda: (w.document.undo_stack.undo(), view.viewport().repaint()),
            "zoom": lambda: (view.zoom_at(1.25, view.viewport().rect().center().toPointF()), view.viewport().repaint()),
            "measure": lambda: w.tools["measure"].measure(cell, (cell + 7) % s.grid.size),
            "select all": w.select_all,
        }
        times = {k: _median(fn, 5) for k, fn in actions.items()}
        worst = max(times, key=times.get)
        out.append({"issue": 4, "what": f"slowest editor action on {name} ({worst})", "median": times[worst],
                    "unit": "ms", "budget": 50})
        w.document.undo_stack.setClean()
        w.close()
    return out


_PROBE = """
import os, resource, sys
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication
app = QApplication([])
QStandardPaths.setTestModeEnabled(True)
from motu.editor.document import Document
from motu.editor.main_window import MainWindow
w = MainWindow(Document.open(sys.argv[1]), QSettings(sys.argv[1] + '.ini', QSettings.IniFormat))
w.resize(1400, 900); w.show(); app.processEvents(); w.view.fit(); w.view.viewport().repaint()
w.view.reset_zoom(); w.view.viewport().repaint()
# VmHWM is this process's own peak; ru_maxrss would count the parent's memory from before the exec.
print(next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM")) / 1024)
"""


def _editor_resident_mb(path: str) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", _PROBE, path], capture_output=True, text=True, env=env, check=True)
    return float(out.stdout.strip().splitlines()[-1])
