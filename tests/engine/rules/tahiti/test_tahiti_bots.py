"""The heuristic bot's outlook on battles (bots.battle_prospects): 2 points a point of margin in
each hex shared with another player's fighting units, capped at 6, less 15 where a Head
Chieftain's stack could lose; nothing in rain or truce, nothing for units in a Marae compound."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.rules.tahiti.bots.heuristic import battle_prospects, evaluate  # noqa: E402
from motu.engine.rules.tahiti.game_state import IN_MARAE, PICK  # noqa: E402

from test_tahiti_game_support import BLUE, RED, clear_board, feed, game  # noqa: E402


def board(red: list[str], blue: list[str], blue_flags: int = 0):
    st = game()
    feed(st, PICK + RED)
    clear_board(st)
    cell = st.b.village_sites[2]
    for k in red:
        st.add_unit(k, RED, cell)
    for k in blue:
        st.add_unit(k, BLUE, cell, blue_flags)
    return st


def test_a_strong_stack_on_a_weak_enemy_is_worth_its_capped_margin():
    st = board(["clan_elder", "fighters", "fighters"], ["militia"])
    assert battle_prospects(st, RED) == 2.0 * 6   # 1 + 3 + 3 = 7 against 1: margin 6
    assert battle_prospects(st, BLUE) == 2.0 * -6  # the other way round


def test_a_weak_stack_on_a_strong_enemy_counts_against():
    st = board(["militia"], ["fighters", "fighters"])
    assert battle_prospects(st, RED) == 2.0 * -5   # 1 against 6


def test_a_head_chieftain_who_could_lose_is_a_risk():
    st = board(["head_chieftain", "fighters"], ["militia"])
    assert battle_prospects(st, RED) == 2.0 * 4 - 15  # 2 + 3 = 5 against 1: margin 4, short of 6
    st = board(["head_chieftain", "fighters", "fighters"], ["militia"])
    assert battle_prospects(st, RED) == 2.0 * 6       # margin 7 (capped): no risk counted


def test_no_battle_in_rain_truce_or_against_a_marae_compound():
    st = board(["clan_elder", "fighters"], ["militia"])
    with_battle = evaluate(st, RED)
    st.cond["rain"] = 2
    assert battle_prospects(st, RED) == 0.0 and evaluate(st, RED) == with_battle - 2.0 * 3
    st = board(["clan_elder", "fighters"], ["militia"])
    st.cond["truce"] = True
    assert battle_prospects(st, RED) == 0.0
    st = board(["clan_elder", "fighters"], ["militia"], blue_flags=IN_MARAE)
    assert battle_prospects(st, RED) == 0.0
