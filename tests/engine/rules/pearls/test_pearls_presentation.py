"""Words for the pearl game's squares: a column and a row by their printed letters, the lettered
lines' missing one called the middle in plain words."""
from engine.rules.pearls.presentation import SIDE, column_letters, row_letters, square_words
from engine.rules.registry import get_ruleset

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
