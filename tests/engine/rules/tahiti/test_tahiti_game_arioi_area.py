"""15.6 in the Arioi's area, in a game's Movement Phase (reach._closed), on tahiti.yaml:
"Units may not enter a hex containing enemy combat units in the area. Combat units do,
however, retain their Zones of Influence. Units may otherwise move normally through the area
with the Arioi counter."

Red wins the initiative and places the Arioi (option rule_15_6_arioi) on 712, a coastal hex of
Paea (area 2), or on 428 in Punaauia (area 1) for the controls; then the board is cleared and
only the units of each test stand on it. Hexes of Paea used: 714 (clear) borders 760, 761 and
713; 761 (clear) borders 808; 807 (coast) borders 760, 761, 808 and 854; all cost 1 MP."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import CELL, LAND, MOVED, PICK, SEA  # noqa: E402

from test_tahiti_game_support import BLUE, RED, clear_board, feed, game, node_name  # noqa: E402

PAEA_ARIOI, PUNAAUIA_ARIOI = 712, 428


def arioi_at(where, red, blue):
    """Red to move, the Arioi on `where`; red/blue: (kind, cell) units."""
    st = game(rule_15_6_arioi=True)
    feed(st, PICK + RED, CELL + where)
    assert st.arioi == where and node_name(st) == "on_move"
    clear_board(st)
    for player, units in ((RED, red), (BLUE, blue)):
        for kind, cell in units:
            st.add_unit(kind, player, cell)
    st.node = None
    st.push(("move_decide", RED))
    st._advance()
    return st


def targets(st, kind, f):
    """Hexes Red's stack on `f` may end on by land (LAND) or by sea (SEA)."""
    n = st.b.size
    lo = kind + f * n
    return {a - lo for a in st.legal_actions() if lo <= a < lo + n}


LEADER = [("clan_elder", 761), ("fighters", 761)]  # next to 808


# --- "Units may not enter a hex containing enemy combat units in the area" ------------------------

@pytest.mark.parametrize("arioi, blue_kind, enters", [
    (PAEA_ARIOI, "militia", False),         # the rule: Blue Combat Units in the Arioi's area
    (PUNAAUIA_ARIOI, "militia", True),      # the Arioi elsewhere: move in, a battle to come
    (PAEA_ARIOI, "population", True),       # Population is no Combat Unit
])
def test_rule_15_6_no_entering_a_hex_with_enemy_combat_units_in_the_arioi_area(arioi, blue_kind, enters):
    st = arioi_at(arioi, LEADER, [(blue_kind, 808)])
    assert (808 in targets(st, LAND, 761)) is enters
    assert 807 in targets(st, LAND, 761)  # 807 holds no enemy: "otherwise move normally"


@pytest.mark.parametrize("arioi, lands", [(PAEA_ARIOI, False), (PUNAAUIA_ARIOI, True)])
def test_rule_15_6_no_landing_by_sea_on_enemy_combat_units_in_the_arioi_area(arioi, lands):
    # Red's canoe stack on 854 paddles along Paea's shore to 760 (854 -> 807 -> 760: 2 hexes);
    # Blue Militia on 760. Land zones do not stop canoes: only the Arioi's rule keeps it off 760.
    st = arioi_at(arioi, [("war_canoe", 854), ("clan_elder", 854)], [("militia", 760)])
    assert (760 in targets(st, SEA, 854)) is lands and 807 in targets(st, SEA, 854)


# --- "Combat units do, however, retain their Zones of Influence" ------------------------------------

def test_rule_15_6_enemy_combat_units_keep_their_zone_in_the_arioi_area():
    # Red's Clan Elder (3 MP) and Fighters on 714; Blue Militia on 808, its zone 761, 807, 809,
    # 854, 855, 856. Without Blue, 854 is 714 -> 760 -> 807 -> 854: 3 MP.
    free = arioi_at(PAEA_ARIOI, [("clan_elder", 714), ("fighters", 714)], [])
    assert {761, 807, 854, 808} <= targets(free, LAND, 714)
    st = arioi_at(PAEA_ARIOI, [("clan_elder", 714), ("fighters", 714)], [("militia", 808)])
    moves = targets(st, LAND, 714)
    assert {761, 807} <= moves      # the zone may be entered (the Militia's hex may not: 808)
    assert not {854, 855, 856, 808} & moves  # but the move stops in it: 854 is out of reach
    feed(st, LAND + 714 * st.b.size + 807)
    assert sorted((u.kind, u.cell, bool(u.flags & MOVED)) for u in st.units if u.player == RED) == [
        ("clan_elder", 807, True), ("fighters", 807, True)]
