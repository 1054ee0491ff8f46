"""Hidden figures sampled back into one side's observation of Fire in the Fern! (§12).

Scope: `sample(obs, viewer, rng)` turns the observation of `viewer` (observation.py: the
other side's hidden figures and leaders left out) into a full, playable game a search can play
on, drawing what the viewer does not know from the generator handed in. What the viewer knows
is kept as it is: the order of battle (how many figures each unit started with), every figure
and leader it sees, the casualty markers on the table, and which units have figures out of
sight (`obs.unseen`). For each such unit the figures not accounted for (started, less those
seen and those lying as casualties) are put back, hidden, in one square where the unit's nation
could hide (bush, or a rifle pit) and no figure stands in the open, within a few squares a turn
of where the unit set up; a hidden leader goes with his unit's figures, or near where he set
up. Steps only the hidden side was taking (masked in the observation) are left out: in the
sample they are over. Where a hidden group was last seen is not remembered (the observation
does not keep it); the sample leans on the set-up instead.
"""
from __future__ import annotations

import random

from .model import Group, Leader
from .spotting import hides_by_terrain

RADIUS_PER_TURN = 3  # squares from its set-up a hidden unit may be sampled at, each turn played


def _setup_cells(b) -> tuple[dict[int, list[int]], list[int | None]]:
    """Set-up squares of each unit's figures, and each leader's set-up square (None: none)."""
    by_unit: dict[int, list[int]] = {}
    for p in b.figure_pieces:
        u = b.unit_index.get(str(p.props.get("unit", p.id)))
        if u is not None and p.cell is not None:
            by_unit.setdefault(u, []).append(p.cell)
    return by_unit, [p.cell for p in b.leader_pieces]


def _hiding_squares(s, nation: str, viewer: int) -> list[int]:
    b = s.b
    open_here = s.enemy_cells_seen(viewer) | {g.cell for g in s.groups.values() if b.units[g.unit].player == viewer}
    open_here.update(l.cell for i, l in enumerate(s.leaders) if l.cell is not None and b.leaders[i].player == viewer)
    return [c for c in range(len(b.bush)) if hides_by_terrain(nation, b.bush[c], c in b.rifle_pit)
            and c not in open_here]


def _near(b, squares: list[int], origins: list[int], radius: int) -> list[int]:
    if not origins:
        return squares
    return [c for c in squares if min(b.dist(c, o) for o in origins) <= radius]


def sample(obs, viewer: int, rng: random.Random):
    b = obs.b
    s = obs.clone()
    s._history = []
    s.stack = [t for t in obs.stack if t[0] != "unseen"]
    s.unseen = frozenset()
    s._legal = None
    unit_cells, leader_cells = _setup_cells(b)
    radius = RADIUS_PER_TURN * max(1, obs.turn)
    placed: dict[int, int] = {}
    for u in sorted(obs.unseen):
        info = b.units[u]
        seen = obs.unit_figures(u)
        fallen = sum(n for (cell, owner), n in obs.cas.items() if owner == u)
        missing = info.start - seen - fallen  # none: only the unit's leader is out of sight
        squares = _hiding_squares(obs, info.nation, viewer)
        options = _near(b, squares, unit_cells.get(u, []), radius) or squares or unit_cells.get(u, [])
        if not options:
            continue
        cell = rng.choice(options)
        placed[u] = cell
        if missing > 0:
            s.add_group(Group(u, cell, missing, hidden=True))
    for i, l in enumerate(obs.leaders):
        info = b.leaders[i]
        if (info.player == viewer or l.cell is not None or l.dead or i in obs.leaders_killed
                or leader_cells[i] is None or (info.unit is not None and info.unit in obs.broken)):
            continue
        if info.unit is not None and info.unit not in obs.unseen:
            continue  # his unit is all in sight (or gone): he is not hidden, he is off the table
        if info.unit in placed:
            cell = placed[info.unit]
        else:
            squares = _hiding_squares(obs, info.nation, viewer)
            options = _near(b, squares, [leader_cells[i]], radius) or squares or [leader_cells[i]]
            cell = rng.choice(options)
        s.leaders[i] = Leader(cell, pinned=l.pinned, hidden=True, motivated=l.motivated, moved=l.moved,
                              attempts=l.attempts)
    return s
