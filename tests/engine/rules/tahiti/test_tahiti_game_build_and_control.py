"""The Area Control Phase's captures (Motu's reconstruction of the base rule, docs/rules/tahiti.md
"Area Control"): a Village taken by enemy Combat Units alone in its hex, a Control marker taken
by a lone player with a Leader. The rest of the Area Control Phase (15.5) is in
test_tahiti_game_neutral_areas.py; set-up in test_tahiti_game_setup.py; Construction and
Training and Maraes in test_tahiti_game_construction.py."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import IN_MARAE, PICK, SULLEN  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control  # noqa: E402

from tahiti_positions import PAEA_AREA, PAEA_HEX, PAEA_MARAE  # noqa: E402
from test_tahiti_game_support import BLUE, GREEN, RED, feed, game, run_only  # noqa: E402


def test_rule_area_control_village_captured_by_enemy_combat_units_alone_in_its_hex():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u.cell != home]
    st.add_unit("fighters", RED, home)
    run_only(st, ("area_control",))
    assert st.villages[home][0] == RED


def test_rule_area_control_village_not_captured_while_its_owner_is_there():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u.cell != home or u.kind == "population"]
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


def test_rule_15_12_event_41_42_marker_not_taken_with_only_a_sullen_clan_elder():
    st = game()
    feed(st, PICK + RED)
    st.add_unit("clan_elder", BLUE, PAEA_HEX, SULLEN)  # "refuses to act": no acting Leader
    st.add_unit("fighters", BLUE, PAEA_HEX)
    st.control_markers[PAEA_AREA] = RED
    run_only(st, ("area_control",))
    assert st.control_markers[PAEA_AREA] == RED


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
    st.units = [u for u in st.units if u.player != BLUE]
    st.add_unit("militia", RED, home)
    run_only(st, ("area_control",))
    assert area_control(st)[st.b.area[home]] == RED


# --- 15.8: units in a Marae compound "are not counted for area control purposes" ---------------

def marae_village(rule_15_8_maraes=True):
    """Red's Village on Paea's Marae site (a full Marae), no Red unit there; Blue Militia inside
    the compound."""
    st = game(rule_15_8_maraes=rule_15_8_maraes)
    feed(st, PICK + RED)
    st.villages[PAEA_MARAE] = [RED, 1, 0, 0, -1]
    st.maraes[PAEA_MARAE] = 1
    st.add_unit("militia", BLUE, PAEA_MARAE, IN_MARAE)
    return st


def test_rule_15_8_combat_units_in_a_marae_compound_do_not_capture_a_village():
    st = marae_village()
    st.add_unit("population", GREEN, PAEA_MARAE)  # outside the compound: no Combat Unit
    run_only(st, ("area_control",))
    # Counted: Green's Population only; Blue's Militia is not counted, so nobody captures.
    assert st.villages[PAEA_MARAE][0] == RED


def test_rule_15_8_combat_units_in_a_marae_compound_alone_do_not_capture_a_village():
    st = marae_village()
    run_only(st, ("area_control",))
    assert st.villages[PAEA_MARAE][0] == RED


def test_rule_area_control_combat_units_outside_the_compound_still_capture():
    st = marae_village()
    st.add_unit("fighters", GREEN, PAEA_MARAE)  # on the hex, outside the compound
    run_only(st, ("area_control",))
    assert st.villages[PAEA_MARAE][0] == GREEN
