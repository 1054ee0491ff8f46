"""The pearl game's rules, played out action by action on the shipped three-player board.

Track (clockwise, index 0..11): A green, B white, C black, D blue, E green, F white,
A black, B blue, C green, D white, E black, F blue. Map letters: columns and rows 1-3 and 5-7
carry A-F. Map square k = row*7 + column (island 24).
"""
import pytest

from motu.engine.rules.api import CHANCE, TERMINAL
from motu.engine.rules.pearls.state import (BID, CHOOSE, FACE, KEEP_BOAT, PASS, PLACE, SAVE, TAKE_LETTER, TAKE_PEARL,
                                       WHITE, HOLD_LETTER, P_OVER)
from motu.engine.rules.registry import get_ruleset

GREEN, WHITE_PEARL, BLACK, BLUE = range(4)
RULES = get_ruleset("pearls")


def new_game(**options):
    return RULES.new_initial_state(RULES.new_scenario(), options)


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def started(sails=(0, 4, 8), pearls=(GREEN, WHITE_PEARL, BLACK), **options):
    """Sailboats placed and first pearls chosen; player 0 is about to roll."""
    return play(new_game(**options), *sails, *(CHOOSE + c for c in pearls))


def sector(letter):
    col = "ABC DEF".index(letter)
    return sorted({col + 7 * r for r in range(7)} | {c + 7 * col for c in range(7)} - {24})


def test_setup_sailboats_then_distinct_first_pearls():
    st = play(new_game(), 0, 0, 5)  # two sailboats may share a space
    assert st.sail == [0, 0, 5] and st.current_player() == 0
    play(st, CHOOSE + BLUE)
    assert CHOOSE + BLUE not in st.legal_actions()
    play(st, CHOOSE + GREEN, CHOOSE + BLACK)
    assert st.hold == [BLUE, GREEN, BLACK] and st.boats == [14, 14, 14] and st.supply == [5, 6, 5, 5]
    assert st.cash == [15, 15, 15] and st.current_player() == CHANCE


def test_the_die_is_one_to_four_and_two_white_faces():
    st = started()
    assert dict(st.chance_outcomes()) == pytest.approx({FACE + 1: 1 / 6, FACE + 2: 1 / 6, FACE + 3: 1 / 6,
                                                       FACE + 4: 1 / 6, WHITE: 2 / 6})


def test_payday_pays_a_dollar_per_boat_on_the_map_then_the_token_turns_and_white_is_rolled_again():
    st = started()
    st.colour[0], st.owner[0], st.colour[1], st.owner[1] = GREEN, 2, GREEN, 2
    st.on_map = [0, 0, 2]
    play(st, WHITE)
    assert st.cash == [15, 15, 17] and st.token == 1
    assert dict(st.chance_outcomes()) == {FACE + f: 1 / 4 for f in range(1, 5)}  # never two events in a row


def test_treasure_each_player_from_the_roller_saves_up_to_ten_into_a_hidden_chest():
    st = started()
    st.token, st.turn, st.cash[1] = 1, 1, 4
    play(st, WHITE)
    assert st.current_player() == 1 and st.legal_actions() == [SAVE + k for k in range(5)]  # only $4 in cash
    play(st, SAVE + 4, SAVE + 10, SAVE + 0)  # players 1, 2, then 0
    assert st.chest == [0, 4, 10] and st.cash == [15, 0, 5] and st.token == 0
    assert st.information(viewer=1)["chests"] == [None, 4, None]
    assert st.current_player() == CHANCE


def test_auction_bid_or_pass_a_pass_is_final_and_the_last_bidder_pays_the_first_to_pass():
    st = play(started(), FACE + 3)
    assert st.current_player() == 0 and st.legal_actions()[:2] == [PASS, BID + 0]
    play(st, BID + 2, BID + 4, PASS)          # player 2 passes first
    assert st.current_player() == 0
    play(st, BID + 5)
    assert BID + 5 not in st.legal_actions() and st.current_player() == 1
    play(st, PASS)                            # player 2 is out: player 0 buys at $5
    assert st.cash == [10, 15, 20] and st.sail[0] == 3


def test_nobody_bidding_moves_nobody():
    st = play(started(), FACE + 2, PASS, PASS, PASS)
    assert st.sail == [0, 4, 8] and st.turn == 1 and st.current_player() == CHANCE


def test_with_a_pearl_in_front_the_buyer_must_take_the_letter_and_place_boat_and_pearl_in_its_sector():
    st = play(started(), FACE + 3, BID + 1, PASS, PASS)  # player 0 (green pearl) sails to D blue
    assert st.legal_actions() == [PLACE + k for k in sector("D")]
    play(st, PLACE + 4)
    assert st.colour[4] == GREEN and st.owner[4] == 0 and st.hold[0] == -1 and st.on_map == [1, 0, 0]


