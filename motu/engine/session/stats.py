"""The figures of a balance report, as data: what report.json holds and the pictures draw.

Scope: Wilson intervals; wins per side and their convergence; the seat advantage (from games
with the same bot in every seat only); outcomes; game length; the timeline per side; the maps
summed over games; the stopping rule of `--until-ci`. Pure functions of the game results, so a
test can recount any figure from the games and compare.
"""
from __future__ import annotations

import math
import statistics
from typing import Any, Sequence

from .batch import GameResult

Z95 = 1.96


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% interval of a rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(successes: float, n: int) -> float:
    lo, hi = wilson(successes, n)
    return (hi - lo) / 2


def rate(successes: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"wins": successes, "games": n, "rate": successes / n if n else 0.0, "interval95": [lo, hi]}


def wins_per_player(results: Sequence[GameResult], players: int) -> list[int]:
    return [sum(1 for r in results if r.winner == p) for p in range(players)]


def precise_enough(results: Sequence[GameResult], players: int, within: float) -> bool:
    """The stopping rule: every side's 95% interval within ±`within` of its rate."""
    n = len(results)
    return n > 0 and all(half_width(w, n) <= within for w in wins_per_player(results, players))


def convergence(results: Sequence[GameResult], players: int, points: int = 120) -> dict[str, Any]:
    """Win rate of each player after the first k games, with its interval, at up to `points` k's."""
    n = len(results)
    if n == 0:
        return {"games": [], "per_player": [[] for _ in range(players)]}
    step = max(1, math.ceil(n / points))
    ks = sorted(set(list(range(step, n + 1, step)) + [n]))
    wins = [0] * players
    out: list[list[list[float]]] = [[] for _ in range(players)]
    k_iter = iter(ks)
    nxt = next(k_iter)
    for i, r in enumerate(results, 1):
        if r.winner is not None:
            wins[r.winner] += 1
        if i == nxt:
            for p in range(players):
                lo, hi = wilson(wins[p], i)
                out[p].append([wins[p] / i, lo, hi])
            nxt = next(k_iter, None)
    return {"games": ks, "per_player": out}


def seat_advantage(results: Sequence[GameResult], players: int, sides: Sequence[str]) -> dict[str, Any]:
    """Win rate per seat over the games whose every seat had the same bot, and only those."""
    same = [r for r in results if r.bots and len(set(r.bots)) == 1]
    wins = wins_per_player(same, players)
    return {"games": len(same), "bots": sorted({r.bots[0] for r in same}), "even": 1 / players if players else 0.0,
            "per_seat": [{"seat": p, "side": sides[p], **rate(wins[p], len(same))} for p in range(players)],
            "test": seats_even_test(wins)}


# A chi-squared test wants about five expected wins a seat; with fewer it says nothing sure.
LEAST_EXPECTED = 5


def seats_even_test(wins: Sequence[int]) -> dict[str, Any]:
    """Whether the wins per seat could come from seats that win equally often: one chi-squared
    goodness-of-fit test over every seat at once, on the games with a single winner. (Asking
    whether each seat's own interval holds the even share would, with four seats, find an
    uneven seat in about one even game in six.) {"decided", "p" (None: too few games)}."""
    decided = int(sum(wins))
    if len(wins) < 2 or decided < LEAST_EXPECTED * len(wins):
        return {"decided": decided, "p": None}
    # chi-squared = sum (observed - expected)^2 / expected on seats - 1 degrees of freedom; its
    # upper tail is the regularised upper incomplete gamma function Q(k/2, x/2)
    from scipy.special import gammaincc  # scipy.special, not scipy.stats: the installer leaves stats out
    expected = decided / len(wins)
    x = sum((w - expected) ** 2 for w in wins) / expected
    return {"decided": decided, "p": float(gammaincc((len(wins) - 1) / 2, x / 2))}


def outcomes(results: Sequence[GameResult]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in results:
        key = r.record.get("outcome") or ("draw" if r.winner is None else "win")
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def endings(results: Sequence[GameResult]) -> dict[str, dict[str, int]]:
    """Per outcome, what ended the game (the records' "ended": Tahiti's end-of-season events or
    its turn limit), where the records say; {} where they do not."""
    out: dict[str, dict[str, int]] = {}
    if not any(r.record.get("ended") for r in results):
        return out
    for r in results:
        key = r.record.get("outcome") or ("draw" if r.winner is None else "win")
        why = r.record.get("ended") or "other"
        into = out.setdefault(key, {})
        into[why] = into.get(why, 0) + 1
    return out


def length(results: Sequence[GameResult]) -> dict[str, Any]:
    turns = [int(r.record.get("turns", r.moves)) for r in results]
    unit = results[0].record.get("unit", "actions") if results else "turns"
    hist: dict[str, int] = {}
    for t in turns:
        hist[str(t)] = hist.get(str(t), 0) + 1
    actions = [r.moves for r in results]
    return {"unit": unit, "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
            "mean": statistics.fmean(turns) if turns else 0.0, "median": statistics.median(turns) if turns else 0,
            "min": min(turns, default=0), "max": max(turns, default=0),
            "actions_mean": statistics.fmean(actions) if actions else 0.0}


def timeline(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Mean per player over all games at the start (turn 0) and after each turn, a finished game's
    last value carried forward; the band is the 95% interval of the mean (normal approximation).
    Entry k of a game's record is its value after k turns (motu/engine/session/collect.py)."""
    series = [r.record.get("timeline") or [] for r in results]
    series = [s for s in series if s]
    turns = max((len(s) for s in series), default=0)
    per_player = []
    for p in range(players):
        mean, lo, hi = [], [], []
        for t in range(turns):
            xs = [s[min(t, len(s) - 1)][p] for s in series if p < len(s[min(t, len(s) - 1)])]
            m = statistics.fmean(xs) if xs else 0.0
            sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
            h = Z95 * sd / math.sqrt(len(xs)) if xs else 0.0
            mean.append(m)
            # never outside what the games reached (the normal approximation would go below 0 figures lost)
            lo.append(max(m - h, min(xs)) if xs else m)
            hi.append(min(m + h, max(xs)) if xs else m)
        per_player.append({"mean": mean, "lo": lo, "hi": hi})
    return {"turns": list(range(turns)), "games": len(series), "per_player": per_player}


def maps(results: Sequence[GameResult]) -> dict[str, Any]:
    """Each map of the records summed over the games: name -> {key: count} or {player: {key: count}}."""
    out: dict[str, Any] = {}
    for r in results:
        for name, data in (r.record.get("maps") or {}).items():
            into = out.setdefault(name, {})
            for k, v in data.items():
                if isinstance(v, dict):
                    sub = into.setdefault(k, {})
                    for kk, n in v.items():
                        sub[kk] = sub.get(kk, 0) + n
                else:
                    into[k] = into.get(k, 0) + v
    return out


def matrix_cell(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    wins = wins_per_player(results, players)
    return {"games": len(results), "per_player": [rate(w, len(results)) for w in wins]}
