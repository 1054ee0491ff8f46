"""How a Tahiti game ends when nobody is put out: the odds the Random Events Table (15.12) gives.

Scope: `endings(opts)` works out, from events.yaml and the game's options (`turn_limit`,
`turns_per_season`, `rule_15_12_random_events`), the chance that a game ends each way when only
the table and the turn limit end it: by areas on events 11-13 once their seasons have passed, at
the turn limit, or on event 66 (66-4 the decisive battle, 66-5 Divine Intervention, 66-6
Armageddon), with its mean length in turns. Event 46 (two, three or four events this turn) and
a season-end number rolled too early (which stops the turn's events) are followed exactly.

What it is for: 66-5 gives the game to the clan with the *fewest* areas and 66-6 to nobody, so a
clan that plays for areas loses those games whatever it does. Their share is the part of a
bot's losses that no play can remove, short of putting every other clan out before the dice
come up (bench/bots_bench.py reports the heuristic bot's rate beside it). The re-roll tokens
(66-1, 66-2) are not counted: holding one is rare, and re-rolling a 66 would only move the
figures a little.
"""
from __future__ import annotations

from ..data.tables import event_result, events_by_number

# What one event does to the turn: go on, stop the turn's events (a season end rolled too
# early), or end the game one of these ways.
ENDINGS = ("areas", "turn_limit", "decisive_battle", "divine_intervention", "armageddon")
_GO, _STOP = "go", "stop"
_TINY = 1e-15  # probability mass of a turn's longer event chains, left out as nothing


def _one_event(passed: int) -> list[tuple[float, str, int]]:
    """The outcomes of one roll on the table with `passed` seasons gone: (probability, what it
    does, events it adds this turn)."""
    out = []
    for number, entry in sorted(events_by_number().items()):
        p = 1 / 36
        kind = entry["event"]
        if kind == "season_end":
            out.append((p, "areas" if passed >= int(entry["seasons"]) else _STOP, 0))
        elif kind == "more_events":
            out += [(p / 6, _GO, int(event_result(entry, face)["events"])) for face in range(1, 7)]
        elif kind == "kevin":
            for face in range(1, 7):
                r = event_result(entry, face)
                out.append((p / 6, r["end"] if "end" in r else _GO, 0))
        else:
            out.append((p, _GO, 0))
    return out


def _turn(passed: int) -> dict[str, float]:
    """The chance that a turn's events end the game each way (the rest: the game goes on)."""
    table = _one_event(passed)
    ends = dict.fromkeys(ENDINGS, 0.0)
    waiting = {1: 1.0}  # events still to roll this turn -> probability
    while waiting:
        nxt: dict[int, float] = {}
        for left, q in waiting.items():
            for p, what, more in table:
                if what == _GO:
                    k = left - 1 + more
                    if k:
                        nxt[k] = nxt.get(k, 0.0) + q * p
                elif what != _STOP:
                    ends[what] += q * p
        waiting = {k: q for k, q in nxt.items() if q > _TINY}
    return ends


def endings(opts: dict) -> dict:
    """{"share": ending -> chance, "mean_turns": expected length} of a game that only the
    Random Events Table and the turn limit end."""
    limit = int(opts["turn_limit"])
    per_season = int(opts["turns_per_season"])
    share = dict.fromkeys(ENDINGS, 0.0)
    going, mean = 1.0, 0.0
    turns: dict[int, dict[str, float]] = {}
    for t in range(1, limit + 1):
        if not opts.get("rule_15_12_random_events", True):
            break
        passed = (t - 1) // per_season
        ends = turns.get(passed) or turns.setdefault(passed, _turn(passed))
        for k, p in ends.items():
            share[k] += going * p
            mean += going * p * t
        going *= 1.0 - sum(ends.values())
    share["turn_limit"] += going
    mean += going * limit
    return {"share": share, "mean_turns": mean}


def no_play_wins(opts: dict) -> float:
    """The share of such games that 66-5 or 66-6 ends: lost to a clan that leads on areas."""
    s = endings(opts)["share"]
    return s["divine_intervention"] + s["armageddon"]
