"""The Movement Phase of a Tahiti game: step one, one stack (or a group split from it) at a time.

Scope: the movement decisions of a player (docs/rules/tahiti.md "Movement Phase"): move a whole
stack by land, by sea or on an expedition; split a stack (pick the units that move together,
then where they go, or keep them in place); step out of a Marae compound (15.8); say *done*.
Recalls (events 26, 31) walk home first. Where a stack may go is reach.py's, who may move
stacks.py's; what follows the dice -- 15.13's step two, Forced March (15.14), entering a Marae
compound -- is after_dice.py. The readings:

- a stack is a player's units on one hex not yet moved; it moves with its best Leader's
  allowance (Head Chieftain 4, Clan Elder 3); without a Leader only Population and the Shaman
  move (3); Combat Units never move without a Leader; a sullen Clan Elder (41-42) stays behind;
- splitting: the player picks units one at a time by class (kind, flipped, cursed), then moves
  the group or keeps it where it is (a garrison: those units make no move this phase);
- a group with War Canoes on a coastal hex moves by sea (4 MP = 12 game hexes) and ends on a
  coastal hex; canoe_capacity units a canoe; the whole stack boards Leaders first;
- entering an enemy zone or an enemy-occupied hex ends the move (battle in the Combat Phase);
- a recalled piece (26, 31) with no land route home is free again (he may sail home);
- 15.13: in the first step Leaders' groups move up to 2 MP; a step-one move waiting for its
  roll is a record (kind, hex, path -- every hex, water hexes too --, MP spent, half-way, unit
  ids) carried in the steps' arguments.
"""
from __future__ import annotations

import heapq

from ..unit import Unit
from ..clan_events import RecallEnded
from ..constants import DONE, EXPED, IN_MARAE, LAND, MOVED, SEA, SPLIT, STAYED, TAKE, unit_class
from .expedition import expedition_targets, sail
from ..game_state import TahitiState
from ..machinery import handler, step
from ..queries import home_cell
from .reach import land_reach, phase_cache, route, sea_reach
from ..constants import first_of_class
from .stacks import _alive, allowance, first_step_mp, movers, pickable, relocate, sea_group_ok, sea_movers

INF = float("inf")
# The numbers (allowances, 3 hexes a sea MP, 15.13's first step, the portage's 2 MP, what a
# storm leaves open) are the board's, read from the catalogue and rules.yaml (board.py).


def _reach(st: TahitiState, player: int, kind: int, cell: int, units: list[Unit],
           cache: dict | None = None) -> tuple[dict, float, float]:
    """(reach, step-one MP, full allowance) of a land (kind 0) or sea (kind 1) move of `units`
    from `cell`. A sea reach keeps its water hexes (so the route to any hex can be traced):
    only its coastal hexes are places to stop."""
    full = allowance(st, units) if kind == 0 else st.b.allowance["war_canoe"]
    mp = first_step_mp(st, units, full)
    if kind == 0:
        # The half-way rule is for the second MP of the first step (not for a rain-cut single MP).
        halfway = mp < full and min(mp, st.cond.get("rain") or mp) == st.b.first_step_mp
        return land_reach(st, player, cell, mp, halfway=halfway, cache=cache), mp, full
    return sea_reach(st, player, cell, mp, afloat=True, cache=cache), mp, full


def _compound_leavers(st: TahitiState, units: list[Unit], cell: int) -> list[Unit]:
    return [u for u in units if u.flags & IN_MARAE] if cell in st.maraes else []


def group_targets(st: TahitiState, player: int, cell: int, units: list[Unit], whole: bool = False,
                  cache: dict | None = None) -> list[int]:
    """The moves of these units from `cell`: by land (no canoes among them, an allowance), out
    of the Marae compound onto its hex, by sea (sea_group_ok) and on an expedition."""
    n = st.b.size
    acts = []
    if not units:
        return acts
    canoes = any(u.kind == "war_canoe" for u in units)
    if not canoes and allowance(st, units):
        base = LAND + cell * n
        acts += [base + t for t in _reach(st, player, 0, cell, units, cache)[0]]
    if not canoes and _compound_leavers(st, units, cell):
        acts.append(LAND + cell * n + cell)  # 15.8: step out of the Marae compound onto its hex
    if canoes and (whole or sea_group_ok(st, units)):
        coast = st.b.coast
        base = SEA + cell * n
        acts += [base + t for t in _reach(st, player, 1, cell, units, cache)[0] if coast[t]]
        acts += [EXPED + cell * n + t for t in expedition_targets(st, player, cell, units)]
    return acts


