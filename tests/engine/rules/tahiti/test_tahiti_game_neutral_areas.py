"""The Area Control Phase: captures, and neutral areas won with 15.5's counters A-K, each
with hand-worked dice. Paea (area 2) is neutral at the start; a Red Clan Elder (1) and Fighters
(3) stand on its hex 807: a Leader and 4 combat value, alone in the area."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import CELL, DONE, IN_MARAE, PICK, SULLEN  # noqa: E402
from motu.engine.rules.tahiti.data.tables import letters  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control, areas_held  # noqa: E402
from motu.engine.rules.tahiti.victory import end_by_areas  # noqa: E402

from tahiti_positions import PAEA_AREA, PAEA_HEX, PAEA_MARAE  # noqa: E402
from test_tahiti_game_support import BLUE, GREEN, RED, count, feed, game, node_name, pending, run_only  # noqa: E402


def paea(*kinds, player=RED, **opts):
    st = game(**opts)
    feed(st, PICK + RED)
    for k in kinds:
        st.add_unit(k, player, PAEA_HEX)
    return st


def take(letter, *dice, **opts):
    """Red meets the requirements in Paea and draws `letter`; then these dice/picks."""
    st = paea("clan_elder", "fighters", **opts)
    run_only(st, ("area_control",))
    assert node_name(st) == "on_draw_counter"
    feed(st, PICK + letters().index(letter), *dice)
    return st


# --- meeting the requirements -------------------------------------------------------------------

def test_rule_15_5_a_counter_drawn_each_as_likely_from_the_cup():
    st = paea("clan_elder", "fighters")
    st.cup[0] = 1  # one A already used: 19 counters left
    run_only(st, ("area_control",))
    odds = dict(st.chance_outcomes())
    assert odds[PICK] == 1 / 19 and odds[PICK + 1] == 2 / 19 and len(odds) == 10


def no_attempt(st):
    """Nothing was drawn and nothing won: the phase ended, Paea has no Control marker, the cup
    still holds its 20 counters."""
    assert node_name(st) == "on_initiative" and PAEA_AREA not in st.control_markers and sum(st.cup) == 20


def test_rule_15_5_no_attempt_without_a_leader():
    st = paea("fighters", "militia")  # 3 + 1 = 4 combat value, but no Leader
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_5_the_counter_drawn_is_told_by_its_letter_and_name():
    # The cup holds two of each letter: a draw is a counter, not "number n of" the letters left.
    st = paea("clan_elder", "fighters")
    run_only(st, ("area_control",))
    assert node_name(st) == "on_draw_counter"
    j = PICK + letters().index("J")
    assert st.action_to_string(j) == "Neutral area counter: drawn from the cup, counter J, Military infrastructure (15.5)"


def test_rule_15_5_no_attempt_below_the_conquest_strength():
    st = paea("clan_elder")  # 1 < conquest_strength 2
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_5_conquest_strength_exactly_two_draws_a_counter():
    st = paea("clan_elder", "militia")  # 1 + 1 = 2 = conquest_strength: the requirements are met
    run_only(st, ("area_control",))
    assert node_name(st) == "on_draw_counter" and sum(st.cup) == 20
    feed(st, PICK + letters().index("H"), 5)  # H: 2 Population; elder roll 5 (4-6): a Clan Elder
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 2
    assert count(st, RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_conquest_strength_is_the_option():
    st = paea("clan_elder", "militia", conquest_strength=3)  # 1 + 1 = 2 < 3
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_12_event_41_42_sullen_clan_elder_is_not_the_leader_needed():
    st = paea("fighters")
    st.add_unit("clan_elder", RED, PAEA_HEX, SULLEN)  # "refuses to act": 3 + 1, but no acting Leader
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_12_event_41_42_sullen_clan_elder_adds_nothing_to_the_conquest_strength():
    st = paea("clan_elder")
    st.add_unit("clan_elder", RED, PAEA_HEX, SULLEN)  # acting: 1 < conquest_strength 2 (with him: 2)
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_12_event_41_42_another_acting_leader_still_takes_the_area():
    st = paea("clan_elder", "fighters")
    st.add_unit("clan_elder", RED, PAEA_HEX, SULLEN)  # the other Elder acts: 1 + 3 = 4 >= 2
    run_only(st, ("area_control",))
    assert node_name(st) == "on_draw_counter"


def test_rule_15_5_no_attempt_when_another_player_is_in_the_area():
    st = paea("clan_elder", "fighters")
    st.add_unit("population", BLUE, st.b.area_cells[PAEA_AREA][0])  # elsewhere in Paea
    run_only(st, ("area_control",))
    no_attempt(st)


def test_rule_15_5_no_counter_for_an_area_already_held_by_control_marker():
    st = paea("clan_elder", "fighters")
    st.control_markers[PAEA_AREA] = RED
    run_only(st, ("area_control",))
    assert node_name(st) == "on_initiative" and sum(st.cup) == 20
    assert st.control_markers == {PAEA_AREA: RED} and count(st, RED, "population", PAEA_HEX) == 0  # no second winning


def test_rule_15_5_used_counters_are_removed_from_play():
    st = take("A", 1)
    assert st.cup[letters().index("A")] == 1 and sum(st.cup) == 19


# --- each counter ----------------------------------------------------------------------------------

def test_rule_15_5_counter_A_high_population_four_population():
    st = take("A", 6)  # elder roll 6: normal 4-6, a Clan Elder
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 4
    assert count(st, RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_counter_A_elder_roll_three_fails():
    st = take("A", 3)
    assert count(st, RED, "clan_elder", PAEA_HEX) == 1


def test_rule_15_5_counter_B_enthusiastic_elder_on_two():
    st = take("B", 2)
    assert count(st, RED, "clan_elder", PAEA_HEX) == 2 and count(st, RED, "population", PAEA_HEX) == 3


def test_rule_15_5_counter_B_enthusiastic_no_elder_on_three():
    st = take("B", 3)
    assert count(st, RED, "clan_elder", PAEA_HEX) == 1


def test_rule_15_5_counter_C_navigator_kept_by_the_player():
    st = take("C", 1)
    assert st.navigator == [1, 0, 0, 0] and st.control_markers[PAEA_AREA] == RED
    assert count(st, RED, "population", PAEA_HEX) == 3


def test_rule_15_5_counter_D_war_canoe_on_any_coastal_hex_of_the_area():
    st = take("D")
    coast = st.b.area_coast[PAEA_AREA]
    assert node_name(st) == "on_counter_place" and sorted(a - CELL for a in st.legal_actions()) == sorted(coast)
    feed(st, CELL + coast[-1], 1)  # the last coastal hex; elder roll 1: none
    assert count(st, RED, "war_canoe", coast[-1]) == 1


def test_rule_15_5_counter_E_militaristic_gained_fighter_militia_population():
    # 6 + 5 + 4 (combat value in Paea) = 15 >= 11; elder roll 5: "Clan elder roll is normal"
    # (4-6), so a Clan Elder -- under F's and G's 4 or 6 a 5 would give none.
    st = take("E", 6, 5, 5)
    assert st.control_markers[PAEA_AREA] == RED
    assert sorted(u.kind for u in st.units if u.cell == PAEA_HEX) == ["clan_elder", "clan_elder", "fighters", "fighters",
                                                              "militia", "population"]


def test_rule_15_5_counter_E_fails_and_stays_on_the_area():
    st = take("E", 1, 2)  # 1 + 2 + 4 = 7 < 11
    assert st.letters_left == {PAEA_AREA: "E"} and PAEA_AREA not in st.control_markers
    assert st.cup[letters().index("E")] == 1  # it does not go back to the cup


def test_rule_15_5_counter_F_exactly_eleven_gains_control():
    st = take("F", 3, 4, 5)  # 3 + 4 + 4 = 11; elder roll 5: F rolls as G (4 or 6), none
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 3
    assert count(st, RED, "clan_elder", PAEA_HEX) == 1


def test_rule_15_5_counter_F_ten_stays_neutral():
    st = take("F", 5, 1)  # 5 + 1 + 4 = 10 < 11
    assert st.letters_left == {PAEA_AREA: "F"} and PAEA_AREA not in st.control_markers
    assert count(st, RED, "population", PAEA_HEX) == 0


@pytest.mark.parametrize("letter", ["E", "F"])
def test_15_5_E_area_stays_neutral_without_an_11_and_units_alone_do_not_own_it(letter):
    # Two clans, each holding its home area (Red Pare, Blue Papara). Red's Clan Elder and
    # Fighters stand alone in Paea and fail the special roll: 1 + 1 + 4 = 6 < 11. The text:
    # "area remains neutral unless you roll an 11": Paea is nobody's, though Red's units are
    # alone in it. The game ends by areas: 1 against 1, a draw (not Red 2-1, a marginal victory).
    st = take(letter, 1, 1, players=2)
    assert st.letters_left == {PAEA_AREA: letter} and count(st, RED, "fighters", PAEA_HEX) == 1
    assert area_control(st)[PAEA_AREA] == -1
    assert areas_held(st) == [1, 1]
    end_by_areas(st, "test")
    assert st.result[0] == "draw" and st.returns() == [0.0, 0.0]


def test_15_5_F_and_event_54_55_fertility_ignores_the_area_that_stays_neutral():
    # Red fails F in Paea (5 + 1 + 4 = 10 < 11). Next turn Red rolls event 54-55, third die 2:
    # one area receives a Population unit "If the area is neutral, ignore"; the Random Area
    # Selection Table gives Paea (first die 1, second die 3): neutral, so nobody receives one.
    st = take("F", 5, 1, players=2, rule_15_12_random_events=True)
    assert node_name(st) == "on_initiative"
    feed(st, PICK + RED, 5, 4, 2, 1, 3)
    assert count(st, RED, "population") == 3 and count(st, RED, "population", PAEA_HEX) == 0
    assert count(st, BLUE, "population") == 3


def test_15_5_F_area_won_on_a_later_attempt_is_held_again():
    # The counter stays until a player makes the roll: Red tries again next Area Control Phase
    # (6 + 1 + 4 = 11) and Paea is his, by its Control marker: 2 against 1.
    st = take("F", 1, 1, players=2)
    run_only(st, ("area_control",))
    assert node_name(st) == "_die_rolled"  # no new draw: the F left on Paea
    feed(st, 6, 1, 1)  # 6 + 1 + 4 = 11; elder roll 1: none
    assert not st.letters_left and st.control_markers[PAEA_AREA] == RED
    assert area_control(st)[PAEA_AREA] == RED and areas_held(st) == [2, 1]


def test_15_5_F_units_alone_in_an_area_never_tried_still_hold_it():
    # Without a failed counter, Motu's reconstruction of the base rule stands ("Area control",
    # 3: sole presence): Red's Population alone in Paea, no Leader to try, holds it.
    st = paea("population", players=2)
    run_only(st, ("area_control",))
    assert not st.letters_left and area_control(st)[PAEA_AREA] == RED and areas_held(st) == [2, 1]


def test_rule_15_5_counter_F_each_combat_factor_adds_one():
    st = paea("clan_elder", "heavy_troops", "heavy_troops")  # 1 + 4 + 4 = 9
    run_only(st, ("area_control",))
    feed(st, PICK + letters().index("F"), 1, 1, 6)  # 1 + 1 + 9 = 11; elder roll 6
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_counter_F_combat_factors_in_a_marae_compound_do_not_add():
    st = paea("clan_elder", "fighters", rule_15_8_maraes=True)  # 1 + 3 = 4 in Paea
    st.maraes[PAEA_MARAE] = 1
    st.add_unit("heavy_troops", RED, PAEA_MARAE, IN_MARAE)  # 4 more, but in the compound (15.8)
    run_only(st, ("area_control",))
    feed(st, PICK + letters().index("F"), 3, 3)  # 3 + 3 + 4 = 10 < 11 (with the compound's 4: 14)
    assert st.letters_left == {PAEA_AREA: "F"} and PAEA_AREA not in st.control_markers


def test_rule_15_5_counter_F_option_one_die_special_roll():
    # rule_15_5_special_roll = one_die: the "special die roll" is one die plus the combat
    # factors. Clan Elder + 2 Heavy Troops: 9; a 2 makes 11 (control), a 1 makes 10 (neutral).
    for face, gained in ((2, True), (1, False)):
        st = paea("clan_elder", "heavy_troops", "heavy_troops", rule_15_5_special_roll="one_die")
        run_only(st, ("area_control",))
        feed(st, PICK + letters().index("F"), face)
        assert (PAEA_AREA in st.control_markers) is gained
        assert (st.letters_left == {PAEA_AREA: "F"}) is not gained
        if gained:  # the next die is the Clan Elder roll (F: 4 or 6), not a second special die
            assert pending(st) == "on_elder_roll"


def blue_tries_after_red_failed(letter: str):
    """Red fails against `letter` (1 + 1 + 4 = 6 < 11) and leaves; Blue (Clan Elder + Fighters)
    meets the requirements next: he rolls against the counter left on Paea, no new draw."""
    st = take(letter, 1, 1)
    st.units = [u for u in st.units if u.cell != PAEA_HEX]
    st.add_unit("clan_elder", BLUE, PAEA_HEX)
    st.add_unit("fighters", BLUE, PAEA_HEX)
    cup = list(st.cup)
    run_only(st, ("area_control",))
    assert node_name(st) == "_die_rolled" and st.cup == cup
    return st


def test_rule_15_5_counter_F_left_on_the_area_any_player_may_try_later_without_a_draw():
    st = blue_tries_after_red_failed("F")
    feed(st, 6, 1, 4)  # 6 + 1 + 4 = 11: Blue wins Paea; elder roll 4
    assert st.control_markers[PAEA_AREA] == BLUE and not st.letters_left
    assert count(st, BLUE, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_counter_E_left_on_the_area_won_later_by_another_player():
    st = blue_tries_after_red_failed("E")
    feed(st, 5, 2, 6)  # 5 + 2 + 4 = 11: Blue wins Paea; elder roll 6
    assert st.control_markers[PAEA_AREA] == BLUE and not st.letters_left
    # E's units instead of the normal 3 Population: 1 Fighters, 1 Militia, 1 Population.
    assert sorted(u.kind for u in st.units if u.cell == PAEA_HEX) == ["clan_elder", "clan_elder", "fighters", "fighters",
                                                              "militia", "population"]
    assert {u.player for u in st.units if u.cell == PAEA_HEX} == {BLUE}


def test_rule_15_5_counter_E_left_on_the_area_needs_all_requirements():
    st = take("E", 1, 1)
    st.units = [u for u in st.units if u.cell != PAEA_HEX]
    st.add_unit("fighters", GREEN, PAEA_HEX)  # no Leader
    run_only(st, ("area_control",))
    assert node_name(st) == "on_initiative" and st.letters_left == {PAEA_AREA: "E"}


def test_rule_15_5_counter_G_very_independent_elder_on_four_or_six_only():
    assert count(take("G", 5), RED, "clan_elder", PAEA_HEX) == 1
    assert count(take("G", 4), RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_counter_H_low_population_two():
    st = take("H", 1)  # elder roll 1: none
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 2
    assert count(st, RED, "clan_elder", PAEA_HEX) == 1


def test_rule_15_5_counter_J_part_built_village_on_any_eligible_hex():
    st = take("J")
    assert node_name(st) == "on_counter_place"
    choices = sorted(a - CELL for a in st.legal_actions())
    assert choices == sorted(c for c in st.b.area_cells[PAEA_AREA] if st.b.terrain[c] in ("coast", "clear", "jungle"))
    feed(st, CELL + choices[1], 1)
    assert st.villages[choices[1]] == [RED, 0, 0, 0, -1]


def test_rule_15_5_counter_K_stump_on_a_random_jungle_hex():
    st = take("K")
    jungle = st.b.area_jungle[PAEA_AREA]
    assert node_name(st) == "on_stump" and len(st.legal_actions()) == len(jungle)
    feed(st, PICK + 2, 1)  # the third jungle hex of Paea
    assert st.stumps == {jungle[2]} and count(st, RED, "population", PAEA_HEX) == 3


def test_rule_15_5_counter_K_without_jungle_nothing_happens():
    st = paea("clan_elder", "fighters")
    st.stumps = set(st.b.area_jungle[PAEA_AREA])  # "now you know why"
    run_only(st, ("area_control",))
    stumps = set(st.stumps)
    feed(st, PICK + letters().index("K"))
    assert node_name(st) == "_die_rolled"  # no Stump to place: straight to the Clan Elder roll
    feed(st, 5)  # elder roll 5: normal 4-6, a Clan Elder
    assert st.stumps == stumps and st.control_markers[PAEA_AREA] == RED
    assert count(st, RED, "population", PAEA_HEX) == 3 and count(st, RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_normal_result_when_the_rule_is_off():
    st = paea("clan_elder", "fighters", rule_15_5_neutral_events=False)
    run_only(st, ("area_control",))
    feed(st, 5)  # no counter: 3 Population, a Clan Elder on 4-6
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 3
    assert count(st, RED, "clan_elder", PAEA_HEX) == 2


def test_rule_15_5_normal_result_when_the_cup_is_empty():
    st = paea("clan_elder", "fighters")
    st.cup = [0] * 10
    run_only(st, ("area_control",))
    feed(st, 3)
    assert st.control_markers[PAEA_AREA] == RED and count(st, RED, "population", PAEA_HEX) == 3
    assert count(st, RED, "clan_elder", PAEA_HEX) == 1


# --- trading the Navigator ------------------------------------------------------------------------

def navigator_game(how="meet", together=True):
    st = game(rule_15_5_navigator_trade=how)
    feed(st, PICK + RED)
    st.navigator[RED] = 1
    if together:
        blue_hc = next(u for u in st.units if u.player == BLUE and u.kind == "head_chieftain")
        blue_hc.cell = st.home[RED]
    return run_only(st, ("navigator_trades",))


def test_rule_15_5_navigator_traded_where_the_head_chieftains_meet():
    st = navigator_game()
    assert node_name(st) == "on_navigator_offer" and st.legal_actions() == [DONE, PICK + BLUE]
    feed(st, PICK + BLUE)
    assert st.navigator == [0, 1, 0, 0]


def test_rule_15_5_navigator_kept_when_declined():
    st = navigator_game()
    feed(st, DONE)
    assert st.navigator == [1, 0, 0, 0]


def test_rule_15_5_navigator_no_trade_apart():
    st = navigator_game(together=False)
    assert node_name(st) == "on_initiative"


def test_rule_15_5_navigator_trade_anywhere_option():
    st = navigator_game("anywhere", together=False)
    assert st.legal_actions() == [DONE, PICK + 1, PICK + 2, PICK + 3]


def test_rule_15_5_navigator_trade_never_option():
    st = navigator_game("never")
    assert node_name(st) == "on_initiative" and st.navigator[RED] == 1
