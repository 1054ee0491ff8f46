"""Tiki's rules, each played out move by move on the shipped board.

Board order v11 v12 v13 / v21 v22 v23 / v31 v32 v33; shipped values 1 0 2 / 1 -1 0 / 0 1 1.
Actions: create on v = v; move = 9 + 4*v + d (0 up, 1 right, 2 down, 3 left); Shaman on edge e = 45 + e.
"""
import pytest

from motu.engine.rules.api import CHANCE, TERMINAL, IllegalActionError
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tiki.board import EDGES, edge_between
from motu.engine.rules.tiki.state import KEEP_SHAMAN, MOVE, PASS, SHAMAN

V = {f"v{r}{c}": (r - 1) * 3 + c - 1 for r in (1, 2, 3) for c in (1, 2, 3)}
UP, RIGHT, DOWN, LEFT = range(4)


def mv(village, d):
    return MOVE + 4 * V[village] + d


def new_game(**options):
    """A game on the shipped board as drawn (shuffling the tiles is tested on its own)."""
    rules = get_ruleset("tiki")
    return rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False, **options})


def play(state, *actions):
    for a in actions:
        state.apply_action(V[a] if isinstance(a, str) else a)
    return state


def test_shipped_values_are_one_plus_two_one_minus_one_four_ones_three_zeros():
    st = new_game()
    assert sorted(st.values) == [-1, 0, 0, 0, 1, 1, 1, 1, 2]
    assert st.values[V["v13"]] == 2 and st.values[V["v22"]] == -1


def test_create_a_totem_on_an_empty_village_only():
    st = play(new_game(), "v12")
    assert st.stacks[V["v12"]] == (0,) and st.hand == [7, 8]
    assert st.current_player() == 1 and V["v12"] not in st.legal_actions()
    with pytest.raises(IllegalActionError):
        st.apply_action(V["v12"])


def test_a_totem_moves_as_many_spaces_as_its_tokens_dropping_its_bottom_token_in_each_village():
    st = play(new_game(), "v12", "v11", "v33", mv("v11", RIGHT))
    assert st.stacks[V["v12"]] == (0, 1)  # player 1's token went on top
    st = play(st, "v31")
    # A totem of two moves exactly two spaces: from v12 only down fits on the board.
    assert [a for a in st.legal_actions() if a >= MOVE] == [mv("v12", DOWN)]
    play(st, mv("v12", DOWN))
    assert st.stacks[V["v12"]] == () and st.stacks[V["v22"]] == (0,) and st.stacks[V["v32"]] == (1,)


def test_only_a_totem_whose_top_token_is_yours_moves():
    st = play(new_game(), "v12", "v11", "v33", mv("v11", RIGHT))
    assert not any(MOVE + 4 * V["v12"] <= a < MOVE + 4 * V["v12"] + 4 for a in st.legal_actions())  # player 0's turn


def _two_fruits_for_player_0():
    # v13 (+2) gets 0, 1, 0: player 0's token on top influences it.
    return play(new_game(), "v13", "v12", "v23", mv("v12", RIGHT), mv("v23", UP))


def test_three_tokens_influence_the_village_and_the_top_token_wins_its_value():
    st = _two_fruits_for_player_0()
    assert st.fruit == [2, 0] and st.supply == 5
    assert st.stacks[V["v13"]] == () and st.hand == [8, 8]  # every token went back
    assert st.current_player() == 1


def test_minus_one_costs_the_top_owner_a_fruit_which_leaves_the_game():
    st = _two_fruits_for_player_0()
    play(st, "v22", "v21", "v33", mv("v21", RIGHT), "v31", "v23", "v11")
    assert st.stacks[V["v22"]] == (1, 0)
    play(st, mv("v23", LEFT))
    assert st.fruit == [1, 0] and st.supply == 5 and st.stacks[V["v22"]] == ()


def test_zero_village_gives_nothing():
    # v12 (0) gets 0, 1, 0: nothing is won, the tokens go home.
    st = play(new_game(), "v12", "v11", "v13", mv("v11", RIGHT), mv("v13", LEFT))
    assert st.stacks[V["v12"]] == () and st.hand == [8, 8] and st.fruit == [0, 0] and st.supply == 7


def test_four_fruits_win_at_once():
    st = new_game()
    st.stacks = [(1, 1), (0,), (), (), (), (), (), (), ()]  # v11 is worth 1
    st.fruit, st.supply, st._legal = [3, 0], 4, None
    play(st, mv("v12", LEFT))
    assert st.fruit == [4, 0] and st.current_player() == TERMINAL and st.returns() == [1.0, -1.0]


