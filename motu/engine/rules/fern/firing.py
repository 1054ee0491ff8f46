"""§5 firing, with §9's pinning test after a square has been fired on.

Scope: the cost of a volley by weapon; the targets a group may fire at (enemy
it can see, in line of sight, 1 to 4 squares away, in a square without its own
side's figures); the volley itself: at most 12 figures from an open square, 8
from bush or from behind a palisade; a D6 a figure, one more die per two
tupara-armed Maori at close range; 6 hits; a save per hit (5-6, modified; a 1
always fails); unsaved hits fall at random on the figures in the square
(leaders included), each becoming a casualty; then §9's D6 against the hits.
Close range is 1 square. Long range is 4 squares, or with option
`long_range: beyond_close` every shot beyond close range.
Steps: ("volley", …) → ("r_hit", …)* → ("r_save", …)* → ("alloc", …) → ("pin_test", …).
"""
from __future__ import annotations

from motu.engine.rules.events import Roll as RollEvent

from .model import KUPAPA, MAORI, SLOT
from .volley_event import Volley
from .steps import Auto, Roll, verdict


def cost(s, gids) -> int:
    table = s.b.t["fire_cost"]
    return max(table.get(s.b.units[s.groups[g].unit].weapon, 3) for g in gids)


def targets(s, player: int, gids, cell: int, points: int) -> list[int]:
    if cost(s, gids) > points:
        return []
    b = s.b
    longest = b.t["range"]["long"]
    out = []
    for t in s.enemy_cells_seen(player):
        if 1 <= b.dist(cell, t) <= longest and not s.occupied(t, player) and b.sight.visible(cell, t):
            out.append(t)
    return sorted(out)


def tupara_bonus(b, unit) -> bool:
    """§5 "for Maoris firing at close range (tupara)": Maori figures armed with the tupara;
    kupapa with it too under option `kupapa_tupara` (§1: kupapa are not "Maori")."""
    return unit.weapon == "tupara" and (unit.nation == MAORI or (b.kupapa_tupara and unit.nation == KUPAPA))


def fire(s, player: int, gids, cell: int, target: int) -> None:
    for g in gids:
        s.groups[g] = s.groups[g]._replace(fired=True)
    s.stack.append(("volley", player, cell, target, tuple(gids), False, False))


def volley(s, task) -> None:
    _, player, cell, target, gids, ambush, is_reaction = task
    b = s.b
    gids = s.groups_at(cell, player) if gids is None else [g for g in gids if g in s.groups]
    if not gids or not s.occupied(target, 1 - player):
        return
    groups = [s.groups[g] for g in gids]
    # §12: troops hidden until they fire are firing from ambush; firing reveals them.
    ambush = ambush or all(g.hidden for g in groups)
    s.reveal(cell, player)
    caps = b.t["max_firers"]
    closed = b.bush[cell] or b.behind_palisade(cell, target)
    cap = caps["closed"] if closed else caps["open"]
    total = sum(g.n for g in groups)
    firing = min(total, cap)
    tupara = min(firing, sum(g.n for g in groups if tupara_bonus(b, b.units[g.unit])))
    bonus = tupara // b.t["tupara_bonus_per"] if b.dist(cell, target) <= b.t["range"]["close"] else 0
    dice = firing + bonus
    ctx = (player, cell, target, ambush, dice, is_reaction, firing, bonus)
    s.volley_note = (ctx, groups[0].unit, (), 0, ())  # what the Volley event will tell: dice, saves, casualties
    s.stack.append(("r_hit", ctx, dice, 0))


def save_modifier(s, ctx) -> tuple[int, list[str]]:
    player, cell, target, ambush = ctx[:4]
    b, t = s.b, s.b.t["save"]
    enemy = 1 - player
    groups = [s.groups[g] for g in s.groups_at(target, enemy)]
    mod, parts = 0, []

    def add(n, why):
        nonlocal mod
        mod += n
        parts.append(f"{n:+d} {why}")

    leaders = [s.leaders[l] for l in s.leaders_at(target, enemy)]
    if groups and all(not g.moved or g.pinned for g in groups) or (
            not groups and all(not l.moved or l.pinned for l in leaders)):
        add(t["stationary_or_pinned"], "stationary or pinned")
    if b.bush[target]:
        add(t["bush"], "bush")
    if target in b.rifle_pit:
        add(t["rifle_pit"], "rifle pit")
    if b.behind_palisade(target, cell):
        add(t["palisade"], "behind palisade")
    d = b.dist(cell, target)
    if d <= b.t["range"]["close"]:
        add(t["short_range"], "short range")
    elif d >= b.long_from:
        add(t["long_range"], "long range")
    if sum(g.n for g in groups) >= t["dense_from"]:
        add(t["dense"], "dense target")
    if ambush:
        add(t["ambush"], "ambush")
    return mod, parts


