"""Fire in the Fern edges on the diagonal: §4 streams and §5 palisades crossed through a corner,
by one rule (either way round the corner, or with option diagonal_edges both ways)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import RULES, Driver, start, table, unit, volley_dice

OPEN6 = [". . . . . ."] * 6
ROW_4_5_STREAM = [(f"{c},5", f"{c},4") for c in range(1, 7)]


def _moving(streams, **options):
    pieces = unit("a", "regulars", "british", "2,5", 6) + unit("w", "warriors", "maori", "6,1", 6)
    d = Driver(start(table(OPEN6, pieces, streams=streams, options=options)))
    d.motivate("l-a", "a")
    d.roll(6, 5)  # 6 points
    return d


def test_rule_4_a_stream_along_a_row_costs_one_more_straight_across_or_diagonally():
    d = _moving(ROW_4_5_STREAM)
    assert "(2 points: 1 for the step, +1 across a stream)" in d.move("2,4")
    d = _moving(ROW_4_5_STREAM)
    assert "(2 points: 1 for the step, +1 across a stream)" in d.move("3,4"), "2,5 to 3,4 goes round the corner across the stream"
    assert d.points() == 4


def test_rule_4_a_diagonal_step_past_the_end_of_a_stream_crosses_it_on_either_way_round():
    d = _moving([("2,5", "2,4")])  # one stream edge; the way by 3,5 does not cross it, the way by 2,4 does
    assert "(2 points: 1 for the step, +1 across a stream)" in d.move("3,4")
    d = _moving([("2,5", "2,4")], diagonal_edges="both")
    assert "(1 point)" in d.move("3,4"), "option both: the step may go round by 3,5, dry"
    d = _moving(ROW_4_5_STREAM, diagonal_edges="both")
    assert "+1 across a stream" in d.move("3,4"), "a stream on both ways round is crossed either way"


def test_rule_4_the_map_queries_charge_the_diagonal_stream_as_play_does():
    s = table(OPEN6, [], streams=ROW_4_5_STREAM)
    L = s.grid.parse_label
    profile = RULES.movement_profile(s, "regulars")
    assert profile.step_cost(L("2,5"), L("3,4")) == 2 and profile.step_cost(L("2,5"), L("2,4")) == 2
    assert profile.step_cost(L("2,5"), L("3,5")) == 1
    s = table(OPEN6, [], streams=[("2,5", "2,4")], options={"diagonal_edges": "both"})
    assert RULES.movement_profile(s, "regulars").step_cost(L("2,5"), L("3,4")) == 1


def _volley_size(shooter, target, palisades, **options):
    pieces = unit("a", "regulars", "british", shooter, 14) + unit("w", "warriors", "maori", target, 6)
    d = Driver(start(table(OPEN6, pieces, palisades=palisades, options=options)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire(target)
    return volley_dice(d)


def test_rule_5_a_palisade_at_the_corner_puts_both_diagonal_neighbours_behind_it():
    # 3,5 and 4,4 touch at a corner; the palisade stands on 3,4|4,4, on the way round by 3,4.
    assert _volley_size("3,5", "4,4", [("3,4", "4,4")]) == 8, "behind a palisade: at most eight fire"
    assert _volley_size("3,5", "4,4", [("3,4", "4,4")], diagonal_edges="both") == 12, \
        "option both: the way round by 4,5 is open, so no palisade stands between them"
    assert _volley_size("3,5", "4,4", []) == 12


def test_rule_5_a_pa_corner_square_is_behind_its_palisade_against_the_square_beyond_the_corner():
    s = table(OPEN6, unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "1,1", 6),
              palisades=[("3,3", "3,2"), ("3,3", "2,3")])
    L = s.grid.parse_label
    for options in ({}, {"diagonal_edges": "both"}):
        board = RULES.new_board(s, options)
        assert board.behind_palisade(L("3,3"), L("2,2")) and board.behind_palisade(L("2,2"), L("3,3"))
        assert board.behind_palisade(L("3,3"), L("1,1")), "the line from 3,3 to 1,1 leaves through the corner"
        assert not board.behind_palisade(L("3,3"), L("4,4"))
