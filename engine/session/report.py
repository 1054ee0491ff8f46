"""Balance reports: who wins, how long games last, the first player's edge, and a map picture."""
from __future__ import annotations

import json
import math
import os
import statistics
from html import escape
from typing import Any, Sequence

from engine.io.atomic import write_atomic
from engine.rules.registry import get_ruleset
from engine.scenario.model import Scenario

from .batch import GameResult
from .map_svg import map_svg


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def build_report(s: Scenario, results: Sequence[GameResult], bots: Sequence[str], seed: int) -> dict[str, Any]:
    n = len(results)
    players = len(results[0].returns) if results else 0
    sides = get_ruleset(s.ruleset).player_sides(s, players)
    wins = [sum(1 for r in results if r.winner == p) for p in range(players)]
    draws = sum(1 for r in results if r.winner is None)
    per_side = []
    for p in range(players):
        lo, hi = wilson(wins[p], n)
        per_side.append({"player": p, "side": sides[p], "bot": bots[p] if p < len(bots) else "random",
                         "wins": wins[p], "rate": wins[p] / n if n else 0.0, "interval95": [lo, hi]})
    lengths = [r.moves for r in results]
    decided = [r for r in results if r.winner is not None and r.first_player is not None]
    first_wins = sum(1 for r in decided if r.winner == r.first_player)
    lo, hi = wilson(first_wins, len(decided))
    report = {
        "scenario": s.title, "ruleset": s.ruleset, "games": n, "seed": seed,
        "sides": per_side, "draws": draws,
        "length": {"mean": statistics.fmean(lengths) if lengths else 0, "median": statistics.median(lengths) if lengths else 0,
                   "min": min(lengths, default=0), "max": max(lengths, default=0), "unit": "actions"},
        "first_player": {"decided_games": len(decided), "first_player_wins": first_wins,
                         "rate": first_wins / len(decided) if decided else 0.0, "interval95": [lo, hi],
                         "even": 1 / players if players else 0.0},
        "map": _map_data(s, results),
    }
    return report


def _map_data(s: Scenario, results: Sequence[GameResult]) -> dict[str, Any]:
    """Aggregate what each game's summary says about the map."""
    area_counts: dict[str, dict[str, int]] = {}
    cell_counts: dict[str, float] = {}
    for r in results:
        for area, side in (r.summary.get("areas") or {}).items():
            area_counts.setdefault(area, {})
            key = side if side is not None else "neutral"
            area_counts[area][key] = area_counts[area].get(key, 0) + 1
        for label, count in (r.summary.get("cells") or {}).items():
            cell_counts[label] = cell_counts.get(label, 0) + count
    out: dict[str, Any] = {}
    if area_counts:
        out["areas_held"] = {a: {k: v / len(results) for k, v in sorted(c.items())} for a, c in area_counts.items()}
    if cell_counts:
        out["cells"] = dict(sorted(cell_counts.items()))
    return out


def _picture(s: Scenario, report: dict[str, Any]) -> str | None:
    m = report["map"]
    grid = s.grid
    if "areas_held" in m:
        values, labels = {}, {}
        for c, a in enumerate(s.cell_area):
            held = m["areas_held"].get(a) if a else None
            if held:
                side, share = max(((k, v) for k, v in held.items() if k != "neutral"), key=lambda kv: kv[1], default=("", 0.0))
                values[c] = share
                labels[c] = f"{s.areas[a].name}: held by {side} in {share:.0%} of games" if side else s.areas[a].name
        return map_svg(s, values, "How often each area was held at the end (by its most frequent holder)", labels)
    if "cells" in m and m["cells"]:
        top = max(m["cells"].values())
        values = {grid.parse_label(k): v / top for k, v in m["cells"].items()}
        labels = {grid.parse_label(k): f"{v:g}" for k, v in m["cells"].items()}
        return map_svg(s, values, "Where it happened (darker: more often)", labels)
    return None


def write_report(s: Scenario, report: dict[str, Any], directory: str) -> dict[str, str]:
    """report.json, report.html and map.svg in `directory`; returns their paths."""
    os.makedirs(directory, exist_ok=True)
    paths = {"json": os.path.join(directory, "report.json"), "html": os.path.join(directory, "report.html")}
    write_atomic(paths["json"], json.dumps(report, indent=1, sort_keys=True))
    svg = _picture(s, report)
    if svg:
        paths["svg"] = os.path.join(directory, "map.svg")
        write_atomic(paths["svg"], svg)
    rows = "".join(
        f"<tr><td>{escape(x['side'])}</td><td>{escape(x['bot'])}</td><td>{x['wins']}</td>"
        f"<td>{x['rate']:.1%}</td><td>{x['interval95'][0]:.1%} – {x['interval95'][1]:.1%}</td></tr>"
        for x in report["sides"])
    fp = report["first_player"]
    ln = report["length"]
    html = f"""<!doctype html><html><head><meta charset="utf-8"><title>Balance: {escape(report['scenario'])}</title>
<style>body{{font-family:sans-serif;margin:2em}} td,th{{padding:4px 10px;border-bottom:1px solid #ddd}}</style></head><body>
<h1>Balance report: {escape(report['scenario'] or report['ruleset'])}</h1>
<p>{report['games']} games, seed {report['seed']}; {report['draws']} without a single winner.</p>
<table><tr><th>Side</th><th>Bot</th><th>Wins</th><th>Rate</th><th>95% interval</th></tr>{rows}</table>
<p>Game length: mean {ln['mean']:.1f}, median {ln['median']}, from {ln['min']} to {ln['max']} actions.</p>
<p>First player won {fp['first_player_wins']} of {fp['decided_games']} decided games ({fp['rate']:.1%};
95% interval {fp['interval95'][0]:.1%} – {fp['interval95'][1]:.1%}; an even game gives {fp['even']:.0%}).</p>
{('<img src="map.svg" alt="map">' if svg else '')}
</body></html>"""
    write_atomic(paths["html"], html)
    return paths
