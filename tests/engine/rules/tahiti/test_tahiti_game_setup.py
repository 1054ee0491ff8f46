"""Set-up (3.1) and the Sequence of Play: Home Villages drawn, starting forces, neutral areas,
initiative and turn order, Seasons, the turn limit. Hand-fed picks throughout."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE, IN_MARAE, PICK  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control  # noqa: E402
from motu.engine.rules.tahiti.data.tables import letters, load  # noqa: E402

from test_tahiti_game_support import BLUE, GREEN, RED, RULES, YELLOW, feed, game, node_name, run_only, scenario  # noqa: E402,E501


def test_rule_3_1_home_villages_drawn_at_random_in_seat_order():
    st = RULES.new_initial_state(scenario(), {"rule_3_1_random_homes": True})
    homes = [c for c, _ in st.b.homes]  # the map's sites: Pare, Hitiaa, Papara, Tautira
    assert node_name(st) == "on_draw_home" and len(st.legal_actions()) == 4
    feed(st, PICK + 3)  # Red draws the 4th of 4 (Tautira)
    assert len(st.legal_actions()) == 3
    feed(st, PICK + 0, PICK + 1)  # Blue the 1st of the 3 left (Pare), Green the 2nd of Hitiaa, Papara
    # Yellow has one left (Hitiaa): no pick
    assert st.home == [homes[3], homes[0], homes[2], homes[1]]
    assert st.villages[homes[3]][0] == RED and st.villages[homes[1]][0] == YELLOW


def test_rule_3_1_home_areas_are_unequal():
    st = game()
    sizes = {len(st.b.area_cells[st.b.area[c]]) for c in st.home}
    jungle = {len(st.b.area_jungle[st.b.area[c]]) for c in st.home}
    assert len(sizes) > 1 and len(jungle) > 1  # "unequally, on purpose": the map's areas differ


def test_rule_3_1_off_each_side_takes_its_own_site():
    st = game()
    by_side = {side: c for c, side in st.b.homes}
    assert st.home == [by_side["red"], by_side["blue"], by_side["green"], by_side["yellow"]]


def test_rule_3_1_starting_forces_of_setup_yaml():
    st = game()
    start = load("setup")["start_at_home"]
    for p in (RED, BLUE, GREEN, YELLOW):
        home = st.home[p]
        mine = [u for u in st.units if u.player == p]
        for kind, n in start.items():
            if kind != "big_log":
                assert sum(1 for u in mine if u.kind == kind) == n, kind
        # every piece at the Home Village (a coastal hex on this map, so the canoe is there too)
        assert {u.cell for u in mine} == {home}
        assert st.villages[home] == [p, 1, start["big_log"], 0, p]  # built, its Big Log, his home
    assert start == {"head_chieftain": 1, "clan_elder": 2, "shaman": 1, "population": 3, "militia": 2,
                     "fighters": 1, "war_canoe": 1, "big_log": 1}


def test_rule_3_1_every_other_area_starts_neutral_and_empty():
    st = game()
    held = area_control(st)
    homes = {st.b.area[c]: p for p, c in enumerate(st.home)}
    assert held == [homes.get(a, -1) for a in range(len(st.b.areas))]
    assert not st.control_markers and not st.letters_left and not st.maraes and not st.stumps


def test_rule_15_5_the_cup_holds_two_of_each_counter_a_to_k_without_i():
    st = game()
    assert letters() == list("ABCDEFGHJK") and st.cup == [2] * 10


def test_rule_initiative_winner_starts_the_turn_order_in_seat_order():
    st = game()
    assert node_name(st) == "on_initiative" and len(st.legal_actions()) == 4  # each player as likely
    feed(st, PICK + GREEN)
    assert st.initiative == GREEN and st.order == (GREEN, YELLOW, RED, BLUE)
    assert node_name(st) == "on_move" and st.current_player() == GREEN  # he moves first


def test_rule_initiative_only_among_players_still_in():
    st = game()
    st.out[BLUE] = True
    run_only(st, ("initiative",))
    assert len(st.legal_actions()) == 3  # Red, Green, Yellow
    feed(st, PICK + 1)  # the 2nd of them: Green
    assert st.initiative == GREEN and st.order == (GREEN, YELLOW, RED)


def test_rule_turn_sequence_movement_combat_construction_control_advance():
    st = game()
    feed(st, PICK + BLUE)
    # Blue's Movement Phase is under way (his decision); the others follow in turn order
    assert node_name(st) == "on_move" and st.current_player() == BLUE
    assert st.todo[:3] == [("movement", GREEN), ("movement", YELLOW), ("movement", RED)]
    assert [s[1] for s in st.todo if s[0] == "construction"] == [BLUE, GREEN, YELLOW, RED]
    rest = [s[0] for s in st.todo[3:]]
    assert rest == ["combat", "construction", "construction", "construction", "construction", "area_control",
                    "navigator_trades", "advance"]


def test_rule_15_6_a_season_is_six_turns():
    st = game()
    for turn, season in ((1, 1), (6, 1), (7, 2), (12, 2), (13, 3), (36, 6)):
        st.turn = turn
        assert st.season() == season


def test_rule_turn_limit_ends_the_game_by_areas():
    st = game(turn_limit=1)
    feed(st, PICK + RED)
    while st.turn == 1 and not st.is_terminal():
        st.apply_action(DONE if DONE in st.legal_actions() else st.legal_actions()[0])
    # after turn 1 (of 1) every clan holds its home area only: a draw between the four
    assert st.is_terminal() and st.result[0] == "draw" and st.returns() == [0.0] * 4
    assert "turn limit (1 turns)" in st.result[2]


def test_rule_turn_limit_not_reached_next_turn_starts():
    st = game(turn_limit=2)
    feed(st, PICK + RED)
    while st.turn == 1:
        st.apply_action(DONE if DONE in st.legal_actions() else st.legal_actions()[0])
    assert st.turn == 2 and node_name(st) == "on_initiative" and not st.is_terminal()


def test_start_from_position_places_every_kind_of_unit_where_the_pieces_stand():
    """Option start_from_position: "the Leaders, units and War Canoes stand where the scenario's
    pieces stand" -- every kind a clan can have, not only setup.yaml's starting kinds (no
    Slingers or Heavy Troops there). Red's pieces: the map's Head Chieftain and War Canoe at its
    home, plus a Clan Elder, a Shaman, 2 Population and one of each Combat Unit on the hex next
    to it, and 3 Heavy Troops (one piece, count 3) with a second Clan Elder at the home."""
    import dataclasses

    from motu.engine.scenario.model import Piece
    base = scenario()
    home = base.pieces["red-chieftain"].cell
    nxt = next(x for x in game().b.nb[home] if base.terrain[x] in ("clear", "coast"))  # a land hex beside it
    extra = [("ce1", "clan_elder", nxt, 1), ("sh", "shaman", nxt, 1), ("po", "population", nxt, 2),
             ("mi", "militia", nxt, 1), ("sl", "slingers", nxt, 1), ("fi", "fighters", nxt, 1),
             ("ht1", "heavy_troops", nxt, 1), ("ht3", "heavy_troops", home, 3), ("ce2", "clan_elder", home, 1)]
    pieces = {**base.pieces, **{pid: Piece(pid, kind, "red", c, count=n) for pid, kind, c, n in extra}}
    st = RULES.new_initial_state(dataclasses.replace(base, pieces=pieces, cache={}),
                                 {"start_from_position": True, "rule_15_12_random_events": False})
    red = sorted((u.kind, u.cell) for u in st.units if u.player == RED)
    assert red == sorted([("head_chieftain", home), ("war_canoe", home), ("clan_elder", home)]
                         + [("heavy_troops", home)] * 3
                         + [("clan_elder", nxt), ("shaman", nxt), ("population", nxt), ("population", nxt),
                            ("militia", nxt), ("slingers", nxt), ("fighters", nxt), ("heavy_troops", nxt)])
    # the other clans: their map pieces only, a Village at each home
    assert sorted(u.kind for u in st.units if u.player == BLUE) == ["head_chieftain", "war_canoe"]
    assert st.villages[st.home[BLUE]][:2] == [BLUE, 1]


def test_start_from_position_carries_every_piece_over():
    """Every piece on the map carries over, not only units: Villages (a side's and nobody's),
    Part-built Villages, the Big Logs they hold, Control markers, Maraes full and part-built, the
    Arioi, and units inside a Marae compound. The Home Village holds the Big Logs placed on it."""
    import dataclasses

    from motu.engine.scenario.model import Piece
    from tahiti_positions import PAEA_AREA, PAEA_HEX, PAEA_MARAE

    base = scenario()
    home = base.pieces["red-chieftain"].cell
    st0 = game()
    b = st0.b
    arue = next(c for c in b.area_coast[4] if c != home)       # a coastal hex of Arue (area 4)
    faaa = next(c for c in b.area_cells[0] if b.terrain[c] == "clear")  # a clear hex of Faaa (area 0)
    extra = [("v1", "village", "red", PAEA_HEX, 1, {}), ("l1", "big_log", None, PAEA_HEX, 2, {}),
             ("l2", "big_log", None, home, 1, {}), ("pv", "part_built_village", "blue", faaa, 1, {}),
             ("vn", "village", None, arue, 1, {}), ("c1", "control", "blue", b.area_cells[5][0], 1, {}),
             ("m1", "marae", None, PAEA_MARAE, 1, {}), ("pm", "part_built_marae", None, faaa, 1, {}),
             ("ar", "arioi", None, arue, 1, {}), ("in", "fighters", "red", PAEA_MARAE, 1, {"in_marae": True}),
             ("lost", "big_log", None, b.area_cells[5][0], 1, {})]
    pieces = {**base.pieces, **{pid: Piece(pid, kind, side, c, count=n, props=pr) for pid, kind, side, c, n, pr in extra}}
    st = RULES.new_initial_state(dataclasses.replace(base, pieces=pieces, cache={}),
                                 {"start_from_position": True, "rule_15_12_random_events": False,
                                  "rule_15_6_arioi": True, "rule_15_8_maraes": True})
    assert st.villages[PAEA_HEX][:3] == [RED, 1, 2]       # Red's Village with its 2 Big Logs
    assert st.villages[home][:3] == [RED, 1, 1]           # the Home Village and the Big Log on it
    assert st.villages[faaa][:2] == [BLUE, 0]             # Blue's Part-built Village
    assert st.villages[arue][:2] == [-1, 1]               # a Village of nobody's
    assert st.control_markers == {5: BLUE}                # Blue's Control marker in Mahina
    assert st.maraes == {PAEA_MARAE: 1, faaa: 0}
    assert st.arioi == arue
    inside = [u for u in st.units if u.kind == "fighters" and u.cell == PAEA_MARAE]
    assert len(inside) == 1 and inside[0].flags & IN_MARAE
    assert sum(v[2] for v in st.villages.values()) == 3   # the Big Log on a hex without a Village stays off
    assert b.area[PAEA_HEX] == PAEA_AREA
