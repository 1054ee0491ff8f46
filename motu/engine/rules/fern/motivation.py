"""§1 activation attempts, §2 motivation and §3 activation points.

Scope: the player's menu in his turn (motivate, end the turn, retire), the
motivation number and its roll, forming the motivated group, and the roll for
activation points. A leader may motivate (§2): himself alone; one unit's
figures in a square; everything he commands in a square (several units); or a
single figure of a unit, which splits it. The motivating leader, and the
unit's own leader, go with the group when they stand in its square (not with a
single figure): that is §3's "leader in group". The activation die is option
`activation_die` (d6 by default; the rules do not say).
"""
from __future__ import annotations

from .model import (
    BRITISH,
    END_TURN,
    KUPAPA,
    LEADER,
    MOTIVATE,
    RETIRE,
    SEL_ALL,
    SEL_SELF,
    SEL_UNIT0,
    Group,
)
from motu.engine.rules.events import Roll as RollEvent

from .hiding import party_hidden

from .steps import Choice, Roll, verdict
from .turn import main_choice


def _nsel(b) -> int:
    return SEL_UNIT0 + 2 * len(b.units)


def encode(b, leader: int, sel: int, cell: int) -> int:
    return MOTIVATE + (leader * _nsel(b) + sel) * b.size + cell


def decode(b, action: int) -> tuple[int, int, int]:
    x = action - MOTIVATE
    cell = x % b.size
    x //= b.size
    return x // _nsel(b), x % _nsel(b), cell


def selected(s, leader: int, sel: int, cell: int) -> tuple[list[int], int | None]:
    """The unmotivated groups a selector picks in `cell`, and the unit a single figure comes from."""
    b = s.b
    units = len(b.units)
    if sel == SEL_SELF:
        return [], None
    cmd = b.commands[leader]
    here = [gid for gid, g in sorted(s.groups.items()) if g.cell == cell and not g.motivated and g.unit in cmd]
    if sel == SEL_ALL:
        return here, None
    u = (sel - SEL_UNIT0) % units
    return [gid for gid in here if s.groups[gid].unit == u], (u if sel >= SEL_UNIT0 + units else None)


def main_legal(s, task) -> list[int]:
    b, p = s.b, task[1]
    out = [END_TURN]
    if s.fresh and s.killed[p] > 0:  # Motu's choice: a side retires once it has been in the fight (§11)
        out.append(RETIRE)
    units = len(b.units)
    for li, l in enumerate(s.leaders):
        if l.cell is None or l.attempts <= 0 or b.leaders[li].player != p:
            continue
        if not l.motivated:
            out.append(encode(b, li, SEL_SELF, l.cell))
        cmd = b.commands[li]
        per_cell: dict[int, dict[int, int]] = {}
        for g in s.groups.values():
            if not g.motivated and g.unit in cmd:
                d = per_cell.setdefault(g.cell, {})
                d[g.unit] = d.get(g.unit, 0) + g.n
        for cell in sorted(per_cell):
            here = per_cell[cell]
            for u in sorted(here):
                out.append(encode(b, li, SEL_UNIT0 + u, cell))
                if here[u] > 1:
                    out.append(encode(b, li, SEL_UNIT0 + units + u, cell))
            if len(here) > 1:
                out.append(encode(b, li, SEL_ALL, cell))
    return out


def motivation_number(s, leader: int, sel: int, cell: int) -> tuple[int, list[str]]:
    """§2: the sum of the modifiers, with the reason for each."""
    b = s.b
    t = b.t["motivation"]
    l = s.leaders[leader]
    info = b.leaders[leader]
    gids, _ = selected(s, leader, sel, cell)
    parts = []
    squares = b.dist(l.cell, cell) + 1
    word = f"{squares} square{'s' if squares > 1 else ''}"
    parts.append(word if t["per_square"] == 1 else f"{squares * t['per_square']} for {word}")
    bush = b.line_bush(l.cell, cell)
    if bush:
        parts.append(f"+{bush * t['per_bush']} bush")
    n = squares * t["per_square"] + bush * t["per_bush"]
    nations = s.nations(gids) if gids else {info.nation}
    if sel != SEL_SELF and any(s.groups[g].pinned for g in gids):
        n += t["target_pinned"]
        parts.append(f"+{t['target_pinned']} target pinned")
    if BRITISH in nations and bush:
        n += t["british_in_bush"]
        parts.append(f"+{t['british_in_bush']} British in bush")
    if info.role != LEADER:
        n += t["senior_officer"]
        parts.append(f"+{t['senior_officer']} senior officer")
    if len({s.groups[g].unit for g in gids}) > 1:
        n += t["more_than_one_unit"]
        parts.append(f"+{t['more_than_one_unit']} more than one unit")
    if l.pinned:
        n += t["leader_pinned"]
        parts.append(f"+{t['leader_pinned']} leader pinned")
    if KUPAPA in nations:
        n += t["kupapa"]
        parts.append(f"+{t['kupapa']} Kupapa in the group")  # §3: "+1 if group includes Kupapa"
    return n, parts


def target_name(s, leader: int, sel: int, cell: int) -> str:
    b = s.b
    if sel == SEL_SELF:
        return f"{b.leaders[leader].name} himself"
    gids, single = selected(s, leader, sel, cell)
    if single is not None:
        return f"one figure of {b.units[single].name} at {b.label(cell)}"
    names = sorted({b.units[s.groups[g].unit].name for g in gids})
    return f"{' and '.join(names)} at {b.label(cell)}"


