"""§8 casualties: carried off at the start of a turn, and rescued by officers.

Scope: at the start of a side's turn, a D6 for every casualty marker of that
side in a square where live figures of the side stand; on 1-2 the casualty is
removed with a live figure (it carries him off — of his unit if any is there,
else of the largest group; the figure leaves the table). And rescue: a
motivated group allocates activation points, at most one a live figure in its
square; a D6 a point, 4-6 removes one of its side's casualties there.
"""
from __future__ import annotations

from .steps import Roll, verdict


def own_casualties(s, player: int, cell: int) -> list[tuple[int, int]]:
    return [(owner, n) for (c, owner), n in sorted(s.cas.items()) if c == cell and n > 0
            and s.owner_player(owner) == player]


def rescue_limit(s, player: int, cell: int, points: int, rescued: int) -> int:
    markers = sum(n for _, n in own_casualties(s, player, cell))
    return max(0, min(points, s.figures_at(cell, player) - rescued, markers))


def _take_marker(s, cell: int, owner: int) -> None:
    key = (cell, owner)
    if s.cas[key] > 1:
        s.cas[key] -= 1
    else:
        del s.cas[key]


def carry_apply(s, task, face) -> None:
    _, cell, owner = task
    player = s.owner_player(owner)
    if face > s.b.t["casualties"]["carry_off_max"] or s.cas.get((cell, owner), 0) <= 0:
        return
    gids = s.groups_at(cell, player)
    if not gids:
        return
    same = [g for g in gids if s.groups[g].unit == owner]
    pick = max(same or gids, key=lambda g: (s.groups[g].n, -g))
    _take_marker(s, cell, owner)
    s.remove_figure(pick)


def carry_text(s, task, face) -> str:
    _, cell, owner = task
    name = s.b.units[owner].name if owner >= 0 else s.b.leaders[-1 - owner].name
    top = s.b.t["casualties"]["carry_off_max"]
    return (f"casualty of {name} at {s.b.label(cell)} (§8): carried off on 1-{top}, rolled {face} — "
            f"{verdict(face <= top, 'removed with a live figure', 'stays')}")


def rescue_apply(s, task, face) -> None:
    _, player, cell = task
    if face < s.b.t["casualties"]["rescue_on"]:
        return
    markers = own_casualties(s, player, cell)
    if markers:
        owner = max(markers, key=lambda m: (m[1], -m[0]))[0]
        _take_marker(s, cell, owner)


def rescue_text(s, task, face) -> str:
    _, _player, cell = task
    need = s.b.t["casualties"]["rescue_on"]
    return (f"casualty removal at {s.b.label(cell)}: needed {need}, rolled {face} — "
            f"{verdict(face >= need, 'a casualty removed', 'failed')}")


STEPS = {
    "r_carry": Roll(carry_apply, carry_text),
    "r_rescue": Roll(rescue_apply, rescue_text),
}
