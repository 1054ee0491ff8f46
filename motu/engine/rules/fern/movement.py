"""§4 moving, with §9's pinned movement and §12's hidden movement and blundering.

Scope: which squares a motivated group may step into and what each step costs
(1 a square; +1 into bush; +1 for colonial troops leaving bush; +1 across a
stream edge; +3 into a square occupied by the enemy), the one diagonal of §1
(a group may step diagonally once per activation: distance allows one
diagonal), and what a step does: an ordinary move (then §6 reaction fire from
enemy squares next to it), a close assault (§7, after the assaulted square's
reaction fire), or — stepping into a square where hidden Maori are — the
failed attempt of §12 that reveals them, costing the step's ordinary price.
Pinned groups (§9) may only step so that the nearest enemy they can see gets
farther away. A step is diagonal when it changes both column and row; it
crosses a stream as FernBoard.step_crosses says (option `diagonal_edges`).
Hidden figures stay hidden moving from bush into bush; out of a rifle pit they
are revealed wherever they go (option `rifle_pit_bush_hiding`: not into bush).
"""
from __future__ import annotations

from . import reaction


def is_diagonal(b, a: int, v: int) -> bool:
    c = b.columns
    return a % c != v % c and a // c != v // c


def party_pinned(s, gids, leaders) -> bool:
    if gids:
        return any(s.groups[g].pinned for g in gids)
    return any(s.leaders[l].pinned for l in leaders)


def step_cost(s, player: int, gids, leaders, a: int, v: int, assault: bool) -> tuple[int, list[tuple[int, str]]]:
    b, t = s.b, s.b.t["move"]
    cost, parts = t["base"], []
    if b.bush[v]:
        cost += t["into_bush"]
        parts.append((t["into_bush"], "into bush"))
    if b.bush[a] and any(b.units[s.groups[g].unit].colonial for g in gids):
        cost += t["colonial_out_of_bush"]
        parts.append((t["colonial_out_of_bush"], "colonial troops leaving bush"))
    if b.crosses_stream(a, v):
        cost += t["stream"]
        parts.append((t["stream"], "across a stream"))
    if assault:
        cost += t["into_enemy"]
        parts.append((t["into_enemy"], "into the enemy"))
    return cost, parts


def away_from_enemy(s, player: int, a: int, v: int) -> bool:
    """§9: a pinned group may only move away from enemy-occupied squares (those it can see)."""
    seen = s.enemy_cells_seen(player)
    if not seen:
        return True
    if v in seen:
        return False
    dist = s.b.dist
    return min(dist(v, e) for e in seen) > min(dist(a, e) for e in seen)


def moves(s, player: int, gids, leaders, cell: int, points: int, diag_used: bool) -> list[int]:
    b = s.b
    pinned = party_pinned(s, gids, leaders)
    seen = s.enemy_cells_seen(player)
    out = []
    for v in b.neighbours[cell]:
        if diag_used and is_diagonal(b, cell, v):
            continue
        assault = v in seen
        if assault and (not gids or pinned):
            continue
        if pinned and not away_from_enemy(s, player, cell, v):
            continue
        if step_cost(s, player, gids, leaders, cell, v, assault)[0] <= points:
            out.append(v)
    return sorted(out)


def describe_cost(s, player: int, gids, leaders, a: int, v: int) -> str:
    """'1 point', or '2 points: 1 for the step, +1 into bush' where the step costs more (§5)."""
    cost, parts = step_cost(s, player, gids, leaders, a, v, s.seen_by(v, player))
    if not parts:
        return f"{cost} point{'s' if cost != 1 else ''}"
    extra = ", ".join(f"+{n} {words}" for n, words in parts)
    return f"{cost} points: {s.b.t['move']['base']} for the step, {extra}"


def move(s, task, gids, leaders, cell: int, v: int) -> None:
    _, player, _, _, motivator, points, diag, rescued = task
    b = s.b
    enemy = 1 - player
    diagonal = is_diagonal(b, cell, v)
    if s.occupied(v, enemy) and not s.seen_by(v, player):
        # §12: moving into a square of hidden Maori — the attempt fails and they are revealed;
        # the group pays the step as it looked (no +3) and may go on with what is left.
        cost, _ = step_cost(s, player, gids, leaders, cell, v, False)
        s.reveal(v, enemy)
        s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - cost, diag, rescued))
        return
    assault = s.seen_by(v, player)
    cost, _ = step_cost(s, player, gids, leaders, cell, v, assault)
    for g in gids:
        s.groups[g] = s.groups[g]._replace(moved=True)
    for l in leaders:
        s.leaders[l] = s.leaders[l]._replace(moved=True)
    if assault:
        # §7 (and §6: the assaulted square may fire first). Attempting a close assault gives the
        # attackers away, so the defenders see whom they fire at. The assault ends the activation.
        s.reveal(cell, player)
        s.stack.append(("assault", player, tuple(gids), tuple(leaders), cell, v))
        reaction.offer(s, enemy, [v], cell)
        return
    # §12: hidden figures stay hidden moving from bush into bush; "Maori in rifle pits dug in the
    # open will be hidden until they move" (option rifle_pit_bush_hiding: unless into bush).
    hidden = (all(s.groups[g].hidden for g in gids) and all(s.leaders[l].hidden for l in leaders) and b.bush[v]
              and (b.bush[cell] or b.pit_bush_hiding))
    for g in gids:
        s.groups[g] = s.groups[g]._replace(cell=v, hidden=hidden)
    for l in leaders:
        s.leaders[l] = s.leaders[l]._replace(cell=v, hidden=hidden)
    if not hidden or any(not s.groups[x].hidden for x in s.groups_at(v, player)) \
            or any(not s.leaders[x].hidden for x in s.leaders_at(v, player)):
        s.reveal(v, player)  # §12: all in a square are revealed together
    s.stack.append(("act", player, tuple(gids), tuple(leaders), motivator, points - cost, diag or diagonal, rescued))
    reaction.offer(s, enemy, b.neighbours[v], v)


STEPS: dict = {}
