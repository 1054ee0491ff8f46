"""Fire in the Fern §5 firing and §9 pinning, with hand-worked dice."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit, volley_dice

from motu.engine.rules.fern.model import BRITISH_PLAYER, FIRE, MAORI_PLAYER, MOVE, SLOT

OPEN6 = [". . . . . ."] * 6


def _ready(rows, pieces, leader, uid, face=5, **options):
    """Motivate `uid` by `leader` (rolling a 6) and roll `face` for activation."""
    d = Driver(start(table(rows, pieces, options=options)))
    d.motivate(leader, uid)
    d.roll(6, face)
    return d


def test_rule_5_muzzle_loaders_fire_once_with_four_points_breech_loaders_twice():
    foe = unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, unit("a", "regulars", "british", "3,6", 6) + foe, "l-a", "a", face=3)
    assert d.points() == 4 and "(3 points)" in d.fire("3,3")
    volley_dice(d)
    assert d.points() == 1 and FIRE + d.cell("3,3") not in d.s.legal_actions(), "one point: no second volley"
    d = _ready(OPEN6, unit("c", "constabulary", "british", "3,6", 6) + foe, "l-c", "c", face=3)
    d.fire("3,3")
    volley_dice(d)
    assert d.points() == 2 and FIRE + d.cell("3,3") in d.s.legal_actions()


def test_rule_5_twelve_figures_fire_from_an_open_square_eight_from_bush():
    foe = unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, unit("a", "regulars", "british", "3,6", 14) + foe, "l-a", "a")
    d.fire("3,3")
    assert volley_dice(d) == 12
    rows = [". . . . . ."] * 5 + [". . b . . ."]
    d = _ready(rows, unit("a", "regulars", "british", "3,6", 14) + foe, "l-a", "a")
    d.fire("3,3")
    assert volley_dice(d) == 8


def test_rule_5_eight_figures_fire_from_behind_a_palisade():
    foe = unit("w", "warriors", "maori", "3,3", 6)
    d = Driver(start(table(OPEN6, unit("a", "regulars", "british", "3,6", 14) + foe,
                           palisades=[("3,6", "3,5")])))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    assert volley_dice(d) == 8


def test_rule_5_tupara_bonus_dice_at_close_range():
    pieces = unit("a", "regulars", "british", "3,4", 6) + unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, pieces, "l-w", "w", first_side="maori")
    d.fire("3,4")
    first = d.s.action_to_string(d.s.legal_actions()[0])
    assert "(6 figures + 3 tupara dice)" in first and volley_dice(d) == 9
    pieces = unit("a", "regulars", "british", "3,5", 6) + unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, pieces, "l-w", "w", first_side="maori")
    d.fire("3,5")
    assert volley_dice(d) == 6, "two squares away is not close range"


def test_rule_5_a_six_hits_saves_on_five_six_modified_and_unsaved_hits_become_casualties():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,3", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = _ready(OPEN6, pieces, "l-a", "a")
    d.fire("3,3")
    hits = d.roll(6, 6, 6, 2, 3, 5)
    assert hits[0].endswith("needed 6, rolled 6 — hit") and hits[3].endswith("rolled 2 — miss")
    assert hits[-1].endswith("3 hits in all")
    # Saves: 5-6, +1 the target is stationary (the Maori have not moved) → 4-6 saves.
    saves = d.roll(4, 3, 1)
    assert "+1 stationary or pinned" in saves[0] and "needed 4, rolled 4 — saved" in saves[0]
    assert saves[1].endswith("rolled 3 — not saved") and "(1 always fails)" in saves[2]
    assert d.figures("w") == 4 and d.casualties("3,3") == 2
    assert d.s.killed[MAORI_PLAYER] == 2


def test_rule_5_one_always_fails_to_save_even_behind_a_palisade_in_a_rifle_pit():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,3", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = Driver(start(table(OPEN6, pieces, palisades=[("3,3", "3,4")], pits=["3,3"])))
    d.s.reveal(d.cell("3,3"), MAORI_PLAYER)  # seen (they fired last turn, say)
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    d.roll(6, 6, 1, 1, 1, 1)
    first = d.roll(1)[0]
    for part in ("+2 rifle pit", "+3 behind palisade", "+1 stationary or pinned"):
        assert part in first
    assert first.endswith("not saved")
    assert d.roll(2)[0].endswith("needed 2, rolled 2 — saved")


def test_rule_5_save_modifiers_for_range_dense_targets_and_bush():
    rows = [". . . . . ."] * 2 + [". . b . . ."] + [". . . . . ."] * 3
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,2", 9, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = Driver(start(table([". . . . . ."] * 6, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,2")  # four squares: long range
    d.roll(6, 1, 1, 1, 1, 1)
    text = d.roll(6)[0]
    assert "+1 long range" in text and "-1 dense target" in text
    pieces = (unit("a", "regulars", "british", "3,4", 6) + [("w", "warriors", "maori", "3,3", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = Driver(start(table(rows, pieces)))
    d.s.reveal(d.cell("3,3"), MAORI_PLAYER)
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    d.roll(6, 1, 1, 1, 1, 1)
    text = d.roll(6)[0]
    assert "-1 short range" in text and "+1 bush" in text


def test_rule_5_long_range_option_counts_every_shot_beyond_close_range():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,4", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = _ready(OPEN6, pieces, "l-a", "a", long_range="beyond_close")
    d.fire("3,4")
    d.roll(6, 1, 1, 1, 1, 1)
    assert "+1 long range" in d.roll(6)[0]


def test_rule_5_targets_within_four_squares_and_in_sight():
    rows = [". . . . . ."] * 3 + [". . b . . ."] + [". . . . . ."] * 2
    pieces = (unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "3,1", 6)
              + unit("v", "warriors", "maori", "3,3", 6) + unit("x", "warriors", "maori", "5,3", 6))
    d = Driver(start(table(rows, pieces)))
    d.s.reveal(d.cell("3,3"), MAORI_PLAYER)
    d.motivate("l-a", "a")
    d.roll(6, 5)
    legal = d.s.legal_actions()
    assert FIRE + d.cell("3,1") not in legal, "five squares: out of range"
    assert FIRE + d.cell("3,3") not in legal, "behind the bush at 3,4"
    assert FIRE + d.cell("5,3") in legal


def test_rule_5_hits_are_allocated_randomly_among_the_figures_in_the_square():
    pieces = unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, pieces, "l-a", "a")
    d.fire("3,3")
    d.roll(6, 1, 1, 1, 1, 1)
    d.roll(2)  # not saved
    outcomes = dict(d.s.chance_outcomes())
    assert outcomes == {SLOT: 6 / 7, SLOT + 1: 1 / 7}, "six warriors and their chief"
    text = d.pick(1)
    assert "falls at random on l-w (1 of 7 figures)" in text
    assert d.leader("l-w").dead and d.s.leaders_killed == {d.b.leader_index["l-w"]}
    assert d.figures("w") == 6 and d.casualties("3,3") == 1


def test_rule_9_a_square_is_pinned_on_a_roll_up_to_the_hits():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,3", 9, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    for face, pinned in ((3, True), (4, False)):
        d = _ready(OPEN6, pieces, "l-a", "a")
        d.fire("3,3")
        d.roll(6, 6, 6, 1, 1, 1)
        d.roll(6, 6, 6)  # all three saved (5-6, +1 stationary, -1 dense)
        text = d.roll(face)[0]
        assert f"after 3 hits: pinned on 3 or less, rolled {face}" in text
        assert all(g.pinned == pinned for g in d.groups("w"))


def test_rule_9_pinned_units_may_only_move_away_from_the_enemy():
    pieces = unit("a", "regulars", "british", "3,4", 6) + unit("w", "warriors", "maori", "3,2", 6)
    d = Driver(start(table(OPEN6, pieces)))
    d.s.set_pinned(d.cell("3,4"), BRITISH_PLAYER, True)
    d.motivate("l-a", "a")
    d.roll(6, 6)
    moves = {a - MOVE for a in d.s.legal_actions() if MOVE <= a < MOVE + 100_000}
    assert moves == {d.cell(c) for c in ("2,5", "3,5", "4,5")}
    assert FIRE + d.cell("3,2") in d.s.legal_actions(), "pinned units may fire"


def test_rule_9_unpinning_costs_squares_from_the_officer_and_bush_with_british():
    rows = [". . . . . ."] * 4 + [". . b . . ."] + [". . . . . ."]
    pieces = (unit("a", "regulars", "british", "3,5", 6, superior="maj") + unit("b", "regulars", "british", "5,6", 6,
                                                                              superior="maj")
              + [("maj", "senior_officer", "british", "5,6", 1, {})] + unit("w", "warriors", "maori", "6,1", 6))
    d = Driver(start(table(rows, pieces)))
    d.s.set_pinned(d.cell("3,5"), BRITISH_PLAYER, True)
    d.s.set_pinned(d.cell("5,6"), BRITISH_PLAYER, True)
    d.s._legal = None
    d.motivate("maj", "b")
    d.roll(6, 6)  # 6 +1 leaders -2 pinned = 5
    assert d.points() == 5
    # 5,6 to 3,5: two squares apart, three counted, +1 bush with British in it = 4.
    assert "(4 points)" in d.unpin("3,5") and d.points() == 1
    assert not any(g.pinned for g in d.groups("a"))
    assert "(1 point)" in d.unpin("5,6"), "un-pinning your own square still costs 1 point"
    assert not any(g.pinned for g in d.groups("b"))


def test_rule_5_kupapa_with_the_tupara_get_no_close_range_dice_they_are_not_maori():
    pieces = unit("k", "kupapa", "kupapa", "3,4", 6) + unit("w", "warriors", "maori", "3,3", 6)
    d = _ready(OPEN6, pieces, "l-k", "k")  # 5 +1 leader -1 kupapa in the open = 5 points
    d.fire("3,3")
    assert volley_dice(d) == 6, "§1: 'Maori' are those fighting against the British"
    d = _ready(OPEN6, pieces, "l-k", "k", kupapa_tupara=True)
    d.fire("3,3")
    assert volley_dice(d) == 9, "option kupapa_tupara: 6 figures + 3 tupara dice"


def test_rule_5_maori_armed_otherwise_get_no_tupara_dice():
    pieces = (unit("a", "regulars", "british", "3,4", 6)
              + unit("w", "warriors", "maori", "3,3", 6, weapon="muzzle_loader"))
    d = _ready(OPEN6, pieces, "l-w", "w", first_side="maori")
    d.fire("3,4")
    assert volley_dice(d) == 6
