"""Small games (issue 6): random-vs-random games per second for Tiki and the pearl game, and
the MCTS-versus-random comparison.

`run()` gives the bench rows (Tiki's budget: 1,000 random games a second in one process, i.e.
under 1 ms a game). `compare()` plays MCTS against random bots over seeded games, split across
processes, and reports the win rate with a 95% interval. Rerun the recorded comparison with

    .venv/bin/python -m bench.games_small compare tiki 1000
    .venv/bin/python -m bench.games_small compare pearls 1000
"""
from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from multiprocessing import Pool

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.ai.mcts import MatchResult, head_to_head
from motu.engine.rules.registry import get_ruleset

# The iteration budgets the recorded 1,000-game results were played with (docs/rules/<game>.md).
MCTS_ITERATIONS = {"tiki": 25, "pearls": 10}
_SCENARIOS: dict = {}


def new_state(game: str):
    """A new game on the rule set's shipped board (scenario loaded once per process)."""
    rules = get_ruleset(game)
    if game not in _SCENARIOS:
        _SCENARIOS[game] = rules.new_scenario()
    return rules.new_initial_state(_SCENARIOS[game])


def _games_per_second(game: str, seconds: float, seed: int = 0) -> float:
    rng = random.Random(seed)
    bots = [RandomBot(rng) for _ in range(new_state(game).num_players())]
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        play_game(new_state(game), bots, rng)
        n += 1
    return n / (time.perf_counter() - t0)


def run(repeat: int = 5, seconds: float = 0.6) -> list[dict]:
    rows = []
    for game, budget in (("tiki", 1.0), ("pearls", None)):
        rates = [_games_per_second(game, seconds, seed) for seed in range(repeat)]
        rate = statistics.median(rates)
        row = {"issue": 6, "what": f"{game}: a random-vs-random game ({rate:,.0f} games/s, one process)",
               "median": 1000 / rate, "unit": "ms"}
        if budget is not None:
            row["budget"] = budget
        rows.append(row)
    return rows


def _chunk(game: str, iterations: int, games: int, seed: int, first: int) -> MatchResult:
    bots = __import__(f"motu.engine.rules.{game}.bots", fromlist=["mcts_bot"])
    return head_to_head(functools.partial(new_state, game), functools.partial(bots.mcts_bot, iterations=iterations),
                        bots.random_bot, games, seed=seed, first_game=first)


def compare(game: str, games: int = 1000, iterations: int | None = None, processes: int = 2,
            seed: int = 0) -> MatchResult:
    """MCTS (one seat, every seat in turn) against random bots over `games` seeded games."""
    iterations = iterations or MCTS_ITERATIONS[game]
    step = -(-games // max(processes, 1))
    jobs = [(game, iterations, min(step, games - first), seed, first) for first in range(0, games, step)]
    if processes <= 1:
        parts = [_chunk(*j) for j in jobs]
    else:
        with Pool(processes) as pool:
            parts = pool.starmap(_chunk, jobs)
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compare", help="MCTS against random bots")
    c.add_argument("game", choices=sorted(MCTS_ITERATIONS))
    c.add_argument("games", type=int, nargs="?", default=1000)
    c.add_argument("--iterations", type=int)
    c.add_argument("--processes", type=int, default=2)
    c.add_argument("--seed", type=int, default=0)
    sub.add_parser("speed", help="random-vs-random games per second")
    args = ap.parse_args()
    if args.cmd == "compare":
        t0 = time.perf_counter()
        result = compare(args.game, args.games, args.iterations, args.processes, args.seed)
        print(f"{args.game}: MCTS ({args.iterations or MCTS_ITERATIONS[args.game]} iterations) against random: "
              f"{result.report()} in {time.perf_counter() - t0:.0f} s")
    else:
        for row in run():
            print(f"{row['what']}: {row['median']:.3f} {row['unit']}")


if __name__ == "__main__":
    main()
