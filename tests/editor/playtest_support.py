"""Helpers of the playtest tests: a table on a shipped scenario, and bots playing it for a while."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def table(qtbot, name, seed, options=None, show=False):
    from motu.engine.io.native import dumps, load_path
    from motu.editor.playtest.window import PlaytestWindow
    w = PlaytestWindow(dumps(load_path(os.path.join(ROOT, "scenarios", name))), seed=seed, options=options)
    qtbot.addWidget(w)
    if show:
        w.show()
        qtbot.waitExposed(w)
    return w


def bots_play(w, actions, bot="random"):
    """Every seat the bot; they play until `actions` actions are made or the game ends."""
    for box in w.seat_boxes:
        box.setCurrentText(bot)
    while len(w.session.actions) < actions and not w.session.state.is_terminal():
        w.step()
        w.wait_for_bot()