def main_apply(s, task, action) -> None:
    if main_choice(s, task, action):
        return
    s.stack.append(task)  # the menu stays under the motivation until the turn ends
    leader, sel, cell = decode(s.b, action)
    s.fresh = False
    s.leaders[leader] = s.leaders[leader]._replace(attempts=s.leaders[leader].attempts - 1)
    number, _ = motivation_number(s, leader, sel, cell)
    s.stack.append(("r_motivate", leader, sel, cell, number))


def main_text(s, task, action) -> str:
    if action == END_TURN:
        return "end the turn"  # the log and the legal actions name the side already
    if action == RETIRE:
        return "retire from the table (§11)"
    leader, sel, cell = decode(s.b, action)
    number, parts = motivation_number(s, leader, sel, cell)
    return (f"{s.b.leaders[leader].name} tries to motivate {target_name(s, leader, sel, cell)} "
            f"(needs {number}: {', '.join(parts)})")


# --- the motivation roll (§2) -------------------------------------------------------------------
def motivated_party(s, leader: int, sel: int, cell: int):
    """The groups and leaders a motivation attempt concerns: (group ids, leader indexes)."""
    return ([], [leader]) if sel == SEL_SELF else (selected(s, leader, sel, cell)[0], [])


def motivate_apply(s, task, face) -> None:
    _, leader, sel, cell, number = task
    failed = face == s.b.t["motivation"]["always_fails"] or face < number
    player = s.b.leaders[leader].player
    hidden = party_hidden(s, *motivated_party(s, leader, sel, cell))  # §12: the side's own secret, as observation.py keeps it
    s._emit(RollEvent((face,), "motivation (§2)", player, "fails" if failed else "motivates",
                      seen_by=(player,) if hidden else None))
    if failed:
        return
    gids, leaders = form_group(s, leader, sel, cell)
    mod = activation_modifier(s, gids, leaders, cell)
    s.stack.append(("r_activate", s.b.leaders[leader].player, tuple(gids), tuple(leaders), leader, mod,
                    s.b.activation_dice, 0))


def motivate_text(s, task, face) -> str:
    _, leader, sel, cell, number = task
    fails = s.b.t["motivation"]["always_fails"]
    ok = face != fails and face >= number
    return (f"motivation of {target_name(s, leader, sel, cell)} by {s.b.leaders[leader].name}: "
            f"needed {number}, rolled {face}{f' ({fails} always fails)' if face == fails else ''} — {verdict(ok)}")


def form_group(s, leader: int, sel: int, cell: int) -> tuple[list[int], list[int]]:
    """Merge (or split) the motivated figures into one group per unit, marked motivated (§2)."""
    b = s.b
    gids, single = selected(s, leader, sel, cell)
    if sel == SEL_SELF:
        s.leaders[leader] = s.leaders[leader]._replace(motivated=True)
        return [], [leader]
    out = []
    if single is not None:
        src = max(gids, key=lambda g: (s.groups[g].n, -g))
        g = s.groups[src]
        s.groups[src] = g._replace(n=g.n - 1)
        out.append(s.add_group(g._replace(n=1, motivated=True)))
    else:
        by_unit: dict[int, list[int]] = {}
        for gid in gids:
            by_unit.setdefault(s.groups[gid].unit, []).append(gid)
        for u, members in by_unit.items():
            gs = [s.groups.pop(m) for m in members]
            out.append(s.add_group(Group(u, cell, sum(g.n for g in gs), any(g.pinned for g in gs),
                                         all(g.hidden for g in gs), True, any(g.moved for g in gs),
                                         any(g.fired for g in gs))))
    leaders = []
    if single is None:
        want = [leader] + [b.units[s.groups[g].unit].leader for g in out]
        for li in want:
            if li is None or li in leaders:
                continue
            l = s.leaders[li]
            if l.cell == cell and not l.motivated:
                s.leaders[li] = l._replace(motivated=True)
                leaders.append(li)
    return out, leaders


def activation_modifier(s, gids, leaders, cell: int) -> int:
    """§3: -2 pinned, -1 British in bush, -1 kupapa in the open, +1 leader in the group."""
    t = s.b.t["activation"]
    nations = s.nations(gids, leaders)
    mod = 0
    if any(s.groups[g].pinned for g in gids) or (not gids and any(s.leaders[l].pinned for l in leaders)):
        mod += t["pinned"]
    if BRITISH in nations and s.b.bush[cell]:
        mod += t["british_in_bush"]
    if KUPAPA in nations and not s.b.bush[cell]:
        mod += t["kupapa_in_open"]
    if leaders:
        mod += t["leader_in_group"]
    return mod


def activate_apply(s, task, face) -> None:
    _, player, gids, leaders, motivator, mod, left, total = task
    total += face
    if left > 1:
        s.stack.append(("r_activate", player, gids, leaders, motivator, mod, left - 1, total))
        return
    points = max(0, total + mod)
    if points > 0:
        s.stack.append(("act", player, gids, leaders, motivator, points, False, 0))


def activate_text(s, task, face) -> str:
    _, _player, gids, leaders, _motivator, mod, left, total = task
    name = s.party_name(gids, leaders)
    if left > 1:
        return f"activation of {name}: first die rolled {face}"
    points = max(0, total + face + mod)
    return f"activation of {name}: rolled {total + face}, modifier {mod:+d} — {points} point{'s' if points != 1 else ''}"


STEPS = {
    "main": Choice(main_legal, main_apply, main_text),
    "r_motivate": Roll(motivate_apply, motivate_text),
    "r_activate": Roll(activate_apply, activate_text),
}
