"""Tahiti game budgets (issue 7): game turns per second and full games per minute, random bots.

Both shipped maps (scenarios/tahiti.yaml, tahiti-moorea.yaml) at their own scale (one mile a
hex, docs/rules/tahiti.md "Scale"), every advanced rule 15.5-15.14 on, four RandomBots (which
split stacks as often as they pick that action), dice from a seeded generator, from set-up to
the end. The games per minute are printed beside the last figures recorded before stacks could
split (RECORDED); and the heuristic bot's pace, four of them, over a short game.

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
# Full games per minute, random bots, as `make bench` last recorded them before splitting stacks
# and the map's scale (issue 15).
RECORDED = {"tahiti.yaml": 356.0, "tahiti-moorea.yaml": 275.0}


def all_options_on() -> dict:
    from motu.engine.rules.registry import get_ruleset
    cat = get_ruleset("tahiti").catalogue
    return {k: True for k, o in cat.options.items() if o.type == "bool" and k.startswith(("rule_", "expeditions"))}


def play_one(name: str, seed: int) -> tuple[str, int, int, str]:
    """(end kind, turns, actions, end text) of one random game."""
    from motu.engine.ai.bot import RandomBot, play_game
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
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
        rate = 60.0 / statistics.median(per_game)
        rows.append({"issue": 7, "what": f"Tahiti full games per minute, random bots, splitting ({name})",
                     "median": rate, "unit": "games/min",
                     "ratio": rate / RECORDED[name], "ratio_to": f"{RECORDED[name]:.0f} recorded before splitting"})
    rows.append(heuristic_row())
    return rows


def heuristic_row(turns: int = 3, seeds: int = 2) -> dict:
    """Decisions per CPU second of four heuristic bots on tahiti.yaml, `turns` turns a game."""
    from motu.engine.ai.bot import play_game
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    rules = get_ruleset("tahiti")
    scenario = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    decisions, cpu = 0, 0.0
    for seed in range(seeds):
        rng = random.Random(seed)
        state = rules.new_initial_state(scenario, {**all_options_on(), "turn_limit": turns})
        bots = [rules.bot_factories()["heuristic"](rng) for _ in range(state.num_players())]
        t0 = time.process_time()
        state = play_game(state, bots, rng)
        cpu += time.process_time() - t0
        decisions += sum(1 for _ in state.history())
    return {"issue": 15, "what": f"Tahiti heuristic bots, actions per CPU second (4 bots, {turns} turns)",
            "median": decisions / cpu, "unit": "actions/s"}


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
