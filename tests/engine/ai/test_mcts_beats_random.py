"""MCTS and greedy bots against random bots in Tiki and the pearl game, on fixed seeds.

Small runs for the test suite; the recorded 1,000-game results and how to rerun them are in
docs/rules/tiki.md and docs/rules/pearls.md (bench/games_small.py compare).
"""
import functools

from motu.engine.ai.mcts import head_to_head
from motu.engine.rules.pearls import bots as pearls_bots
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tiki import bots as tiki_bots


def _new(game):
    rules = get_ruleset(game)
    scenario = rules.new_scenario()
    return lambda: rules.new_initial_state(scenario)


def test_mcts_beats_random_at_tiki():
    r = head_to_head(_new("tiki"), functools.partial(tiki_bots.mcts_bot, iterations=25), tiki_bots.random_bot,
                     36, seed=11)
    assert r.interval[0] > 0.5, r.report()


def test_mcts_beats_random_at_pearls_with_three_players():
    r = head_to_head(_new("pearls"), functools.partial(pearls_bots.mcts_bot, iterations=40), pearls_bots.random_bot,
                     18, seed=11)
    assert r.interval[0] > 1 / 3, r.report()


def test_greedy_beats_random_at_tiki():
    r = head_to_head(_new("tiki"), tiki_bots.greedy_bot, tiki_bots.random_bot, 20, seed=5)
    assert r.interval[0] > 0.5, r.report()


def test_greedy_beats_random_at_pearls():
    r = head_to_head(_new("pearls"), pearls_bots.greedy_bot, pearls_bots.random_bot, 18, seed=5)
    assert r.interval[0] > 1 / 3, r.report()
