"""Foundation budgets: load, save and validate a 100,000-cell map; movement range; square sight.

Load and save are compared with the raw libyaml parse of the same file, the
floor any YAML format sits on, so the distance to that limit is visible.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

import yaml

from motu.engine.io.atomic import write_atomic
from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset

from .big_map import big_hex_scenario
from .board_bench import bench_reach, bench_square_los


def _median_ms(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


LAST: dict[str, float] = {}  # figures later sections compare themselves with


def run(repeat: int = 7) -> list[dict]:
    rows: list[dict] = []
    s = big_hex_scenario()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.yaml")
        text = dumps(s)
        write_atomic(path, text)
        size_kb = os.path.getsize(path) / 1024

        def raw_parse():
            with open(path, encoding="utf-8") as fh:
                yaml.load(fh.read(), Loader=yaml.CSafeLoader)

        raw = _median_ms(raw_parse, repeat)
        load = _median_ms(lambda: load_path(path), repeat)
        save = _median_ms(lambda: write_atomic(path, dumps(s)), repeat)
        loaded = load_path(path)
        engine_mb = _engine_resident_mb(path)
    rules = get_ruleset("tahiti")
    rules.validate(loaded)  # first run builds the grid's neighbour arrays, shared by later runs
    validate = _median_ms(lambda: rules.validate(loaded), repeat)
    rows.append({"issue": 2, "what": f"load 316x316 hex, 500 areas ({size_kb:.0f} KB, {text.count(chr(10))} lines)",
                 "median": load, "unit": "ms", "budget": 150, "ratio": load / raw, "ratio_to": "raw libyaml parse"})
    rows.append({"issue": 2, "what": "save 316x316 hex", "median": save, "unit": "ms", "budget": 150,
                 "ratio": save / raw, "ratio_to": "raw libyaml parse"})
    rows.append({"issue": 2, "what": "raw libyaml parse of the same file (reference)", "median": raw, "unit": "ms"})
    rows.append({"issue": 2, "what": "full validation 316x316 hex", "median": validate, "unit": "ms", "budget": 300,
                 "ratio": validate / raw, "ratio_to": "raw libyaml parse"})
    LAST["validate_ms"] = validate
    r = bench_reach()
    LAST["reach_us"] = r["median_us"]
    rows.append({"issue": 2, "what": "movement range 4 MP, 316x316 hex", "median": r["median_us"], "unit": "µs",
                 "budget": 50, "ratio": r["median_us"] / r["plain_heapq_median_us"], "ratio_to": "plain heapq Dijkstra"})
    rows.append({"issue": 2, "what": "plain heapq Dijkstra, same queries (reference)", "median": r["plain_heapq_median_us"],
                 "unit": "µs"})
    rows.append({"issue": 2, "what": "engine resident memory, 100k-cell map loaded and validated", "median": engine_mb,
                 "unit": "MB", "budget": 150})
    los = bench_square_los()
    rows.append({"issue": 2, "what": "line of sight, 60x40 squares, 30% closed", "median": los["median_us"],
                 "unit": "µs", "budget": 3})
    return rows


_MEMORY_PROBE = """
import resource, sys
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
s = load_path(sys.argv[1])
rules = get_ruleset(s.ruleset)
rules.validate(s)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def _engine_resident_mb(path: str) -> float:
    """Peak resident memory of a fresh process that loads and validates the map (engine only, no Qt)."""
    out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, path], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())
