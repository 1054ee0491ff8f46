"""Fire in the Fern §3 activation points and §4 movement, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, pin, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, MOTIVATE, MOVE

OPEN5 = [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]
FOE = unit("w", "warriors", "maori", "5,1", 8)


def _d(pieces, rows=OPEN5, **kw):
    return Driver(start(table(rows, pieces + FOE, **kw), **kw.get("options", {})))


def test_rule_3_leader_in_group_adds_one():
    d = _d(unit("a", "regulars", "british", "1,5", 6))
    d.motivate("l-a", "a")
    d.roll(2)
    [text] = d.roll(3)
    assert text.endswith("rolled 3, modifier +1 — 4 points") and d.points() == 4


def test_rule_3_a_single_figure_has_no_leader_with_it():
    d = _d(unit("a", "regulars", "british", "1,5", 6))
    d.motivate("l-a", "a", single=True)
    d.roll(2, 3)
    assert d.points() == 3


def test_rule_3_pinned_subtracts_two():
    d = _d(unit("a", "regulars", "british", "1,5", 6))
    pin(d, "1,5", BRITISH_PLAYER)
    assert "needs 3" in d.motivate("l-a", "a")  # 1 square, target pinned, leader pinned
    d.roll(3, 5)
    assert d.points() == 5 + 1 - 2


def test_rule_3_british_in_bush_subtract_one():
    rows = [". . . . .", ". . . . .", ". . . . .", ". . . . .", "b . . . ."]
    d = _d(unit("a", "regulars", "british", "1,5", 6), rows)
    assert "needs 3" in d.motivate("l-a", "a")  # 1 square, +1 bush, +1 British in bush
    d.roll(3, 4)
    assert d.points() == 4 + 1 - 1


def test_rule_3_kupapa_in_the_open_subtract_one():
    d = _d(unit("k", "kupapa", "kupapa", "1,5", 6))
    assert "needs 2" in d.motivate("l-k", "k")
    d.roll(2, 4)
    assert d.points() == 4 + 1 - 1


def test_rule_3_points_are_used_before_another_motivation():
    d = _d(unit("a", "regulars", "british", "1,5", 6) + unit("b", "regulars", "british", "2,5", 6))
    d.motivate("l-a", "a")
    d.roll(2, 3)
    assert d.step() == "act" and not any(a >= MOTIVATE for a in d.s.legal_actions())
    d.done()
    assert d.step() == "main" and d.motivate_action("l-b", "b") in d.s.legal_actions()


def test_rule_3_no_points_ends_the_activation_at_once():
    d = _d(unit("a", "regulars", "british", "1,5", 6))
    pin(d, "1,5", BRITISH_PLAYER)
    d.motivate("l-a", "a")
    d.roll(3)
    assert d.roll(1)[0].endswith("— 0 points") and d.step() == "main"


def test_rule_3_activation_die_option_rolls_two_dice():
    d = Driver(start(table(OPEN5, unit("a", "regulars", "british", "1,5", 6) + FOE,
                           options={"activation_die": "2d6"})))
    d.motivate("l-a", "a")
    d.roll(2)
    assert "first die rolled 3" in d.roll(3)[0]
    assert d.roll(4)[0].endswith("rolled 7, modifier +1 — 8 points")


def _moving(rows, pieces, face=5, **kw):
    """Motivate the first unit (a 6) and roll `face` for activation (+1 for its leader)."""
    d = Driver(start(table(rows, pieces + FOE, **kw)))
    leader = next(p[0] for p in pieces if p[1] == "leader")
    d.motivate(leader, pieces[0][0])
    d.roll(6, face)
    return d


def test_rule_4_one_point_a_square_and_one_more_into_bush():
    rows = [". . . . .", ". . . . .", ". b . . .", ". . . . .", ". . . . ."]
    d = _moving(rows, unit("a", "regulars", "british", "2,4", 6))
    assert "(2 points: 1 for the step, +1 into bush)" in d.move("2,3")
    assert d.points() == 4
    d.move("2,2")
    assert d.points() == 3 and d.where("a") == {"2,2"} and d.leader("l-a").cell == d.cell("2,2")


def test_rule_4_colonial_troops_pay_one_more_to_leave_bush():
    rows = [". . . . .", ". . . . .", ". b . . .", ". . . . .", ". . . . ."]
    d = _moving(rows, unit("m", "militia", "british", "2,3", 8))
    assert d.points() == 5  # 5, +1 leader, -1 British in bush
    assert "+1 colonial troops leaving bush" in d.move("2,2") and d.points() == 3
    d = _moving(rows, unit("r", "regulars", "british", "2,3", 8))
    d.move("2,2")
    assert d.points() == 4, "regulars are not colonial troops"


def test_rule_4_crossing_a_stream_edge_costs_one_more():
    d = _moving(OPEN5, unit("a", "regulars", "british", "2,5", 6), streams=[("2,5", "2,4")])
    assert "+1 across a stream" in d.move("2,4") and d.points() == 4


def test_rule_4_moving_into_an_enemy_square_costs_three_more_and_is_a_close_assault():
    pieces = unit("a", "regulars", "british", "2,5", 6) + unit("v", "warriors", "maori", "2,4", 4)
    d = _moving(OPEN5, pieces)
    assert MOVE + d.cell("2,4") in d.s.legal_actions()
    assert "(4 points: 1 for the step, +3 into the enemy)" in d.move("2,4")
    assert d.step() == "react_offer", "the assaulted square may fire first (§6)"
    d.hold()
    assert d.step() == "r_cc", "then close combat (§7)"


def test_rule_4_a_step_dearer_than_the_points_left_is_not_allowed():
    rows = [". . . . .", ". . . . .", ". b . . .", ". . . . .", ". . . . ."]
    d = _moving(rows, unit("a", "regulars", "british", "2,4", 6), face=1)
    d.move("1,4")
    assert d.points() == 1
    assert MOVE + d.cell("2,3") not in d.s.legal_actions() and MOVE + d.cell("1,3") in d.s.legal_actions()


def test_rule_1_a_move_may_use_one_diagonal_only():
    d = _moving(OPEN5, unit("a", "regulars", "british", "3,5", 6))
    d.move("2,4")
    legal = d.s.legal_actions()
    assert MOVE + d.cell("1,3") not in legal and MOVE + d.cell("2,3") in legal
