"""The map's scale (docs/rules/tahiti.md "Scale"): the shipped maps are one mile a hex, four hexes to
the game's 4-mile hex, and the movement numbers follow -- a hex costs a quarter of the game's,
a sea movement point is 12 hexes, zones reach 4 hexes, a retreat is 8 hexes with a Panic roll
in each game hex, 15.13's -1 goes back a game hex. Hand-worked on scenarios/tahiti.yaml at its
own scale (option miles_per_hex 0: the map's georeference says one mile).

Column 7 from 0708 down to 0715 is a straight line of hexes costing a quarter MP each (see
test_tahiti_game_movement_variable.py): a hex n rows down is n hexes away and no nearer.
"""
from __future__ import annotations

import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE, LAND, MOVED, PICK  # noqa: E402
from motu.engine.rules.tahiti.movement.moves import _distance_to  # noqa: E402
from motu.engine.rules.tahiti.movement.reach import land_reach, route, sea_reach  # noqa: E402
from motu.engine.rules.tahiti.combat.retreat import free_reach  # noqa: E402
from motu.engine.rules.tahiti.scale import georeferenced_miles, hexes_per_game_hex  # noqa: E402
from tahiti_positions import PAEA_HEX  # noqa: E402

from test_tahiti_game_movement_support import cell, label, land, position, targets, where  # noqa: E402
from test_tahiti_game_support import BLUE, RED, at_step, clear_board, feed, game, pending, scenario  # noqa: E402

REAL = {"miles_per_hex": 0}  # the map's own scale, from its georeference


def test_scale_shipped_map_is_one_mile_a_hex_four_to_the_game_hex():
    s = scenario()
    assert round(georeferenced_miles(s), 6) == 1.0  # km_per_unit 0.929155192: √3 of them a mile
    assert hexes_per_game_hex(s, 0) == 4
    st = game(**REAL)
    b = st.b
    assert b.game_hex == 4 and b.hex_per_mp == 12 and b.retreat_hexes == 8
    assert [b.foot[cell(st, h)] for h in ("0709", "1520")] == [0.25, 0.5]  # clear 1/4, jungle 2/4 MP


def test_scale_option_miles_per_hex_is_the_designers_word():
    assert game(miles_per_hex=4).b.game_hex == 1   # read at the game's scale: the text's numbers
    assert game(miles_per_hex=2).b.game_hex == 2
    # A hand-drawn map without a georeference plays at the game's scale.
    plain = dataclasses.replace(scenario(), tables={k: v for k, v in scenario().tables.items() if k != "georeference"},
                                cache={})
    assert hexes_per_game_hex(plain, 0) == 1


def walk(st, goal: int) -> int:
    """Red's Head Chieftain walks to `goal`, each Movement Phase as near as his allowance takes
    him (by the cheapest way left), Red moving nothing else; the turns it takes."""
    dist = _distance_to(st, goal)
    first = st.turn
    while where(st, "head_chieftain") != [label(st, goal)]:
        assert pending(st) == "on_move" and st.current_player() == RED, pending(st)
        n = st.b.size
        hc = next(u.cell for u in st.units if u.kind == "head_chieftain")
        moves = [a for a in st.legal_actions() if LAND + hc * n <= a < LAND + (hc + 1) * n]
        st.apply_action(min(moves, key=lambda a: (dist.get((a - LAND) % n, 1e9), a)))
        while not (pending(st) == "on_move" and st.current_player() == RED and st.turn > first
                   and not any(u.flags & MOVED for u in st.units if u.kind == "head_chieftain")) and not st.is_terminal():
            st.apply_action(DONE if DONE in st.legal_actions() else st.legal_actions()[0])
            if where(st, "head_chieftain") == [label(st, goal)]:
                break
    return st.turn - first + 1


def lone_chieftain(**opts):
    """Red's Head Chieftain alone at his Home Village (Pare), no other piece or Village on the map."""
    st = game(**opts)
    feed(st, PICK + RED)
    clear_board(st)
    st.villages = {st.home[RED]: st.villages[st.home[RED]]}
    st.add_unit("head_chieftain", RED, st.home[RED])
    return at_step(st, ("movement", RED))


def test_scale_head_chieftain_walks_pare_to_tautira_in_three_turns():
    # Pare (1106) to Tautira (4222) is 40 hexes, 10 MP at a quarter MP a hex (motu query path):
    # 4 + 4 + 2 MP, three turns, as four-mile hexes would make it. At the game's scale reading of
    # the same map every hex costs a full MP: 40 MP, ten turns -- the pace the scale fixes.
    tautira = cell(game(), "4222")
    st = lone_chieftain(**REAL)
    assert round(_distance_to(st, tautira)[st.home[RED]], 6) == 10
    assert walk(st, tautira) == 3
    assert walk(lone_chieftain(), tautira) == 10


