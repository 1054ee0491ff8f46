"""Balance runs (issue 18, the report and sweeps): games per second per rule set with 1 and 2
worker processes, each game played by the rule set's balance bot (motu/engine/session/report.py's
default_bot) with the report's collector on; and the time of a 1,000-game Tiki sweep over 3
settings of fruits_to_win (1,000 games a setting, random bots, so that it measures the sweep
machinery rather than a bot), against the same 3,000 games played one by one in a plain loop.

    .venv/bin/python -m bench report_bench
"""
from __future__ import annotations

import os
import statistics
import time

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.batch import BatchSpec, play_batch, play_one
from motu.engine.session.report import default_bot
from motu.engine.session.sweep import Vary, new_sweep, play_sweep, setting_scenarios

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = {"tiki.yaml": 30, "pearls.yaml": 30, "fern-ambush.yaml": 12, "tahiti.yaml": 4}
SWEEP_GAMES = 1000


def _spec(name: str) -> BatchSpec:
    s = load_path(os.path.join(ROOT, "scenarios", name))
    rules = get_ruleset(s.ruleset)
    players = rules.new_initial_state(s).num_players()
    return BatchSpec(dumps(s), (default_bot(rules),) * players, seed=7)


def _rate(spec: BatchSpec, games: int, workers: int) -> float:
    t0 = time.perf_counter()
    play_batch(spec, games, workers)
    return games / (time.perf_counter() - t0)


def games_rows(repeat: int = 3) -> list[dict]:
    rows = []
    for name, games in GAMES.items():
        spec = _spec(name)
        play_one(spec, 0)  # the scenario loaded and the bots' tables built before timing
        one = statistics.median(_rate(spec, games, 1) for _ in range(repeat))
        two = statistics.median(_rate(spec, games, 2) for _ in range(repeat))
        bot = spec.bots[0]
        rows.append({"issue": 18, "what": f"{name}: games/s, {bot} bots, 1 worker", "median": one, "unit": "games/s"})
        rows.append({"issue": 18, "what": f"{name}: games/s, {bot} bots, 2 workers", "median": two, "unit": "games/s",
                     "ratio": two / one, "ratio_to": "1 worker"})
    return rows


def sweep_row(games: int = SWEEP_GAMES, workers: int = 2) -> dict:
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    vary = [Vary("fruits_to_win", (3, 4, 5))]
    t0 = time.perf_counter()
    sweep = new_sweep(s, vary, ["random", "random"], 0)
    play_sweep(sweep, s, games, workers)
    swept = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _, text in setting_scenarios(s, vary):
        spec = BatchSpec(text, ("random", "random"), 0)
        for g in range(games):
            play_one(spec, g)
    plain = time.perf_counter() - t0
    return {"issue": 18, "what": f"Tiki sweep, 3 settings x {games:,} games, {workers} workers", "median": swept,
            "unit": "s", "ratio": swept / plain, "ratio_to": "plain loop, 1 process"}


def run() -> list[dict]:
    return games_rows() + [sweep_row()]


if __name__ == "__main__":
    for row in run():
        print(row)