def move_actions(st: TahitiState, player: int) -> list[int]:
    acts = [DONE]
    by_cell: dict[int, list[Unit]] = {}
    for u in st.units:
        if u.player == player and not u.flags & (MOVED | STAYED):
            by_cell.setdefault(u.cell, []).append(u)
    cache = phase_cache(st, player)
    for c in sorted(by_cell):
        here = by_cell[c]
        units, mp = movers(st, player, c, pool=here)
        if units:
            acts += group_targets(st, player, c, units, cache=cache)
        carried = sea_movers(st, player, c, pool=here)
        if carried:
            acts += group_targets(st, player, c, carried, whole=True, cache=cache)
        if len(pickable(st, player, c, pool=here)) >= 2:
            acts.append(SPLIT + c)  # choose which units on c move together
    return acts


@step
def movement(st: TahitiState, player: int) -> None:
    if st.out[player]:
        return
    _do_recalls(st, player)
    st.push(("move_decide", player, ()))


@step
def move_decide(st: TahitiState, player: int, pending: tuple = ()) -> None:
    """Step one of the Movement Phase (the whole phase without 15.13): one stack at a time.
    A bot's look-ahead copy (`st.lookahead`) only needs to know whose move it is: it scores
    the position, so the moves are not listed."""
    if st.lookahead:
        st.node = ("decide", player, (DONE,), "on_move", (player, pending))
        return
    st.decide(player, move_actions(st, player), "on_move", player, pending)


@handler
def on_move(st: TahitiState, action: int, player: int, pending: tuple = ()) -> None:
    n = st.b.size
    if action == DONE:
        after = [("variable_movement", player, pending)] if pending else []
        if st.opts["rule_15_14_forced_march"] and st.opts["rule_15_14_when"] == "after_own":
            after.append(("forced_march", player, ()))
        st.push(*after)
        return
    if SPLIT <= action < TAKE:
        cell = action - SPLIT
        pool = tuple(u.uid for u in pickable(st, player, cell))
        st.push(("choose_units", player, pool, (), False, "group_move", (player, cell, pending)))
        return
    kind = action // 30_000_000
    f, t = divmod(action - (LAND, SEA, EXPED)[kind], n)
    units = movers(st, player, f)[0] if kind == 0 else sea_movers(st, player, f)
    make_move(st, player, kind, f, t, units, pending)


def make_move(st: TahitiState, player: int, kind: int, f: int, t: int, units: list[Unit], pending: tuple) -> None:
    """Move `units` from f to t by land (0), sea (1) or expedition (2); a 15.13 Leader's move
    that spent more than 1 MP of his first step waits for his roll in step two."""
    uids = tuple(u.uid for u in units)
    if kind == 2:
        sail(st, player, f, t, uids)
        st.push(("move_decide", player, pending))
        return
    if kind == 0 and f == t:  # 15.8: "They may move out from the Marae in their movement phase"
        for u in _compound_leavers(st, units, f):
            u.flags = (u.flags | MOVED) & ~IN_MARAE
        st.push(("move_decide", player, pending))
        return
    reach, mp, full = _reach(st, player, kind, f, units)
    spent = reach[t][0] if kind == 0 else reach[t][0] / st.b.hex_per_mp
    relocate(units, t)
    if mp < full and spent > 1:  # 15.13: a Leader of this group rolls in step two
        record = (kind, t, route(reach, t), spent, spent > mp + 1e-9, uids)
        st.push(("move_decide", player, pending + (record,)))
    else:
        st.push(("marae_offer", player, t, uids), ("move_decide", player, pending))


# --- choosing units: splitting a stack, and who goes with a Leader --------------------------------

