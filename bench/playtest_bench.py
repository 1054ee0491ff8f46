"""Playtest budgets (issue 8): games per second with 1 and 2 worker processes for each playable rule set."""
from __future__ import annotations

import glob
import os
import time

from engine.io.native import dumps, load_path
from engine.resources import scenarios_dir
from engine.rules.registry import get_ruleset
from engine.session.batch import BatchSpec, play_batch

GAMES = {"tiki": 200, "pearls": 40, "fern": 24, "tahiti": 6}


def _scenario_for(rid: str):
    for path in sorted(glob.glob(os.path.join(str(scenarios_dir()), "*.yaml"))):
        s = load_path(path)
        if s.ruleset == rid:
            return s
    return get_ruleset(rid).new_scenario()


def run() -> list[dict]:
    rows: list[dict] = []
    for rid, games in GAMES.items():
        rules = get_ruleset(rid)
        if not rules.playable:
            continue
        s = _scenario_for(rid)
        spec = BatchSpec(dumps(s), (), seed=1)
        rates = {}
        for workers in (1, 2):
            t0 = time.perf_counter()
            play_batch(spec, games, workers=workers)
            rates[workers] = games / (time.perf_counter() - t0)
        rows.append({"issue": 8, "what": f"{rid}: random games per second, 1 worker", "median": rates[1], "unit": "games/s"})
        rows.append({"issue": 8, "what": f"{rid}: random games per second, 2 workers", "median": rates[2], "unit": "games/s",
                     "ratio": rates[2] / rates[1], "ratio_to": "1 worker"})
    return rows
