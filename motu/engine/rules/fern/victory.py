"""§11 game end and victory points.

Scope: the game ends when a side retires from the table, when all of a side's
units are broken (by morale, or with no figure left), or after the scenario's
last game turn. Each side then scores one point per casualty it inflicted; the
side holding the field (the one that did not retire or break; at the time limit
the scenario's `victory.field_at_time_limit`, by default neither) one point per
enemy casualty still on the table; and a D6 for each enemy unit broken and each
enemy leader killed. The higher total wins (returns +1/-1, a tie 0 — or, with
option `history_books`, a tie goes to the British, who write the history books).
"""
from __future__ import annotations

from motu.engine.rules.events import GameEnded

from .model import BRITISH_PLAYER
from .steps import Auto, Roll


def side_gone(s, player: int) -> bool:
    return all(s.unit_gone(u) for u, info in enumerate(s.b.units) if info.player == player)


def finished(s) -> bool:
    return side_gone(s, 0) or side_gone(s, 1)


def check_end(s, task) -> None:
    gone = [p for p in (0, 1) if side_gone(s, p)]
    if gone:
        s.stack.append(("game_end", (1 - gone[0]) if len(gone) == 1 else None, "broken"))


def game_end(s, task) -> None:
    _, holder, _why = task
    s.stack.clear()
    s.holder = holder
    b = s.b
    s.stack.append(("over",))
    for p in (1, 0):
        s.vp[p] = s.killed[1 - p] + (s.casualties_on_table(1 - p) if holder == p else 0)
        for u in reversed(range(len(b.units))):
            if b.units[u].player != p and s.unit_gone(u):
                s.stack.append(("r_vp", p, "unit", u))
        for l in sorted(s.leaders_killed, reverse=True):
            if b.leaders[l].player != p:
                s.stack.append(("r_vp", p, "leader", l))


def vp_apply(s, task, face) -> None:
    s.vp[task[1]] += face


def vp_text(s, task, face) -> str:
    _, p, what, i = task
    name = s.b.units[i].name + " broken" if what == "unit" else s.b.leaders[i].name + " killed"
    return f"victory points for the {('British', 'Maori')[p]} (§11): {name}, rolled {face}"


ENDS = ("a force broken", "a force retired", "time limit")
OUTCOMES = tuple(f"{how} ({why})" for how in ("British win", "Maori win", "draw") for why in ENDS)


def outcome(s, returns: list[float]) -> str:
    """How a finished game ended, as a report counts it: who won and why ("British win (a force
    broken)", "draw (time limit)")."""
    names = ("British", "Maori")
    how = "draw" if returns[0] == returns[1] else f"{names[returns.index(max(returns))]} win"
    if finished(s):
        why = ENDS[0]
    elif s.retired is not None and s.retired in (0, 1):
        why = ENDS[1]
    else:
        why = ENDS[2]
    return f"{how} ({why})"


def tell_end(s) -> None:
    """The game is over (the victory points rolled): its GameEnded event."""
    r = returns(s)
    best = max(r)
    s._emit(GameEnded(tuple(r), outcome(s, r), f"victory points: British {s.vp[0]}, Maori {s.vp[1]}",
                      tuple(p for p in (0, 1) if r[p] == best and best > 0)))


def returns(s) -> list[float]:
    a, m = s.vp
    if a == m:
        if s.b.history_books:
            return [1.0, -1.0] if BRITISH_PLAYER == 0 else [-1.0, 1.0]
        return [0.0, 0.0]
    return [1.0, -1.0] if a > m else [-1.0, 1.0]


STEPS = {
    "check_end": Auto(check_end),
    "game_end": Auto(game_end),
    "r_vp": Roll(vp_apply, vp_text),
}
