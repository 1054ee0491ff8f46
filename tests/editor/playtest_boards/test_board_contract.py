"""The contract between the playtest window and its boards (motu/editor/playtest/boards/__init__.py):
make_board for the rule sets drawn here and None for the others, show() with and without a
state, a board that cannot draw a state says so instead of raising, the table fits any size."""
import random

from board_clicks import make, new_game, roll
from PySide6.QtCore import QRect

from motu.editor.playtest.boards import BoardWidget, make_board


def test_make_board_draws_tiki_and_pearls_and_leaves_the_others_to_the_map(qtbot):
    for rs in ("tiki", "pearls"):
        board = make_board(rs, None)
        qtbot.addWidget(board)
        assert isinstance(board, BoardWidget) and board.ruleset_id == rs
        assert hasattr(board, "action_chosen")
    assert make_board("tahiti", None) is None and make_board("fern", None) is None


def test_show_without_a_state_is_the_widget_s_show(qtbot):
    board = make_board("tiki", None)
    qtbot.addWidget(board)
    board.show()
    qtbot.waitExposed(board)
    assert board.isVisible() and board.state is None and not board.scene.items()


class Broken:
    def observation(self, seat):
        return self

    def is_terminal(self):
        raise RuntimeError("no such game")


def test_a_state_the_board_cannot_draw_is_a_line_of_text_not_an_exception(qtbot):
    for rs in ("tiki", "pearls"):
        board = make(qtbot, rs)
        board.show(Broken(), 0, [1, 2])
        assert board.error and board.error.startswith("This table cannot be drawn")
        assert board.items == {}


def test_the_table_fits_the_widget_at_any_size(qtbot):
    rng = random.Random(1)
    for rs in ("tiki", "pearls"):
        board = make(qtbot, rs)
        state = new_game(rs)
        for _ in range(20):
            roll(state, rng)
            state.apply_action(rng.choice(state.legal_actions()))
        roll(state, rng)
        board.show(state, 0, state.legal_actions())
        for w, h in ((520, 380), (1600, 1000), (900, 1200)):
            board.resize(w, h)
            qtbot.wait(10)
            drawn = board.view.mapFromScene(board.scene.itemsBoundingRect()).boundingRect()
            assert board.view.viewport().rect().adjusted(-2, -2, 2, 2).contains(drawn), (rs, w, h, drawn)
            # and it is not drawn tiny: it fills the viewport in one direction
            vp = board.view.viewport().rect()
            assert drawn.width() > 0.8 * vp.width() or drawn.height() > 0.8 * vp.height()
