"""Play Fire in the Fern! from a scenario file with bots, printing every step.

Usage: python -m engine.rules.fern.play scenarios/fern-ambush.yaml [--bots heuristic,random]
                                        [--seed N] [--games N] [--quiet]
A Session (engine/session) rolls the dice with its own seeded generator and
logs each step as text ("motivation of … needed 5, rolled 4 — failed");
--games N plays N games and prints the results and games per second instead.
"""
from __future__ import annotations

import argparse
import sys
import time

from engine.ai.bot import play_game
from engine.io.native import load_path
from engine.rules.api import CHANCE
from engine.rules.registry import get_ruleset
from engine.session.session import Session

from .bots import bots_by_name


def play_logged(path: str, bots: list[str], seed: int, out=sys.stdout) -> Session:
    scenario = load_path(path)
    rules = get_ruleset("fern")
    board = rules.new_board(scenario)
    from .state import FernState
    session = Session(lambda: FernState(board), seed)
    players = bots_by_name(bots, seed)
    while not session.state.is_terminal():
        state = session.state
        entry = session.roll() if state.current_player() == CHANCE else session.apply(
            players[state.current_player()].choose(state))
        if out is not None:
            who = "dice" if entry.player == CHANCE else ("British", "Maori")[entry.player]
            print(f"{who:8} {entry.text}", file=out)
    return session


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.rules.fern.play")
    ap.add_argument("scenario")
    ap.add_argument("--bots", default="heuristic,heuristic", help="British,Maori: random or heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    names = args.bots.split(",")
    if args.games == 1:
        s = play_logged(args.scenario, names, args.seed, None if args.quiet else sys.stdout)
        print(s.state.information())
        print("returns", s.state.returns())
        return 0
    import random

    from .state import FernState
    board = get_ruleset("fern").new_board(load_path(args.scenario))
    wins = [0, 0, 0]
    t0 = time.perf_counter()
    for g in range(args.games):
        state = play_game(FernState(board), bots_by_name(names, args.seed + g), random.Random(args.seed + g))
        r = state.returns()
        wins[0 if r[0] > r[1] else 1 if r[1] > r[0] else 2] += 1
    dt = time.perf_counter() - t0
    print(f"{args.games} games, British {wins[0]}, Maori {wins[1]}, drawn {wins[2]}; "
          f"{args.games / dt:.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