def _who(s, ctx) -> str:
    player, cell, target = ctx[:3]
    kind = "reaction volley" if ctx[5] else "volley"
    return f"{kind} by {s.cell_names(cell, player)} from {s.b.label(cell)} at {s.b.label(target)}"


def hit_apply(s, task, face) -> None:
    _, ctx, left, hits = task
    hits += face >= s.b.t["hit_on"]
    note = s.volley_note
    if note is not None:
        s.volley_note = note = (note[0], note[1], note[2] + (face,), note[3], note[4])
    if left > 1:
        s.stack.append(("r_hit", ctx, left - 1, hits))
    elif hits:
        mod, _ = save_modifier(s, ctx)
        s.stack.append(("r_save", ctx, hits, hits, 0, mod))
    else:
        _tell_volley(s)


def hit_text(s, task, face) -> str:
    _, ctx, left, hits = task
    dice, firing, bonus = ctx[4], ctx[6], ctx[7]
    n = dice - left + 1
    extra = f" ({firing} figures + {bonus} tupara dice)" if bonus else ""
    hit = face >= s.b.t["hit_on"]
    total = hits + hit
    end = f"; {total} hit{'s' if total != 1 else ''} in all" if left == 1 else ""
    return (f"{_who(s, ctx)}, die {n} of {dice}{extra}: needed {s.b.t['hit_on']}, rolled {face} — "
            f"{verdict(hit, 'hit', 'miss')}{end}")


def hit_line(s, task, face) -> tuple[str, str]:
    """A hit die as a volley's line in the dice tray: (the words every die of the volley shares, what
    the last die adds): "volley by … at 8,11, to hit needing 6", "; 2 hits in all"."""
    _, ctx, left, hits = task
    dice, firing, bonus = ctx[4], ctx[6], ctx[7]
    extra = f", {firing} figures + {bonus} tupara dice" if bonus else ""
    total = hits + (face >= s.b.t["hit_on"])
    end = f" — {total} hit{'s' if total != 1 else ''} in all" if left == 1 else ""
    return f"{_who(s, ctx)} ({dice} {'dice' if dice != 1 else 'die'}{extra}), to hit needing {s.b.t['hit_on']}", end


def save_line(s, task, face) -> tuple[str, str]:
    """A saving die as a line shared by the saves of one volley: (shared words, the last die's end)."""
    _, ctx, hits, left, unsaved, mod = task
    _, parts = save_modifier(s, ctx)
    need = max(s.b.t["save"]["always_fails"] + 1, s.b.t["save"]["needed"] - mod)
    lost = unsaved + (not saved(s, face, mod))
    end = f" — {hits - lost} saved, {lost} not saved" if left == 1 else ""
    return (f"saves for {s.cell_names(ctx[2], 1 - ctx[0])} at {s.b.label(ctx[2])} "
            f"({', '.join(parts) or 'no modifier'}), needing {need}"), end


def saved(s, face: int, mod: int) -> bool:
    t = s.b.t["save"]
    return face != t["always_fails"] and face + mod >= t["needed"]


def save_apply(s, task, face) -> None:
    _, ctx, hits, left, unsaved, mod = task
    ok = saved(s, face, mod)
    unsaved += not ok
    note = s.volley_note
    if note is not None and ok:
        s.volley_note = (note[0], note[1], note[2], note[3] + 1, note[4])
    if left > 1:
        s.stack.append(("r_save", ctx, hits, left - 1, unsaved, mod))
        return
    player, target = ctx[0], ctx[2]
    s.stack.append(("pin_test", target, 1 - player, hits))
    if unsaved:
        s.stack.append(("alloc", 1 - player, target, unsaved, None, None, "fire"))