def test_scale_entering_a_zone_from_outside_ends_the_move_at_its_edge():
    # A Blue Population unit at 0715 has a zone reaching 4 hexes (a game hex): 0711-0715 down the
    # column. Red's Head Chieftain at 0708 stops at its first hex, 0711, four hexes (one game hex)
    # short of Blue -- where, on four-mile hexes, he would stop in the hex next to Blue's.
    st = position(("head_chieftain", RED, "0708"), ("population", BLUE, "0715"), **REAL)
    column = {t for t in targets(st, "0708") if t.startswith("07")}
    assert column == {"0709", "0710", "0711"}


def test_scale_a_stack_starting_in_a_zone_moves_a_game_hex_through_it():
    # From 0711, in Blue's zone, the Head Chieftain may make up to 4 steps through zone hexes:
    # down the column into Blue's own hex 0715 (a battle), as a stack in the hex next to an
    # enemy's may enter it at the game's scale. Read at the game's scale, 0711 is four game hexes
    # from Blue, outside his one-hex zone: the move stops in it at 0714.
    st = position(("head_chieftain", RED, "0711"), ("population", BLUE, "0715"), **REAL)
    assert {"0712", "0713", "0714", "0715"} <= targets(st, "0711")
    st = position(("head_chieftain", RED, "0711"), ("population", BLUE, "0715"))
    column = {t for t in targets(st, "0711") if t.startswith("07")}
    assert "0714" in column and "0715" not in column


def test_scale_step_out_first_passes_through_at_most_three_zone_hexes():
    # rule_7_5_doubling_back = step_out_first: starting in Blue's zone (0714, next to Blue at
    # 0715), the stack's way out crosses zone hexes (0713, 0712) without stopping on them; 0710
    # is out of the zone; 0711, the zone's edge, only by stepping back in from 0710 (entering a
    # zone ends a move, as after any step out). Blue's hex is barred.
    st = position(("head_chieftain", RED, "0714"), ("population", BLUE, "0715"), **REAL,
                  rule_7_5_doubling_back="step_out_first")
    column = {t for t in targets(st, "0714") if t.startswith("07")}
    assert {"0710", "0711"} <= column and not column & {"0712", "0713", "0715"}


def test_scale_sea_movement_point_is_twelve_hexes():
    # "one full movement point (usually three hexes)": three game hexes, 12 of this map's.
    st = position(("clan_elder", RED, "0608"), ("war_canoe", RED, "0608"), **REAL)
    reach = sea_reach(st, RED, cell(st, "0608"), 1, afloat=True)
    assert max(v[0] for v in reach.values()) == 12
    assert max(v[0] for v in sea_reach(st, RED, cell(st, "0608"), 2, afloat=True).values()) == 24


def battle_at_scale(red, blue):
    """Red (initiative) has moved `red` into PAEA_HEX onto `blue`; the Combat Phase starts."""
    st = game(**REAL)
    feed(st, PICK + RED)
    clear_board(st)
    for kind in red:
        st.add_unit(kind, RED, PAEA_HEX, MOVED)
    for kind in blue:
        st.add_unit(kind, BLUE, PAEA_HEX)
    return at_step(st, ("combat",))


def test_scale_retreat_is_two_game_hexes_with_a_panic_roll_in_each():
    # Red's 4 Militia (4) attack Blue's Fighters (3): Red rolls 1 (5), Blue 4 (7): Blue wins by 2,
    # Red loses one Militia and retreats toward Pare, 13 game-scale hexes away: 8 hexes of this
    # map (2 game hexes). Each of the 3 Militia rolls for Panic twice: in the 4th hex (the end of
    # the first game hex) and the 8th, not in every hex.
    st = battle_at_scale(["militia"] * 4, ["fighters"])
    st.apply_action(1)
    st.apply_action(4)
    hexes = []
    while pending(st) == "on_retreat_panic":
        hexes.append(st.unit(st.node[3][1][-1][0]).cell)
        st.apply_action(2)  # even: no panic
    depth = free_reach(st, PAEA_HEX, RED)  # hexes from the battle, over free land hexes
    assert sorted(depth[c] for c in hexes) == [4] * 3 + [8] * 3
    assert {depth[u.cell] for u in st.units if u.player == RED} == {8}


def test_scale_rule_15_13_minus_1_goes_back_one_game_hex():
    # 15.13 "must move back one hex, to the hex he had moved from": one game hex, 4 hexes here.
    # In the rain (column 2; the stream hexes 0713, 0714 closed) the Head Chieftain walks from
    # 0708 to 1306, 6 hexes (1 1/2 MP, more than 1: he rolls): die 1: -1, back along his way
    # the last 4 of them, to the second hex of his route.
    st = position(("head_chieftain", RED, "0708"), cond={"rain": 2}, **REAL, rule_15_13_variable_movement=True)
    way = route(land_reach(st, RED, cell(st, "0708"), 2), cell(st, "1306"))
    assert len(way) == 7 and land_reach(st, RED, cell(st, "0708"), 2)[cell(st, "1306")][0] == 1.5
    st.apply_action(land(st, "0708", "1306"))
    st.apply_action(DONE)
    assert pending(st) == "on_variable_movement"
    st.apply_action(1)
    assert where(st, "head_chieftain") == [label(st, way[2])]
