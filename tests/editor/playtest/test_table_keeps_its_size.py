"""The playtest table keeps its size: the result at a game's end takes the room of the panel and the
legal actions (scrolling there), and a stack's buttons wrap in the stack panel, so neither the window
nor a dock grows on its own."""
import os
import sys

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget, QPushButton

sys.path.insert(0, os.path.dirname(__file__))

from playtest_support import table  # noqa: E402
from table_games import finished_record  # noqa: E402


def shown(qtbot, name, seed, options=None):
    w = table(qtbot, name, seed, options, show=True)
    w.resize(1400, 900)
    QApplication.processEvents()
    return w


@pytest.mark.parametrize("name, options", [("tahiti.yaml", {"turn_limit": 3}), ("fern-ambush.yaml", None),
                                           ("tiki.yaml", None)], ids=["tahiti", "fern", "tiki"])
def test_the_result_fits_the_table_and_the_window_keeps_its_size(qtbot, tmp_path, name, options):
    w = shown(qtbot, name, 5, options)
    size = w.size()
    assert w.load_game(finished_record(w, tmp_path, 5))
    QApplication.processEvents()
    assert w.session.state.is_terminal() and w.result_panel.isVisible()
    assert w.size() == size, "the end of the game does not make the window grow"
    assert w.minimumSizeHint().height() <= size.height()
    assert w.result_panel.save.isVisible(), "Save game record stays in sight under the scrolling rows"
    assert "Winner" in w.result_panel.text()
    for value in w.result_panel.rows.values:  # every row's whole text is there, if not all of it shows
        assert value.toolTip() == value.full


def test_the_game_panel_and_the_legal_actions_come_back_when_the_game_is_taken_back(qtbot, tmp_path):
    w = shown(qtbot, "tiki.yaml", 5)
    assert w.load_game(finished_record(w, tmp_path, 5))
    w.undo()
    QApplication.processEvents()
    assert not w.session.state.is_terminal()
    assert w.panel.isVisible() and w.legal.isVisible() and not w.result_panel.isVisible()


def test_auto_play_ends_with_the_game(qtbot, tmp_path):
    w = shown(qtbot, "fern-ambush.yaml", 5)
    auto, step = w.actions_["auto"], w.actions_["step"]
    assert auto.isChecked() and auto.isEnabled()
    assert w.load_game(finished_record(w, tmp_path, 5))
    assert not auto.isChecked() and not auto.isEnabled() and not step.isEnabled(), "nothing is left to play"


def test_the_stack_dock_keeps_its_width_when_a_stack_offers_a_button(qtbot):
    w = shown(qtbot, "tahiti.yaml", 7)  # seed 7: Red, the human, moves first
    state = w.session.state
    assert w.seat(state.current_player()) == "human"
    dock = w.findChild(QDockWidget, "playtestStackDock")
    width = dock.width()
    cell = next(state.action_cells(a)[0] for a in state.legal_actions() if state.action_cells(a)[0] is not None)
    w.click_cell(cell)
    QApplication.processEvents()
    buttons = [b for b in w.stack_panel.findChildren(QPushButton)
               if b.isVisible() and getattr(b, "full", b.text()).startswith("Choose which units on")]
    assert buttons, "the human's stack offers to choose which units move together"
    assert dock.width() == width, "the dock does not widen for the button's words"
    assert buttons[0].width() <= w.stack_panel.width() and "\n" in buttons[0].text(), "the words wrap instead"
