"""Movement after the dice in a Tahiti game: Variable Movement's second step (15.13), Forced March
(15.14), and the end of a move: entering a Marae compound (15.8).

Scope (docs/rules/tahiti.md "Movement Phase"): the order of the Leaders' rolls (the player's
choice, by the Leader's hex), the Variable Movement Table's result for one Leader (-1 back, by
canoe three hexes back along his route; the half-way Jungle rule; +n more MP), a stack's further
move (`continue_move`, by land or by sea), the Forced March (each Leader his own attempt, each
Leader and unit marching once a turn) and its Panic check (for the units that end the march
with the Leader), and the yes/no of a stack ending its move on a full Marae's hex. Step one is
moves.py's, the reaches reach.py's.
"""
from __future__ import annotations

from motu.engine.rules.events import Roll

from ..constants import CELL, COMBAT, DONE, IN_MARAE, LAND, LEADERS, SEA, SULLEN
from ..game_state import TahitiState
from ..combat.losses import push_panic
from ..machinery import handler, step
from ..queries import enemy_sea_zone
from ..roll_causes import AFTER_A_FORCED_MARCH, FORCED_MARCH, PANIC_CHECK, VARIABLE_MOVEMENT
from .reach import land_reach, land_zone, sea_reach
from .stacks import _alive, _stack, pickable, relocate, sea_group_ok


# --- 15.13 step two: the Variable Movement Table, one Leader at a time ------------------------

def _rollers(st: TahitiState, pending: tuple) -> list[tuple[int, int]]:
    """(record index, Leader uid) of every roll still to come, in the order the Leaders moved
    (within one group the Head Chieftain first). Option rule_15_13_roll: `per_leader` (the
    text: "one die ... for each Leader"), or `per_stack` (one roll a group, its best Leader's)."""
    out = []
    per_leader = st.opts["rule_15_13_roll"] == "per_leader"
    for i, r in enumerate(pending):
        leaders = sorted((u for u in _alive(st, r[5]) if u.kind in LEADERS),
                         key=lambda u: (u.kind != "head_chieftain", u.uid))
        out += [(i, u.uid) for u in (leaders if per_leader else leaders[:1])]
    return out


@step
def variable_movement(st: TahitiState, player: int, pending: tuple) -> None:
    """15.13 step 2: the player chooses the Leader (by his hex) whose roll comes next; two Leaders
    on one hex roll in the order they moved."""
    cells = sorted({pending[i][1] for i, _ in _rollers(st, pending)})
    if cells:
        st.decide(player, [CELL + c for c in cells], "on_variable_movement_leader", player, pending)


@handler
def on_variable_movement_leader(st: TahitiState, action: int, player: int, pending: tuple) -> None:
    rollers = _rollers(st, pending)
    i, lead = next((i, x) for i, x in rollers if pending[i][1] == action - CELL)
    record = pending[i]
    if sum(1 for j, _ in rollers if j == i) > 1:
        # Other Leaders of this group roll for themselves: the player says who moves with this one.
        pool = tuple(u.uid for u in _alive(st, record[5]) if u.kind not in LEADERS)
        if pool:
            st.push(("choose_units", player, pool, (), True, "roll_leader", (player, pending, i, lead)))
            return
        roll_leader(st, player, pending, i, lead, ())
        return
    roll_leader(st, player, pending, i, lead, tuple(x for x in record[5] if x != lead))


@step
def roll_leader(st: TahitiState, player: int, pending: tuple, i: int, lead: int, with_him: tuple) -> None:
    """The Leader `lead` of pending[i] rolls, for himself and the units `with_him`; the rest of
    the group waits for its other Leaders' rolls."""
    kind, t, path, spent, halfway, uids = pending[i]
    group = (lead,) + tuple(x for x in with_him if x != lead)
    rest = tuple(x for x in uids if x not in group)
    left = pending[:i] + ((kind, t, path, spent, halfway, rest),) + pending[i + 1:] if rest else \
        pending[:i] + pending[i + 1:]
    st.push(("variable_movement", player, left))
    units = _alive(st, group)
    if st.opts["rule_15_13_roll"] == "per_leader":
        column = st.b.allowance[st.unit(lead).kind]
    else:
        column = max(st.b.allowance[u.kind] for u in units if u.kind in LEADERS)
    if st.cond.get("rain"):
        column = min(column, st.cond["rain"])  # 52-53: his allowance is now 2 (choice: column 2)
    st.roll("on_variable_movement", player, (kind, t, path, column, spent, halfway, group))


