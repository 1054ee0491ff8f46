"""Limits on where a stack may move in a game: the truce (events 44-45) and 7.5's doubling back
(option rule_7_5_doubling_back); hand-set positions on tahiti.yaml.

Faaa holds 0608-0710 (0709's six neighbours are all Faaa); Punaauia begins at 0711 and 0610.
Column 7 from 0708 down is a line of 1-MP hexes (see test_tahiti_game_movement_variable.py).
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from test_tahiti_game_movement_support import position, sea, targets  # noqa: E402
from test_tahiti_game_support import BLUE, RED, at_step  # noqa: E402


def under_truce(*blue_areas: str):
    """Red Population at 0709 in Faaa; these areas held by Blue (control markers); truce."""
    st = position(("population", RED, "0709"), cond={"truce": True})
    for a in blue_areas:
        st.control_markers[st.b.areas.index(a)] = BLUE
    return at_step(st, ("movement", RED))


def test_rule_15_12_event_44_truce_stack_inside_enemy_area_moves_within_it_not_into_another():
    # Faaa and Punaauia are Blue's. Red's Population is already in Faaa: it is not moving *into*
    # enemy-controlled territory when it moves within Faaa (0708, 0710), but Punaauia (0711,
    # 0610) is another enemy-controlled area: closed.
    reach = targets(under_truce("faaa", "punaauia"), "0709")
    assert {"0708", "0710", "0608"} <= reach
    assert not reach & {"0711", "0610", "0712"}


def test_rule_15_12_event_44_truce_stack_inside_enemy_area_may_move_out():
    reach = targets(under_truce("faaa"), "0709")  # Punaauia neutral: out of Faaa into it
    assert {"0711", "0610"} <= reach


def test_rule_15_12_event_44_truce_no_move_into_enemy_area():
    # Red starts in Faaa, neutral now; Punaauia is Blue's: its hexes are closed.
    reach = targets(under_truce("punaauia"), "0709")
    assert "0710" in reach and not reach & {"0711", "0610", "0712"}


@pytest.mark.parametrize("rule", ["leave_freely", "step_out_first"])
def test_rule_7_5_doubling_back_option(rule):
    # Blue Population at 0711: its zone is 0711 and its land neighbours (0710, 0610, 0810, ...).
    # Red's Population starts at 0710, in the zone. leave_freely: it may step straight into
    # Blue's hex 0711 (a zone hex; the move ends there). step_out_first: its first step must
    # leave every zone (to 0709 or 0609); 0711 is then out of reach (every way in passes a zone
    # hex, which ends the move), while 0610 is still reached by stepping out first (0710 ->
    # 0609 -> 0610, 2 MP).
    st = position(("population", RED, "0710"), ("population", BLUE, "0711"), rule_7_5_doubling_back=rule)
    reach = targets(st, "0710")
    assert {"0709", "0609", "0610"} <= reach
    assert ("0711" in reach) == (rule == "leave_freely")


@pytest.mark.parametrize("rule", ["leave_freely", "step_out_first"])
def test_rule_7_5_doubling_back_option_by_sea(rule):
    # A Blue War Canoe at 0609 puts 0608 (next to it along the shore) in its sea zone (8.4). Red's
    # Clan Elder and War Canoe start at 0608: leave_freely, they may paddle straight onto 0609;
    # step_out_first, their first stroke must leave the zone, and 0609 is out of reach.
    st = position(("clan_elder", RED, "0608"), ("war_canoe", RED, "0608"), ("war_canoe", BLUE, "0609"),
                  rule_7_5_doubling_back=rule)
    legal = st.legal_actions()
    assert (sea(st, "0608", "0609") in legal) == (rule == "leave_freely")
    # Out of the zone first, through the lagoon 0607 / 0707 (not next to 0609): still free.
    assert sea(st, "0608", "0806") in legal
