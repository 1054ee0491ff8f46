"""Retreat after a land battle (9.2, 15.8) and Panic (9.2, 15.9), numbers in combat.yaml.

Scope: Motu's reconstruction (docs/rules/tahiti.md "Combat (9.2)"):
- the loser's stack retreats `retreat_hexes` hexes toward his Home Village, or (15.8, his
  choice) toward a Marae he controls — not the Marae of the battle's hex, and not without a
  Home Village; over free land hexes only, never into or through an enemy-held hex; it stops on
  reaching its target, and goes into the compound of a Marae it retreated toward (15.8). A
  stack whose battle was at its own Home Village, or whose clan holds no Home Village or none
  it can reach over land (it fights on another island), retreats the full distance to a hex of
  its choice; a Marae it cannot reach over land is no target either. With no free hex next to it, the stack is lost;
- at the map's scale (scale.py) the retreat is `retreat_hexes` game hexes of board.game_hex hexes
  each, and Panic is rolled once in each game hex (at its last hex, or where the retreat ends);
- Panic: in every hex retreated into each unit rolls a die (`panic_on`); the first panic in
  this retreat flips it, a second loses it. Head Chieftains never panic. 15.9: Clan Elders roll
  too, but not on a one-hex retreat; with their Head Chieftain only `panic_on_with_chieftain`;
  a second panic is a capture (12.1); one who panicked once is flipped back at the end.
- which pieces roll is losses.panics (Motu's one reading of "Unit", the Shaman included); a
  single Panic roll outside a retreat (events, 15.14) is losses.push_panic.
"""
from __future__ import annotations

import math
from collections import deque

from motu.engine.rules.events import Roll

from ..constants import CELL, FLIPPED, IN_MARAE
from ..game_state import TahitiState
from ..unit import Unit
from .losses import lose_unit, panics
from ..machinery import handler, step
from ..queries import area_control, home_cell, marae_control
from ..roll_causes import IN_A_RETREAT, panic_cause, panic_outcome
from ..retreat_event import Retreat


@step
def retreat(st: TahitiState, cell: int, loser: int, winner: int) -> None:
    if st.out[loser]:
        return
    home = home_cell(st, loser)
    overland = Overland(st.b, cell)  # a target on another island (Mo'orea) is no way to go
    maraes: list[int] = []
    if st.opts["rule_15_8_maraes"] and home >= 0:  # 15.8: "not available ... if the player has no Home Village"
        held = area_control(st)
        maraes = [m for m, p in sorted(marae_control(st, held).items())
                  if p == loser and m != cell and m in overland]
    if home >= 0 and home != cell and home in overland:
        targets = [home]
    else:
        # No Home Village to retreat toward (lost, the battle was at it, or it is on another
        # island): any hex as far as the retreat goes, the loser's choice.
        reach = free_reach(st, cell, loser)
        far = max(reach.values(), default=0)
        targets = sorted(c for c, d in reach.items() if d == far and d > 0)
    targets += [m for m in maraes if m not in targets]
    st.decide(loser, [CELL + t for t in targets] or [CELL + cell], "on_retreat_target", cell, loser, winner,
              tuple(maraes))


def free_reach(st: TahitiState, start: int, player: int) -> dict[int, int]:
    """Land hexes within the retreat's reach of `start` over hexes holding no enemy unit: cell ->
    hexes (combat.yaml `retreat_hexes` game hexes, board.retreat_hexes hexes of this map)."""
    b = st.b
    n = b.retreat_hexes
    enemy = {u.cell for u in st.units if u.player != player and u.kind != "war_canoe"}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if depth[c] == n:
            continue
        for x in b.nb[c]:
            if x not in depth and b.land[x] and b.foot[x] < math.inf and x not in enemy:
                depth[x] = depth[c] + 1
                queue.append(x)
    return depth


