"""Final scoring of pearl groups, with the rulebook's worked example as the check.

The rulebook's map is a picture; this layout gives the same five groups and totals.
Squares: colour (g green, w white, k black, u blue) and owner (A, B, C); TT the island.
"""
from motu.engine.rules.pearls.scoring import score_map
from motu.engine.rules.pearls.state import P_OVER
from motu.engine.rules.registry import get_ruleset

EXAMPLE = """
kA .. .. .. .. .. ..
gA gB .. .. .. .. ..
.. .. .. .. .. .. ..
.. .. .. TT .. .. ..
.. .. .. .. .. .. gB
.. .. .. kC kC kC wB
.. .. .. wC wA wA wB
"""


def parse(picture):
    colour, owner = [], []
    for word in picture.split():
        known = word[0] in "gwku"
        colour.append("gwku".index(word[0]) if known else -1)
        owner.append("ABC".index(word[1]) if known else -1)
    return colour, owner


def test_worked_example_groups_worth_15_1_3_18_12_and_players_28_30_25():
    colour, owner = parse(EXAMPLE)
    points, groups = score_map(colour, owner, frozenset({24}), 3)
    assert sorted(g.value for g in groups) == [1, 3, 12, 15, 18]
    white = next(g for g in groups if g.colour == 1)
    assert (len(white.squares), white.empty, white.points) == (5, 3, (15, 15, 7))
    assert points == [28, 30, 25]


def test_worked_example_through_a_finished_game_with_the_chests():
    rules = get_ruleset("pearls")
    st = rules.new_initial_state(rules.new_scenario())
    st.colour, st.owner = parse(EXAMPLE)
    st.chest = [0, 0, 6]
    st.phase = P_OVER
    assert st.scores() == [28, 30, 31] and st.returns() == [-0.5, -0.5, 1.0]


def test_the_island_is_not_an_empty_square():
    colour, owner = [-1] * 49, [-1] * 49
    colour[17], owner[17] = 0, 0             # touches the island (24) by a corner
    points, groups = score_map(colour, owner, frozenset({24}), 2)
    assert groups[0].empty == 7 and points == [7, 0]


def test_a_corner_is_not_enough_to_join_a_group():
    colour, owner = [-1] * 49, [-1] * 49
    colour[0], owner[0], colour[8], owner[8] = 2, 0, 2, 1
    _, groups = score_map(colour, owner, frozenset({24}), 2)
    assert [len(g.squares) for g in groups] == [1, 1]


def test_ties_first_gives_the_full_points_to_the_first_seat_only():
    colour, owner = parse(EXAMPLE)
    points, _ = score_map(colour, owner, frozenset({24}), 3, ties="first")
    # White 15: A full, B half (7), C half (7); large green 12: A full, B half (6).
    assert points == [28, 7 + 3 + 6, 25]