def test_an_empty_supply_ends_the_game_on_most_fruits():
    st = new_game()
    st.stacks[V["v13"]], st.stacks[V["v23"]] = (1, 1), (0,)  # v13 is worth 2, one fruit is left
    st.fruit, st.supply, st._legal = [2, 1], 1, None
    play(st, mv("v23", UP))
    assert st.fruit == [3, 1] and st.supply == 0
    assert st.is_terminal() and st.returns() == [1.0, -1.0]


def test_a_tie_with_an_empty_supply_plays_on_until_a_fruit_would_be_won_or_lost():
    st = new_game()
    st.stacks[V["v11"]], st.stacks[V["v12"]] = (1, 1), (0,)
    st.fruit, st.supply, st._legal = [2, 3], 1, None
    play(st, mv("v12", LEFT))  # player 0 takes the last fruit: 3-3
    assert st.supply == 0 and st.fruit == [3, 3] and st.tiebreak and st.current_player() == 1
    # A 0 village decides nothing; then player 1 tops the -1 village: they would lose a fruit, so they lose.
    st.stacks = [(), (0, 0), (), (), (0, 0), (1,), (), (), ()]
    st._legal = None
    play(st, mv("v23", LEFT))
    assert st.is_terminal() and st.returns() == [1.0, -1.0]


def test_in_the_tie_break_the_first_fruit_won_wins():
    st = new_game()
    st.fruit, st.supply, st.tiebreak, st.player = [3, 3], 0, True, 1
    st.stacks = [(0, 0), (1,), (), (), (), (), (), (), ()]
    st._legal = None
    play(st, mv("v12", LEFT))  # v11 is worth 1
    assert st.returns() == [-1.0, 1.0]


def test_a_player_with_no_legal_move_passes():
    st = new_game()
    st.stacks = [(0, 1)] * 8 + [()]
    st.hand = [0, 0]
    st._legal = None
    assert st.legal_actions() == [PASS]
    play(st, PASS)
    assert st.current_player() == 1 and PASS not in st.legal_actions()


def test_shaman_the_second_player_places_it_before_their_first_move_and_no_totem_crosses_it():
    st = play(new_game(shaman_rule=True), "v11")
    assert st.current_player() == 1 and st.legal_actions() == [SHAMAN + e for e in range(12)]
    play(st, SHAMAN + edge_between(V["v11"], V["v12"]))
    assert st.current_player() == 1  # now their move
    play(st, "v33")
    assert mv("v11", RIGHT) not in st.legal_actions() and mv("v11", DOWN) in st.legal_actions()


def test_shaman_influencing_a_zero_village_lets_its_top_owner_move_the_shaman():
    st = new_game(shaman_rule=True)
    st.shaman, st.shaman_due = edge_between(V["v21"], V["v31"]), False
    st.stacks[V["v11"]], st.stacks[V["v12"]], st.stacks[V["v13"]] = (0,), (1, 1), (0,)
    st._legal = None
    play(st, mv("v13", LEFT))  # v12 (0) influenced, player 0 on top
    assert st.current_player() == 0 and KEEP_SHAMAN in st.legal_actions()
    assert SHAMAN + st.shaman not in st.legal_actions()  # "a new location": not where it stands
    play(st, SHAMAN + edge_between(V["v11"], V["v12"]))
    assert st.shaman == EDGES.index((V["v11"], V["v12"])) and st.current_player() == 1


def test_without_the_shaman_rule_a_zero_village_asks_nothing():
    st = new_game()
    st.stacks[V["v12"]], st.stacks[V["v13"]] = (1, 1), (0,)
    st._legal = None
    play(st, mv("v13", LEFT))
    assert st.current_player() == 1


def test_a_shaman_drawn_on_the_scenario_is_where_the_game_starts():
    rules = get_ruleset("tiki")
    s = rules.new_scenario()
    s.edges[(V["v22"], V["v23"])] = ("shaman",)
    st = play(rules.new_initial_state(s, {"shaman_rule": True, "shuffle_tiles": False}), "v11")
    assert st.current_player() == 1 and st.shaman == edge_between(V["v22"], V["v23"])
    assert SHAMAN not in st.legal_actions() and V["v22"] in st.legal_actions()


def test_shuffled_tiles_are_dealt_by_chance_with_the_scenario_values():
    st = new_game(shuffle_tiles=True)
    assert st.current_player() == CHANCE
    assert dict(st.chance_outcomes()) == {60: 1 / 9, 61: 3 / 9, 62: 4 / 9, 63: 1 / 9}
    for value in (2, -1, 0, 0, 0, 1, 1, 1, 1):
        play(st, 61 + value)
    assert st.values == (2, -1, 0, 0, 0, 1, 1, 1, 1) and st.current_player() == 0
