"""Tahiti game budgets (issue 7): game turns per second and full games per minute, random bots.

Both shipped maps (scenarios/tahiti.yaml, tahiti-moorea.yaml), every advanced rule 15.5-15.14
on, four RandomBots, dice from a seeded generator, from set-up to the end.

Run as a module for the long check the issue asks for (docs/rules/tahiti.md, "Bot games"):
    .venv/bin/python -m bench.tahiti_game --games 200 [--workers 8]
plays that many games on each map and prints how every game ended (any error is raised).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = ("tahiti.yaml", "tahiti-moorea.yaml")


def all_options_on() -> dict:
    from engine.rules.registry import get_ruleset
    cat = get_ruleset("tahiti").catalogue
    return {k: True for k, o in cat.options.items() if o.type == "bool" and k.startswith(("rule_", "expeditions"))}


def play_one(name: str, seed: int) -> tuple[str, int, int, str]:
    """(end kind, turns, actions, end text) of one random game."""
    from engine.ai.bot import RandomBot, play_game
    from engine.io.native import load_path
    from engine.rules.registry import get_ruleset
    scenario = load_path(os.path.join(ROOT, "scenarios", name))
    rng = random.Random(seed)
    state = get_ruleset("tahiti").new_initial_state(scenario, all_options_on())
    state = play_game(state, [RandomBot(rng)] * state.num_players(), rng)
    return state.result[0], state.turn, len(state.history()), state.result[2]


def run(games: int = 20) -> list[dict]:
    rows = []
    for name in SCENARIOS:
        per_game, turns = [], 0
        for g in range(games):
            t0 = time.perf_counter()
            _, t, _, _ = play_one(name, g)
            per_game.append(time.perf_counter() - t0)
            turns += t
        total = sum(per_game)
        rows.append({"issue": 7, "what": f"Tahiti game turns per second, random bots ({name})",
                     "median": turns / total, "unit": "turns/s"})
        rows.append({"issue": 7, "what": f"Tahiti full games per minute, random bots ({name})",
                     "median": 60.0 / statistics.median(per_game), "unit": "games/min"})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for name in SCENARIOS:
            t0 = time.perf_counter()
            results = list(pool.map(play_one, [name] * args.games, range(args.games)))
            ends = Counter(r[0] for r in results)
            print(f"{name}: {args.games} games in {time.perf_counter() - t0:.0f} s, no error; ends: {dict(ends)}; "
                  f"turns median {statistics.median(r[1] for r in results)}, max {max(r[1] for r in results)}; "
                  f"actions max {max(r[2] for r in results)}")


if __name__ == "__main__":
    main()
