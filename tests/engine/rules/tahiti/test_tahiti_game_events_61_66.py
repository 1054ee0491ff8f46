"""Random Events (15.12) 61-66, each row with hand-worked dice (the position as
test_tahiti_game_events.py describes it)."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from tahiti_positions import CANOE
from test_tahiti_game_events import at_red_movement, roll_event, rolled, start
from test_tahiti_game_support import (BLUE, GREEN, RED, YELLOW, at_step, count, feed, game, node_name, run_only,
                                      stack_value)

from motu.engine.rules.tahiti.game_state import CELL, DONE, FLIPPED, PICK, REROLL, SULLEN
from motu.engine.rules.tahiti.queries import unit_value


# --- 61 nothing ------------------------------------------------------------------------------------

def test_rule_15_12_event_61_nothing_happens():
    for third in range(1, 7):
        st = start()
        units, villages = [u.copy() for u in st.units], {k: v[:] for k, v in st.villages.items()}
        roll_event(st, 6, 1, third)
        at_red_movement(st)
        assert st.units == units and st.villages == villages and st.cond == {} and st.tokens == []


# --- 62 fire -------------------------------------------------------------------------------------

def test_rule_15_12_event_62_1_4_one_village_burns_all_units_and_elders_panic():
    st = rolled(6, 2, 4)
    assert st.node[3][0] == (245, 592, 1001, 1028)
    # Pare burns; panic dice for CE 1, CE 2, Sh 3, P 4, P 5, P 6, Mi 7, Mi 8, F 9 (the HC never
    # panics; the Shaman is a Unit; a Clan Elder with his HC only on 1, 3; others 1, 3, 5)
    feed(st, PICK + 0,  5, 3, 5, 1, 2, 4, 5, 6, 3)
    assert st.villages[245] == [RED, 0, 0, 0, RED]   # Part-built, no Big Log, no Canoe
    assert st.unit(CANOE[RED]) is None and count(st, RED, "population", 245) == 3
    flipped = sorted(u.uid for u in st.units if u.flags & FLIPPED)
    assert flipped == [2, 3, 4, 7, 9]                # CE 5 steady (with his HC); Sh 5 panics
    assert unit_value(st, st.unit(9)) == 1           # Fighters 3, panicked: halved
    assert all(st.villages[c][1] == 1 for c in (592, 1001, 1028))


def test_rule_15_12_event_62_shaman_is_a_unit_and_panics_head_chieftain_never():
    st = start()
    st.units = [u for u in st.units if u.uid in (0, 3)]   # Red's HC and Shaman at Pare
    roll_event(st, 6, 2, 1, PICK + 0)                # 62-1: Pare burns
    # "All Units ... roll for Panic": one die, the Shaman's (the HC never panics): 1 panics
    assert node_name(st) == "_die_rolled" and st.node[3][0] == "on_panic" and st.node[3][1][0] == 3
    feed(st, 1)
    assert st.unit(3).flags & FLIPPED and not st.unit(0).flags & FLIPPED
    assert unit_value(st, st.unit(3)) == 0           # Shaman 1, panicked: halved, rounded down
    at_red_movement(st)                              # no other die was rolled


def test_rule_15_12_event_62_5_two_villages():
    st = start()
    st.units = [u for u in st.units if u.uid in (7, 18, 19)]
    st.villages[1001][3] = 1                         # a Part-built Canoe at Papara
    roll_event(st, 6, 2, 5)
    feed(st, PICK + 0, 2)                            # Pare; Red's Mi 2: steady
    assert st.node[3][0] == (592, 1001, 1028)
    feed(st, PICK + 1, 5, 4)                         # Papara; Blue's Mi 5 panics, Mi 4 steady
    assert st.villages[245][1] == 0 and st.villages[1001] == [BLUE, 0, 0, 0, BLUE]
    assert [bool(st.unit(uid).flags & FLIPPED) for uid in (7, 18, 19)] == [False, True, False]
    assert st.villages[592][1] == 1 and st.villages[1028][1] == 1


def test_rule_15_12_event_62_6_three_villages():
    st = start()
    st.units = []
    roll_event(st, 6, 2, 6, PICK + 0, PICK + 0, PICK + 1)   # 245; 592; then of 1001, 1028: 1028
    assert [st.villages[c][1] for c in (245, 592, 1001, 1028)] == [0, 0, 1, 0]


# --- 63-64 rotten logs ----------------------------------------------------------------------------

def test_rule_15_12_event_63_64_1_2_one_log():
    st = rolled(6, 3, 2)
    feed(st, PICK + 3)                               # the fourth log: Tautira's
    assert [st.villages[c][2] for c in (245, 592, 1001, 1028)] == [1, 1, 1, 0]


def test_rule_15_12_event_63_64_3_4_three_logs():
    st = start()
    st.villages[245][2] = 2                          # logs: 245, 245, 592, 1001, 1028
    roll_event(st, 6, 4, 3)
    feed(st, PICK + 1, PICK + 3, PICK + 0)           # a 245 log; 1028; the other 245 log
    assert [st.villages[c][2] for c in (245, 592, 1001, 1028)] == [0, 1, 1, 0]


def test_rule_15_12_event_63_64_5_6_borer_beetle_all_logs():
    st = rolled(6, 4, 6)
    at_red_movement(st)
    assert all(v[2] == 0 for v in st.villages.values())


# --- 65 curse ------------------------------------------------------------------------------------

def test_rule_15_12_event_65_1_3_strongest_unit_in_a_stack_at_zero():
    st = rolled(6, 5, 1)
    assert st.node[1] == RED and sorted(st.node[2]) == [DONE, CELL + 592, CELL + 1001, CELL + 1028]
    feed(st, CELL + 1001)
    assert unit_value(st, st.unit(20)) == 0          # Blue's Fighters
    assert stack_value(st, BLUE, 1001) == 10 - 3 and stack_value(st, GREEN, 1028) == 10


def test_rule_15_12_event_65_the_rolling_player_may_decline():
    st = rolled(6, 5, 3)
    feed(st, DONE)
    at_red_movement(st)
    assert [stack_value(st, p, c) for p, c in ((BLUE, 1001), (GREEN, 1028), (YELLOW, 592))] == [10, 10, 10]


def test_rule_15_12_event_65_4_5_whole_stack_at_zero_this_turn():
    st = rolled(6, 5, 5)
    feed(st, CELL + 1028)
    assert stack_value(st, GREEN, 1028) == 10 - 5         # Mi 1 + Mi 1 + F 3 cursed
    st.turn = 2
    at_step(st, ("turn_start",))
    assert stack_value(st, GREEN, 1028) == 10             # "for this turn"


def test_rule_15_12_event_65_6_all_combat_units_of_a_player():
    st = start()
    st.add_unit("fighters", YELLOW, 200)
    roll_event(st, 6, 5, 6)
    assert st.node[4][1] == (BLUE, GREEN, YELLOW) and DONE in st.node[2]
    feed(st, PICK + 2)
    assert stack_value(st, YELLOW, 592) == 5 and stack_value(st, YELLOW, 200) == 0
    assert stack_value(st, BLUE, 1001) == 10


# --- 66 Kevin's extras -----------------------------------------------------------------------------

def test_rule_15_12_event_66_1_reroll_any_one_die_this_turn():
    st = rolled(4, 6, 1)                             # 46: two events
    feed(st, 6, 6, 1)                                # 66-1: Red holds a re-roll for this turn
    assert st.tokens == [(RED, "turn")]
    feed(st, 6)                                      # the next event's first die: 6 ...
    assert st.node[0] == "decide" and st.node[1] == RED and st.node[2] == (DONE, REROLL)
    feed(st, REROLL, 5, 3, 4)                        # ... re-rolled: 5; then 3: 53-4, rain
    assert st.tokens == [] and st.cond["rain"] == 2


def test_rule_15_12_event_66_1_unused_reroll_lapses_at_turn_end():
    st = rolled(6, 6, 1)
    st.turn = 2
    at_step(st, ("turn_start",))
    assert st.tokens == []


def test_rule_15_12_event_66_2_reroll_may_be_saved():
    st = rolled(6, 6, 2)
    feed(st)
    st.turn = 2
    at_step(st, ("turn_start",))                     # next turn: still held
    assert st.tokens == [(RED, "saved")]
    feed(st, PICK + BLUE, 6)                         # Blue rolls the event; Red may re-roll it
    assert st.node[1] == RED and st.node[2] == (DONE, REROLL)
    feed(st, DONE, 1)                                # kept: 61, and the token is still his
    assert st.tokens == [(RED, "saved")]


@pytest.mark.parametrize("tokens, asked", [
    ([(RED, "turn"), (RED, "saved")], [RED]),
    ([(RED, "turn"), (BLUE, "saved"), (RED, "saved")], [RED, BLUE]),
])
def test_rule_15_12_event_66_1_2_a_player_who_keeps_a_die_is_not_asked_again_for_it(tokens, asked):
    """66-1/2: "may re-roll" the die; a player who keeps it has made his choice for that die, his
    other tokens are not offered for it again (the next die asks afresh)."""
    st = start()
    st.tokens = list(tokens)
    feed(st, PICK + BLUE, 6)                         # Blue's event roll, first die 6
    for player in asked:                             # each holder once, in token order: kept
        assert st.node[0] == "decide" and st.node[1] == player and st.node[2] == (DONE, REROLL)
        feed(st, DONE)
    assert st.node[0] == "chance"                    # the event's second die, nobody asked again
    assert st.tokens == tokens                       # every token still held


def test_rule_15_12_event_66_3_reroll_only_attempts_to_receive_a_clan_elder():
    st = rolled(4, 6, 1)
    feed(st, 6, 6, 3)                                # 66-3: the Clan Elder re-roll
    feed(st, 5, 6, 1)                                # 56-1: not offered on these dice
    assert node_name(st) == "_die_rolled" and st.node[3][0] == "on_elder_contest"
    feed(st, 1)                                      # Red's attempt: 1 - 4 = -3 ...
    assert st.node[1] == RED and st.node[2] == (DONE, REROLL)
    feed(st, REROLL, 6, 2, 2, 2)                     # ... re-rolled: 6 - 4 = 2 beats -2 x 3
    assert count(st, RED, "clan_elder") == 3 and st.tokens == []


def test_rule_15_12_event_66_3_not_offered_on_an_opponents_event_56_die():
    st = rolled(4, 6, 1)
    feed(st, 6, 6, 3, 5, 6, 1)                       # 66-3 to Red; then 56-1
    feed(st, 4, DONE)                                # Red's own die (his attempt): offered, kept
    # Blue's die is Blue's attempt, not Red's: no offer, the next die is Green's
    feed(st, 6)
    assert node_name(st) == "_die_rolled" and st.node[3][0] == "on_elder_contest"
    assert st.node[3][1][0] == GREEN
    feed(st, 2, 2)                                   # Red 4-4=0, Blue 6-4=2, Green, Yellow -2
    assert count(st, BLUE, "clan_elder") == 3 and st.tokens == [(RED, "elder")]


def test_rule_15_12_event_66_3_offered_on_own_15_5_elder_roll_not_an_opponents():
    st = game()
    feed(st, PICK + RED)
    st.tokens = [(RED, "elder")]                     # Red holds 66-3
    run_only(st, ("elder_roll", 0, BLUE, (5, 6), 200))
    feed(st, 6)                                      # Blue's 15.5 roll: 6, a Clan Elder; no offer
    assert count(st, BLUE, "clan_elder", 200) == 1 and node_name(st) == "on_initiative"
    run_only(st, ("elder_roll", 0, RED, (5, 6), 200))
    feed(st, 2)                                      # Red's own: 2 fails ...
    assert st.node[0] == "decide" and st.node[1] == RED and st.node[2] == (DONE, REROLL)
    feed(st, REROLL, 5)                              # ... re-rolled: 5, a Clan Elder
    assert count(st, RED, "clan_elder", 200) == 1 and st.tokens == []


def test_rule_15_12_event_66_4_decisive_battle_all_forces_on_tahiti():
    st = start()
    st.add_unit("fighters", RED, 200)                # gathered with the rest: Red 10 + 3
    roll_event(st, 6, 6, 4)
    assert st.node[3][1] == ((RED, BLUE, GREEN, YELLOW), (13, 10, 10, 10), ())
    feed(st, 1, 6, 6, 2)                             # 14, 16, 16, 12: Blue and Green re-roll
    feed(st, 3, 4)                                   # Blue 13, Green 14
    assert st.is_terminal() and st.returns() == [-1.0, -1.0, 1.0, -1.0]
    assert st.result[0] == "total victory" and "66-4" in st.result[2]


def test_rule_15_12_event_66_4_option_strongest_stack_where_it_stands():
    st = start(rule_15_12_decisive_battle="strongest_stack")
    st.add_unit("fighters", RED, 200)                # apart: Red's best stack is still 10
    st.unit(20).cell = 1000                            # Blue's Fighters apart: Blue's best 7
    roll_event(st, 6, 6, 4)
    assert st.node[3][1] == ((RED, BLUE, GREEN, YELLOW), (10, 7, 10, 10), ())


def test_rule_15_12_event_66_4_only_players_still_on_tahiti_fight():
    st = game("tahiti-moorea.yaml", rule_15_12_random_events=True)
    for u in st.units:                               # Blue's Head Chieftain and stack on Mo'orea
        if u.player == BLUE and u.cell == st.home[BLUE] and u.kind != "war_canoe":
            u.cell = 493
    roll_event(st, 6, 6, 4)
    assert st.node[3][1][0] == (RED, GREEN, YELLOW)
    feed(st, 1, 1, 6)
    assert st.returns() == [-1.0, -1.0, -1.0, 1.0]


def test_rule_15_12_event_66_4_tahiti_is_the_island_of_the_players_home_villages():
    """A designer's map whose first Home Village site is on Mo'orea, for Yellow, who does not
    play (3 players: Red, Blue, Green, homes on Tahiti): "still on Tahiti" is the players'
    island, so the three fight; not Mo'orea, where nobody stands."""
    import dataclasses

    from test_tahiti_game_support import RULES, scenario
    base = scenario("tahiti-moorea.yaml")
    yellow = next(f for f in base.features if f.kind == "home_village" and f.side == "yellow")
    on_moorea = dataclasses.replace(yellow, cell=289)   # an inland clear hex of Teavaro
    features = [on_moorea] + [f for f in base.features if f is not yellow]
    st = RULES.new_initial_state(dataclasses.replace(base, features=features, cache={}),
                                 {"players": 3, "rule_3_1_random_homes": False, "rule_15_6_arioi": False})
    assert st.b.area_island[st.b.area[st.b.homes[0][0]]] == "moorea" and st.num_players() == 3
    roll_event(st, 6, 6, 4)
    assert st.node[3][1] == ((RED, BLUE, GREEN), (10, 10, 10), ())   # each his whole set-up force
    feed(st, 2, 5, 3)                                                # 12, 15, 13: Blue wins
    assert st.returns() == [-1.0, 1.0, -1.0] and st.result[0] == "total victory"


