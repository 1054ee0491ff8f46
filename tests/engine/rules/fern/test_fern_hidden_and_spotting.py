"""Fire in the Fern §12 set-up, hidden movement, rifle pits and spotting, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit

from motu.engine.rules.fern.model import FIRE, MAORI_PLAYER, MOVE, OBSERVE

ROWS = [". b b . . .", ". b . . . .", ". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]


def test_rule_12_maori_out_of_the_open_or_in_a_rifle_pit_set_up_hidden():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "2,1", 6)
              + unit("v", "warriors", "maori", "5,2", 6) + unit("p", "warriors", "maori", "4,3", 6))
    d = Driver(start(table(ROWS, pieces, pits=["4,3"])))
    assert d.groups("w")[0].hidden and d.leader("l-w").hidden, "in bush"
    assert not d.groups("v")[0].hidden, "in the open"
    assert d.groups("p")[0].hidden, "in a rifle pit dug in the open"
    assert not d.groups("a")[0].hidden
    view = d.s.view(0)
    assert [g["unit"] for g in view["groups"]] == ["a", "v"], "the British see only what is not hidden"


def _maori_turn(pieces, **kw):
    d = Driver(start(table(ROWS, pieces, options={"first_side": "maori"}, **kw)))
    return d


def test_rule_12_hidden_maori_move_hidden_through_bush_and_are_revealed_in_the_open():
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "2,1", 6)
    d = _maori_turn(pieces)
    d.motivate("l-w", "w")
    d.roll(6, 6)
    d.move("3,1")
    assert d.groups("w")[0].hidden and d.leader("l-w").hidden
    d.move("3,2")
    assert not d.groups("w")[0].hidden and not d.leader("l-w").hidden


def test_rule_12_maori_moving_into_a_rifle_pit_are_not_hidden():
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = _maori_turn(pieces, pits=["3,2"])
    d.motivate("l-w", "w")
    d.roll(6, 6)
    d.move("3,2")
    assert not d.groups("w")[0].hidden


def test_rule_12_if_any_figures_in_a_square_are_revealed_all_are():
    pieces = (unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "2,2", 6)
              + unit("v", "warriors", "maori", "3,2", 6))
    d = _maori_turn(pieces)
    d.motivate("l-v", "v")
    d.roll(6, 6)
    d.move("2,2")  # visible figures join a hidden square
    assert not d.groups("w")[0].hidden and not d.leader("l-w").hidden


def test_rule_12_firing_reveals_the_firers_and_is_an_ambush():
    pieces = unit("a", "regulars", "british", "2,4", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = _maori_turn(pieces)
    d.motivate("l-w", "w")
    d.roll(6, 5)
    d.fire("2,4")
    assert not d.groups("w")[0].hidden
    d.roll(6, 1, 1, 1, 1, 1)
    assert "-1 ambush" in d.roll(6)[0]


def test_rule_12_moving_into_a_square_of_hidden_maori_fails_reveals_them_and_leaves_points_to_fire():
    pieces = unit("a", "regulars", "british", "2,3", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = Driver(start(table(ROWS, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)  # 6 points
    assert MOVE + d.cell("2,2") in d.s.legal_actions()
    assert "(2 points: 1 for the step, +1 into bush)" in d.move("2,2"), "it looks like an empty bush square"
    assert d.where("a") == {"2,3"} and not d.groups("w")[0].hidden
    assert d.points() == 4 and FIRE + d.cell("2,2") in d.s.legal_actions()


def test_rule_12_observing_costs_one_for_open_two_for_bush_and_reveals_on_four_to_six():
    pieces = (unit("a", "regulars", "british", "2,4", 6) + unit("w", "warriors", "maori", "2,2", 6)
              + unit("p", "warriors", "maori", "4,3", 6))
    d = Driver(start(table(ROWS, pieces, pits=["4,3"])))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    assert "(2 points)" in d.observe("2,2")
    assert d.roll(3)[0].endswith("needed 4, rolled 3 — nothing seen") and d.groups("w")[0].hidden
    assert d.points() == 4
    assert "(1 point)" in d.observe("4,3"), "one point, in the singular"
    assert d.roll(4)[0].endswith("rolled 4 — Maori revealed") and not d.groups("p")[0].hidden
    assert d.points() == 3


def test_rule_12_only_squares_in_sight_may_be_observed():
    pieces = unit("a", "regulars", "british", "2,4", 6) + unit("w", "warriors", "maori", "6,1", 6)
    d = Driver(start(table(ROWS, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    legal = d.s.legal_actions()
    assert OBSERVE + d.cell("2,2") in legal and OBSERVE + d.cell("2,1") not in legal, "2,2's bush hides 2,1"
    assert MAORI_PLAYER == 1