@step
def choose_units(st: TahitiState, player: int, pool: tuple, picked: tuple, none_ok: bool, then: str,
                 args: tuple) -> None:
    """Pick units of `pool` one at a time by class (TAKE + class); DONE ends the choice (with
    none picked only if `none_ok`), and the step `then` follows with (*args, picked)."""
    left = [u for u in _alive(st, pool) if u.uid not in picked]
    acts = ([DONE] if picked or none_ok else []) + [TAKE + k for k in sorted({unit_class(u) for u in left})]
    st.decide(player, acts or [DONE], "on_choose_units", player, pool, picked, none_ok, then, args)


@handler
def on_choose_units(st: TahitiState, action: int, player: int, pool: tuple, picked: tuple, none_ok: bool,
                    then: str, args: tuple) -> None:
    if action == DONE:
        st.push((then, *args, picked))
        return
    u = first_of_class(_alive(st, pool), action - TAKE, picked)
    st.push(("choose_units", player, pool, picked + (u.uid,), none_ok, then, args))


@step
def group_move(st: TahitiState, player: int, cell: int, pending: tuple, picked: tuple) -> None:
    """Where the units picked from `cell` go, or DONE: they stay (a garrison, no move this phase)."""
    units = _alive(st, picked)
    st.decide(player, [DONE] + group_targets(st, player, cell, units), "on_group_move", player, cell, pending, picked)


@handler
def on_group_move(st: TahitiState, action: int, player: int, cell: int, pending: tuple, picked: tuple) -> None:
    units = _alive(st, picked)
    if action == DONE:
        for u in units:
            u.flags |= STAYED
        st.push(("move_decide", player, pending))
        return
    kind = action // 30_000_000
    f, t = divmod(action - (LAND, SEA, EXPED)[kind], st.b.size)
    make_move(st, player, kind, f, t, units, pending)


# --- recalls (events 26, 31) ----------------------------------------------------------------------

def _do_recalls(st: TahitiState, player: int) -> None:
    """Events 26 / 31: the Shaman or Head Chieftain walks home by the shortest route; with no
    land route home the recall ends (docs: Movement Phase, Recall)."""
    for kind in ("shaman", "head_chieftain"):
        if (player, kind) not in st.recalled:
            continue
        home = home_cell(st, player)
        unit = next((u for u in st.units if u.player == player and u.kind == kind), None)
        if unit is None or home < 0 or unit.cell == home:
            st.recalled.discard((player, kind))
            continue
        dist = _distance_to(st, home)
        if dist.get(unit.cell, INF) == INF:
            # No land route home (another island): the recall ends and he moves freely, so he
            # may sail home (an expedition needs the Head Chieftain) instead of being stranded.
            st.recalled.discard((player, kind))
            number = next((n for n, e in st.b.data.events_by_number().items()
                           if e["event"] == "recall" and e.get("piece") == kind), None)  # 26, 31
            st._emit(RecallEnded(st.turn, player, st.b.names.get(kind, kind), f"event {number}" if number else ""))
            continue
        reach = dict(land_reach(st, player, unit.cell, st.b.allowance[kind]))
        reach[unit.cell] = (0, -1)
        goal = min(reach, key=lambda c: (dist.get(c, INF), c))
        if goal != unit.cell:
            relocate([unit], goal)  # leaving a Marae compound too (his movement phase)
        unit.flags |= MOVED
        if goal == home:
            st.recalled.discard((player, kind))


def _distance_to(st: TahitiState, goal: int) -> dict[int, float]:
    """Foot MP from every hex to `goal` (the board's alone: kept on it, shared)."""
    b = st.b
    known = b.__dict__.setdefault("_distance_to", {})
    dist = known.get(goal)
    if dist is None:
        dist = _foot_distance(b, goal)
        if len(known) < 64:  # the goals are Home Villages
            known[goal] = dist
    return dist


def _foot_distance(b, goal: int) -> dict[int, float]:
    dist = {goal: 0.0}
    heap = [(0.0, goal)]
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist[c]:
            continue
        for x in b.nb[c]:
            if b.foot[c] != INF and b.foot[x] != INF and d + b.foot[c] < dist.get(x, INF):
                dist[x] = d + b.foot[c]
                heapq.heappush(heap, (dist[x], x))
    return dist


def _path(reach: dict, t: int) -> tuple[int, ...]:
    """The route to `t` of a reach (reach.route): every hex from the start."""
    return route(reach, t)