def test_rule_15_12_event_66_5_divine_intervention_fewest_areas():
    st = start()
    st.control_markers.update({0: RED, 1: BLUE, 2: GREEN})   # Yellow alone holds 1 area
    roll_event(st, 6, 6, 5)
    assert st.returns() == [-1.0, -1.0, -1.0, 1.0] and st.result[0] == "total victory"


def test_rule_15_12_event_66_5_tie_for_fewest_rolling_player_picks():
    st = start()
    st.control_markers[0] = RED                      # Red 2; the others 1
    roll_event(st, 6, 6, 5)
    assert st.node[1] == RED and st.node[4][1] == (BLUE, GREEN, YELLOW)
    feed(st, PICK + 1)
    assert st.returns() == [-1.0, -1.0, 1.0, -1.0]


def test_rule_15_12_event_66_6_armageddon_everybody_loses():
    st = rolled(6, 6, 6)
    assert st.is_terminal() and st.returns() == [-1.0] * 4 and st.result[0] == "armageddon"


@pytest.mark.parametrize("third", [1, 2, 3])
def test_rule_15_12_event_66_1_3_token_kinds(third):
    assert rolled(6, 6, third).tokens == [(RED, ("turn", "saved", "elder")[third - 1])]


def test_rule_15_12_event_66_3_no_redraw_of_a_clan_elder_pick():
    # "re-draw any Clan Elder pick from his pool of Clan Elders": Motu has no pool of named Clan
    # Elders (docs "Random Events", 66-1/2/3), so a random pick of a Clan Elder is not offered
    # for a re-draw: the sullen Clan Elder of 41-42 stands, and Red keeps his token.
    st = rolled(4, 6, 1)                             # 46: two events
    feed(st, 6, 6, 3)                                # 66-3: Red holds the Clan Elder re-roll
    feed(st, 4, 1, 2)                                # 41-2: one Clan Elder, picked at random, sullen
    assert st.node[0] == "chance" and node_name(st) == "on_pick_unit"
    feed(st, PICK + 0)                               # Red's own Clan Elder 1
    assert st.unit(1).flags & SULLEN and st.tokens == [(RED, "elder")]
    at_red_movement(st)                              # no re-draw question came first
