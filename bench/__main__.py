"""Print every budget as a table: median, budget, verdict, ratio to a reference measured in the same run."""
from __future__ import annotations

import json
import os
import resource
import sys

import importlib

# (title, module): each module's run() returns rows; a module not present yet is skipped.
SECTIONS = [
    ("Foundation (issue 2)", "foundation"),
    ("Tahiti map and rules (issue 3)", "tahiti_bench"),
    ("Editor (issue 4)", "editor_bench"),
    ("Fire in the Fern! (issue 5)", "fern"),
    ("Tiki and Tahiti pearls (issue 6)", "games_small"),
    ("Tahiti, the whole game (issue 7)", "tahiti_game"),
    ("Playtest batches (issue 8)", "playtest_bench"),
    ("Exports (issue 9)", "exports"),
    ("Scenario designer: the Forces dock (issue 19)", "forces_bench"),
    ("Readers refusing hostile input (issue 16)", "readers"),
    ("Map operations: coastline import, resize (issue 20)", "map_ops_bench"),
    ("Editor on huge maps (issue 13)", "editor_big_bench"),
    ("Bots worth trusting: speed and strength (issue 18)", "bots_bench"),
    ("Balance reports and sweeps (issue 18)", "report_bench"),
    ("Heavy files and searches at their limits (issue 34)", "heavy_bench"),
]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    all_rows = []
    print(f"{'measure':58} {'median':>12} {'budget':>10} {'':4} {'ratio':>24}")
    only = sys.argv[1:]
    for title, module in SECTIONS:
        if only and module not in only:
            continue
        try:
            fn = importlib.import_module(f"bench.{module}").run
        except ModuleNotFoundError:
            continue
        print(f"-- {title}", flush=True)
        rows = fn()
        for r in rows:
            median = f"{r['median']:.2f} {r['unit']}"
            # A budget is a ceiling, or (rates: games/s, queries/s) a floor.
            floor = r.get("floor", r.get("unit", "").endswith("/s"))
            budget = (f"{'>' if floor else '<'} {r['budget']} {r['unit']}") if "budget" in r else ""
            ok = "budget" in r and (r["median"] > r["budget"] if floor else r["median"] < r["budget"])
            verdict = "" if "budget" not in r else ("ok" if ok else ("LOW" if floor else "OVER"))
            ratio = f"{r['ratio']:.2f}x {r['ratio_to']}" if "ratio" in r else ""
            print(f"{r['what']:58} {median:>12} {budget:>10} {verdict:4} {ratio:>24}")
        print(f"{'peak resident memory so far':58} {peak_rss_mb():>9.0f} MB")
        all_rows += rows
    out = os.environ.get("MOTU_BENCH_JSON")
    if out:
        with open(out, "w") as fh:
            json.dump({"rows": all_rows, "peak_rss_mb": peak_rss_mb()}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
