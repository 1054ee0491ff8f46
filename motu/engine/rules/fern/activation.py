"""§3 spending activation points: the menu of a motivated group.

Scope: what a motivated group may do with its points and what each costs —
move (§4, movement.py), fire (§5, firing.py), rescue casualties (§8,
casualties.py), un-pin a square (§9), observe (§12, spotting.py) — and ending
the activation. Un-pinning (§9) is done by the motivating officer when he is
himself in the motivated party (alone or with the figures of his square): any
square with pinned figures of his chain of command, for a point per square
from him to it, both counted, +1 for bush with British in it. It does not
activate the square: its figures stay unmotivated and may be motivated later. "A group must use all activation points before another
motivation is attempted": the activation stays on top of the stack until its
points are spent or the player declares the rest unused (DONE).
Step: ("act", player, gids, leaders, motivator, points, diagonal_used, rescued).
"""
from __future__ import annotations

from . import casualties, firing, movement, spotting
from .model import BLOCK, BRITISH, DONE, FIRE, MOVE, OBSERVE, RESCUE, UNPIN
from .steps import Choice


def alive(s, task) -> tuple[list[int], list[int]]:
    _, _player, gids, leaders = task[:4]
    return [g for g in gids if g in s.groups], [l for l in leaders if s.leaders[l].cell is not None]


def valid(s, task) -> bool:
    gids, leaders = alive(s, task)
    return bool(gids or leaders) and task[5] > 0


def unpin_cost(s, motivator: int, cell: int, player: int) -> int | None:
    """§9: +1 a square from the officer to the target, both counted (so his own square costs 1);
    +1 if the square is bush and British are in it."""
    l = s.leaders[motivator]
    if l.cell is None:
        return None
    cost = (s.b.dist(l.cell, cell) + 1) * s.b.t["unpin"]["per_square"]
    if s.b.bush[cell] and any(s.b.units[s.groups[g].unit].nation == BRITISH for g in s.groups_at(cell, player)):
        cost += s.b.t["unpin"]["bush_british"]
    return cost


def unpin_targets(s, motivator: int, player: int) -> list[int]:
    """Squares with pinned figures of which at least some are in the officer's chain of command."""
    cmd = s.b.commands[motivator]
    cells = {g.cell for g in s.groups.values() if g.pinned and g.unit in cmd}
    if s.leaders[motivator].pinned and s.leaders[motivator].cell is not None:
        cells.add(s.leaders[motivator].cell)
    return sorted(cells)


def legal(s, task) -> list[int]:
    _, player, _, _, motivator, points, diag, rescued = task
    gids, leaders = alive(s, task)
    out = [DONE]
    cell = s.party_cell(gids, leaders)
    if cell is None:
        return out
    out += [MOVE + v for v in movement.moves(s, player, gids, leaders, cell, points, diag)]
    if gids:
        out += [FIRE + t for t in firing.targets(s, player, gids, cell, points)]
    out += [OBSERVE + t for t in spotting.observable(s, player, cell, points)]
    if motivator in leaders:  # §9: the officer himself is motivated and spends the points
        for t in unpin_targets(s, motivator, player):
            c = unpin_cost(s, motivator, t, player)
            if c is not None and c <= points:
                out.append(UNPIN + t)
    top = casualties.rescue_limit(s, player, cell, points, rescued)
    out += [RESCUE + k for k in range(1, top + 1)]
    return out


def apply(s, task, action) -> None:
    _, player, _, _, motivator, points, diag, rescued = task
    gids, leaders = alive(s, task)
    cell = s.party_cell(gids, leaders)
    kind, arg = action - action % BLOCK, action % BLOCK
    if action == DONE:
        return
    if kind == MOVE:
        movement.move(s, task, gids, leaders, cell, arg)
    elif kind == FIRE:
        cost = firing.cost(s, gids)
        s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - cost, diag, rescued))
        firing.fire(s, player, gids, cell, arg)
    elif kind == OBSERVE:
        cost = spotting.observe_cost(s, arg)
        s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - cost, diag, rescued))
        s.stack.append(("r_observe", player, arg))
    elif kind == UNPIN:
        cost = unpin_cost(s, motivator, arg, player)
        s.set_pinned(arg, player, False)
        s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - cost, diag, rescued))
    elif kind == RESCUE:
        s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - arg, diag, rescued + arg))
        s.stack.extend([("r_rescue", player, cell)] * arg)


def text(s, task, action) -> str:
    _, player, _, _, motivator, points, _diag, _rescued = task
    gids, leaders = alive(s, task)
    who = s.party_name(gids, leaders)
    cell = s.party_cell(gids, leaders)
    kind, arg = action - action % BLOCK, action % BLOCK
    label = s.b.label
    if action == DONE:
        return f"{who}: end the activation ({_points(points)} unused)"
    if kind == MOVE:
        return f"{who}: move {label(cell)} → {label(arg)} ({movement.describe_cost(s, player, gids, leaders, cell, arg)})"
    if kind == FIRE:
        return f"{who}: fire at {s.cell_names(arg, 1 - player)} at {label(arg)} ({_points(firing.cost(s, gids))})"
    if kind == OBSERVE:
        return f"{who}: observe {label(arg)} ({_points(spotting.observe_cost(s, arg))})"
    if kind == UNPIN:
        return f"{s.b.leaders[motivator].name}: un-pin {label(arg)} ({_points(unpin_cost(s, motivator, arg, player))})"
    return f"{who}: allocate {_points(arg)} to removing casualties at {label(cell)}"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


STEPS = {"act": Choice(legal, apply, text, valid)}
