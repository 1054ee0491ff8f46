"""Fire in the Fern! budgets (issue 5): full random games per second and line-of-sight queries per second.

Both on the two shipped scenarios (scenarios/fern-ambush.yaml, fern-pa-assault.yaml).
Random games: RandomBot against RandomBot, dice from a seeded generator, from the
initial state to the end. Line of sight: every pair of squares on the table, through
the rule set's sight (option bush_blocks_sight as the scenario sets it), with the
per-offset tables warm.
"""
from __future__ import annotations

import os
import random
import statistics
import time

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = ("fern-ambush.yaml", "fern-pa-assault.yaml")


def random_games_per_second(board, games: int, seed: int = 0) -> float:
    from motu.engine.rules.fern.state import FernState
    t0 = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        play_game(FernState(board), [RandomBot(rng), RandomBot(rng)], rng)
    return games / (time.perf_counter() - t0)


def los_queries_per_second(sight, size: int, repeat: int = 5) -> float:
    pairs = [(a, b) for a in range(size) for b in range(size)]
    for a, b in pairs:  # warm the per-offset tables
        sight.visible(a, b)
    rates = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        visible = sight.visible
        for a, b in pairs:
            visible(a, b)
        rates.append(len(pairs) / (time.perf_counter() - t0))
    return statistics.median(rates)


def run(games: int = 40) -> list[dict]:
    rules = get_ruleset("fern")
    rows = []
    for name in SCENARIOS:
        scenario = load_path(os.path.join(ROOT, "scenarios", name))
        board = rules.new_board(scenario)
        rates = [random_games_per_second(board, games // 4, seed=1000 * k) for k in range(4)]
        rows.append({"issue": 5, "what": f"Fern random games, {name}", "median": statistics.median(rates),
                     "unit": "games/s"})
        rows.append({"issue": 5, "what": f"Fern line of sight, {name}",
                     "median": los_queries_per_second(rules.sight(scenario), scenario.grid.size),
                     "unit": "queries/s"})
    return rows


if __name__ == "__main__":
    for r in run():
        print(f"{r['what']:48} {r['median']:12.1f} {r['unit']}")
