"""The Shaman rule with too few tokens: both players stuck for ever, and validation refusing it.

"No totem can be moved between these two villages" (the Shaman) and "you must move the entire
totem ... as many spaces as the number of tokens in it": a totem of two cannot move from the
centre, nor from the middle of a side when its one straight path crosses the Shaman. With two
or three tokens a player every token can end in such totems, no one can create or move, and the
game never ends (docs/rules/tiki.md, "No legal move"). Board order v11 v12 v13 / v21 v22 v23 /
v31 v32 v33; move = 9 + 4*v + d (0 up, 1 right, 2 down, 3 left).
"""
import random

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.native import loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tiki.board import EDGES, edge_between
from motu.engine.rules.tiki.state import MOVES, PASS, SHAMAN
from motu.engine.rules.tiki.validation import SHAMAN_TOKENS_MINIMUM

RULES = get_ruleset("tiki")
V = {f"v{r}{c}": (r - 1) * 3 + c - 1 for r in (1, 2, 3) for c in (1, 2, 3)}
UP, RIGHT, DOWN, LEFT = range(4)

# The board Hypothesis found (tests/engine/rules/test_validates_clean_means_plays.py, deep run,
# seed 12): the shipped scenarios/tiki.yaml with the Shaman rule on, two tokens a player and a
# Shaman drawn between v11 and v21. It validated clean; its random game (rng seeded with the
# number of first legal actions, as that test does) influenced v23 (0), moved the Shaman between
# v22 and v23, and by action 204 had totems of two on v22 and v23 and no token in hand: passes
# for ever, never reaching 60,000 actions' end.
FOUND_BOARD = """\
motu: 1
ruleset: tiki
title: 'Tiki: the shipped villages'
options:
  shaman_rule: true
  shuffle_tiles: true
  fruit_supply: 7
  tokens_per_player: 2
  fruits_to_win: 4
map:
  grid:
    shape: spaces
    spaces:
    - {id: v11, at: [0, 0]}
    - {id: v12, at: [1.25, 0]}
    - {id: v13, at: [2.5, 0]}
    - {id: v21, at: [0, 1.25]}
    - {id: v22, at: [1.25, 1.25]}
    - {id: v23, at: [2.5, 1.25]}
    - {id: v31, at: [0, 2.5]}
    - {id: v32, at: [1.25, 2.5]}
    - {id: v33, at: [2.5, 2.5]}
    links: [v11/v12, v11/v21, v12/v13, v12/v22, v13/v23, v21/v22, v21/v31, v22/v23, v22/v32, v23/v33,
            v31/v32, v32/v33]
  terrain:
    legend: {v: village}
    rows:
    - v v v v v v v v v
  edges:
    shaman:
    - v11/v21
  cells:
    'v11': {value: 1}
    'v12': {value: 0}
    'v13': {value: 2}
    'v21': {value: 1}
    'v22': {value: -1}
    'v23': {value: 0}
    'v31': {value: 0}
    'v32': {value: 1}
    'v33': {value: 1}
sides:
- {id: first, name: First player, color: '#c0392b'}
- {id: second, name: Second player, color: '#2c5aa0'}
"""


def mv(village, d):
    return 9 + 4 * V[village] + d


def test_rule_shaman_two_tokens_each_can_leave_both_players_stuck_for_ever():
    rules = RULES
    st = rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False, "shaman_rule": True,
                                                        "tokens_per_player": 2})
    for a in (V["v22"], SHAMAN + edge_between(V["v21"], V["v22"]), V["v23"], V["v12"], V["v32"],
              mv("v12", DOWN),  # v22: 0 0, in the centre a totem of two has nowhere to go
              mv("v32", RIGHT), PASS,  # player 0: no token in hand, their only totem cannot move
              mv("v33", UP)):  # v23: 1 1, its one path of two (left) crosses the Shaman
        st.apply_action(a)
    assert st.stacks[V["v22"]] == (0, 0) and st.stacks[V["v23"]] == (1, 1) and st.hand == [0, 0]
    key = st.state_key()
    for player in (0, 1, 0, 1):
        assert st.current_player() == player and st.legal_actions() == [PASS]
        st.apply_action(PASS)
    assert st.state_key() == key  # nothing changes: the game cannot end from here


def test_rule_shaman_at_most_three_totems_of_two_are_stuck_so_four_tokens_each_cannot_all_be():
    """From the engine's move table: a totem of one always moves; a totem of two is stuck on the
    centre and, with the Shaman touching the centre, on two side villages. Both players stuck means
    every token stuck (a free village lets a player with a token create), so 2 x tokens <= 6."""
    most = {}
    for shaman in range(-1, len(EDGES)):
        assert all(MOVES[shaman + 1][v][0] for v in range(9))
        most[shaman] = sum(1 for v in range(9) if not MOVES[shaman + 1][v][1])
    assert most[-1] == 1 and max(most.values()) == 3
    assert most[edge_between(V["v21"], V["v22"])] == 3 and most[edge_between(V["v11"], V["v21"])] == 1
    # The validator's least is tight: three each can all be stuck (the test above), four each cannot.
    assert SHAMAN_TOKENS_MINIMUM == max(most.values()) + 1


def test_rule_shaman_validation_refuses_fewer_than_four_tokens_a_player():
    s = RULES.new_scenario()
    for tokens in (2, 3):
        s.options = {"shaman_rule": True, "tokens_per_player": tokens}
        [f] = RULES.validate(s)
        assert f.code == "TIKI_SET_UP_NUMBER" and f.severity == "error"
        assert f.message.startswith(f"option tokens_per_player is {tokens} with the Shaman rule on; "
                                    "the game needs at least 4")
        assert "v21, v22 or v23" in f.message and "never ends" in f.message
        assert sorted(f.cells) == [V["v21"], V["v22"], V["v23"]]
    s.options = {"shaman_rule": True, "tokens_per_player": 4}
    assert RULES.validate(s) == []
    s.options = {"shaman_rule": False, "tokens_per_player": 2}  # no Shaman: only the centre is stuck
    assert RULES.validate(s) == []


def test_rule_shaman_the_board_hypothesis_found_is_refused_and_with_four_tokens_plays_to_an_end():
    s = loads(FOUND_BOARD, "found.yaml")
    [f] = RULES.validate(s)
    assert f.code == "TIKI_SET_UP_NUMBER" and "tokens_per_player is 2 with the Shaman rule on" in f.message
    s.options["tokens_per_player"] = 4
    assert RULES.validate(s) == []
    for seed in range(20):
        state = RULES.new_initial_state(s)
        rng = random.Random(seed)
        final = play_game(state, [RandomBot(rng), RandomBot(rng)], rng, max_moves=60_000)
        assert sorted(final.returns()) == [-1.0, 1.0]
