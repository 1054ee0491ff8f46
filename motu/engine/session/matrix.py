"""The bot matrix of a balance report: random, heuristic and MCTS against each other in every seat.

Scope: which bots the matrix plays and the words for them, the line-ups it needs (bot A in one
seat, bot B in all the others, for every seat; a line-up shared by two cells is played once),
and its figures from the games: per seat, the row bot's seat's win rate in each cell with its
95 % interval; and, seats rotated, the same pooled over every seat (so a cell says how the row
bot fares against the column's bot wherever it sits). The matrix may play MCTS with fewer
playouts than the rule set's own (`playouts`), so that it is affordable where the search is
slow (Tahiti): its bot is then named "mcts:N" in the games and "MCTS, N playouts" on the page.
"""
from __future__ import annotations

import inspect
import random
from typing import Any, Mapping, Sequence

from . import stats
from .batch import BatchSpec, GameResult, bot_name_parts


def matrix_bots(rules, playouts: int | None = None) -> list[str]:
    """random, the heuristic (or greedy) bot and MCTS, those the rule set has; MCTS named
    "mcts:N" when it plays `playouts` playouts a move rather than its own number."""
    factories = rules.bot_factories()
    out = []
    for b in ("random", "heuristic" if "heuristic" in factories else "greedy", "mcts"):
        if b not in factories:
            continue
        if b == "mcts" and playouts and takes_playouts(factories[b]):
            b = f"mcts:{playouts}"
        out.append(b)
    return out


def takes_playouts(factory) -> bool:
    """Whether a bot factory takes a number of playouts (`iterations`), as every shipped MCTS does."""
    try:
        return "iterations" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def bot_label(rules, name: str) -> str:
    """A bot's name for the page: "random", "heuristic", "MCTS, 50 playouts"."""
    base, playouts = bot_name_parts(name)
    if base != "mcts":
        return base
    if playouts is None:
        try:
            playouts = rules.bot_factories()[base](random.Random(0)).iterations
        except Exception:  # noqa: BLE001 - a bot without a playout count: its name alone
            return "MCTS"
    return f"MCTS, {playouts} playouts"


def lineup(seat: int, a: str, b: str, players: int) -> tuple[str, ...]:
    return tuple(a if p == seat else b for p in range(players))


def matrix_lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every line-up the matrix needs, once each, in a fixed order."""
    out: dict[tuple[str, ...], None] = {}
    for seat in range(players):
        for a in bots:
            for b in bots:
                out.setdefault(lineup(seat, a, b, players))
    return list(out)


def matrix_specs(spec: BatchSpec, bots: Sequence[str], players: int) -> list[tuple[tuple[str, ...], BatchSpec]]:
    return [(up, BatchSpec(spec.scenario_text, up, spec.seed, spec.options, spec.max_moves, (up,)))
            for up in matrix_lineups(bots, players)]


def _slim(r: GameResult) -> dict[str, Any]:
    """What the matrix keeps of a game: enough to recount every cell."""
    return {"game": r.game, "bots": list(r.bots), "winner": r.winner, "returns": r.returns,
            "turns": r.record.get("turns", r.moves), "outcome": r.record.get("outcome"), "ended": r.record.get("ended")}


def matrix_data(rules, bots: Sequence[str], players: int, sides: Sequence[str], names: Sequence[str],
                results: Mapping[tuple[str, ...], Sequence[GameResult]], games: int) -> dict[str, Any]:
    """The matrix's figures from the games of each line-up (`results`), and those games."""
    seats = []
    pooled_wins = [[0] * len(bots) for _ in bots]
    pooled_games = [[0] * len(bots) for _ in bots]
    for seat in range(players):
        cells = []
        for i, a in enumerate(bots):
            row = []
            for j, b in enumerate(bots):
                rs = results[lineup(seat, a, b, players)]
                won = sum(r.winner == seat for r in rs)
                pooled_wins[i][j] += won
                pooled_games[i][j] += len(rs)
                row.append({"row_bot": a, "other_bots": b, **stats.rate(won, len(rs))})
            cells.append(row)
        seats.append({"seat": seat, "side": sides[seat], "name": names[seat], "cells": cells})
    # the diagonal's line-up is one set of games counted once per seat: no rate of one bot against another
    pooled = [[{"row_bot": a, "other_bots": b, **stats.rate(pooled_wins[i][j], pooled_games[i][j]),
                **({"same_bot": True} if i == j else {})} for j, b in enumerate(bots)] for i, a in enumerate(bots)]
    cheaper = [b for b in bots if bot_name_parts(b)[1] is not None]
    own = bot_label(rules, bot_name_parts(cheaper[0])[0]) if cheaper else None
    return {"bots": list(bots), "labels": [bot_label(rules, b) for b in bots], "games": games, "own_mcts": own,
            "players": players, "even": 1 / players if players else 0.0, "lineups": len(results),
            "seats": seats, "seats_rotated": pooled,
            "results": [{"lineup": list(up), "games": [_slim(r) for r in rs]} for up, rs in results.items()]}


def skill_pays(m: Mapping[str, Any]) -> list[dict[str, Any]]:
    """For each pair of matrix bots, the later (stronger) bot against the earlier, seats rotated:
    its rate, interval and whether the interval lies above, below or around the even share."""
    out = []
    bots, even = m["bots"], m["even"]
    for i in range(len(bots)):
        for j in range(i):
            cell = m["seats_rotated"][i][j]
            lo, hi = cell["interval95"]
            out.append({"stronger": m["labels"][i], "weaker": m["labels"][j], **cell,
                        "verdict": "above" if lo > even else "below" if hi < even else "around"})
    return out
