"""Tahiti map budgets (issue 3): a War Canoe's 4-MP reach on Tahiti; validating Tahiti and Mo'orea.

Both are printed beside the foundation's 100,000-cell figures measured in the same run.
"""
from __future__ import annotations

import os
import random
import statistics
import time

from motu.engine.board.search import reach
from motu.engine.io.native import load_path
from motu.engine.resources import scenarios_dir
from motu.engine.rules.registry import get_ruleset

from . import foundation


def run() -> list[dict]:
    rows: list[dict] = []
    tahiti = load_path(os.path.join(str(scenarios_dir()), "tahiti.yaml"))
    rules = get_ruleset("tahiti")
    profile = rules.movement_profile(tahiti, "war_canoe", "red")
    water = [c for c in range(tahiti.grid.size) if tahiti.terrain[c] in ("sea", "lagoon", "coast")]
    rng = random.Random(7)
    starts = [rng.choice(water) for _ in range(2000)]
    for c in starts[:100]:
        reach(profile, c, 4)
    samples = []
    for c in starts:
        t0 = time.perf_counter_ns()
        reach(profile, c, 4)
        samples.append(time.perf_counter_ns() - t0)
    canoe = statistics.median(samples) / 1000
    ref = foundation.LAST.get("reach_us")
    rows.append({"issue": 3, "what": "reach, War Canoe 4 MP (48 hexes: 1 mile a hex) on tahiti.yaml", "median": canoe, "unit": "µs",
                 **({"ratio": canoe / ref, "ratio_to": "100k-cell 4-MP land reach"} if ref else {})})
    both = load_path(os.path.join(str(scenarios_dir()), "tahiti-moorea.yaml"))
    rules.validate(both)
    times = []
    for _ in range(9):
        t0 = time.perf_counter()
        rules.validate(both)
        times.append((time.perf_counter() - t0) * 1000)
    val = statistics.median(times)
    ref = foundation.LAST.get("validate_ms")
    rows.append({"issue": 3, "what": "full validation of tahiti-moorea.yaml", "median": val, "unit": "ms",
                 **({"ratio": val / ref, "ratio_to": "100k-cell validation"} if ref else {})})
    return rows
