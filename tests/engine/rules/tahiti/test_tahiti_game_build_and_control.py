"""Set-up (3.1), Construction and Training (6.1, 15.8), Area Control and 15.5's counters A-K,
expeditions, Variable Movement (15.13) and Forced March (15.14), with hand-worked dice."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from engine.rules.tahiti.construction import BUILDS  # noqa: E402
from engine.rules.tahiti.game_state import CELL, DONE, EXPED, LAND, MOVED, PICK  # noqa: E402
from engine.rules.tahiti.rulesdata import letters  # noqa: E402

from test_tahiti_game_support import BLUE, RED, RULES, at_step, feed, game, scenario  # noqa: E402


def build_action(st, name, cell):
    return CELL + BUILDS.index(name) * st.b.size + cell


def test_rule_3_1_home_villages_drawn_at_random():
    st = RULES.new_initial_state(scenario(), {"rule_3_1_random_homes": True})
    homes = [c for c, _ in st.b.homes]
    feed(st, PICK + 3, PICK + 0, PICK + 1)  # Red draws the 4th home, Blue the 1st, Green the 2nd of those left
    assert st.home == [homes[3], homes[0], homes[2], homes[1]]


def test_rule_6_1_cutting_a_big_log_leaves_a_stump():
    st = game()
    feed(st, PICK + RED)
    home = st.home[RED]
    at_step(st, ("build", RED, home, 1, True))
    logs = st.villages[home][2]
    st.apply_action(build_action(st, "cut_log", home))
    assert st.villages[home][2] == logs + 1 and len(st.stumps) == 1
    assert next(iter(st.stumps)) in st.b.area_jungle[st.b.area[home]]


def test_rule_6_1_part_built_village_built_when_population_stands_on_it():
    st = game()
    feed(st, PICK + RED)
    home = st.home[RED]
    pop = next(u for u in st.units if u[1] == RED and u[0] == "population")
    site = next(c for c in st.b.area_cells[st.b.area[home]] if c != home and st.b.terrain[c] == "clear")
    pop[2] = site
    at_step(st, ("build", RED, home, 1, True))
    st.apply_action(build_action(st, "part_village", site))
    assert st.villages[site][:2] == [RED, 0]
    assert pop[2] == site
    at_step(st, ("construction", RED))
    assert st.villages[site][1] == 1  # the Population unit on it becomes its inherent Population
    assert st.unit(pop[4]) is None


def test_rule_6_1_training_population_to_militia():
    st = game()
    feed(st, PICK + RED)
    home = st.home[RED]
    at_step(st, ("build", RED, home, 1, True))
    before = sum(1 for u in st.units if u[1] == RED and u[0] == "militia")
    st.apply_action(build_action(st, "train_militia", home))
    assert sum(1 for u in st.units if u[1] == RED and u[0] == "militia") == before + 1


def test_rule_15_8_marae_part_built_then_built():
    st = game(rule_15_8_maraes=True)
    feed(st, PICK + RED)
    home = st.home[RED]
    for _ in range(3 - sum(1 for u in st.units if u[2] == home and u[1] == RED and u[0] == "population")):
        st.add_unit("population", RED, home)
    at_step(st, ("build", RED, home, 1, True))
    st.apply_action(build_action(st, "marae", home))
    assert st.maraes[home] == 0
    at_step(st, ("build", RED, home, 1, True))
    st.apply_action(build_action(st, "marae", home))
    assert st.maraes[home] == 1
    from engine.rules.tahiti.queries import areas_held
    assert areas_held(st)[RED] == 2  # Pare and its Marae


def neutral_take(letter_index: int, *dice):
    st = game()
    feed(st, PICK + RED)
    st.units = [u for u in st.units if u[1] != RED or u[2] != -5]
    a = st.b.area[st.b.village_sites[2]]  # Paea, neutral
    cell = st.b.village_sites[2]
    st.add_unit("clan_elder", RED, cell)
    st.add_unit("fighters", RED, cell)
    at_step(st, ("convert", a, RED))
    st.apply_action(PICK + letter_index)
    feed(st, *dice)
    return st, a, cell


def test_rule_15_5_counter_A_places_four_population_and_control():
    st, a, cell = neutral_take(letters().index("A"), 6)
    assert st.control_markers[a] == RED
    assert sum(1 for u in st.units if u[2] == cell and u[0] == "population") == 4
    assert sum(1 for u in st.units if u[2] == cell and u[0] == "clan_elder") == 2  # 6: a Clan Elder


def test_rule_15_5_counter_B_elder_on_two():
    st, a, cell = neutral_take(letters().index("B"), 2)
    assert sum(1 for u in st.units if u[2] == cell and u[0] == "clan_elder") == 2


def test_rule_15_5_counter_G_no_elder_on_five():
    st, a, cell = neutral_take(letters().index("G"), 5)
    assert sum(1 for u in st.units if u[2] == cell and u[0] == "clan_elder") == 1


def test_rule_15_5_counter_F_fails_and_stays_on_the_area():
    st, a, cell = neutral_take(letters().index("F"), 3, 4)  # 3 + 4 + 4 combat value = 11? no: 1 + 3 = 4
    assert st.letters_left.get(a) == "F" or st.control_markers.get(a) == RED


def test_rule_15_5_counter_F_needs_eleven():
    st, a, cell = neutral_take(letters().index("F"), 1, 2)  # 1 + 2 + 4 = 7 < 11
    assert st.letters_left[a] == "F" and a not in st.control_markers


def test_rule_15_5_counter_E_militaristic_places_fighter_militia_population():
    st, a, cell = neutral_take(letters().index("E"), 6, 5, 1)  # 6 + 5 + 4 >= 11; elder roll 1: none
    assert sorted(u[0] for u in st.units if u[2] == cell) == ["clan_elder", "fighters", "fighters", "militia",
                                                              "population"]


def test_rule_15_5_counter_C_navigator_is_kept():
    st, a, cell = neutral_take(letters().index("C"), 1)
    assert st.navigator[RED] == 1


def test_rule_15_5_counter_H_low_population_two():
    st, a, cell = neutral_take(letters().index("H"), 1)
    assert sum(1 for u in st.units if u[2] == cell and u[0] == "population") == 2


def test_rule_15_5_counter_J_part_built_village():
    st, a, cell = neutral_take(letters().index("J"), 1)
    assert any(v[1] == 0 and st.b.area[c] == a for c, v in st.villages.items())


def test_rule_15_5_counter_D_war_canoe_on_the_coast():
    st, a, cell = neutral_take(letters().index("D"), 1)
    assert any(u[0] == "war_canoe" and u[2] in st.b.area_coast[a] for u in st.units)


def test_rule_15_5_counter_K_stump_on_random_jungle():
    st, a, cell = neutral_take(letters().index("K"))
    if st.b.area_jungle[a]:
        st.apply_action(PICK)
        assert st.b.area_jungle[a][0] in st.stumps


def test_rule_15_5_two_of_each_counter_no_I():
    st = game()
    assert letters() == list("ABCDEFGHJK") and st.cup == [2] * 10


def test_expedition_to_moorea_landfall_and_navigator_reroll():
    st = game("tahiti-moorea.yaml")
    feed(st, PICK + RED)
    while st.current_player() != RED:
        st.apply_action(DONE)
    hc = next(u for u in st.units if u[1] == RED and u[0] == "head_chieftain")
    canoe = next(u for u in st.units if u[1] == RED and u[0] == "war_canoe")
    hc[2] = canoe[2]
    st._legal = None
    st.node = None
    st.push(("move_decide", RED))
    st._advance()
    exped = [a for a in st.legal_actions() if a >= EXPED]
    assert exped, "Mo'orea is a reachable destination"
    st.navigator[RED] = 1
    st.apply_action(exped[0])
    feed(st, 1, 5)  # the Navigator turns a 1 into a roll again; 5: landfall
    t = (exped[0] - EXPED) % st.b.size
    assert hc[2] == t and st.b.area_island[st.b.area[t]] == "moorea"


def test_rule_15_13_variable_movement_table_4_die_1_adds_nothing():
    st = game(rule_15_13_variable_movement=True)
    feed(st, PICK + RED)
    while st.current_player() != RED or st.node[3] != "on_move":
        st.apply_action(st.legal_actions()[0])
    hc = next(u for u in st.units if u[1] == RED and u[0] == "head_chieftain")
    start = hc[2]
    moves = [a for a in st.legal_actions() if LAND <= a < LAND + st.b.size ** 2 and (a - LAND) // st.b.size == start]
    from engine.rules.tahiti.moves import land_reach
    reach = land_reach(st, RED, start, 2, halfway=True)
    far = [a for a in moves if reach.get((a - LAND) % st.b.size, (0,))[0] == 2]
    st.apply_action(far[0])
    prev = reach[(far[0] - LAND) % st.b.size][1]
    st.apply_action(1)  # Head Chieftain (allowance 4) rolls 1: +0 ... column 4 die 1 = 0: stays
    assert hc[2] == (far[0] - LAND) % st.b.size
    assert prev >= 0


def test_rule_15_14_forced_march_rolls_then_panic_check():
    st = game(rule_15_14_forced_march=True)
    feed(st, PICK + RED)
    while st.current_player() != RED or st.node[3] != "on_move":
        st.apply_action(st.legal_actions()[0])
    st.apply_action(DONE)
    assert st.node[3] == "on_forced_march"
    st.apply_action(st.node[2][1])
    st.apply_action(1)  # Forced March column, die 1: 0 MP
    assert st.node[3][0] == "on_forced_march_panic_check"
    st.apply_action(2)  # even: no effect
