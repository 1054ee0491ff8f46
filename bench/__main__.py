"""Print every budget as a table: median, budget, verdict, ratio to a reference measured in the same run."""
from __future__ import annotations

import json
import os
import resource
import sys

from . import foundation

SECTIONS = [("Foundation (issue 2)", foundation.run)]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    all_rows = []
    print(f"{'measure':58} {'median':>12} {'budget':>10} {'':4} {'ratio':>24}")
    for title, fn in SECTIONS:
        print(f"-- {title}")
        rows = fn()
        for r in rows:
            median = f"{r['median']:.2f} {r['unit']}"
            budget = f"< {r['budget']} {r['unit']}" if "budget" in r else ""
            verdict = "" if "budget" not in r else ("ok" if r["median"] < r["budget"] else "OVER")
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