def save_text(s, task, face) -> str:
    _, ctx, hits, left, _unsaved, mod = task
    _, parts = save_modifier(s, ctx)
    fails = s.b.t["save"]["always_fails"]
    need = max(fails + 1, s.b.t["save"]["needed"] - mod)
    ok = saved(s, face, mod)
    return (f"save for {s.cell_names(ctx[2], 1 - ctx[0])} at {s.b.label(ctx[2])}, hit {hits - left + 1} of {hits} "
            f"({', '.join(parts) or 'no modifier'}): needed {need}, rolled {face}"
            f"{f' ({fails} always fails)' if face == fails else ''} — {verdict(ok, 'saved', 'not saved')}")


# --- random allocation of hits (§5 "hits are allocated randomly") --------------------------------
def alloc(s, task) -> None:
    _, player, cell, k, only_gids, only_leaders, why = task
    while k > 0:
        slots = s.slots(cell, player, only_gids, only_leaders)
        if not slots:
            return
        if len(slots) > 1:
            if k > 1:
                s.stack.append(("alloc", player, cell, k - 1, only_gids, only_leaders, why))
            s.stack.append(("r_alloc", player, cell, only_gids, only_leaders, why))
            return
        _note_casualty(s, s.kill_slot(slots[0][0], why), why)
        k -= 1


def alloc_outcomes(s, task) -> list[tuple[int, float]]:
    _, player, cell, only_gids, only_leaders, _why = task
    slots = s.slots(cell, player, only_gids, only_leaders)
    total = sum(n for _, n in slots)
    return [(SLOT + i, n / total) for i, (_, n) in enumerate(slots)]


def _slot_of(s, task, action):
    _, player, cell, only_gids, only_leaders, _why = task
    return s.slots(cell, player, only_gids, only_leaders)[action - SLOT]


def alloc_apply(s, task, action) -> None:
    _note_casualty(s, s.kill_slot(_slot_of(s, task, action)[0], task[5]), task[5])


def _note_casualty(s, name: str, why: str) -> None:
    note = s.volley_note
    if note is not None and why == "fire":
        s.volley_note = (note[0], note[1], note[2], note[3], note[4] + (name,))


def _tell_volley(s) -> None:
    """The volley is over: its Volley event (volley_event.py), from what firing noted of it."""
    note = s.volley_note
    if note is None:
        return
    s.volley_note = None
    (player, cell, target, ambush, _dice, is_reaction, _firing, _bonus), unit, faces, n_saved, dead = note
    b = s.b
    hits = sum(1 for f in faces if f >= b.t["hit_on"])
    s._emit(Volley(player, b.units[unit].name, cell, b.label(cell), target, b.label(target), faces, hits, n_saved,
                   dead, ambush=bool(ambush), reaction=bool(is_reaction)))


def alloc_text(s, task, action) -> str:
    slot, n = _slot_of(s, task, action)
    total = sum(x for _, x in s.slots(task[2], task[1], task[3], task[4]))
    name = s.b.units[s.groups[slot].unit].name if slot >= 0 else s.b.leaders[-1 - slot].name
    return f"{task[5]} casualty at {s.b.label(task[2])} falls at random on {name} ({n} of {total} figures)"


def pin_test(s, task) -> None:
    _tell_volley(s)  # pushed under the hits' allocation: the volley's casualties have fallen
    _, cell, player, hits = task
    if s.occupied(cell, player):
        s.stack.append(("r_pin", cell, player, hits))


def pin_apply(s, task, face) -> None:
    _, cell, player, hits = task
    s._emit(RollEvent((face,), "pinning (§9)", player, "pinned" if face <= hits else "not pinned"))
    if face <= hits:
        s.set_pinned(cell, player, True)


def pin_text(s, task, face) -> str:
    _, cell, player, hits = task
    return (f"pinning of {s.cell_names(cell, player)} at {s.b.label(cell)} after {hits} hit{'s' if hits != 1 else ''}: "
            f"pinned on {hits} or less, rolled {face} — {verdict(face <= hits, 'pinned', 'not pinned')}")


STEPS = {
    "volley": Auto(volley),
    "r_hit": Roll(hit_apply, hit_text),
    "r_save": Roll(save_apply, save_text),
    "alloc": Auto(alloc),
    "r_alloc": Roll(alloc_apply, alloc_text, alloc_outcomes, raw=True),
    "pin_test": Auto(pin_test),
    "r_pin": Roll(pin_apply, pin_text),
}
