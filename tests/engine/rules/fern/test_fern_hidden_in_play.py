"""Fire in the Fern hidden units in play: §6 reaction fire at the unseen, §12 rifle pits, and §7
assaults and retreats that run into hidden figures, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, MAORI_PLAYER

BUSH_COLUMN = [". . . . . .", ". b . . . .", ". b . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]


def _maori_first(rows, pieces, **kw):
    options = {"first_side": "maori", **kw.pop("options", {})}
    return Driver(start(table(rows, pieces, options=options, **kw)))


def test_rule_6_and_12_hidden_maori_stepping_through_bush_beside_british_are_offered_no_reaction_fire():
    pieces = unit("a", "regulars", "british", "3,4", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = _maori_first(BUSH_COLUMN, pieces)
    d.motivate("l-w", "w")
    d.roll(6, 5)  # 5 +1 leader = 6 points
    d.move("2,3")  # bush to bush, diagonally next to the British at 3,4
    assert d.groups("w")[0].hidden
    assert d.step() == "act" and d.s.current_player() == MAORI_PLAYER, \
        "the British are not asked: they cannot see whom they would fire at, and the question would give it away"
    d.move("2,4")  # into the open: revealed, and now a target
    assert not d.groups("w")[0].hidden
    assert d.step() == "react_offer" and d.s.current_player() == BRITISH_PLAYER


def test_rule_12_maori_in_a_rifle_pit_are_revealed_when_they_move_even_into_bush():
    rows = [". . . . . .", ". b . . . ."] + [". . . . . ."] * 4
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "3,2", 6)
    d = _maori_first(rows, pieces, pits=["3,2"])
    assert d.groups("w")[0].hidden, "hidden in the rifle pit until they move"
    d.motivate("l-w", "w")
    d.roll(6, 5)
    assert "(2 points: 1 for the step, +1 into bush)" in d.move("2,2")
    assert not d.groups("w")[0].hidden and not d.leader("l-w").hidden


def test_rule_12_option_rifle_pit_bush_hiding_keeps_them_hidden_from_the_pit_into_bush():
    rows = [". . . . . .", ". b . . . ."] + [". . . . . ."] * 4
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "3,2", 6)
    d = _maori_first(rows, pieces, pits=["3,2"], options={"rifle_pit_bush_hiding": True})
    d.motivate("l-w", "w")
    d.roll(6, 5)
    d.move("2,2")
    assert d.groups("w")[0].hidden and d.leader("l-w").hidden
    d.move("2,3")  # out of the bush into the open: revealed as ever
    assert not d.groups("w")[0].hidden


def test_rule_12_figures_left_in_the_rifle_pit_stay_hidden_when_one_leaves():
    rows = [". . . . . ."] * 6
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "3,2", 6)
    d = _maori_first(rows, pieces, pits=["3,2"])
    d.motivate("l-w", "w", single=True)  # a single figure: no leader with it
    d.roll(6, 4)
    d.move("3,3")
    here = {g.cell: g.hidden for g in d.groups("w")}
    assert here == {d.cell("3,2"): True, d.cell("3,3"): False}


def test_rule_7_and_12_a_close_assault_from_hiding_gives_the_attackers_away_to_reaction_fire():
    rows = [". . . . . .", ". . . . . .", ". b . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]
    pieces = unit("a", "regulars", "british", "2,4", 6) + unit("w", "warriors", "maori", "2,3", 6)
    d = _maori_first(rows, pieces)
    d.motivate("l-w", "w")
    d.roll(6, 6)  # 7 points
    assert "(4 points: 1 for the step, +3 into the enemy)" in d.move("2,4")
    assert not d.groups("w")[0].hidden and not d.leader("l-w").hidden
    assert d.step() == "react_offer" and d.s.stack[-1][1:] == (BRITISH_PLAYER, d.cell("2,4"), d.cell("2,3"))


def test_rule_7_and_12_defenders_retreating_into_hidden_maori_find_them_and_retreat_elsewhere():
    rows = [". . . . . ."] * 4 + [". . b . . .", ". . . . . ."]
    pieces = (unit("a", "regulars", "british", "3,4", 6) + unit("v", "warriors", "maori", "3,3", 6)
              + unit("h", "warriors", "maori", "3,5", 6))
    d = _maori_first(rows, pieces)
    assert d.groups("h")[0].hidden
    d.motivate("l-v", "v")
    d.roll(6, 6)  # 7 points
    d.move("3,4")  # close assault, 4 points
    d.hold()       # the British hold their reaction fire
    d.roll(6, 6, 1, 1, 1, 1, 1, 1, 1)  # attackers: 6 figures + 3 dice, two 6s
    d.roll(1, 1, 1, 1, 1, 1)           # defenders: none
    # The British lose and retreat straight away from 3,3: into 3,5, where hidden h stand.
    assert not d.groups("h")[0].hidden, "running into them reveals them"
    d.pick(0)
    d.pick(0)  # both casualties fall on the regulars
    assert d.where("a") == {"2,5"}, "the retreat goes to the next square away from the attack"
    assert all(g.pinned for g in d.groups("a")) and d.where("v") == {"3,4"}
