"""Fire in the Fern §1 organisation and §2 motivation, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, pin, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, MAORI_PLAYER, MOTIVATE, MOVE

OPEN5 = [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]


def _d(pieces, rows=OPEN5, **kw):
    return Driver(start(table(rows, pieces, **kw)))


def test_rule_1_leader_attempts_one_per_three_figures_rounding_up_at_most_three():
    d = _d(unit("a", "regulars", "british", "1,5", 4) + unit("b", "regulars", "british", "2,5", 10)
           + unit("c", "regulars", "british", "3,5", 2) + unit("w", "warriors", "maori", "3,1", 8))
    assert d.leader("l-a").attempts == 2, "four figures left: two motivation attempts"
    assert d.leader("l-b").attempts == 3
    assert d.leader("l-c").attempts == 1


def test_rule_1_senior_officers_have_at_most_two_attempts():
    d = _d(unit("a", "regulars", "british", "1,5", 10, superior="maj")
           + [("maj", "senior_officer", "british", "2,5", 1, {"attempts": 5}),
              ("gen", "c_in_c", "british", "3,5", 1, {})] + unit("w", "warriors", "maori", "3,1", 8))
    assert d.leader("maj").attempts == 2 and d.leader("gen").attempts == 2


def test_rule_1_attempts_run_out_after_failures():
    d = _d(unit("a", "regulars", "british", "1,5", 4) + unit("w", "warriors", "maori", "3,1", 8))
    for _ in range(2):
        d.motivate("l-a", "a")
        d.roll(1)
    assert not any(a >= MOTIVATE for a in d.s.legal_actions()), "two attempts spent, none left"


def test_rule_1_kupapa_fight_with_the_british_and_maori_against_them():
    d = _d(unit("k", "kupapa", "kupapa", "1,5", 6) + unit("w", "warriors", "maori", "3,1", 8))
    assert d.b.units[d.b.unit_index["k"]].player == BRITISH_PLAYER
    assert d.b.units[d.b.unit_index["w"]].player == MAORI_PLAYER


def test_rule_1_distance_allows_one_diagonal_and_the_rest_orthogonal():
    d = _d(unit("a", "regulars", "british", "1,5", 6) + unit("w", "warriors", "maori", "3,1", 8))
    assert d.b.dist(d.cell("1,5"), d.cell("3,3")) == 3
    assert d.b.dist(d.cell("1,5"), d.cell("2,4")) == 1
    assert d.b.dist(d.cell("1,5"), d.cell("1,1")) == 4


def test_rule_2_roll_equal_to_the_number_succeeds_and_below_fails():
    # Captain two squares from the unit: 3 squares counted, +1 senior officer = 4.
    d = _d(unit("a", "regulars", "british", "1,5", 6, superior="capt")
           + [("capt", "senior_officer", "british", "3,5", 1, {})] + unit("w", "warriors", "maori", "3,1", 8))
    text = d.motivate("capt", "a")
    assert "needs 4" in text
    [roll] = d.roll(3)
    assert roll.endswith("needed 4, rolled 3 — failed") and d.step() == "main"
    d.motivate("capt", "a")
    [roll] = d.roll(4)
    assert "needed 4, rolled 4 — success" in roll and d.step() == "r_activate"


def test_rule_2_a_one_always_fails():
    d = _d(unit("a", "regulars", "british", "1,5", 6) + unit("w", "warriors", "maori", "3,1", 8))
    assert "needs 1" in d.motivate("l-a", "a")
    [roll] = d.roll(1)
    assert "1 always fails" in roll and roll.endswith("failed") and d.step() == "main"


def test_rule_2_motivation_number_sums_every_modifier():
    rows = [". . . . .", ". . . . .", ". b b . .", ". . . . .", ". . . . ."]
    pieces = ([("maj", "senior_officer", "british", "1,4", 1, {})]
              + unit("a", "regulars", "british", "3,3", 6, superior="maj")
              + unit("k", "kupapa", "british", "3,3", 6, superior="maj")
              + unit("w", "warriors", "maori", "5,1", 8))
    d = _d(pieces, rows)
    pin(d, "3,3", BRITISH_PLAYER)
    pin(d, "1,4", BRITISH_PLAYER)
    text = d.motivate("maj", "all", "3,3")
    # 3 squares (1,4 to 3,3, both counted) + 2 bush on the line (2,3 and 3,3) + target pinned
    # + British in bush + senior officer + two units + leader pinned + kupapa = 11.
    assert "needs 11" in text
    for part in ("3 squares", "+2 bush", "+1 target pinned", "+1 British in bush", "+1 senior officer",
                 "+1 more than one unit", "+1 leader pinned", "+1 Kupapa in the group"):
        assert part in text
    assert d.roll(6)[0].endswith("needed 11, rolled 6 — failed")


def test_rule_2_only_leaders_in_the_chain_of_command_may_motivate():
    d = _d(unit("a", "regulars", "british", "1,5", 6, superior="maj") + unit("b", "regulars", "british", "1,5", 6)
           + [("maj", "senior_officer", "british", "2,5", 1, {})] + unit("w", "warriors", "maori", "3,1", 8))
    legal = set(d.s.legal_actions())
    assert d.motivate_action("l-a", "a") in legal and d.motivate_action("maj", "a") in legal
    assert d.motivate_action("l-a", "b") not in legal, "a unit's leader commands only his unit"
    assert d.motivate_action("maj", "b") not in legal, "b's leader does not answer to the major"


def test_rule_2_a_group_is_in_one_square_and_all_in_the_leaders_command():
    d = _d(unit("a", "regulars", "british", "1,5", 6, superior="maj") + unit("b", "regulars", "british", "1,5", 6,
                                                                            superior="maj")
           + [("maj", "senior_officer", "british", "1,5", 1, {})] + unit("w", "warriors", "maori", "3,1", 8))
    d.motivate("maj", "all", "1,5")
    d.roll(6)  # needed 1 square + 1 senior + 1 two units = 3
    d.roll(3)  # activation 3, +1 leaders in the group
    gids = d.s.stack[-1][2]
    assert {d.s.groups[g].unit for g in gids} == {0, 1}, "both units motivated together"
    d.move("2,5")
    assert d.where("a") == {"2,5"} and d.where("b") == {"2,5"}, "motivated together, they act together"


def test_rule_2_no_figure_moves_unmotivated_nor_is_motivated_twice_in_a_turn():
    d = _d(unit("a", "regulars", "british", "1,5", 6) + unit("w", "warriors", "maori", "3,1", 8))
    assert not any(MOVE <= a < MOVE + 100_000 for a in d.s.legal_actions())
    d.motivate("l-a", "a")
    d.roll(2, 2)
    d.done()
    assert d.motivate_action("l-a", "a") not in d.s.legal_actions()


def test_rule_2_a_single_figure_may_be_motivated_and_splits_off():
    d = _d(unit("a", "regulars", "british", "1,5", 6) + unit("w", "warriors", "maori", "3,1", 8))
    d.motivate("l-a", "a", single=True)
    d.roll(2, 1)
    d.move("1,4")
    assert d.figures("a", "1,4") == 1 and d.figures("a", "1,5") == 5
