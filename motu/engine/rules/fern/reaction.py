"""§6 reaction fire: the defenders' chance to fire during the opponent's move.

Scope: when an enemy group moves into a square next to a square of yours, or
attempts to close assault it, that square may attempt reaction fire: D6, 4-6
fires one volley; -2 if pinned; +2 if its figures neither moved nor fired in
their last turn; +2 more if they were hidden until firing (an ambush), and then
a total of 6 or more fires two volleys. A square fires reaction fire at most
once a turn but may attempt it as often as it is offered, and never with enemy
figures in it, and only at movers its figures can see (hidden Maori slipping
through bush beside them are not a target, §12). The defending player chooses
whether to attempt (a choice node in the mover's turn); a failed attempt
reveals nobody (§12).
Steps: ("react_offer", defender, square, target) and ("r_react", …).
"""
from __future__ import annotations

from .model import HOLD, REACT
from .steps import Choice, Roll, verdict


def eligible(s, defender: int, cell: int, target: int) -> bool:
    """The square may attempt reaction fire at `target`: it has not fired reaction fire this turn,
    holds defenders and no enemy, and its defenders can see enemy figures there (§12: hidden
    movers are not seen, so they are neither offered as a target nor given away by an offer)."""
    return (cell not in s.reacted and s.figures_at(cell, defender) > 0 and not s.occupied(cell, 1 - defender)
            and s.seen_by(target, defender) and s.b.sight.visible(cell, target))


def offer(s, defender: int, cells, target: int) -> None:
    """Push an offer for every square of `defender` next to the mover (lowest square asked first)."""
    for cell in sorted(cells, reverse=True):
        if eligible(s, defender, cell, target):
            s.stack.append(("react_offer", defender, cell, target))


def modifier(s, defender: int, cell: int) -> tuple[int, bool, list[str]]:
    t = s.b.t["reaction"]
    groups = [s.groups[g] for g in s.groups_at(cell, defender)]
    mod, parts = 0, []
    if any(g.pinned for g in groups):
        mod += t["pinned"]
        parts.append(f"{t['pinned']} pinned")
    if not any(g.moved or g.fired for g in groups):
        mod += t["still"]
        parts.append(f"+{t['still']} neither moved nor fired")
    ambush = all(g.hidden for g in groups)
    if ambush:
        mod += t["ambush"]
        parts.append(f"+{t['ambush']} ambush")
    return mod, ambush, parts


def offer_valid(s, task) -> bool:
    _, defender, cell, target = task
    return eligible(s, defender, cell, target)


def offer_legal(s, task) -> list[int]:
    return [REACT, HOLD]


def offer_apply(s, task, action) -> None:
    _, defender, cell, target = task
    if action == REACT:
        mod, ambush, _ = modifier(s, defender, cell)
        s.stack.append(("r_react", defender, cell, target, mod, ambush))


def offer_text(s, task, action) -> str:
    _, defender, cell, target = task
    who = s.cell_names(cell, defender)
    if action == HOLD:
        return f"{who} at {s.b.label(cell)}: hold fire"
    _, _, parts = modifier(s, defender, cell)
    return f"{who} at {s.b.label(cell)}: attempt reaction fire at {s.b.label(target)} ({', '.join(parts) or 'no modifier'})"


def react_apply(s, task, face) -> None:
    _, defender, cell, target, mod, ambush = task
    t = s.b.t["reaction"]
    total = face + mod
    if total < t["needed"]:
        return
    s.reacted = s.reacted | {cell}
    volleys = t["ambush_volleys"] if ambush and total >= t["two_volleys"] else 1
    for _ in range(volleys):
        s.stack.append(("volley", defender, cell, target, None, ambush, True))


def react_text(s, task, face) -> str:
    _, defender, cell, _target, mod, ambush = task
    t = s.b.t["reaction"]
    total = face + mod
    ok = total >= t["needed"]
    volleys = t["ambush_volleys"] if ambush and total >= t["two_volleys"] else 1
    result = f"{volleys} volle{'ys' if volleys > 1 else 'y'}" if ok else "no fire"
    return (f"reaction fire by {s.cell_names(cell, defender)} at {s.b.label(cell)}: needed {t['needed']}, "
            f"rolled {face}{mod:+d} = {total} — {verdict(ok, result, 'failed, ' + result)}")


STEPS = {
    "react_offer": Choice(offer_legal, offer_apply, offer_text, offer_valid),
    "r_react": Roll(react_apply, react_text),
}
