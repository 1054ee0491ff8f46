"""Playtest budgets (issue 8): games per second with 1 and 2 worker processes for each playable rule set."""
from __future__ import annotations

import os
import time

from engine.io.native import dumps, load_path
from engine.resources import scenarios_dir
from engine.rules.registry import get_ruleset
from engine.session.batch import BatchSpec, play_batch

# Each rule set's main scenario, and enough games that a run outlasts starting the worker processes.
GAMES = {"tiki": ("tiki.yaml", 6000), "pearls": ("pearls.yaml", 1600), "fern": ("fern-ambush.yaml", 60),
         "tahiti": ("tahiti.yaml", 24)}


def run() -> list[dict]:
    rows: list[dict] = []
    for rid, (name, games) in GAMES.items():
        rules = get_ruleset(rid)
        path = os.path.join(str(scenarios_dir()), name)
        if not rules.playable or not os.path.exists(path):
            continue
        s = load_path(path)
        spec = BatchSpec(dumps(s), (), seed=1)
        rates = {}
        for workers in (1, 2):
            t0 = time.perf_counter()
            play_batch(spec, games, workers=workers)
            rates[workers] = games / (time.perf_counter() - t0)
        rows.append({"issue": 8, "what": f"{name}: {games} random games, 1 worker", "median": rates[1], "unit": "games/s"})
        rows.append({"issue": 8, "what": f"{name}: {games} random games, 2 workers", "median": rates[2], "unit": "games/s",
                     "ratio": rates[2] / rates[1], "ratio_to": "1 worker"})
    return rows