@handler
def on_variable_movement(st: TahitiState, face: int, player: int, record: tuple) -> None:
    """The Variable Movement Table: extra MP for this Leader; -1 (or less than 1 half-way into a
    Jungle hex) puts him and those with him back; otherwise they move on with what the die gave."""
    kind, t, path, column, _spent, halfway, uids = record
    units = _alive(st, uids)
    extra = st.b.data.variable_movement(column, face)
    st._emit(Roll((face,), VARIABLE_MOVEMENT, player, f"the Leader at {st.b.labels[t]}: {extra:+d} MP"))
    if extra < 0 or (halfway and extra < 1):
        back = _back(st, kind, path, halfway)
        relocate(units, back)
        st.push(("marae_offer", player, back, uids))
        return
    extra -= 1 if halfway else 0  # the one MP that completes the move into the Jungle hex
    zone = land_zone(st, player) if kind == 0 else enemy_sea_zone(st, player)
    stopped = t in zone or any(u.cell == t and u.player != player for u in st.units)
    if extra > 0 and not stopped:
        land, sea = (uids, ()) if kind == 0 else ((), uids)
        st.push(("continue_move", player, t, extra, land, sea))
    else:
        st.push(("marae_offer", player, t, uids))


def _back(st: TahitiState, kind: int, path: tuple[int, ...], halfway: bool = False) -> int:
    """-1: by land the hex he moved from: one game hex back along his route (board.game_hex
    hexes; on a map at the game's scale the hex before the last), and out of a Jungle hex he is
    half-way into, the hex next to it. By canoe one full MP back, tracing the route (every hex
    of it, water hexes too): three game hexes back; if that hex is afloat, on back along the
    route to the nearest coastal hex before it (the start at worst: a sea move starts on a
    coastal hex), since no stack stays afloat between turns. A portage crossing counts as one
    hex of the route."""
    if kind == 0:
        return path[-2] if halfway else path[max(0, len(path) - 1 - st.b.game_hex)]
    i = max(0, len(path) - 1 - st.b.hex_per_mp)
    while i > 0 and not st.b.coast[path[i]]:
        i -= 1
    return path[i]


@step
def continue_move(st: TahitiState, player: int, cell: int, mp: float, land: tuple, sea: tuple) -> None:
    """More movement for one stack (15.13's extra MP, 15.14's Forced March): by land for the
    units `land`, by sea for `sea` (canoes and passengers), or stay (done)."""
    n = st.b.size
    acts = [DONE]
    if land and _alive(st, land):
        acts += [LAND + cell * n + t for t in sorted(land_reach(st, player, cell, mp))]
    if sea and any(u.kind == "war_canoe" for u in _alive(st, sea)):
        acts += [SEA + cell * n + t for t in sorted(sea_reach(st, player, cell, mp))]
    st.decide(player, acts, "on_continue", player, cell, land, sea)


@handler
def on_continue(st: TahitiState, action: int, player: int, cell: int, land: tuple, sea: tuple) -> None:
    if action == DONE:
        uids = land or sea
        t = cell
    else:
        uids = land if action < SEA else sea
        t = (action - (LAND if action < SEA else SEA)) % st.b.size
        relocate(_alive(st, uids), t)
    st.push(("marae_offer", player, t, uids))


# --- 15.8: into the Marae compound ---------------------------------------------------------------

@step
def marae_offer(st: TahitiState, player: int, cell: int, uids: tuple) -> None:
    """15.8: "All Units who move into a hex with a Marae can enter the compound (if there are no
    enemy Combat Units in the hex)": a full Marae; enemy Combat Units inside the compound count too."""
    if not st.opts["rule_15_8_maraes"] or st.maraes.get(cell) != 1:
        return
    if any(u.cell == cell and u.player != player and u.kind in COMBAT for u in st.units):
        return
    if any(u.cell == cell and u.kind != "war_canoe" and not u.flags & IN_MARAE for u in _alive(st, uids)):
        st.decide(player, [DONE, CELL + cell], "on_enter_marae", uids)


@handler
def on_enter_marae(st: TahitiState, action: int, uids: tuple) -> None:
    if action == DONE:
        return
    cell = action - CELL
    for u in _alive(st, uids):
        if u.cell == cell and u.kind != "war_canoe":  # the canoes wait on the beach
            u.flags |= IN_MARAE


# --- 15.14 Forced March ------------------------------------------------------------------------

