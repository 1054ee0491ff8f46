"""Balance reports: report.json, one self-contained report.html, and its PNG figures beside it.

Scope: `build_report` turns game results into the report's data (motu/engine/session/stats.py does
the counting); `write_report` draws the figures from that data (figures.py) and writes the
page, which needs no network: only its own PNGs, by relative path.
"""
from __future__ import annotations

import json
import os
from html import escape
from typing import Any, Mapping, Sequence

from motu.engine.io.atomic import write_atomic
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Scenario

from . import stats
from .batch import GameResult
from .collect import ordered_outcomes, report_words
from .matrix import matrix_bots  # noqa: F401 - where callers have long found it
from .stats import wilson  # noqa: F401 - the interval's long-standing home

MAP_WORDS = {  # per map of the records: (title, colour bar words, per-player panel words, share or mean)
    "held": ("Areas held at the end, per clan", "share of games in which the clan held the area at the end", "{}", "share"),
    "battles": ("Where battles were fought", "battles per game in the hex", "all clans", "mean"),
    "casualties": ("Where casualties fell", "casualties per game in the square", "{} casualties", "mean"),
    "fire": ("Where fire came from", "volleys per game fired from the square", "{} fire", "mean"),
    "influenced": ("Villages influenced, per player", "times per game the player influenced the village", "{}", "mean"),
    "boats": ("Where boats ended, per player", "share of games with the player's boat on the square at the end", "{}",
              "share"),
}


def default_bot(rules) -> str:
    """The bot balance runs use where none is named: the rule set's own choice
    (`RuleSet.balance_bots`, where the rule set has it) if it names one of its bots, else its
    heuristic (or greedy) bot, else random."""
    factories = rules.bot_factories()
    choose = getattr(rules, "balance_bots", None)
    chosen = choose(1)[0] if callable(choose) else None
    if chosen in factories:
        return chosen
    for name in ("heuristic", "greedy"):
        if name in factories:
            return name
    return "random"


def build_report(s: Scenario, results: Sequence[GameResult], bots: Sequence[str], seed: int,
                 seat_results: Sequence[GameResult] | None = None, matrix: Mapping[str, Any] | None = None,
                 stopping: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The report's data. `seat_results`: the games with the same bot in every seat (when the
    named bots differ, the seat advantage is measured in those only)."""
    n = len(results)
    players = len(results[0].returns) if results else len(bots)
    sides = get_ruleset(s.ruleset).player_sides(s, players)
    wins = stats.wins_per_player(results, players)
    per_side = []
    for p in range(players):
        side = s.sides.get(sides[p])
        per_side.append({"player": p, "side": sides[p], "name": side.name if side else sides[p],
                         "colour": side.color if side else None, "bot": bots[p] if p < len(bots) else "random",
                         **stats.rate(wins[p], n)})
    bots_differ = len(set(x["bot"] for x in per_side)) > 1
    seat_games = list(results) if not bots_differ else list(seat_results or [])
    seat = stats.seat_advantage(seat_games, players, sides)
    for row in seat["per_seat"]:
        row["name"] = per_side[row["seat"]]["name"]
    seat["source"] = "these games" if not bots_differ else "separate games with the same bot in every seat"
    decided = [r for r in results if r.winner is not None and r.first_player is not None]
    first_wins = sum(1 for r in decided if r.winner == r.first_player)
    length = stats.length(results)
    timeline = stats.timeline(results, players)
    words = report_words(s.ruleset)
    timeline["what"] = words.timeline
    if words.note:
        timeline["note"] = words.note
    report = {
        "scenario": s.title, "ruleset": s.ruleset, "games": n, "seed": seed,
        "sides": per_side, "bots_differ": bots_differ,
        "draws": sum(1 for r in results if r.winner is None),
        "not_finished": sum(1 for r in results if r.record.get("outcome") == "not finished"),
        "convergence": stats.convergence(results, players),
        "seat": seat,
        "outcomes": ordered_outcomes(s.ruleset, stats.outcomes(results)),
        "endings": stats.endings(results),
        "balance_bot": default_bot(get_ruleset(s.ruleset)),
        "length": length,
        "timeline": timeline,
        "maps": stats.maps(results),
        "first_player": {"decided_games": len(decided), "first_player_wins": first_wins,
                         **({"from_unequal_bots": True} if bots_differ else {})},
    }
    if matrix:
        report["matrix"] = dict(matrix)
    if stopping:
        report["stopping"] = dict(stopping)
    return report


def map_panels(s: Scenario, report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each map figure's panels as data: [{name, title, what, vmax, panels: [(label, {cell: value})]}]."""
    games = max(1, report["games"])
    out = []
    names = [x["name"] for x in report["sides"]]
    area_cells: dict[str, list[int]] = {}
    for c, a in enumerate(s.cell_area):
        if a:
            area_cells.setdefault(a, []).append(c)

    def cells_of(key: str) -> list[int]:
        if key in area_cells:
            return area_cells[key]
        try:
            return [s.grid.parse_label(key)]
        except Exception:  # noqa: BLE001 - a label of another map version: left off the picture
            return []

    for name, data in report["maps"].items():
        title, what, panel_words, _kind = MAP_WORDS.get(name, (name, "per game", "{}", "mean"))
        per_player = all(isinstance(v, dict) for v in data.values())
        groups = ([(panel_words.format(names[int(p)] if int(p) < len(names) else p), d) for p, d in sorted(
            data.items(), key=lambda kv: int(kv[0]))] if per_player else [(panel_words, data)])
        panels, top = [], 0.0
        for label, counts in groups:
            values: dict[int, float] = {}
            for key, count in counts.items():
                for c in cells_of(key):
                    values[c] = values.get(c, 0.0) + count / games
            top = max([top] + list(values.values()))
            panels.append((label, values))
        vmax = 1.0 if _kind == "share" else (top or 1.0)
        out.append({"name": name, "title": title, "what": what, "vmax": vmax, "panels": panels,
                    "gamma": 1.0 if _kind == "share" else 0.5})
    return out


def write_report(s: Scenario, report: dict[str, Any], directory: str) -> dict[str, str]:
    """report.json, report.html and the figures (PNG) in `directory`; returns their paths."""
    from . import figures
    os.makedirs(directory, exist_ok=True)
    paths = {"json": os.path.join(directory, "report.json"), "html": os.path.join(directory, "report.html")}
    write_atomic(paths["json"], json.dumps(report, indent=1, sort_keys=True))
    cat = get_ruleset(s.ruleset).catalogue
    pics: dict[str, str | None] = {
        "wins": figures.wins(report, directory) if report["games"] else None,
        "convergence": figures.convergence(report, directory) if report["games"] else None,
        "seat": figures.seat(report, directory),
        "outcomes": figures.outcomes(report, directory) if report["games"] else None,
        "length": figures.length(report, directory) if report["games"] else None,
        "timeline": figures.timeline(report, directory),
        "matrix": figures.matrix(report, directory),
    }
    maps = []
    for m in map_panels(s, report):
        if any(v for _, v in m["panels"]):
            maps.append((m, figures.map_grid(s, cat, m["panels"], m["vmax"], m["what"], directory,
                                             f"map-{m['name']}.png", m["title"], gamma=m["gamma"])))
    for k, v in pics.items():
        if v:
            paths[k] = os.path.join(directory, v)
    for m, v in maps:
        paths["map-" + m["name"]] = os.path.join(directory, v)
    from .report_html import page
    write_atomic(paths["html"], page(report, pics, [(m, v) for m, v in maps]))
    return paths


