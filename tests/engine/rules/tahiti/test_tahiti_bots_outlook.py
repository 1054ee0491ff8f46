"""The heuristic bot's count of areas (bots_outlook.projected_control): the areas as the next Area
Control Phase leaves them, checked against that phase itself; and the moves it makes for them.

Faaa (area 0, hex 0708) is neutral at the start; Punaauia (0711) lies next to it, within a Clan
Elder's 3 MP; Red's Home Village is in Pare, Blue's in Papara."""
from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.rules.tahiti.bots.heuristic import HeuristicBot, evaluate  # noqa: E402
from motu.engine.rules.tahiti.bots.outlook import projected_control  # noqa: E402
from motu.engine.rules.tahiti.game_state import LAND, SEA  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control  # noqa: E402

from test_tahiti_game_movement_support import cell, position  # noqa: E402
from test_tahiti_game_support import BLUE, RED, run_only  # noqa: E402

FAAA, PUNAAUIA = 0, 1
CONQUEST = (("clan_elder", RED, "0708"), ("militia", RED, "0708"))  # a Leader and combat value 2


def control_after_the_phase(st) -> list[int]:
    """Area control once the real Area Control Phase has run on this position."""
    run_only(st, ("area_control",))
    return area_control(st)


def test_rule_15_5_a_leader_with_conquest_strength_alone_in_a_neutral_area_holds_it_firmly():
    st = position(*CONQUEST)
    control, secure = projected_control(st)
    assert control[FAAA] == RED and secure[FAAA]      # the phase will convert it (a Control marker)


def test_area_control_population_alone_holds_by_presence_only():
    st = position(("population", RED, "0708"))
    control, secure = projected_control(st)
    assert control[FAAA] == RED and not secure[FAAA]  # no Leader: no conversion, held while he stays


def test_rule_15_5_E_F_a_failed_area_stays_neutral_for_population_alone_in_the_outlook():
    # F failed in Faaa and stays on it: Red's Population alone there does not hold it (the area
    # "remains neutral"), in the bot's outlook as after the phase; a Leader with conquest
    # strength will roll for it again, and the outlook counts on it as on any conversion.
    st = position(("population", RED, "0708"))
    st.letters_left[FAAA] = "F"
    assert projected_control(st)[0][FAAA] == -1
    assert control_after_the_phase(st)[FAAA] == -1
    st = position(*CONQUEST)
    st.letters_left[FAAA] = "F"
    control, secure = projected_control(st)
    assert control[FAAA] == RED and secure[FAAA]


def test_area_control_a_control_marker_passes_to_a_leader_with_conquest_strength():
    st = position(*CONQUEST)
    st.control_markers[FAAA] = BLUE
    assert projected_control(st)[0][FAAA] == RED
    assert control_after_the_phase(st)[FAAA] == RED
    # With one of Blue's units there the marker stays his: the projection and the phase agree.
    st = position(*CONQUEST, ("population", BLUE, "0709"))
    st.control_markers[FAAA] = BLUE
    assert projected_control(st)[0][FAAA] == BLUE
    assert control_after_the_phase(st)[FAAA] == BLUE


def test_area_control_combat_units_alone_on_an_enemy_village_capture_it():
    st = position()
    home = st.home[BLUE]
    area = st.b.area[home]
    st.add_unit("clan_elder", RED, home)
    st.add_unit("militia", RED, home)
    assert area_control(st)[area] == BLUE              # the Village stands: Blue's until the phase
    assert projected_control(st)[0][area] == RED
    assert control_after_the_phase(st)[area] == RED
    # Population takes no Village: the projection leaves it Blue's, as the phase does.
    st = position()
    st.add_unit("population", RED, home)
    assert projected_control(st)[0][area] == BLUE
    assert control_after_the_phase(st)[area] == BLUE


def target(st, action: int) -> int:
    base = LAND if action < SEA else SEA
    return (action - base) % st.b.size


def test_heuristic_a_stack_whose_marker_holds_its_area_moves_on_to_a_neutral_one():
    # Faaa is Red's by a Control marker: the stack need not stay to hold it, and Punaauia next
    # to it is empty and neutral. The bot moves the stack into another area it will convert.
    st = position(*CONQUEST)
    st.control_markers[FAAA] = RED
    before = evaluate(st, RED)
    choice = HeuristicBot(random.Random(0)).choose(st)
    assert LAND <= choice < SEA + st.b.size ** 2
    to = target(st, choice)
    assert st.b.area[to] not in (FAAA, -1)
    st.apply_action(choice)
    control, secure = projected_control(st)
    assert control[FAAA] == RED and control[st.b.area[to]] == RED and secure[st.b.area[to]]
    assert evaluate(st, RED) > before


def test_heuristic_does_not_attack_a_much_stronger_stack():
    # Blue's three Fighters (9) stand on 0709, next to Red's Clan Elder and Militia (2): Red,
    # starting in their zone, may step into their hex, but a battle there is lost (and the Clan
    # Elder captured).
    st = position(*CONQUEST, ("fighters", BLUE, "0709"), ("fighters", BLUE, "0709"), ("fighters", BLUE, "0709"))
    blue = cell(st, "0709")
    moves = [a for a in st.legal_actions() if LAND <= a < SEA and target(st, a) == blue]
    assert moves, "the position must offer the attack"
    for seed in range(3):
        choice = HeuristicBot(random.Random(seed)).choose(st)
        assert not (LAND <= choice < SEA + st.b.size ** 2 and target(st, choice) == blue)
