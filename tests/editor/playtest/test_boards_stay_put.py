"""The Tiki and Tahiti pearls tables stay put from move to move (motu/editor/playtest/boards): the board's
scale and frame, and the control row's height, are the same whatever the move draws — a hint shown
or not, a totem picked up with its arrows, the die up for auction, the Bid row come and gone — and
the words on the board are spaced as written."""
import os
import random

import pytest
from PySide6.QtWidgets import QGraphicsSimpleTextItem

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def new_game(ruleset: str, name: str):
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    return get_ruleset(ruleset).new_initial_state(load_path(os.path.join(ROOT, "scenarios", name)), {})


def roll(state, rng) -> None:
    while state.is_chance_node():
        acts, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(acts, probs)[0])


def frame(board) -> tuple:
    t = board.view.transform()
    return (round(t.m11(), 6), round(t.m22(), 6), board.view.sceneRect().getRect(),
            board.view.mapFromScene(0, 0).toTuple(), board.controls.height(), board.view.height())


def texts(board) -> list[str]:
    return [i.text() for i in board.scene.items() if isinstance(i, QGraphicsSimpleTextItem)]


@pytest.mark.parametrize("ruleset, scenario, moves", [("tiki", "tiki.yaml", 60), ("pearls", "pearls.yaml", 120)])
def test_the_table_does_not_move_as_the_game_goes_on(qtbot, ruleset, scenario, moves):
    from motu.editor.playtest.boards import make_board
    board = make_board(ruleset, None)
    qtbot.addWidget(board)
    board.resize(900, 560)
    board.show()
    qtbot.waitExposed(board)
    state = new_game(ruleset, scenario)
    rng = random.Random(4)
    seen = set()
    kinds = set()
    for _ in range(moves):
        roll(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        human = rng.random() < 0.6  # the player to move is a human (choices lit, buttons shown) or a bot
        board.show(state, state.current_player(), legal if human else [])
        qtbot.wait(1)  # the control row's layout settles
        seen.add(frame(board))
        kinds.add(human)
        for text in texts(board):
            assert "  " not in text, text
        if ruleset == "tiki" and human:
            from motu.engine.rules.tiki.state import MOVE, SHAMAN
            movable = sorted({(a - MOVE) // 4 for a in legal if MOVE <= a < SHAMAN})
            if movable:  # a totem picked up: arrows round it
                board.pick(movable[0])
                qtbot.wait(1)
                seen.add(frame(board))
        state.apply_action(rng.choice(legal))
    assert kinds == {True, False}
    assert len(seen) == 1, seen