def retreat_path(st: TahitiState, start: int, player: int, target: int) -> list[int]:
    """The hexes retreated into toward `target`: of the free hexes within reach, the one nearest
    the target over land (then the fewest hexes, then the lowest cell), by a shortest free path."""
    b = st.b
    n = b.retreat_hexes
    enemy = {u.cell for u in st.units if u.player != player and u.kind != "war_canoe"}
    prev = {start: -1}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if depth[c] == n or (c == target and c != start):
            continue
        for x in b.nb[c]:
            if x not in prev and b.land[x] and b.foot[x] < math.inf and x not in enemy:
                prev[x], depth[x] = c, depth[c] + 1
                queue.append(x)
    if len(prev) == 1:
        return []
    to_target = land_distance(st, target) if target in st.home else _distances(b, target, [c for c in prev if c != start])
    end = min((c for c in prev if c != start), key=lambda c: (to_target.get(c, math.inf), depth[c], c))
    path = []
    while end != start:
        path.append(end)
        end = prev[end]
    return path[::-1]


KEPT = 64  # land_distance maps kept on a board (retreat targets: Home Villages, Maraes, few others)


def land_distance(st: TahitiState, goal: int) -> dict[int, int]:
    """Hexes over land from every land hex to `goal`, whoever stands there. The board's alone,
    so kept on it (shared: callers must not change it)."""
    b = st.b
    known = b.__dict__.setdefault("_land_distance", {})
    dist = known.get(goal)
    if dist is None:
        dist = _land_distance(b, goal)
        if len(known) < KEPT:
            known[goal] = dist
    return dist


def _distances(b, goal: int, cells: list[int]) -> dict[int, int]:
    """land_distance's map of `goal`, as far as it needs to go to give every one of `cells`
    (land hexes) its distance: the search stops once they all have one."""
    known = b.__dict__.get("_land_distance", {})
    if goal in known:
        return known[goal]
    over = Overland(b, goal)
    left = {c for c in cells if c in over}
    dist = {goal: 0}
    left.discard(goal)
    queue = deque([goal])
    while queue and left:
        c = queue.popleft()
        for x in b.nb[c]:
            if x not in dist and b.land[x] and b.foot[x] < math.inf:
                dist[x] = dist[c] + 1
                queue.append(x)
                left.discard(x)
    return dist


class Overland:
    """`x in Overland(b, cell)`: whether x is in land_distance's map of `cell` (reached over
    land), read from the board's land masses instead of a search from every battle hex."""

    __slots__ = ("cell", "comp", "ids")

    def __init__(self, b, cell: int):
        comp = b.__dict__.get("_land_masses")
        if comp is None:
            comp = b.__dict__["_land_masses"] = _land_masses(b)
        self.cell, self.comp = cell, comp
        # land_distance steps from `cell` to any land hex beside it, whatever `cell` itself is
        self.ids = {comp[cell]} if comp[cell] >= 0 else {comp[x] for x in b.nb[cell] if comp[x] >= 0}

    def __contains__(self, x: int) -> bool:
        return x == self.cell or (self.comp[x] >= 0 and self.comp[x] in self.ids)


def _land_masses(b) -> list[int]:
    """Per hex, the index of its land mass (hexes joined over land a foot may enter), or -1."""
    ok = [b.land[c] and b.foot[c] < math.inf for c in range(b.size)]
    comp = [-1] * b.size
    k = 0
    for c in range(b.size):
        if ok[c] and comp[c] < 0:
            comp[c] = k
            queue = deque([c])
            while queue:
                y = queue.popleft()
                for x in b.nb[y]:
                    if ok[x] and comp[x] < 0:
                        comp[x] = k
                        queue.append(x)
            k += 1
    return comp


def _land_distance(b, goal: int) -> dict[int, int]:
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        c = queue.popleft()
        for x in b.nb[c]:
            if x not in dist and b.land[x] and b.foot[x] < math.inf:
                dist[x] = dist[c] + 1
                queue.append(x)
    return dist


