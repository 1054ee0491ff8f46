"""Fire in the Fern §6 reaction fire and §7 close combat, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, pin, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, MAORI_PLAYER, REACT

OPEN6 = [". . . . . ."] * 6
BUSH_AT_3_2 = [". . . . . .", ". . b . . .", ". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]


def _advance(rows, pieces, **options):
    """The British unit 'a' at 3,4 is motivated (6) and rolls 5 for activation (6 points)."""
    d = Driver(start(table(rows, pieces, options=options)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    return d


def _dice(d):
    n = 0
    while d.step() == "r_hit":
        d.roll(1)
        n += 1
    return n


MAORI_3_2 = [("w", "warriors", "maori", "3,2", 6, {"unit": "w"}), ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]


def test_rule_6_moving_next_to_the_enemy_draws_reaction_fire_on_four_to_six():
    d = _advance(OPEN6, unit("a", "regulars", "british", "3,4", 6) + MAORI_3_2)
    d.move("3,3")
    assert d.step() == "react_offer" and d.s.current_player() == MAORI_PLAYER
    assert "+2 neither moved nor fired" in d.s.action_to_string(REACT)
    d.react()
    assert d.roll(2)[0].endswith("needed 4, rolled 2+2 = 4 — 1 volley")
    assert _dice(d) == 9, "six warriors, three tupara dice at close range, fire at the square moved into"
    assert d.step() == "act", "the British go on with their activation"


def test_rule_6_a_failed_attempt_may_be_tried_again_but_a_square_fires_once_a_turn():
    d = _advance(OPEN6, unit("a", "regulars", "british", "3,5", 6) + MAORI_3_2)
    d.move("3,4")
    d.move("3,3")
    d.react()
    assert "failed" in d.roll(1)[0]
    d.move("2,3")
    assert d.step() == "react_offer", "attempt as many times as necessary"
    d.react()
    d.roll(4)
    _dice(d)
    d.move("3,3")
    assert d.step() == "act", "the square has fired its reaction fire this turn"


def test_rule_6_pinned_subtracts_two_and_moving_last_turn_loses_the_bonus():
    d = _advance(OPEN6, unit("a", "regulars", "british", "3,4", 6) + MAORI_3_2)
    pin(d, "3,2", MAORI_PLAYER)
    d.s.stack[-1]  # the British activation is still running
    d.move("3,3")
    d.react()
    assert d.roll(3)[0].endswith("needed 4, rolled 3+0 = 3 — failed, no fire")
    pieces = unit("a", "regulars", "british", "3,5", 6) + [("w", "warriors", "maori", "3,1", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]
    d = Driver(start(table(OPEN6, pieces, options={"first_side": "maori"})))
    d.motivate("l-w", "w")
    d.roll(6, 2)
    d.move("3,2")
    d.done()
    d.end_turn()
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.move("3,4")
    d.move("3,3")
    assert "no modifier" in d.s.action_to_string(REACT)
    d.react()
    assert "failed" in d.roll(3)[0]


def test_rule_6_ambush_adds_two_more_and_six_or_more_fires_two_volleys():
    pieces = unit("a", "regulars", "british", "3,4", 6) + [("w", "warriors", "maori", "3,2", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]
    d = _advance(BUSH_AT_3_2, pieces)
    assert d.groups("w")[0].hidden
    d.move("3,3")
    assert "+2 ambush" in d.s.action_to_string(REACT)
    d.react()
    assert d.roll(2)[0].endswith("rolled 2+4 = 6 — 2 volleys")
    assert not d.groups("w")[0].hidden, "firing reveals them"
    assert _dice(d) == 18, "two volleys of nine dice"
    d = _advance(BUSH_AT_3_2, pieces)
    d.move("3,3")
    d.react()
    assert d.roll(1)[0].endswith("rolled 1+4 = 5 — 1 volley")


def test_rule_6_ambush_fire_gives_the_target_minus_one_to_save():
    pieces = unit("a", "regulars", "british", "3,4", 6) + [("w", "warriors", "maori", "3,2", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]
    d = _advance(BUSH_AT_3_2, pieces)
    d.move("3,3")
    d.react()
    d.roll(1)
    d.roll(6, 1, 1, 1, 1, 1, 1, 1, 1)  # 6 figures + 3 tupara dice at close range
    assert "-1 ambush" in d.roll(6)[0]


def test_rule_6_no_reaction_fire_from_a_square_with_enemy_figures_in_it():
    pieces = (unit("a", "regulars", "british", "3,4", 6) + MAORI_3_2
              + [("b", "regulars", "british", "3,2", 6, {"unit": "b"}), ("l-b", "leader", "british", "1,6", 1,
                                                                        {"unit": "b"})])
    d = _advance(OPEN6, pieces)
    d.move("3,3")
    assert d.step() == "act"


def test_rule_12_a_failed_reaction_attempt_does_not_reveal_the_ambushers():
    pieces = unit("a", "regulars", "british", "3,4", 6) + [("w", "warriors", "maori", "3,2", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]
    d = _advance(BUSH_AT_3_2, pieces)
    pin(d, "3,2", MAORI_PLAYER)
    d.move("3,3")
    d.react()
    assert "failed" in d.roll(1)[0]
    assert d.groups("w")[0].hidden


# --- §7 close combat ----------------------------------------------------------------------------
def _assault(defenders_at="3,3", attackers_at="3,4", extra=()):
    pieces = ([("a", "regulars", "british", attackers_at, 4, {"unit": "a"}),
               ("l-a", "leader", "british", "1,6", 1, {"unit": "a"})]
              + [("w", "warriors", "maori", defenders_at, 3, {"unit": "w"}),
                 ("l-w", "leader", "maori", "6,6", 1, {"unit": "w"})] + list(extra))
    d = Driver(start(table(OPEN6, pieces, options={"first_side": "british"})))
    d.motivate("l-a", "a")
    d.roll(6, 6)  # no leader with the group: 6 points
    d.move(defenders_at)
    d.hold()
    return d


def test_rule_7_attackers_roll_a_die_a_figure_plus_one_per_two_and_sixes_are_casualties():
    d = _assault()
    first = d.roll(6)[0]
    assert "attackers" in first and "casualty" in first
    d.roll(6, 1, 1, 1, 1)  # six attacking dice: two casualties on the defenders
    assert "defenders" in d.s.action_to_string(16)
    d.roll(1, 1, 1)       # three defending dice: none
    assert d.figures("w") == 1 and d.where("w") == {"3,2"}, "the loser retreats straight away from the attack"
    assert all(g.pinned for g in d.groups("w")) and d.where("a") == {"3,3"}, "the attackers take the square"
    assert d.casualties("3,3") == 2


def test_rule_7_a_draw_sends_the_attackers_back_pinned():
    d = _assault()
    d.roll(1, 1, 1, 1, 1, 1)
    d.roll(1, 1, 1)
    assert d.where("a") == {"3,4"} and all(g.pinned for g in d.groups("a"))
    assert d.where("w") == {"3,3"} and not any(g.pinned for g in d.groups("w"))


def test_rule_7_the_side_with_more_casualties_retreats():
    d = _assault()
    d.roll(6, 1, 1, 1, 1, 1)
    d.roll(6, 6, 1)
    assert d.figures("a") == 2 and d.figures("w") == 2
    assert d.where("a") == {"3,4"} and all(g.pinned for g in d.groups("a"))
    assert d.casualties("3,4") == 2 and d.casualties("3,3") == 1


def test_rule_7_a_side_unable_to_retreat_loses_double():
    d = _assault(defenders_at="3,1", attackers_at="3,2")
    d.roll(6, 1, 1, 1, 1, 1)
    d.roll(1, 1, 1)
    assert d.figures("w") == 1 and d.where("w") == {"3,1"}, "at the table edge: two lost, not one"
    assert all(g.pinned for g in d.groups("w")) and d.where("a") == {"3,2"}


def test_rule_7_defenders_never_retreat_into_the_enemy():
    blocker = [("b", "regulars", "british", "3,2", 6, {"unit": "b"}), ("l-b", "leader", "british", "1,6", 1,
                                                                      {"unit": "b"})]
    d = _assault(extra=blocker)
    d.roll(6, 1, 1, 1, 1, 1)
    d.roll(1, 1, 1)
    assert d.where("w") == {"2,2"}, "3,2 holds the enemy: the next farthest square"


def test_rule_6_a_close_assault_draws_reaction_fire_at_the_attackers():
    pieces = ([("a", "regulars", "british", "3,4", 4, {"unit": "a"}), ("l-a", "leader", "british", "1,6", 1,
                                                                      {"unit": "a"})] + MAORI_3_2)
    pieces[2] = ("w", "warriors", "maori", "3,3", 6, {"unit": "w"})
    pieces += unit("b", "regulars", "british", "6,6", 6)
    d = Driver(start(table(OPEN6, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 6)
    d.move("3,3")
    assert d.s.stack[-1][2:] == (d.cell("3,3"), d.cell("3,4"))
    d.react()
    d.roll(4)
    d.roll(6, 6, 6, 6, 6, 6, 6, 6, 6)  # nine dice: 6 figures + 3 tupara at close range
    d.roll(*[1] * 9)  # nothing saved: the four attackers are gone
    assert d.figures("a") == 0 and d.step() == "main", "no attackers left: no close combat"
    assert BRITISH_PLAYER == d.s.player and not any("close combat" in t for t in d.log)
