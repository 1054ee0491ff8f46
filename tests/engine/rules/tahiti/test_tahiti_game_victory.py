"""Victory (victory.yaml, 15.8's Maraes, FACTS' Head Chieftain): the end by areas and its
levels, Maraes counting, solitaire, a killed Head Chieftain, the last clan standing.
At the start each of the four clans holds its home area: Red Pare (3), Blue Papara (10),
Green Tautira (15), Yellow Hitiaa (9)."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import PICK  # noqa: E402
from motu.engine.rules.tahiti.queries import areas_held  # noqa: E402
from motu.engine.rules.tahiti.victory import eliminate, end_by_areas  # noqa: E402

from test_tahiti_game_support import BLUE, GREEN, RED, RULES, YELLOW, feed, game, scenario  # noqa: E402


def with_markers(red=(), blue=(), **opts):
    st = game(**opts)
    feed(st, PICK + RED)
    for a in red:
        st.control_markers[a] = RED
    for a in blue:
        st.control_markers[a] = BLUE
    return st


def test_rule_victory_tie_at_the_top_is_a_draw_between_the_tied():
    st = with_markers(red=[0], blue=[1])  # Red 2, Blue 2, Green 1, Yellow 1
    end_by_areas(st, "test")
    assert st.result[0] == "draw" and st.returns() == [0.0, 0.0, -1.0, -1.0]


def test_rule_victory_lead_of_one_marginal():
    st = with_markers(red=[0])  # Red 2, the others 1
    end_by_areas(st, "test")
    assert st.result[0] == "marginal victory" and st.returns() == [1.0, -1.0, -1.0, -1.0]


def test_rule_victory_lead_of_two_and_three_substantive():
    st = with_markers(red=[0, 1])  # 3 against 1
    end_by_areas(st, "test")
    assert st.result[0] == "substantive victory"
    st = with_markers(red=[0, 1, 2])  # 4 against 1
    end_by_areas(st, "test")
    assert st.result[0] == "substantive victory"


def test_rule_victory_lead_of_four_decisive():
    st = with_markers(red=[0, 1, 2, 4])  # 5 against 1
    end_by_areas(st, "test")
    assert st.result[0] == "decisive victory" and "with 5 areas" in st.result[2]


def test_rule_15_8_full_marae_breaks_a_tie_when_maraes_are_on():
    st = with_markers(red=[0], blue=[1], rule_15_8_maraes=True)
    st.maraes = {st.home[BLUE]: 1}  # Blue's full Marae in Papara: Blue 3, Red 2
    end_by_areas(st, "test")
    assert st.result[0] == "marginal victory" and st.returns()[BLUE] == 1.0


def test_rule_15_8_part_built_marae_does_not_count():
    st = with_markers(rule_15_8_maraes=True)
    st.maraes = {st.home[BLUE]: 0}
    assert areas_held(st) == [1, 1, 1, 1]


def test_rule_15_8_marae_with_enemy_combat_units_in_its_hex_is_nobodys():
    st = with_markers(rule_15_8_maraes=True)
    st.maraes = {st.home[BLUE]: 1}
    assert areas_held(st)[BLUE] == 2
    st.add_unit("militia", RED, st.home[BLUE])
    assert areas_held(st)[BLUE] == 1 and areas_held(st)[RED] == 1  # Papara still Blue's (its Village)


def test_rule_15_8_up_to_twenty_areas_on_tahiti():
    st = with_markers(rule_15_8_maraes=True)
    st.villages = {c: v for c, v in st.villages.items() if v[0] == RED}
    st.control_markers = {a: RED for a in range(17)}
    sites = {"north": 201, "west": 807, "south": 1009}  # Pare, Paea, Mataiea
    st.maraes = {c: 1 for c in sites.values()}
    assert areas_held(st)[RED] == 20  # 17 areas and 3 Maraes


def test_rule_victory_head_chieftain_killed_player_is_out():
    st = with_markers(red=[0])
    eliminate(st, BLUE, "the Blue Head Chieftain is killed")
    home = st.home[BLUE]
    assert st.out[BLUE] and not any(u.player == BLUE for u in st.units)
    assert st.villages[home][0] == -1 and st.result is None  # three clans are left
    assert st.villages[home][1] == 1  # the Village stands, unowned


def test_rule_victory_out_player_pieces_leave_the_map_villages_stand_unowned():
    st = with_markers(red=[0])
    st.control_markers[1] = GREEN  # Punaauia: a Green Control marker
    st.villages[201] = [GREEN, 0, 0, 0, -1]  # a Green part-built Village in Pare
    green_home = st.home[GREEN]
    eliminate(st, GREEN, "the Green Head Chieftain is killed")
    # "his pieces leave the map": the marker goes, Punaauia is nobody's; "his Villages stand unowned"
    assert 1 not in st.control_markers and st.control_markers == {0: RED}
    assert st.villages[green_home][:2] == [-1, 1] and st.villages[201][:2] == [-1, 0]
    assert not any(u.player == GREEN for u in st.units)
    assert areas_held(st)[GREEN] == 0 and areas_held(st)[RED] == 2


def test_rule_victory_out_player_has_no_initiative_and_no_turn():
    st = with_markers()
    eliminate(st, BLUE, "test")
    st.node = None
    st.push(("initiative",))
    st._advance()
    feed(st, PICK + 0)  # the first of Red, Green, Yellow
    assert BLUE not in st.order and st.order == (RED, GREEN, YELLOW)


def test_rule_victory_last_clan_standing_wins():
    st = RULES.new_initial_state(scenario(), {"players": 2, "rule_3_1_random_homes": False,
                                              "rule_15_12_random_events": False})
    eliminate(st, RED, "the Red Head Chieftain is killed")
    assert st.result[0] == "last standing" and st.returns() == [-1.0, 1.0]


def test_rule_victory_out_players_do_not_count_at_the_end():
    st = with_markers(blue=[0, 1])  # Blue 3 areas
    eliminate(st, BLUE, "test")  # his markers go with him
    end_by_areas(st, "test")
    assert st.result[0] == "draw" and st.returns() == [0.0, -1.0, 0.0, 0.0]


def solo(areas):
    st = RULES.new_initial_state(scenario(), {"players": 1, "rule_15_12_random_events": False,
                                              "rule_3_1_random_homes": False})
    for a in areas:
        st.control_markers[a] = RED
    return st


def test_rule_victory_solitaire_six_areas_win():
    st = solo([0, 1, 2, 4, 5])  # Pare and five more: 6
    end_by_areas(st, "test")
    assert st.result[0] == "solitaire" and st.returns() == [1.0]


def test_rule_victory_solitaire_five_areas_lose():
    st = solo([0, 1, 2, 4])  # 5 < 6
    end_by_areas(st, "test")
    assert st.returns() == [-1.0] and "5 areas against a target of 6" in st.result[2]


def test_rule_victory_solitaire_head_chieftain_killed_loses():
    st = solo([0, 1, 2, 4, 5])
    eliminate(st, RED, "the Red Head Chieftain is killed")
    assert st.result[0] == "defeat" and st.returns() == [-1.0]
