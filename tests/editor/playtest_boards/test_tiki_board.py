"""The Tiki table (motu/editor/playtest/boards/tiki.py): whole games played by clicks on the board alone,
every legal action reachable by a click, nothing emitted that is not legal, the words it shows."""
import random
import re

from board_clicks import click_action, click_item, make, new_game, roll

from motu.engine.rules.tiki import presentation as words
from motu.engine.rules.tiki.state import KEEP_SHAMAN, MOVE, SHAMAN


def test_a_tiki_game_with_the_shaman_is_played_to_its_end_by_clicks(qtbot):
    board = make(qtbot, "tiki")
    state = new_game("tiki", {"shaman_rule": True})
    rng = random.Random(5)
    kinds = set()
    for _ in range(400):
        roll(state, rng)
        if state.is_terminal():
            break
        seat = state.current_player()  # hot seat: the player to move sits at the table
        legal = state.legal_actions()
        board.show(state, seat, legal)
        action = rng.choice(legal)
        kinds.add("create" if action < MOVE else "move" if action < SHAMAN else "shaman")
        assert click_action(qtbot, board, action) == [action]
        state.apply_action(action)
    assert state.is_terminal() and state.winner in (0, 1)
    assert kinds == {"create", "move", "shaman"}
    board.show(state, None, [])
    assert "wins" in board.prompt.text()


def test_every_legal_action_of_sampled_bot_games_is_one_click_route_away(qtbot):
    board = make(qtbot, "tiki")
    rng = random.Random(11)
    checked = set()
    for game in range(4):
        state = new_game("tiki", {"shaman_rule": game % 2 == 0})
        while not state.is_terminal():
            roll(state, rng)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if rng.random() < 0.3:  # a sample of states
                for action in legal:
                    board.show(state, state.current_player(), legal)
                    assert click_action(qtbot, board, action) == [action], words.action_words(state, action)
                    checked.add(action)
            state.apply_action(rng.choice(legal))
    assert len(checked) > 30  # creates, moves every way, Shaman edges


def test_a_spectator_or_a_waiting_seat_can_click_nothing_into_the_game(qtbot):
    board = make(qtbot, "tiki")
    state = new_game("tiki", {"shuffle_tiles": False})
    board.show(state, None, [])
    got = []
    board.action_chosen.connect(got.append)
    assert not [k for k in board.items if k[0] in ("village", "edge", "arrow")]
    for k, item in list(board.items.items()):
        if k[0] == "button" and item.isVisible():
            click_item(board, item)
    assert got == []


def test_picking_a_totem_shows_its_ways_and_a_click_on_the_village_it_reaches_moves_it(qtbot):
    board = make(qtbot, "tiki")
    state = new_game("tiki", {"shuffle_tiles": False})
    for a in (4, 0):  # First player on the centre village, Second player on the top-left one
        state.apply_action(a)
    legal = state.legal_actions()
    board.show(state, 0, legal)
    click_item(board, board.items[("village", 4)])
    arrows = sorted(k[2] for k in board.items if k[0] == "arrow")
    assert arrows == [0, 1, 2, 3]  # a totem of one token in the centre may go every way
    got = []
    board.action_chosen.connect(got.append)
    click_item(board, board.items[("village", 5)])  # the right village: one step right
    assert got == [MOVE + 4 * 4 + 1]


def test_leaving_the_shaman_is_a_click_on_the_shaman_or_the_button(qtbot):
    board = make(qtbot, "tiki")
    state = new_game("tiki", {"shaman_rule": True})
    rng = random.Random(2)
    while KEEP_SHAMAN not in (state.legal_actions() if not state.is_terminal() else [KEEP_SHAMAN]):
        roll(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    board.show(state, state.current_player(), state.legal_actions())
    assert board.keep_button.isVisible()
    assert click_action(qtbot, board, KEEP_SHAMAN) == [KEEP_SHAMAN]
    got = []
    board.action_chosen.connect(got.append)
    click_item(board, board.keep_button)
    assert got == []  # one choice per state shown: a second click does not play again
    board.show(state, state.current_player(), state.legal_actions())
    click_item(board, board.keep_button)
    assert got == [KEEP_SHAMAN]


IDENTIFIER = re.compile(r"\b(v\d\d|[a-z]+_[a-z_]+)\b|[{}]|Returns:")


def test_the_words_name_villages_by_place_and_value_never_by_id():
    rng = random.Random(3)
    state = new_game("tiki", {"shaman_rule": True})
    seen = []
    while not state.is_terminal():
        roll(state, rng)
        if state.is_terminal():
            break
        seen += [words.action_words(state, a, state.current_player()) for a in state.legal_actions()]
        seen += words.status_lines(state, 0)
        state.apply_action(rng.choice(state.legal_actions()))
    seen += words.status_lines(state, None)
    assert not [s for s in seen if IDENTIFIER.search(s)]
    assert "Create a totem on the top-left village (value +1)" in seen or any("top-left village" in s for s in seen)


def test_at_set_up_the_tiles_not_yet_turned_up_are_face_down(qtbot):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem
    board = make(qtbot, "tiki")
    state = new_game("tiki", {"shuffle_tiles": True})
    for a in (62, 63, 60):  # hand-dealt tiles: the top row turns up +1, +2, -1
        state.apply_action(a)
    board.show(state, None, [])
    texts = [i.text() for i in board.scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    assert texts.count("?") == 6 and {"+1", "+2", "-1"} <= set(texts)
    assert "Set-up" in board.prompt.text() and "3 of 9" in board.prompt.text()
