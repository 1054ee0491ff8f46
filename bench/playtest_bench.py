"""Playtest budgets (issue 8): games per second with 1 and 2 worker processes for each playable rule set."""
from __future__ import annotations

import os
import time

from motu.engine.io.native import dumps, load_path
from motu.engine.resources import scenarios_dir
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.batch import BatchSpec, play_batch

# Each rule set's main scenario, and enough games that a run outlasts starting the worker processes.
GAMES = {"tiki": ("tiki.yaml", 6000), "pearls": ("pearls.yaml", 1600), "fern": ("fern-ambush.yaml", 60),
         "tahiti": ("tahiti.yaml", 24)}


def run() -> list[dict]:
    rows: list[dict] = []
    for rid, (name, games) in GAMES.items():
        rules = get_ruleset(rid)
        path = os.path.join(str(scenarios_dir()), name)
        if not rules.playable or not os.path.exists(path):
            continue
        s = load_path(path)
        spec = BatchSpec(dumps(s), (), seed=1)
        rates = {}
        for workers in (1, 2):
            t0 = time.perf_counter()
            play_batch(spec, games, workers=workers)
            rates[workers] = games / (time.perf_counter() - t0)
        rows.append({"issue": 8, "what": f"{name}: {games} random games, 1 worker", "median": rates[1], "unit": "games/s"})
        rows.append({"issue": 8, "what": f"{name}: {games} random games, 2 workers", "median": rates[2], "unit": "games/s",
                     "ratio": rates[2] / rates[1], "ratio_to": "1 worker"})
    return rows


# --- the playtest table (issue 14) ------------------------------------------------------------------
def _window(name: str, seed: int = 7):
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from motu.editor.playtest.window import PlaytestWindow
    w = PlaytestWindow(dumps(load_path(os.path.join(str(scenarios_dir()), name))), seed=seed)
    w.resize(1400, 900)
    w.show()
    app.processEvents()
    return app, w


def _frame_ms(app, w, repeat: int = 15) -> float:
    import statistics
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        w.view.viewport().repaint()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def table_rows() -> list[dict]:
    """A playtest frame with 200 counters on the map (zoomed so every counter is drawn with its texts),
    against the same frame without them; and the longest the GUI thread is kept from its event loop
    while bots play on their own (auto-play at full speed), timed by a 5 ms timer's late ticks."""
    from PySide6.QtCore import QElapsedTimer, QTimer
    app, w = _window("tahiti.yaml")
    st = w.session.state
    w.view.reset_zoom()
    w.view.centerOn(w.map_item.geo.bounds.center())
    app.processEvents()
    shown = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    cells = [c for c in w.map_item.geo.cells_in(shown) if st.b.land[c]] or list(range(st.b.size))
    kinds = ["militia", "fighters", "population", "clan_elder", "war_canoe"]
    while len(st.units) < 200:  # extra units in the hexes on screen, one to three a hex
        i = len(st.units)
        st.add_unit(kinds[i % len(kinds)], i % len(st.players), cells[(i * 7) % len(cells)])
    w._refresh()
    on_screen = sum(len(f) for c, f in w.map_item._faces_by_cell.items() if shown.contains(w.map_item.geo.centre(c)))
    with_counters = _frame_ms(app, w)
    w.map_item._faces_by_cell, saved = {}, w.map_item._faces_by_cell
    without = _frame_ms(app, w)
    w.map_item._faces_by_cell = saved
    rows = [{"issue": 14, "what": f"playtest frame at playing zoom, {on_screen} counters on screen", "median": with_counters, "unit": "ms",
             "budget": 16, "ratio": with_counters / max(without, 1e-6), "ratio_to": "the frame without counters"}]
    w.close()
    app, w = _window("tahiti.yaml", seed=3)
    w.view.reset_zoom()
    for box in w.seat_boxes:
        box.setCurrentText("heuristic")
    w.speed.setValue(0)
    w.step()  # the bots' worker process starts, and the first frame is painted, before the clock does:
    w.wait_for_bot()  # waiting here blocks the GUI thread by design (a test's helper), not while bots play
    app.processEvents()
    gaps = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick():
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(5)
    w.actions_["auto"].setChecked(True)
    w.toggle_auto()
    end = time.perf_counter() + 8
    while time.perf_counter() < end and not w.session.state.is_terminal():
        app.processEvents()
        time.sleep(0.001)
    timer.stop()
    w.stop_auto()
    moves = len(w.session.actions)
    w.wait_for_bot()
    w.close()
    worst = max(gaps) if gaps else 0.0
    rows.append({"issue": 14, "what": f"playtest: GUI thread's longest block, bots playing ({moves} actions in 8 s)",
                 "median": float(worst), "unit": "ms", "budget": 50})
    return rows


_batch_run = run


def run() -> list[dict]:  # noqa: F811 - the batches' rows, then the table's
    return _batch_run() + table_rows()
