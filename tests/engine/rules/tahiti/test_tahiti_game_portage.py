"""15.7 Papeari canoe portage in a game (reach.sea_reach), on the shipped map tahiti.yaml.

The scenario marks one portage hexside, between the coastal hexes 828 (3018) and 874 (2919) of
Papeari (area 12), across the isthmus: land at both its ends, so without the portage no canoe
crosses it. Red (initiative) has a War Canoe and a Clan Elder on 828 and nothing else is on the
map; Papeari is held by a Blue Control marker, so Red does not control it (15.7 does not ask him
to) and its lagoon is closed to him (15.6 reef movement): the canoe keeps to the coastal hexes.
15.13 is off, so the canoe moves its full 4 MP = 12 hexes. Crossing costs 2 MP (6 hexes)
plus one hex for 874: 7. Beyond it, along the shore of Tahiti Iti, each hex costs one more:
826 and 921 8, 872 and 968 9, 919 and 1015 10, 918 and 1062 11, 964 and 1063 12 (the last
with 4 MP), 963 and 1110 13 (out of reach). The long way round the other side is far longer."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import MOVED, PICK, SEA  # noqa: E402
from motu.engine.rules.tahiti.movement.reach import sea_reach  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control  # noqa: E402

from test_tahiti_game_support import BLUE, RED, clear_board, feed, game, node_name  # noqa: E402

START, BEYOND = 828, 874          # the two portage hexes
PAPEARI = 12
BY_PORTAGE = {874: 7, 826: 8, 921: 8, 872: 9, 968: 9, 919: 10, 1015: 10, 918: 11, 1062: 11, 964: 12, 1063: 12}
ONE_TOO_FAR = {963, 1110}         # 13 hexes


def papeari(*blue, held_by=BLUE, **opts):
    """Red to move with its canoe stack on 828; `blue` units (kind, cell) placed first;
    Papeari's Control marker is `held_by`'s (None: no marker)."""
    st = game(**{"rule_15_13_variable_movement": False, **opts})
    feed(st, PICK + RED)
    clear_board(st)
    if held_by is not None:
        st.control_markers[PAPEARI] = held_by
    st.add_unit("war_canoe", RED, START)
    st.add_unit("clan_elder", RED, START)
    for kind, cell in blue:
        st.add_unit(kind, BLUE, cell)
    st.node = None
    st.push(("move_decide", RED))
    st._advance()
    assert node_name(st) == "on_move" and st.current_player() == RED
    return st


def by_sea(st):
    """The hexes Red's stack on 828 may end on by sea (its legal SEA actions)."""
    n = st.b.size
    lo = SEA + START * n
    return {a - lo for a in st.legal_actions() if lo <= a < lo + n}


def test_rule_15_7_portage_hexside_is_the_scenario_s():
    st = papeari()
    assert st.b.portages == frozenset({(START, BEYOND)})
    assert st.b.area[START] == st.b.area[BEYOND] == PAPEARI and st.b.coast[START] and st.b.coast[BEYOND]


def test_rule_15_7_portage_costs_two_mp_plus_the_coastal_hex_beyond():
    st = papeari()
    reach = sea_reach(st, RED, START, 4)
    assert {c: reach[c][0] for c in BY_PORTAGE} == BY_PORTAGE  # 6 + 1 for 874, then one a hex
    assert reach[BEYOND][1] == START  # straight across the hexside
    targets = by_sea(st)
    assert set(BY_PORTAGE) <= targets and not ONE_TOO_FAR & targets  # 12 hexes reach 964, 1063; not 13


def test_rule_15_7_portage_exactly_at_the_mp_boundary():
    st = papeari()
    # 7/3 MP = 7 hexes: the hexside (2 MP = 6) and 874 (1), nothing further along.
    assert set(sea_reach(st, RED, START, 7 / 3)) & set(BY_PORTAGE) == {BEYOND}
    # 2 MP pays the hexside but not the hex beyond.
    assert not set(sea_reach(st, RED, START, 2)) & set(BY_PORTAGE)


def test_rule_15_7_portage_not_with_a_light_rain_allowance_of_two():
    # 52-53 light rain: allowance 2 MP = 6 hexes < 7; the same stack in fair weather crosses.
    st = papeari()
    st.cond["rain"] = 2
    st.node = None
    st.push(("move_decide", RED))
    st._advance()
    assert not by_sea(st) & set(BY_PORTAGE)


def test_rule_15_7_portage_move_carries_the_stack_across():
    st = papeari()
    feed(st, SEA + START * st.b.size + 964)  # 12 hexes: the full 4 MP
    assert sorted((u.kind, u.cell, bool(u.flags & MOVED)) for u in st.units) == [("clan_elder", 964, True),
                                                                         ("war_canoe", 964, True)]


@pytest.mark.parametrize("blue, why", [
    (("militia", 876), "828 in a Blue land zone (876 is next to 828, not to 874)"),
    (("militia", 826), "874 in a Blue land zone (826 is next to 874, not to 828)"),
    (("war_canoe", 829), "828 in a Blue sea zone (the lagoon hex 829 by 828)"),
    (("war_canoe", 921), "874 in a Blue sea zone (921, along the shore from 874)"),
])
def test_rule_15_7_portage_refused_in_enemy_zoi(blue, why):
    st = papeari(blue)
    assert BEYOND not in by_sea(st), why
    assert not {BEYOND, 872, 919, 918, 964} & by_sea(st)  # nothing beyond the isthmus either


@pytest.mark.parametrize("blue", [("militia", 968), ("militia", 1015)])
def test_rule_15_7_portage_allowed_with_enemy_near_but_neither_hex_in_its_zone(blue):
    st = papeari(blue)  # 968 and 1015 are two and three hexes from 874: their zones miss both ends
    assert BEYOND in by_sea(st) and 872 in by_sea(st)


@pytest.mark.parametrize("held_by", [BLUE, RED, None])
def test_rule_15_7_portage_without_control_of_papeari(held_by):
    st = papeari(held_by=held_by)  # None: Red's Clan Elder alone there gives him Papeari
    assert area_control(st)[PAPEARI] == (RED if held_by is None else held_by)
    assert sea_reach(st, RED, START, 4)[BEYOND] == (7, START) and set(BY_PORTAGE) <= by_sea(st)


def test_rule_15_7_portage_option_off_closes_the_hexside():
    on, off = by_sea(papeari()), by_sea(papeari(rule_15_7_portage=False))
    assert not set(BY_PORTAGE) & off
    assert on - off == set(BY_PORTAGE)  # the rest of the sea moves are the same
