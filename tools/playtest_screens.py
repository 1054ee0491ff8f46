"""Mid-game playtests as a player sees them, for `make screenshots` (tools/screenshots.py) and by hand.

Each shipped playable scenario is played by bots on a fixed seed to a point in the middle of the
game where the first seat, now a human, is to move; a stack of his is picked (the stack panel
fills, where it can go lights up) and the pointer rests on it (the stack fans out). Run alone:
    QT_QPA_PLATFORM=xcb xvfb-run -a .venv/bin/python tools/playtest_screens.py [NAME...]
"""
from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from PySide6.QtWidgets import QApplication  # noqa: E402

# name -> (scenario file, bots, actions to play first, seats that are human at the end[, this turn's
# conditions set by hand, to show how the map draws them])
SHOTS = {
    "playtest-tahiti": ("scenarios/tahiti.yaml", "random", 260, (0,)),
    "playtest-tahiti-storm": ("scenarios/tahiti.yaml", "random", 260, (0,), {"storm": "coastal", "rain": 2, "truce": True}),
    "playtest-tahiti-moorea": ("scenarios/tahiti-moorea.yaml", "random", 200, (0,)),
    "playtest-fern-ambush": ("scenarios/fern-ambush.yaml", "heuristic", 60, (0,)),
    "playtest-fern-pa-assault": ("scenarios/fern-pa-assault.yaml", "heuristic", 60, (1,)),
    "playtest-tiki": ("scenarios/tiki.yaml", "random", 16, (0,)),
    "playtest-pearls": ("scenarios/pearls.yaml", "random", 40, (0,)),
}


def pump(app, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def play_to(w, actions: int, humans: tuple[int, ...], bot: str) -> None:
    """Bots play until `actions` actions are made and a human seat's turn comes; then those seats are human."""
    for box in w.seat_boxes:
        box.setCurrentText(bot)
    s = w.session
    for _ in range(20000):
        st = s.state
        if st.is_terminal():
            break
        if len(s.actions) >= actions and st.current_player() in humans:
            break
        w.step()
        w.wait_for_bot()
    for p in humans:
        w.seat_boxes[p].setCurrentText("human")


def own_stack(w) -> int | None:
    """The biggest stack the seat to move can move (else any stack of his)."""
    st = w.session.state
    moves = [st.action_cells(a)[0] for a in st.legal_actions()]
    sizes = {c: len(w.map_item.stack_faces(c)) for c in moves if c is not None}
    if not sizes:  # a game whose moves name only their targets: the biggest stack drawn
        sizes = {c: len(f) for c, f in w.map_item._faces_by_cell.items()}
    return max(sizes, key=sizes.get) if sizes else None


def playtest(app, name: str, out_dir: str) -> str | None:
    from motu.engine.io.native import load_path, dumps
    from motu.editor.playtest.window import PlaytestWindow
    path, bot, n, humans, *more = SHOTS[name]
    scenario = load_path(os.path.join(ROOT, path))
    w = PlaytestWindow(dumps(scenario), seed=11)
    w.resize(1560, 960)
    w.move(0, 0)
    w.show()
    pump(app, 0.5)
    play_to(w, n, humans, bot)
    if more:  # a storm, rain, truce… as the events would set them (st.cond), drawn on the map
        w.session.state.cond.update(more[0])
        w._refresh()
    if w.curtain.down:
        w.curtain.button.click()
    pump(app, 0.3)
    if w.board is None:
        cell = own_stack(w)
        if cell is not None:
            w.click_cell(cell)
            centre = w.map_item.geo.centre(cell)
            w.view.reset_zoom()
            zoom = 3.0 if w.scenario.grid.size > 5000 else 1.0
            w.view.scale(zoom, zoom)
            w.view.centerOn(centre)
            pump(app, 0.2)
            w.map_item.hover_cell = cell
            w.map_item.update()
    pump(app, 0.8)
    target = os.path.join(out_dir, f"{name}.png")
    image = w.grab() if app.platformName() == "offscreen" else w.screen().grabWindow(w.winId())
    image.save(target)
    print(target)
    w.stop_auto()
    w.close()
    app.processEvents()
    return target


def main(argv: list[str] | None = None) -> int:
    app = QApplication.instance() or QApplication([])
    os.environ["MOTU_NO_ERROR_DIALOG"] = "1"
    out_dir = os.path.join(ROOT, "docs", "screenshots")
    os.makedirs(out_dir, exist_ok=True)
    names = (argv if argv is not None else sys.argv[1:]) or list(SHOTS)
    for name in names:
        playtest(app, name, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
