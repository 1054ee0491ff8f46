"""Clicking a playtest board as a person would: real mouse events on the scene items and buttons.

`click_action(qtbot, board, action)` follows the board's route for the action (the items to
click, in order: a totem then its arrow, a bid amount then Bid) with QTest mouse and key
events, and returns what the board emitted. Nothing here calls the engine.
"""
from __future__ import annotations

import os
import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QSpinBox

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def new_game(ruleset: str, options: dict | None = None):
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    name = {"tiki": "tiki.yaml", "pearls": "pearls.yaml"}[ruleset]
    return get_ruleset(ruleset).new_initial_state(load_path(os.path.join(ROOT, "scenarios", name)), options or {})


def roll(state, rng: random.Random) -> None:
    """Resolve chance nodes (tiles turned up, the die) as the table's driver does."""
    while state.is_chance_node():
        acts, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(acts, probs)[0])


def make(qtbot, ruleset: str):
    from motu.editor.playtest.boards import make_board
    board = make_board(ruleset, None)
    qtbot.addWidget(board)
    board.resize(1200, 800)
    board.show()
    qtbot.waitExposed(board)
    return board


def click_item(board, item) -> None:
    if isinstance(item, QAbstractButton):
        assert item.isVisible() and item.isEnabled(), item.text()
        QTest.mouseClick(item, Qt.LeftButton)
        return
    # the middle of the item, in the view's viewport: the click goes through the view and the scene
    pos = board.view.mapFromScene(item.sceneBoundingRect().center())
    QTest.mouseClick(board.view.viewport(), Qt.LeftButton, Qt.NoModifier, pos)
    QApplication.processEvents()


def set_amount(spin: QSpinBox, amount: int) -> None:
    assert spin.isVisible() and spin.isEnabled()
    spin.setFocus()
    while spin.value() < amount:
        QTest.keyClick(spin, Qt.Key_Up)
    while spin.value() > amount:
        QTest.keyClick(spin, Qt.Key_Down)
    assert spin.value() == amount


def click_action(qtbot, board, action: int) -> list[int]:
    """Click the board's way to `action`; returns the actions the board emitted."""
    got: list[int] = []
    board.action_chosen.connect(got.append)
    try:
        route = board.route(action)
        assert route, f"no way to click action {action}"
        for key in route:
            if key[0] == "amount":
                set_amount(board.items[("amount",)], key[1])
                continue
            assert key in board.items, f"{key} is not on the board for action {action}"
            click_item(board, board.items[key])
    finally:
        board.action_chosen.disconnect(got.append)
    return got
