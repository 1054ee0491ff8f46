"""Fire in the Fern §9 un-pinning: who may, what it costs, and that it does not activate the square."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, pin, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, UNPIN

OPEN6 = [". . . . . ."] * 6


def _column():
    """A senior officer at 1,6 commands A at 3,5 and B at 5,5; B's square is pinned."""
    pieces = (unit("a", "regulars", "british", "3,5", 6, superior="maj")
              + unit("b", "regulars", "british", "5,5", 6, superior="maj")
              + [("maj", "senior_officer", "british", "1,6", 1, {})] + unit("w", "warriors", "maori", "6,1", 6))
    d = Driver(start(table(OPEN6, pieces)))
    pin(d, "5,5", BRITISH_PLAYER)
    return d


def test_rule_9_the_officer_must_himself_be_motivated_to_unpin():
    d = _column()
    assert "needs 4: 3 squares, +1 senior officer" in d.motivate("maj", "a")
    d.roll(6, 5)  # A with its leader: 6 points
    assert not any(UNPIN <= a < UNPIN + 100_000 for a in d.s.legal_actions()), \
        "A's points are A's: the major who motivated them from 1,6 is not with them"
    d.done()
    assert "needs 2: 1 square, +1 senior officer" in d.motivate("maj")
    d.roll(6, 5)  # the major alone, a leader in the group: 6 points
    assert UNPIN + d.cell("5,5") in d.s.legal_actions()


def test_rule_9_unpinning_costs_a_point_a_square_from_the_officer_both_counted():
    d = _column()
    d.motivate("maj")
    d.roll(6, 5)
    # 1,6 to 5,5: four columns and one row, one diagonal allowed: 4 squares apart, 5 counted.
    assert d.unpin("5,5") == "maj: un-pin 5,5 (5 points)" and d.points() == 1
    assert not any(g.pinned for g in d.groups("b")) and not d.leader("l-b").pinned


def test_rule_9_unpinning_is_not_an_activation_of_the_square():
    d = _column()
    d.motivate("maj")
    d.roll(6, 5)
    d.unpin("5,5")
    d.done()
    assert all(not g.motivated and not g.moved for g in d.groups("b")), "B has not been motivated or moved"
    text = d.motivate("l-b", "b")
    assert "needs 1: 1 square)" in text, "B is motivated separately, and no longer pinned (+1)"
    d.roll(6, 5)
    assert d.points() == 6, "no -2 for pinned: B activates in full"
