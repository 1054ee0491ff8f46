"""Boards are found by the kind a rule set's presentation declares (motu/editor/playtest/boards/registry.py):
Motu's own boards are registered as "tiki" and "pearls", a plug-in registers a kind of its own, and
"map" is the scenario's grid, which no board registers."""
import pytest

from motu.editor.playtest.boards import BoardWidget, board_for, board_kinds, registry
from motu.editor.playtest.boards.pearls import PearlsBoard
from motu.editor.playtest.boards.tiki import TikiBoard
from motu.engine.rules.presentation import Presentation


class Sample(Presentation):
    board_kind = "sample track"


@pytest.fixture
def boards(monkeypatch):
    """The registry as it is, given back as it was after the test."""
    monkeypatch.setattr(registry, "_BOARDS", dict(registry._BOARDS))
    return registry


def test_motus_own_boards_are_registered_by_their_kind():
    assert {"tiki", "pearls"} <= set(board_kinds())
    assert registry.board_class("tiki") is TikiBoard and registry.board_class("pearls") is PearlsBoard


def test_a_presentation_on_the_map_gets_no_board():
    assert board_for(Presentation(), None) is None
    assert registry.board_class("map") is None


def test_a_kind_nobody_registered_leaves_the_map(boards):
    assert board_for(Sample(), None) is None


def test_a_board_registered_for_a_new_kind_draws_the_games_that_declare_it(qtbot, boards):
    @boards.register_board("sample track")
    class SampleBoard(BoardWidget):
        ruleset_id = "sample"

        def draw(self, view, legal):
            pass

    board = board_for(Sample(), None)
    qtbot.addWidget(board)
    assert type(board) is SampleBoard and "sample track" in board_kinds()


def test_no_board_registers_the_map(boards):
    with pytest.raises(ValueError):
        boards.register_board("map")
