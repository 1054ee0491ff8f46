"""Random Events (15.12): every row of the table with a hand-worked third die, and the events'
effects. Two dice make the number (first die tens), the third die the result."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from engine.rules.tahiti.game_state import PICK
from engine.rules.tahiti.rulesdata import events_by_number, load  # noqa: E402

from test_tahiti_game_support import RED, feed, finish_turn, game  # noqa: E402

NUMBERS = [10 * a + b for a in range(1, 7) for b in range(1, 7)]


def rolled(first, second, third=None, turn=1, **opts):
    st = game(rule_15_12_random_events=True, **opts)
    st.turn = turn
    feed(st, PICK + RED, first, second)  # Red wins the initiative and rolls
    if third is not None and st.current_player() == -1 and st.node[2] == "_die_rolled" \
            and st.node[3][0] == "on_event_third":
        st.apply_action(third)
    return st


def test_rule_15_12_table_numbers_all_36_results_once():
    assert sorted(events_by_number()) == NUMBERS
    assert len(load("events")) == 28


@pytest.mark.parametrize("third", range(1, 7))
@pytest.mark.parametrize("number", NUMBERS)
def test_rule_15_12_random_events_table_row(number, third):
    st = rolled(number // 10, number % 10, third, turn=13)
    finish_turn(st, seed=number * 10 + third)  # the turn plays on to its end without error
    assert st.is_terminal() or st.turn in (14, 15)  # 11-13 skip straight to turn 14


def test_rule_15_12_event_53_rain_cuts_movement_to_two():
    st = rolled(5, 3, 4)
    assert st.cond["rain"] == 2
    assert rolled(5, 2, 6).cond["rain"] == 1


def test_rule_15_12_event_11_ends_game_after_one_season():
    st = rolled(1, 1, turn=7)
    assert st.is_terminal() and "event 11" in st.result[2]


def test_rule_15_12_event_13_skips_to_next_turn_before_three_seasons():
    st = rolled(1, 3, turn=7)
    assert not st.is_terminal()
    assert st.turn == 8   # skipped straight to Advance Game Turn


def test_rule_15_12_event_14_15_storm_hurricane_wrecks_a_canoe():
    st = rolled(1, 5, 6)
    assert st.cond["storm"] == "hurricane"
    canoes = sum(1 for u in st.units if u[0] == "war_canoe")
    st.apply_action(PICK)  # the first War Canoe is picked
    assert sum(1 for u in st.units if u[0] == "war_canoe") == canoes - 1


def test_rule_15_12_event_46_rolls_two_more_events():
    st = rolled(4, 6, 2)
    assert st.node[3][0] == "on_event_first"
    feed(st, 6, 1, 3)  # 61: nothing happens; then the second extra event
    assert st.node[3][0] == "on_event_first"


def test_rule_15_12_event_66_6_armageddon_everybody_loses():
    st = rolled(6, 6, 6)
    assert st.returns() == [-1.0] * 4


def test_rule_15_12_event_66_1_reroll_token_offered_on_next_die():
    st = rolled(6, 6, 1)
    assert (RED, "turn") in st.tokens


def test_rule_15_12_event_24_25_shaman_at_two():
    st = rolled(2, 4, 3)
    assert st.cond["shaman_cv"][RED] == 2


def test_rule_15_12_event_21_own_shaman_dies_and_returns_in_two_turns():
    st = rolled(2, 1, 2)
    assert not any(u[1] == RED and u[0] == "shaman" for u in st.units)
    assert st.shaman_due[RED] == 3


def test_rule_15_12_event_44_45_6_demobilisation_keeps_three():
    st = rolled(4, 4, 6)
    for p in range(4):
        assert sum(1 for u in st.units if u[1] == p and u[0] in ("militia", "fighters")) == 3
    assert st.cond["truce"]


def test_rule_15_12_event_51_earthquake_reduces_village_with_rast():
    st = rolled(5, 1, 2)
    feed(st, 1, 4)  # Random Area Selection: 1-2 / 4 = Pare, Red's home
    home = st.home[RED]
    assert st.villages[home][1] == 0
    assert sum(1 for u in st.units if u[2] == home and u[0] == "population") == 4


def test_rast_roll_again_rolls_again():
    st = rolled(5, 1, 2)
    feed(st, 6, 6)  # "Roll Again"
    assert st.node[3][0] == "on_rast_first"