def test_with_nothing_in_front_the_buyer_chooses_the_letter_or_a_pearl_of_the_space_colour():
    st = started()
    st.hold[0] = -1
    play(st, FACE + 1, BID + 0, PASS, PASS)  # to B white
    assert st.legal_actions() == [TAKE_LETTER, TAKE_PEARL + WHITE_PEARL]
    play(st, TAKE_LETTER)
    assert st.hold[0] == HOLD_LETTER + 1 and st.boats[0] == 13 and st.current_player() == CHANCE


def test_with_a_letter_the_buyer_must_take_the_space_colour_and_place_it_in_the_letter_sector():
    st = started()
    st.hold[0] = HOLD_LETTER + 1              # letter B
    play(st, FACE + 2, BID + 0, PASS, PASS)  # to C black
    assert st.legal_actions() == [TAKE_PEARL + BLACK]
    play(st, TAKE_PEARL + BLACK)
    assert st.legal_actions() == [PLACE + k for k in sector("B")]
    play(st, PLACE + 8)
    assert st.colour[8] == BLACK and st.hold[0] == -1 and st.supply[BLACK] == 4


def test_a_colour_run_out_lets_the_buyer_choose_another():
    st = started()
    st.hold[0] = -1
    st.supply[WHITE_PEARL] = 0
    play(st, FACE + 1, BID + 0, PASS, PASS)  # to B white: none left
    assert st.legal_actions() == [TAKE_LETTER, TAKE_PEARL + GREEN, TAKE_PEARL + BLACK, TAKE_PEARL + BLUE]


def test_the_second_colour_running_out_ends_the_game_after_the_letter_holder_places():
    st = started()
    st.hold[0] = HOLD_LETTER + 0             # letter A
    st.supply = [3, 0, 1, 2]
    play(st, FACE + 2, BID + 0, PASS, PASS, TAKE_PEARL + BLACK)  # C black: the last black pearl
    assert st.current_player() == 0 and st.ending
    play(st, PLACE + 0)
    assert st.current_player() == TERMINAL and st.phase == P_OVER


def test_the_second_colour_running_out_without_a_letter_is_a_pearl_for_nothing():
    st = started()
    st.hold[0] = -1
    st.supply = [3, 0, 1, 2]
    play(st, FACE + 2, BID + 0, PASS, PASS, TAKE_PEARL + BLACK)
    assert st.is_terminal() and st.owner == [-1] * 49


def test_a_full_sector_loses_the_pearl_and_the_boat_goes_back():
    st = started()
    for k in sector("D"):
        st.colour[k], st.owner[k] = BLUE, 1
    play(st, FACE + 3, BID + 0, PASS, PASS)  # green pearl to D: nowhere to put it
    assert st.hold[0] == -1 and st.boats[0] == 15 and st.current_player() == CHANCE


def test_end_of_the_game_the_letter_holder_may_place_their_boat_or_keep_it_off_the_map():
    st = started()
    st.hold[0] = HOLD_LETTER + 0             # letter A
    st.supply = [3, 0, 1, 2]
    play(st, FACE + 2, BID + 0, PASS, PASS, TAKE_PEARL + BLACK)  # the second colour runs out
    assert st.legal_actions() == [PLACE + k for k in sector("A")] + [KEEP_BOAT], "they *may* place their boat"
    boats = st.boats[0]
    play(st, KEEP_BOAT)
    assert st.is_terminal() and st.owner == [-1] * 49 and st.boats[0] == boats + 1


def _idle(st, *players):
    """Players with no boat left and nothing in front of them: they can put no boat on the map."""
    for p in players:
        st.hold[p], st.boats[p] = -1, 0
    return st


def test_auction_each_may_bid_or_pass_even_with_no_boat_left_and_the_first_to_pass_is_paid():
    st = _idle(started(), 1)
    play(st, FACE + 3)
    assert st.current_player() == 0
    play(st, BID + 2)
    assert st.current_player() == 1 and BID + 3 in st.legal_actions(), "player 1 takes part"
    play(st, PASS, PASS)                     # player 1 passes first, then player 2
    assert st.cash == [13, 17, 15], "the last bidder pays the player who passed first"


def test_a_buyer_with_no_boat_left_only_sails():
    st = _idle(started(), 0)
    play(st, FACE + 3, BID + 1, PASS, PASS)
    assert st.sail[0] == 3 and st.cash == [14, 16, 15] and st.current_player() == CHANCE and st.turn == 1


def test_option_sit_out_without_boats_leaves_idle_players_out_and_a_lone_bidder_pays_the_bank():
    st = _idle(started(sit_out_without_boats=True), 1, 2)
    play(st, FACE + 3)
    assert st.current_player() == 0 and st.legal_actions()[:2] == [PASS, BID + 0]
    play(st, BID + 1)
    assert st.cash == [14, 15, 15] and st.sail[0] == 3, "nobody passed: the bid goes to the bank"


def test_the_game_ends_when_no_player_can_put_another_boat_on_the_map():
    st = _idle(started(), 0, 1, 2)
    play(st, FACE + 2)
    assert st.is_terminal()
