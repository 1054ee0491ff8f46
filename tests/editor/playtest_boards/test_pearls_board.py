"""The Tahiti pearls table (motu/editor/playtest/boards/pearls.py): set-up and an auction round played by
clicks alone, the other seats' chests never drawn, every legal action reachable by a click."""
import random
import re

from board_clicks import click_action, make, new_game, roll
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from motu.engine.rules.pearls import presentation as words
from motu.engine.rules.pearls.state import BID, CHOOSE, FACE, P_AUCTION, P_PLACE, P_ROLL, PASS, PLACE, SAIL, SAVE


def clicked(qtbot, board, state, action):
    board.show(state, state.current_player(), state.legal_actions())
    assert click_action(qtbot, board, action) == [action], words.action_words(state, action)
    state.apply_action(action)


def test_set_up_and_an_auction_round_are_played_by_clicks(qtbot):
    board = make(qtbot, "pearls")
    state = new_game("pearls")  # three players, one a side
    for seat, space in enumerate((0, 4, 8)):  # "each player in turn places their sailboat"
        assert state.current_player() == seat
        clicked(qtbot, board, state, SAIL + space)
    for seat, colour in enumerate((0, 1, 2)):  # "then each player in turn chooses a pearl"
        clicked(qtbot, board, state, CHOOSE + colour)
    assert state.phase == P_ROLL and state.hold == [0, 1, 2]
    state.apply_action(FACE + 2)  # the die shows 2: a move of 2 is put up for auction
    assert state.phase == P_AUCTION
    # Player 1 bids $2, Player 2 passes first, Player 3 bids $3, Player 1 passes: Player 3 buys.
    for action in (BID + 2, PASS, BID + 3, PASS):
        clicked(qtbot, board, state, action)
    assert state.cash == [15, 18, 12]  # "the last bidder pays the announced sum to the player who passed first"
    assert state.sail[2] == 10 and state.phase == P_PLACE  # sailed 2; the black pearl in front goes to the sector
    legal = state.legal_actions()
    board.show(state, 2, legal)
    sector = sorted(k[1] for k in board.items if k[0] == "square")
    assert sector == sorted(a - PLACE for a in legal)
    clicked(qtbot, board, state, legal[0])
    assert state.phase == P_ROLL and state.turn == 1 and state.on_map == [0, 0, 1]


def test_savings_are_a_spin_box_and_the_save_button(qtbot):
    board = make(qtbot, "pearls")
    state = new_game("pearls")
    for a in (SAIL, SAIL + 1, SAIL + 2, CHOOSE, CHOOSE + 1, CHOOSE + 2):
        state.apply_action(a)
    state.token = 1  # the treasure face up: the next white face sends everyone to the savings bank
    state.apply_action(FACE + 5)
    for seat, amount in enumerate((4, 0, 10)):
        board.show(state, seat, state.legal_actions())
        assert board.bid_button.text() == "Save" and not board.pass_button.isVisible()
        clicked(qtbot, board, state, SAVE + amount)
    assert state.chest == [4, 0, 10] and state.cash == [11, 15, 5]


def picture(board) -> tuple:
    """Everything the board draws: the scene as pixels, and every text and tooltip in it."""
    scene = board.scene
    rect = scene.itemsBoundingRect()
    img = QImage(int(rect.width()), int(rect.height()), QImage.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    scene.render(p, source=rect)
    p.end()
    texts = sorted(i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem))
    tips = sorted(i.toolTip() for i in scene.items() if i.toolTip())
    bits = img.constBits()
    return bytes(bits), texts, tips, board.prompt.text()


def test_seat_0_never_sees_the_other_chests_even_when_their_contents_change(qtbot):
    board = make(qtbot, "pearls")
    state = new_game("pearls")
    rng = random.Random(4)
    for _ in range(30):
        roll(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    roll(state, rng)
    state.chest[0], state.chest[1], state.chest[2] = 6, 7, 3
    board.show(state, 0, [])
    before = picture(board)
    lines = words.status_lines(state, 0)
    state.chest[1], state.chest[2] = 9, 0
    board.show(state, 0, [])
    assert picture(board) == before
    assert words.status_lines(state, 0) == lines
    assert "$6" in before[1] and "?" in before[1]  # its own chest is shown, the others shut
    board.show(state, 1, [])  # seat 1 sees its own chest
    assert "$9" in picture(board)[1]
    board.show(state, None, [])  # a spectator of bots sees every chest
    assert {"$6", "$9", "$0"} <= set(picture(board)[1])


def test_every_legal_action_of_sampled_bot_games_is_reachable_by_clicks(qtbot):
    board = make(qtbot, "pearls")
    rng = random.Random(8)
    kinds = set()
    for _ in range(2):
        state = new_game("pearls")
        moves = 0
        while not state.is_terminal() and moves < 250:
            roll(state, rng)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if rng.random() < 0.25:
                sample = legal if len(legal) < 12 else rng.sample(legal, 12) + [legal[0], legal[-1]]
                for action in sample:
                    board.show(state, state.current_player(), legal)
                    assert click_action(qtbot, board, action) == [action], words.action_words(state, action)
                    kinds.add(state.phase)
            state.apply_action(rng.choice(legal))
            moves += 1
    assert len(kinds) >= 5  # sail, choose, auction, take, place (and savings when a white face came)


IDENTIFIER = re.compile(r"\b([mt]\d+|[a-z]+_[a-z_]+)\b|[{}]|Returns:")


def test_the_words_use_the_board_letters_and_never_ids():
    rng = random.Random(6)
    state = new_game("pearls")
    seen = []
    while not state.is_terminal():
        roll(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()
        seen += [words.action_words(state, a, seat) for a in state.legal_actions()]
        seen += words.status_lines(state, seat)
        state.apply_action(rng.choice(state.legal_actions()))
    seen += words.status_lines(state, None)
    assert not [s for s in seen if IDENTIFIER.search(s)]
    assert any(re.search(r"column [A-F], row [A-F]", s) for s in seen)
    assert any("chest hidden" in s for s in seen)


def test_at_the_end_the_chests_are_opened_and_the_scores_told(qtbot):
    board = make(qtbot, "pearls")
    rng = random.Random(12)
    state = new_game("pearls")
    while not state.is_terminal():
        roll(state, rng)
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    board.show(state, 0, [])
    scores = state.scores()
    assert str(max(scores)) in board.prompt.text() and "The game is over" in board.prompt.text()
    texts = picture(board)[1]
    assert all(f"${c}" in texts for c in state.chest) and "?" not in texts  # "you count your riches"
    assert words.status_lines(state, 0)[1].startswith("Scores (chest + pearl banks)")
