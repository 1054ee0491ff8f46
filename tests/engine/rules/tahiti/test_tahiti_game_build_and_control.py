"""The Area Control Phase's captures (Motu's reconstruction of the base rule, docs/rules/tahiti.md
"Area Control"): a Village taken by enemy Combat Units alone in its hex, a Control marker taken
by a lone player with a Leader. The rest of the Area Control Phase (15.5) is in
test_tahiti_game_neutral_areas.py; set-up in test_tahiti_game_setup.py; Construction and
Training and Maraes in test_tahiti_game_construction.py."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from engine.rules.tahiti.game_state import PICK  # noqa: E402
from engine.rules.tahiti.queries import area_control  # noqa: E402

from tahiti_positions import PAEA_AREA, PAEA_HEX  # noqa: E402
from test_tahiti_game_support import BLUE, RED, feed, game, run_only  # noqa: E402


def test_rule_area_control_village_captured_by_enemy_combat_units_alone_in_its_hex():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u[2] != home]
    st.add_unit("fighters", RED, home)
    run_only(st, ("area_control",))
    assert st.villages[home][0] == RED


def test_rule_area_control_village_not_captured_while_its_owner_is_there():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u[2] != home or u[0] == "population"]
    st.add_unit("fighters", RED, home)
    run_only(st, ("area_control",))
    assert st.villages[home][0] == BLUE


def test_rule_area_control_marker_passes_to_a_lone_player_with_a_leader():
    st = game()
    feed(st, PICK + RED)
    st.add_unit("clan_elder", BLUE, PAEA_HEX)
    st.add_unit("fighters", BLUE, PAEA_HEX)
    st.control_markers[PAEA_AREA] = RED  # Red's marker, no Red unit left in Paea
    run_only(st, ("area_control",))
    assert st.control_markers[PAEA_AREA] == BLUE


def test_rule_area_control_marker_kept_while_its_owner_is_in_the_area():
    st = game()
    feed(st, PICK + RED)
    st.add_unit("clan_elder", BLUE, PAEA_HEX)
    st.add_unit("fighters", BLUE, PAEA_HEX)
    st.add_unit("population", RED, st.b.area_cells[PAEA_AREA][0])
    st.control_markers[PAEA_AREA] = RED
    run_only(st, ("area_control",))
    assert st.control_markers[PAEA_AREA] == RED


def test_rule_area_control_captured_village_gives_its_area():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u[1] != BLUE]
    st.add_unit("militia", RED, home)
    run_only(st, ("area_control",))
    assert area_control(st)[st.b.area[home]] == RED
