"""RuleSet.balance_bots: the bots a balance run defaults to play to a result (issue 18)."""
import random
from pathlib import Path

import pytest

from motu.engine.ai.bot import play_game
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("ruleset", ["tiki", "pearls", "fern", "tahiti"])
def test_every_seat_gets_the_same_heuristic_bot(ruleset):
    rules = get_ruleset(ruleset)
    names = rules.balance_bots(3)
    assert names == ["heuristic"] * 3 and "heuristic" in rules.bot_factories()


def test_fern_balance_bots_play_to_a_result_where_random_bots_draw():
    rules = get_ruleset("fern")
    scenario = load_path(ROOT / "scenarios" / "fern-ambush.yaml")
    factories = rules.bot_factories()

    def draws(names):
        n = 0
        for g in range(12):
            bots = [factories[name](random.Random(g * 7 + i)) for i, name in enumerate(names)]
            final = play_game(rules.new_initial_state(scenario), bots, random.Random(g))
            n += final.returns()[0] == final.returns()[1]
        return n

    assert draws(rules.balance_bots(2)) <= 1
    assert draws(["random", "random"]) >= 6
