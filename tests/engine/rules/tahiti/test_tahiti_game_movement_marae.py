"""The Marae compound entered by movement (15.8), sentence by sentence, in a game.

tahiti.yaml: a full Marae on 1018 (Paea's Marae site, a clear hex); 1016 and 1017 are the clear
hexes above it in its column (1 and 2 MP away). Sentences tested elsewhere, on the map queries:
no zone of influence -- test_tahiti_zones.py::test_rule_15_8_units_in_a_marae_compound_exert_no_zone;
not counted for area control -- test_tahiti_control.py::test_rule_15_8_units_in_a_marae_compound_do_not_count_for_area_control.
The game's own reading of those two is checked here too (queries.py), and retreat into the
compound in the combat tests.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE, IN_MARAE, MOVED  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control, enemy_land_zone  # noqa: E402

from test_tahiti_game_movement_support import at, cell, land, position, where  # noqa: E402
from test_tahiti_game_support import BLUE, RED, at_step, count, in_compound, pending  # noqa: E402

MARAE = {"rule_15_8_maraes": True}
SITE = "1018"


def with_marae(*units, built=1, **opts):
    st = position(*units, **MARAE, **opts)
    st.maraes[cell(st, SITE)] = built
    st._legal = None
    return st


def test_rule_15_8_units_moving_into_the_marae_hex_may_enter_the_compound():
    st = with_marae(("population", RED, "1016"), ("militia", RED, "1016"), ("clan_elder", RED, "1016"))
    st.apply_action(land(st, "1016", SITE))  # 2 MP
    assert pending(st) == "on_enter_marae" and set(st.legal_actions()) == {DONE, at(st, SITE)}
    st.apply_action(at(st, SITE))  # "by placing the Marae counter on them"
    site = cell(st, SITE)
    assert in_compound(st, RED) == [("clan_elder", site), ("militia", site), ("population", site)]


def test_rule_15_8_entering_is_a_choice():
    st = with_marae(("population", RED, "1016"))
    st.apply_action(land(st, "1016", SITE))
    st.apply_action(DONE)  # stay outside, in the hex
    assert where(st, "population") == [SITE, "1106"] and in_compound(st, RED) == []


def test_rule_15_8_no_compound_for_a_part_built_marae():
    st = with_marae(("population", RED, "1016"), built=0)
    st.apply_action(land(st, "1016", SITE))
    assert pending(st) == "on_move"


def test_rule_15_8_refused_with_enemy_combat_units_in_the_hex():
    st = with_marae(("population", RED, "1017"), ("fighters", BLUE, SITE))
    st.apply_action(land(st, "1017", SITE))
    assert pending(st) == "on_move"  # no offer: Blue Fighters stand in the hex
    assert count(st, RED, "population", cell(st, SITE)) == 1 and in_compound(st, RED) == []


def test_rule_15_8_refused_with_enemy_combat_units_inside_the_compound():
    st = with_marae(("population", RED, "1017"), ("fighters", BLUE, SITE))
    next(u for u in st.units if u.player == BLUE).flags |= IN_MARAE
    st.apply_action(land(st, "1017", SITE))
    assert pending(st) == "on_move"


def test_rule_15_8_enemy_population_does_not_bar_the_compound():
    st = with_marae(("population", RED, "1017"), ("population", BLUE, SITE))
    st.apply_action(land(st, "1017", SITE))
    assert pending(st) == "on_enter_marae"  # only Combat Units bar it


def test_rule_15_8_a_leader_enters_after_his_variable_movement_roll():
    st = with_marae(("clan_elder", RED, "1016"), rule_15_13_variable_movement=True)
    st.apply_action(land(st, "1016", SITE))  # 2 MP: he rolls in step two
    assert pending(st) == "on_move"
    st.apply_action(DONE)
    st.apply_action(3)  # column 3, die 3: +1
    st.apply_action(DONE)  # he stays on the Marae's hex
    assert pending(st) == "on_enter_marae"
    st.apply_action(at(st, SITE))
    assert in_compound(st, RED) == [("clan_elder", cell(st, SITE))]


def test_rule_15_8_they_may_move_out_in_their_movement_phase():
    st = with_marae(("population", RED, SITE))
    pop = next(u for u in st.units if u.cell == cell(st, SITE))
    pop.flags |= IN_MARAE
    st._legal = None
    st = position_again(st)
    assert land(st, SITE, "1017") in st.legal_actions()  # out and away
    st.apply_action(land(st, SITE, SITE))  # or out onto the Marae's own hex
    assert not pop.flags & IN_MARAE and pop.flags & MOVED and where(st, "population") == [SITE, "1106"]


def position_again(st):
    """Re-ask Red's move decision after the units were changed by hand."""
    return at_step(st, ("move_decide", RED, ()))


def test_rule_15_8_they_leave_only_in_their_movement_phase_and_may_stay_indefinitely():
    # Red Militia in the compound, Blue Fighters outside it in the same hex: no battle (they
    # "can not be attacked"), nothing moves them out; they are still inside two turns later.
    st = with_marae(("militia", RED, SITE), ("fighters", BLUE, SITE))
    mil = next(u for u in st.units if u.kind == "militia")
    mil.flags |= IN_MARAE
    st = position_again(st)
    for turn in (1, 2):
        while st.turn == turn:
            if st.current_player() >= 0 and pending(st) == "on_move":
                st.apply_action(DONE)  # nobody moves
            else:
                finish_step(st)
            assert st.unit(mil.uid) is not None and mil.flags & IN_MARAE and mil.cell == cell(st, SITE)
    assert st.turn == 3


def finish_step(st):
    """Anything but a move: the first legal action (a die 1, a build, ...)."""
    st.apply_action(st.legal_actions()[0])


def test_rule_15_8_in_the_compound_no_zone_and_no_area_control_in_the_game():
    st = with_marae(("population", RED, SITE))
    pop = next(u for u in st.units if u.cell == cell(st, SITE))
    paea = st.b.area[cell(st, SITE)]
    assert cell(st, "1017") in enemy_land_zone(st, BLUE) and area_control(st)[paea] == RED
    pop.flags |= IN_MARAE
    assert cell(st, "1017") not in enemy_land_zone(st, BLUE)
    assert area_control(st)[paea] == -1


def test_rule_15_8_canoes_wait_outside_their_passengers_enter():
    # The Marae site 1505 (Arue) is a coastal hex; a Population unit paddles there from the next
    # coastal hex with its War Canoe.
    st = with_marae()
    site = next(c for c in st.b.marae_sites if st.b.coast[c])
    st.maraes[site] = 1
    start = next(c for c in st.b.nb[site] if st.b.coast[c])
    st.add_unit("population", RED, start)
    st.add_unit("war_canoe", RED, start)
    st = position_again(st)
    n = st.b.size
    from motu.engine.rules.tahiti.game_state import CELL, SEA
    st.apply_action(SEA + start * n + site)
    st.apply_action(CELL + site)
    assert [bool(u.flags & IN_MARAE) for u in st.units if u.cell == site] == [True, False]  # Population, canoe
