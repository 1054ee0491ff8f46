"""Scenario designer budgets (issue 19): the Forces dock on a Fire in the Fern! scenario of 2,000 pieces.

Opening: a Forces dock made on the open scenario until its tree is painted (< 200 ms).
Drag to reassign: a unit dropped on another leader, the Edit pushed, the tree rebuilt and
painted again (< 50 ms); and, without a budget of its own, the whole turn of the event loop
that follows, the map's repaint of its pieces included. Through the real widgets offscreen;
the ratio is to building the order of battle in the engine alone, measured in the same run.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench forces_bench
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time

from motu.engine.board.grids import SquareGrid
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import CellFeature, Piece, Scenario, Side


def big_fern_scenario(pieces: int = 2000) -> Scenario:
    """Two forces, each a C-in-C over senior officers over leaders and their units (about `pieces` in all)."""
    grid = SquareGrid(60, 40)
    s = Scenario("fern", grid, ["open"] * grid.size, title="A big order of battle")
    s.sides = {"british": Side("british", "British", "#b22222"), "maori": Side("maori", "Maori", "#2f4f4f")}
    s.features = [CellFeature("base_edge", (grid.rows - 1) * grid.columns + c, "british") for c in range(grid.columns)]
    s.victory = {"turns": 12}
    per_side = pieces // 2
    for side, kind, rows in (("british", "regulars", range(grid.rows - 1, grid.rows)), ("maori", "warriors", range(0, 30))):
        cells = [r * grid.columns + c for r in rows for c in range(grid.columns)]
        n = 0

        def put(pid, k, cell, count=1, name="", **props):
            nonlocal n
            s.pieces[pid] = Piece(pid, k, side, cell, count, name or pid, props)
            n += 1
        put(f"{side}-cic", "c_in_c", cells[0])
        senior = 0
        while n + 2 <= per_side:
            if senior == 0 or (n - 1) % 50 == 0:
                senior += 1
                put(f"{side}-so{senior}", "senior_officer", cells[senior % len(cells)], superior=f"{side}-cic")
                continue
            u = n
            cell = cells[u % len(cells)]
            put(f"{side}-u{u}", kind, cell, 8, f"{side} unit {u}", leader=f"{side}-l{u}")
            put(f"{side}-l{u}", "leader", cell, 1, f"{side} leader {u}", unit=f"{side}-u{u}",
                superior=f"{side}-so{senior}")
    return s


def _ms(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def run(repeat: int = 9) -> list[dict]:
    from PySide6.QtCore import QSettings, QStandardPaths
    from PySide6.QtWidgets import QApplication

    from motu.editor.docks.forces import ForcesDock
    from motu.editor.document import Document
    from motu.editor.main_window import MainWindow
    from motu.engine.scenario.forces import OrderOfBattle

    app = QApplication.instance() or QApplication([])
    QStandardPaths.setTestModeEnabled(True)
    s = big_fern_scenario()
    rules = get_ruleset("fern").piece_rules
    engine_tree = statistics.median(_ms(lambda: OrderOfBattle(rules, s)) for _ in range(repeat))
    settings = QSettings(os.path.join(tempfile.gettempdir(), "motu-forces-bench.ini"), QSettings.IniFormat)
    w = MainWindow(Document(s), settings)
    w.resize(1400, 900)
    w.show()
    app.processEvents()
    docks = []

    def open_dock():
        s.cache.clear()  # as on a scenario just opened: nothing derived yet
        dock = ForcesDock(w, w)
        docks.append(dock)
        w.addDockWidget(w.dockWidgetArea(w.forces), dock)
        dock.show()
        dock.tree.viewport().repaint()
    opens = []
    for _ in range(repeat):
        opens.append(_ms(open_dock))
        d = docks.pop()
        w.removeDockWidget(d)
        d.deleteLater()
        app.processEvents()
    dock = w.forces
    dock.show()
    dock.raise_()
    app.processEvents()
    leaders = [p.id for p in s.pieces.values() if p.kind == "leader" and p.side == "british"]
    units = [p.id for p in s.pieces.values() if p.kind == "regulars"]
    drags, turns = [], []
    for i in range(repeat):
        unit, target = units[2 * i], leaders[-1 - i]

        def drag():
            assert dock.drop([unit], target)
            dock.refresh()  # what the dock's timer does once the event loop turns
            dock.tree.viewport().repaint()
        drags.append(_ms(drag))
        unit, target = units[2 * i + 1], leaders[-1 - i]

        def drag_and_turn():
            assert dock.drop([unit], target)
            app.processEvents()  # the dock's rebuild and every other view's repaint, as in the editor
            dock.tree.viewport().repaint()
        turns.append(_ms(drag_and_turn))
    rows = [
        {"issue": 19, "what": f"Forces dock, {len(s.pieces)} pieces: open and first paint",
         "median": statistics.median(opens), "unit": "ms", "budget": 200,
         "ratio": statistics.median(opens) / engine_tree, "ratio_to": "order of battle in the engine"},
        {"issue": 19, "what": f"Forces dock, {len(s.pieces)} pieces: drag to reassign, tree answers",
         "median": statistics.median(drags), "unit": "ms", "budget": 50,
         "ratio": statistics.median(drags) / engine_tree, "ratio_to": "order of battle in the engine"},
        {"issue": 19, "what": f"Forces dock, {len(s.pieces)} pieces: drag, whole event-loop turn (map too)",
         "median": statistics.median(turns), "unit": "ms",
         "ratio": statistics.median(turns) / engine_tree, "ratio_to": "order of battle in the engine"},
    ]
    w.document.undo_stack.setClean()
    w.close()
    return rows


if __name__ == "__main__":
    for r in run():
        print(r)