@handler
def on_retreat_target(st: TahitiState, action: int, cell: int, loser: int, winner: int, maraes: tuple) -> None:
    target = action - CELL
    # War Canoes stay on their beach: they take no part in a land battle (choice).
    uids = tuple(u.uid for u in st.units if u.cell == cell and u.player == loser and u.kind != "war_canoe"
                 and not u.flags & IN_MARAE)
    path = retreat_path(st, cell, loser, target)
    if not path:  # nowhere to go: the stack is lost (a Clan Elder captured, a Head Chieftain killed)
        for uid in uids:
            u = st.unit(uid)
            if u is not None and not st.out[loser]:
                lose_unit(st, u, winner, "retreat")
        return
    names = st.b.names
    st._emit(Retreat(loser, cell, st.b.labels[cell], path[-1], st.b.labels[path[-1]],
                     tuple(names.get(u.kind, u.kind) for u in st.units if u.uid in uids)))
    into_compound = path[-1] == target and target in maraes
    st.push(("retreat_move", loser, winner, uids, tuple(path), 0, into_compound, ()))


@step
def retreat_move(st: TahitiState, loser: int, winner: int, uids: tuple, path: tuple, i: int,
                 into_compound: bool, panicked: tuple) -> None:
    """Into the i-th hex of the retreat; then, in each game hex retreated into (every
    board.game_hex hexes of this map, and the last), every unit there rolls for Panic."""
    alive = [u for u in (st.unit(x) for x in uids) if u is not None]
    if i == len(path) or st.out[loser]:
        retreat_end(st, alive, into_compound, panicked)
        return
    for u in alive:
        u.cell = path[i]
    h = st.b.game_hex
    if (i + 1) % h and i + 1 < len(path):  # within a game hex: no roll until its end
        st.push(("retreat_move", loser, winner, uids, path, i + 1, into_compound, panicked))
        return
    elders = st.opts["rule_15_9_elder_panic"] and len(path) > h  # 15.9: no roll on a one-hex retreat
    rolling = tuple(u.uid for u in alive if panics(u) and (u.kind != "clan_elder" or elders))
    st.push(("retreat_panic", loser, winner, uids, path, i, into_compound, panicked, rolling))


@step
def retreat_panic(st: TahitiState, loser: int, winner: int, uids: tuple, path: tuple, i: int,
                  into_compound: bool, panicked: tuple, rolling: tuple) -> None:
    rolling = tuple(x for x in rolling if st.unit(x) is not None)
    if not rolling:
        st.push(("retreat_move", loser, winner, uids, path, i + 1, into_compound, panicked))
        return
    st.roll("on_retreat_panic", loser, winner, uids, path, i, into_compound, panicked, rolling)


@handler
def on_retreat_panic(st: TahitiState, face: int, loser: int, winner: int, uids: tuple, path: tuple, i: int,
                     into_compound: bool, panicked: tuple, rolling: tuple) -> None:
    u = st.unit(rolling[0])
    flipped = face in panic_faces(st, u, uids)
    st._emit(Roll((face,), panic_cause(u.kind == "clan_elder", IN_A_RETREAT), loser,
                  panic_outcome(st, u, ("lost" if u.uid in panicked else "flipped") if flipped else "no panic")))
    if flipped:
        if u.uid in panicked:
            lose_unit(st, u, winner, "retreat")  # the second panic of this retreat: lost (a Clan Elder captured, 15.9)
        else:
            u.flags |= FLIPPED
            panicked += (u.uid,)
    st.push(("retreat_panic", loser, winner, uids, path, i, into_compound, panicked, rolling[1:]))


def panic_faces(st: TahitiState, u: Unit, stack: tuple) -> list[int]:
    """15.9: a Clan Elder in the same stack as his Head Chieftain panics only on 1 or 3."""
    data = st.b.data.doc("combat")
    with_chieftain = u.kind == "clan_elder" and any(
        v is not None and v.kind == "head_chieftain" and v.player == u.player and v.cell == u.cell
        for v in map(st.unit, stack))
    return data["panic_on_with_chieftain"] if with_chieftain else data["panic_on"]


def retreat_end(st: TahitiState, alive: list, into_compound: bool, panicked: tuple) -> None:
    for u in alive:
        if u.kind == "clan_elder" and u.uid in panicked:
            u.flags &= ~FLIPPED  # 15.9: "If he does not panic a second time, flip him back right-side-up."
        if into_compound:
            u.flags |= IN_MARAE  # 15.8: "Place the units under the Marae counter (if they reach the hex)"