@step
def forced_march(st: TahitiState, player: int, marched: tuple = ()) -> None:
    """15.14: "After all regular Movement is complete, each Leader may attempt a Forced March".
    `marched`: the units that have marched this turn. Each Leader has his own attempt: a hex
    stays offered while a Leader there has not marched, so after one Leader's march the others
    on his hex may still try. Each Leader (and each unit) marches at most once: a stack that
    marched onto another Leader's hex does not march again with him. A recalled Leader (26, 31)
    "makes no other move"; a sullen Clan Elder (41-42) stays behind."""
    cells = sorted({u.cell for u in st.units if u.player == player and u.kind in LEADERS and not u.flags & SULLEN
                    and u.uid not in marched and (player, u.kind) not in st.recalled and st.b.land[u.cell]})
    if cells:
        st.decide(player, [DONE] + [CELL + c for c in cells], "on_forced_march", player, marched)


@handler
def on_forced_march(st: TahitiState, action: int, player: int, marched: tuple) -> None:
    """A Leader on the hex chosen attempts the march. With one Leader there, it is he; with more,
    the player picks who marches (one, or several together: a Leader may be one of "the Units
    moving with" another, and so spends his own attempt); the others keep theirs."""
    if action == DONE:
        return
    c = action - CELL
    leaders = tuple(u.uid for u in _stack(st, player, c, True, marched) if u.kind in LEADERS)
    if len(leaders) > 1:
        st.push(("choose_units", player, leaders, (), False, "march_leaders", (player, c, marched)))
    else:
        march_leaders(st, player, c, marched, leaders)


@step
def march_leaders(st: TahitiState, player: int, cell: int, marched: tuple, leaders: tuple) -> None:
    """The player picks the units that march with the Leaders `leaders` (other Leaders aside:
    they keep their own attempt)."""
    pool = tuple(u.uid for u in pickable(st, player, cell, True, marched) if u.kind not in LEADERS)
    if pool:
        st.push(("choose_units", player, pool, (), True, "march", (player, cell, marched, leaders)))
    else:
        march(st, player, cell, marched, leaders, ())


@step
def march(st: TahitiState, player: int, cell: int, marched: tuple, leaders: tuple, with_them: tuple) -> None:
    """15.14: "The Leader and the Units moving with him" roll on the Forced March column; they
    may march by land (canoes stay), or paddle if their canoes carry them all."""
    group = leaders + with_them
    units = _alive(st, group)
    land = tuple(u.uid for u in units if u.kind != "war_canoe")
    sea = group if any(u.kind == "war_canoe" for u in units) and sea_group_ok(st, units) else ()
    st.push(("forced_march", player, tuple(sorted(set(marched) | set(group)))))
    st.roll("on_forced_march_roll", player, cell, land, sea)


@handler
def on_forced_march_roll(st: TahitiState, face: int, player: int, cell: int, land: tuple, sea: tuple) -> None:
    mp = st.b.data.forced_march(face)
    st._emit(Roll((face,), FORCED_MARCH, player, f"{mp} MP from {st.b.labels[cell]}"))
    st.push(("forced_march_panic", player, tuple(sorted(set(land) | set(sea)))))
    if mp > 0:
        st.push(("continue_move", player, cell, mp, land, sea))


@step
def forced_march_panic(st: TahitiState, player: int, uids: tuple) -> None:
    """The stack that marched is the units of the march that stand with its Leader now (a group
    that marched by land left its canoes behind: they take no Panic check anyway)."""
    units = _alive(st, uids)
    with_leader = {u.cell for u in units if u.kind in LEADERS}
    st.roll("on_forced_march_panic_check", player,
            tuple(u.uid for u in units if not with_leader or u.cell in with_leader))


@handler
def on_forced_march_panic_check(st: TahitiState, face: int, player: int, uids: tuple) -> None:
    """15.14: even, no effect; odd, each Unit (not Clan Elders) of the stack rolls once for Panic
    (9.2). Head Chieftains never panic (15.9); War Canoes are not Units that panic."""
    panic = face in st.b.data.rule("forced_march_panic_on")
    st._emit(Roll((face,), PANIC_CHECK, player, "each Unit of the stack rolls for Panic" if panic else "no effect"))
    if not panic:
        return
    push_panic(st, [u.uid for u in _alive(st, uids) if u.kind not in LEADERS and u.kind != "war_canoe"],
               with_chieftain=False, second_kills=False, why=AFTER_A_FORCED_MARCH)
