"""Words for the pearl game's squares: a column and a row by their printed letters, the lettered
lines' missing one called the middle in plain words."""
from motu.engine.rules.pearls.presentation import SIDE, column_letters, row_letters, square_words
from motu.engine.rules.registry import get_ruleset

RULES = get_ruleset("pearls")


def test_squares_are_named_by_their_letters_and_the_middle_in_words():
    state = RULES.new_initial_state(RULES.new_scenario())
    cols, rows = column_letters(state), row_letters(state)
    mid_c, mid_r = cols.index(None), rows.index(None)
    lettered_c = next(i for i, L in enumerate(cols) if L)
    lettered_r = next(i for i, L in enumerate(rows) if L)
    assert square_words(state, lettered_r * SIDE + lettered_c) == f"column {cols[lettered_c]}, row {rows[lettered_r]}"
    assert square_words(state, lettered_r * SIDE + mid_c) == f"the middle column, row {rows[lettered_r]}"
    assert square_words(state, mid_r * SIDE + lettered_c) == f"column {cols[lettered_c]}, the middle row"


def test_the_die_shows_its_number_as_a_face_and_white_as_an_event():
    from motu.engine.rules.pearls.presentation import dice
    from motu.engine.rules.pearls.state import FACE, WHITE
    state = RULES.new_initial_state(RULES.new_scenario())
    while state.current_player() != -1:  # to the first roll of the die
        state.apply_action(state.legal_actions()[0])
    three = dice(state, FACE + 3)
    assert three["face"] == 3 and three["text"].endswith(": 3, put up for auction")
    white = dice(state, WHITE)
    assert white["face"] is None and white["text"].endswith(": white, payday")  # the token shows $ at first
    assert dice(state, FACE + 3)["group"] == "The die"
