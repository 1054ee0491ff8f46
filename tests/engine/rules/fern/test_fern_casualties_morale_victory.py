"""Fire in the Fern §8 casualties, §10 unit morale and §11 game end, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit

from motu.engine.rules.fern.model import BRITISH_PLAYER, MAORI_PLAYER, RESCUE, RETIRE

OPEN6 = [". . . . . ."] * 6
FOE = unit("w", "warriors", "maori", "6,1", 6)


def _with_casualties(n_fig, n_cas, kind="regulars", side="british", extra=(), **options):
    pieces = (unit("a", kind, side, "3,5", n_fig) + [("cas", "casualty", side, "3,5", n_cas, {"unit": "a"})]
              + FOE + list(extra))
    return Driver(start(table(OPEN6, pieces, options=options)))


def test_rule_8_at_the_start_of_a_turn_casualties_with_live_figures_go_on_one_or_two():
    d = _with_casualties(6, 2, extra=unit("b", "regulars", "british", "1,6", 6))
    assert d.step() == "r_carry"
    assert d.roll(2)[0].endswith("carried off on 1-2, rolled 2 — removed with a live figure")
    assert d.roll(3)[0].endswith("rolled 3 — stays")
    assert d.casualties("3,5") == 1 and d.figures("a") == 5


def test_rule_8_casualties_alone_in_a_square_are_not_rolled_for():
    pieces = unit("a", "regulars", "british", "3,5", 6) + [("cas", "casualty", "british", "1,5", 1, {"unit": "a"})]
    d = Driver(start(table(OPEN6, pieces + FOE)))
    assert d.step() == "main"


def test_rule_8_rescue_points_up_to_the_live_figures_each_removing_a_casualty_on_four_to_six():
    d = _with_casualties(2, 3, extra=unit("b", "regulars", "british", "1,6", 6))
    d.roll(6, 6, 6)  # no casualty carried off
    d.roll(6)        # §10: three casualties on the table for two figures: the unit tests, and stands
    d.motivate("l-a", "a")
    d.roll(6, 5)     # 5 +1 leader = 6 points
    rescue = {a - RESCUE for a in d.s.legal_actions() if RESCUE <= a < RESCUE + 100_000}
    assert rescue == {1, 2}, "only as many points as there are live figures in the square"
    assert "allocate 2 points to removing casualties" in d.rescue(2)
    assert d.roll(4)[0].endswith("needed 4, rolled 4 — a casualty removed")
    assert d.roll(3)[0].endswith("failed")
    assert d.casualties("3,5") == 2 and d.points() == 4
    assert not any(RESCUE <= a < RESCUE + 100_000 for a in d.s.legal_actions())


def test_rule_10_a_third_of_the_unit_on_the_table_as_casualties_tests_and_fails_on_three():
    d = _with_casualties(6, 2, extra=unit("b", "regulars", "british", "1,6", 6))
    d.roll(6, 6)
    text = d.roll(3)[0]
    assert "morale of a (§10): needed 4, rolled 3 — broken" in text
    assert d.figures("a") == 0 and d.leader("l-a").cell is None and not d.leader("l-a").dead
    assert d.b.unit_index["a"] in d.s.broken


def test_rule_10_a_unit_stands_on_four_to_six():
    d = _with_casualties(6, 2, extra=unit("b", "regulars", "british", "1,6", 6))
    d.roll(6, 6)
    assert d.roll(4)[0].endswith("stands") and d.figures("a") == 6


def test_rule_10_kupapa_test_at_a_sixth_on_the_table_others_do_not():
    d = _with_casualties(6, 1, kind="kupapa", side="kupapa", extra=unit("b", "regulars", "british", "1,6", 6))
    d.roll(6)
    assert d.step() == "r_morale"
    d = _with_casualties(6, 1, extra=unit("b", "regulars", "british", "1,6", 6))
    d.roll(6)
    assert d.step() == "main"


def test_rule_10_half_the_unit_lost_tests_at_the_start_of_its_turn():
    pieces = (unit("a", "regulars", "british", "3,6", 6)
              + [("w", "warriors", "maori", "3,3", 4, {"unit": "w"}), ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})]
              + unit("v", "warriors", "maori", "1,1", 6))
    d = Driver(start(table(OPEN6, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    d.roll(6, 6, 1, 1, 1, 1)
    d.roll(1, 1)     # two unsaved: two of four lost
    d.roll(6)        # not pinned
    d.done()
    d.end_turn()
    d.roll(6, 6)     # §8: the two casualties stay
    assert d.step() == "r_morale"
    d.roll(3)
    assert d.figures("w") == 0 and d.b.unit_index["w"] in d.s.broken


def test_rule_10_minus_one_for_every_leader_killed_in_the_chain_of_command():
    d = _with_casualties(6, 2, extra=unit("b", "regulars", "british", "1,6", 6))
    li = d.b.leader_index["l-a"]
    d.s.leaders[li] = d.s.leaders[li]._replace(cell=None, dead=True)
    d.s.stack[-1:] = [("turn_start",)]  # the next turn starts with the leader dead
    d.s._run()
    d.roll(6, 6)
    text = d.roll(4)[0]
    assert "-1 for leaders killed" in text and text.endswith("broken: leaves the table")


# --- §11 ------------------------------------------------------------------------------------------
def test_rule_11_retiring_ends_the_game_and_the_other_side_holds_the_field():
    pieces = (unit("a", "regulars", "british", "3,6", 6)
              + [("w", "warriors", "maori", "3,3", 4, {"unit": "w"}), ("l-w", "leader", "maori", "3,3", 1, {"unit": "w"})]
              + unit("v", "warriors", "maori", "1,1", 6))
    d = Driver(start(table(OPEN6, pieces)))
    assert RETIRE not in d.s.legal_actions(), "Motu's choice: a side retires once it has been in the fight"
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    d.roll(6, 6, 6, 1, 1, 1)
    d.roll(1, 1, 1)
    d.pick(1)        # the first hit falls on the chief; the others can only fall on the hapu
    d.roll(6)
    d.done()
    d.end_turn()
    d.roll(6, 6, 6)  # casualties stay
    d.roll(4)        # half the hapu lost: morale 4, -1 for the dead chief = 3: broken
    assert d.b.unit_index["w"] in d.s.broken
    assert RETIRE in d.s.legal_actions()
    d.do(RETIRE)
    assert d.s.retired == MAORI_PLAYER and d.s.holder == BRITISH_PLAYER
    # British: 3 casualties inflicted + 3 Maori casualties on the table they hold, + D6 for the broken
    # hapu + D6 for the dead chief. Maori: nothing.
    assert d.roll(5)[0] == "victory points for the British (§11): l-w killed, rolled 5"
    assert d.roll(3)[0] == "victory points for the British (§11): w broken, rolled 3"
    assert d.s.is_terminal() and d.s.vp == [3 + 3 + 5 + 3, 0] and d.s.returns() == [1.0, -1.0]


def test_rule_11_the_game_ends_when_all_of_a_sides_units_are_broken():
    pieces = unit("a", "regulars", "british", "3,5", 6) + [("cas", "casualty", "british", "3,5", 2, {"unit": "a"})]
    d = Driver(start(table(OPEN6, pieces + FOE)))
    d.roll(6, 6)
    d.roll(1)        # morale fails: the British have no unit left
    assert d.step() == "r_vp" and d.s.holder == MAORI_PLAYER
    d.roll(2)
    assert d.s.vp == [0, 2 + 2] and d.s.returns() == [-1.0, 1.0]


def test_rule_11_a_tie_is_a_draw_unless_the_british_write_the_history_books():
    for books, result in ((False, [0.0, 0.0]), (True, [1.0, -1.0])):
        d = Driver(start(table(OPEN6, unit("a", "regulars", "british", "3,6", 6) + FOE, victory={"turns": 1}),
                         history_books=books))
        d.end_turn()
        d.end_turn()
        assert d.s.is_terminal() and d.s.vp == [0, 0] and d.s.returns() == result


def test_rule_10_kupapa_test_once_a_third_of_the_unit_is_lost_others_at_half():
    pieces = (unit("k", "kupapa", "kupapa", "3,5", 6) + unit("b", "regulars", "british", "1,6", 6) + FOE)
    d = Driver(start(table(OPEN6, pieces)))
    for uid in ("k", "b"):  # two of six figures of each have left the table (carried off, §8)
        for _ in range(2):
            d.s.remove_figure(next(gid for gid, g in d.s.groups.items() if g.unit == d.b.unit_index[uid]))
    d.s.stack[-1:] = [("turn_start",)]  # their next turn
    d.s._run()
    assert d.step() == "r_morale" and d.s.stack[-1][1] == d.b.unit_index["k"]
    assert d.roll(4)[0] == "morale of k (§10): needed 4, rolled 4 — stands"
    assert d.step() == "main", "a third lost is not half: the regulars do not test"
