"""§7 close combat: a group stepping into a square the enemy holds.

Scope: the assault (after the assaulted square's reaction fire, §6; an
attacking group pinned by it, or with no figure left, calls the assault off),
the dice (a D6 a figure — leaders are not counted — the attackers one more die
per two figures; each 6 is a casualty on the other side), the result (the side
with more casualties, or the attackers on a draw, retreats one square and is
pinned), retreats (attackers to the square they came from; defenders one
square directly away from the attack if they can, else the square next to them
that is farthest from it, never into a square of the enemy: a square of hidden
enemies the losers run into is revealed and passed over), and doubled losses
for a side that cannot retreat. Losses fall at random on the figures in the
fight (leaders included). Defenders who cannot retreat stay, pinned, and the
attackers stay where they were unless none are left; so a square never holds
both sides. The assault ends the attackers' activation.
"""
from __future__ import annotations

from . import reaction
from .steps import Auto, Roll


def assault(s, task) -> None:
    _, player, gids, leaders, origin, target = task
    enemy = 1 - player
    gids = tuple(g for g in gids if g in s.groups and s.groups[g].cell == origin)
    leaders = tuple(l for l in leaders if s.leaders[l].cell == origin)
    if not gids or any(s.groups[g].pinned for g in gids) or not s.occupied(target, enemy):
        return
    s.reveal(target, enemy)
    a = sum(s.groups[g].n for g in gids)
    d = s.figures_at(target, enemy)
    ctx = (player, gids, leaders, origin, target)
    dice = a + a // s.b.t["close_combat"]["attacker_bonus_per"]
    s.stack.append(("r_cc", ctx, 0, dice, 0, 0, d))


def cc_apply(s, task, face) -> None:
    _, ctx, side, left, att6, def6, ddice = task
    six = face >= s.b.t["close_combat"]["hit_on"]
    if side == 0:
        att6 += six
    else:
        def6 += six
    if left > 1:
        s.stack.append(("r_cc", ctx, side, left - 1, att6, def6, ddice))
    elif side == 0 and ddice:
        s.stack.append(("r_cc", ctx, 1, ddice, att6, def6, ddice))
    else:
        s.stack.append(("cc_resolve", ctx, att6, def6))


def cc_text(s, task, face) -> str:
    _, ctx, side, left, _att6, _def6, _ddice = task
    player, gids, leaders, _origin, target = ctx
    if side == 0:
        who = f"attackers {s.party_name(gids, leaders)}"
    else:
        who = f"defenders {s.cell_names(target, 1 - player)}"
    need = s.b.t["close_combat"]["hit_on"]
    six = face >= need
    return f"close combat at {s.b.label(target)}, {who}: die ({left} left), needed {need}, rolled {face} — " + (
        "casualty" if six else "no casualty")


def retreat_square(s, loser: int, cell: int, attacker_from: int) -> int | None:
    """Defenders move away from the direction of attack, never into the enemy."""
    b = s.b
    here = b.dist(cell, attacker_from)
    c = b.columns
    straight = (cell % c * 2 - attacker_from % c, cell // c * 2 - attacker_from // c)
    best = None
    for v in b.neighbours[cell]:
        if s.seen_by(v, loser) or b.dist(v, attacker_from) <= here:
            continue
        key = (-b.dist(v, attacker_from), (v % c, v // c) != straight, v)
        if best is None or key < best[0]:
            best = (key, v)
    return None if best is None else best[1]


def resolve(s, task) -> None:
    _, ctx, att6, def6 = task
    player, gids, leaders, origin, target = ctx
    enemy = 1 - player
    att_loss, def_loss = def6, att6
    loser = player if att_loss >= def_loss else enemy
    if loser == player:
        to = origin if not s.occupied(origin, enemy) else None
        if to is None:
            att_loss *= s.b.t["close_combat"]["cannot_retreat_loss"]
    else:
        to = retreat_square(s, enemy, target, origin)
        while to is not None and s.occupied(to, player):
            # §12: retreating into a square of hidden enemies finds them; they are revealed and
            # the retreat goes elsewhere (the losers choose only among squares they can see).
            s.reveal(to, player)
            to = retreat_square(s, enemy, target, origin)
        if to is None:
            def_loss *= s.b.t["close_combat"]["cannot_retreat_loss"]
    s.stack.append(("cc_after", ctx, loser, to))
    if def_loss:
        s.stack.append(("alloc", enemy, target, def_loss, None, None, "close combat"))
    if att_loss:
        s.stack.append(("alloc", player, origin, att_loss, gids, leaders, "close combat"))


def after(s, task) -> None:
    _, ctx, loser, to = task
    player, gids, leaders, origin, target = ctx
    enemy = 1 - player
    gids = [g for g in gids if g in s.groups]
    leaders = [l for l in leaders if s.leaders[l].cell == origin]
    if loser == player:
        for g in gids:
            s.groups[g] = s.groups[g]._replace(pinned=True)
        for l in leaders:
            s.leaders[l] = s.leaders[l]._replace(pinned=True)
        return
    if to is not None:
        for g in s.groups_at(target, enemy):
            s.groups[g] = s.groups[g]._replace(cell=to, pinned=True, hidden=False)
        for l in s.leaders_at(target, enemy):
            s.leaders[l] = s.leaders[l]._replace(cell=to, pinned=True, hidden=False)
        s.reveal(to, enemy)  # §12: they join any of their own hidden there, and all are revealed
    else:
        s.set_pinned(target, enemy, True)
    if s.occupied(target, enemy) or not (gids or leaders):
        return
    for g in gids:
        s.groups[g] = s.groups[g]._replace(cell=target, hidden=False)
    for l in leaders:
        s.leaders[l] = s.leaders[l]._replace(cell=target, hidden=False)
    s.reveal(target, player)
    reaction.offer(s, enemy, s.b.neighbours[target], target)


STEPS = {
    "assault": Auto(assault),
    "r_cc": Roll(cc_apply, cc_text),
    "cc_resolve": Auto(resolve),
    "cc_after": Auto(after),
}
