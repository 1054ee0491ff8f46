"""MCTS on the generic game API: small games with a known best move, chance nodes, n players."""
import random

from motu.engine.ai.mcts import MCTSBot, MatchResult
from motu.engine.rules.api import CHANCE, TERMINAL, GameState


class Nim(GameState):
    """Take 1 or 2 from a pile; whoever takes the last one wins. From 4, taking 1 wins."""

    def __init__(self, pile=4, players=2):
        self.pile, self.player, self.players, self.last = pile, 0, players, -1

    def num_players(self):
        return self.players

    def current_player(self):
        return TERMINAL if self.pile == 0 else self.player

    def legal_actions(self):
        return [a for a in (1, 2) if a <= self.pile]

    def apply_action(self, a):
        self.pile -= a
        self.last = self.player
        self.player = (self.player + 1) % self.players

    def chance_outcomes(self):
        return []

    def returns(self):
        if self.pile:
            return [0.0] * self.players
        return [1.0 if p == self.last else -1.0 / (self.players - 1) for p in range(self.players)]

    def clone(self):
        c = Nim(self.pile, self.players)
        c.player, c.last = self.player, self.last
        return c

    def action_to_string(self, a):
        return f"take {a}"

    def state_key(self):
        return (self.pile, self.player, self.last)


class Gamble(GameState):
    """One choice: 0 stands (loses for sure) or 1 rolls a die (wins on 2..6, loses on 1)."""

    def __init__(self):
        self.stage, self.result = "choose", 0.0

    def num_players(self):
        return 2

    def current_player(self):
        return {"choose": 0, "roll": CHANCE}.get(self.stage, TERMINAL)

    def legal_actions(self):
        return [0, 1] if self.stage == "choose" else [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self):
        return [(f, 1 / 6) for f in range(1, 7)] if self.stage == "roll" else []

    def apply_action(self, a):
        if self.stage == "choose":
            self.stage, self.result = ("roll", 0.0) if a == 1 else ("over", -1.0)
        else:
            self.stage, self.result = "over", (1.0 if a >= 2 else -1.0)

    def returns(self):
        return [self.result, -self.result]

    def clone(self):
        c = Gamble()
        c.stage, c.result = self.stage, self.result
        return c

    def action_to_string(self, a):
        return str(a)

    def state_key(self):
        return (self.stage, self.result)


def test_mcts_finds_the_winning_take_in_nim():
    assert MCTSBot(random.Random(1), iterations=300).choose(Nim(4)) == 1
    assert MCTSBot(random.Random(2), iterations=300).choose(Nim(5)) == 2


def test_mcts_searches_through_chance_nodes():
    assert MCTSBot(random.Random(3), iterations=100).choose(Gamble()) == 1


def test_mcts_plays_for_the_player_to_move_with_three_players():
    # Three players, pile 4: player 0 wins only by leaving a pile the others cannot finish... any move
    # loses to best play here, but from pile 2 the mover simply takes both.
    st = Nim(2, players=3)
    assert MCTSBot(random.Random(4), iterations=100).choose(st) == 2


def test_mcts_is_reproducible_with_the_same_generator_seed():
    a = [MCTSBot(random.Random(9), iterations=40).choose(Nim(7)) for _ in range(3)]
    assert len(set(a)) == 1


def test_rollout_limit_needs_an_evaluation():
    try:
        MCTSBot(random.Random(0), rollout_limit=5)
    except ValueError:
        return
    raise AssertionError("a rollout limit without an evaluation was accepted")


def test_match_result_interval_is_wilson():
    r = MatchResult(100, 70, 0.5)
    lo, hi = r.interval
    assert round(lo, 3) == 0.604 and round(hi, 3) == 0.781
    assert (r + MatchResult(100, 30, 0.5)).rate == 0.5


class TakeTwo:
    """A bad bot for Nim: always takes two when it can."""
    name = "take-two"

    def __init__(self, rng):
        pass

    def choose(self, state):
        return max(state.legal_actions())


def test_an_anchor_s_move_stands_unless_the_search_finds_a_clearly_better_one():
    # From 4, taking 1 wins and taking 2 loses: the search overrules the anchor...
    assert MCTSBot(random.Random(1), iterations=300, anchor=TakeTwo, margin=0.1).choose(Nim(4)) == 1
    # ...unless nothing could beat it by the margin (returns lie in [-1, 1]).
    assert MCTSBot(random.Random(1), iterations=300, anchor=TakeTwo, margin=2.0).choose(Nim(4)) == 2


class NoWinningTake(MCTSBot):
    """A search told to weigh only taking two at the root (a game's pruning of moves its
    heuristic ranks low)."""

    def _root_actions(self, observation, legal, sound):
        return [a for a in legal if a == 2]


def test_the_search_weighs_only_the_root_moves_it_is_given():
    assert MCTSBot(random.Random(1), iterations=300).choose(Nim(4)) == 1
    assert NoWinningTake(random.Random(1), iterations=300).choose(Nim(4)) == 2


class SureOfTheRoll(MCTSBot):
    """Scores a pending roll of Gamble by its exact average, as Fern does with §11's dice."""
    seen = 0

    def _leaf_value(self, state):
        if state.current_player() == CHANCE:
            SureOfTheRoll.seen += 1
            return [4 / 6, -4 / 6]  # wins on 2..6, loses on 1: 5/6 - 1/6
        return None


def test_a_leaf_value_scores_a_rollout_s_state_without_playing_it_out():
    bot = SureOfTheRoll(random.Random(3), iterations=20)
    assert bot.choose(Gamble()) == 1 and SureOfTheRoll.seen > 0
