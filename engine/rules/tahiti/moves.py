"""The Movement Phase of a Tahiti game: land, sea, reef and portage moves of one stack at a time.

Scope: where a stack may go (Dijkstra over foot costs; breadth-first over canoe hexes, 3 to the
MP), the movement decisions of a player (move one stack, or done; step one of Variable Movement,
15.13; stepping out of a Marae compound, 15.8) and recalls (events 26, 31). What follows the
dice -- 15.13's step two, Forced March (15.14), entering a Marae compound -- is moves_rolled.py.
The readings are movement.py's, as docs/rules/tahiti.md "Land movement", "Sea movement",
"Reef movement", "Portage" write them; what a game adds is in "Movement Phase":

- a stack is a player's unmoved units on one hex; it moves with its best Leader's allowance
  (Head Chieftain 4, Clan Elder 3); without a Leader only Population and the Shaman move (3);
  Combat Units never move without a Leader; a sullen Clan Elder (41-42) stays behind;
- a stack on a coastal hex with its War Canoes may move by sea (4 MP = 12 hexes) and ends on a
  coastal hex; canoe_capacity units a canoe;
- entering an enemy zone or an enemy-occupied hex ends the move (battle in the Combat Phase);
  with rule_7_5_doubling_back = step_out_first a stack starting in a zone steps out first;
- truce (44-45): no entering another player's area; a stack already in one may move within it
  and out of it;
- a recalled piece (26, 31) with no land route home is free again (he may sail home);
- 15.13: in the first step Leaders' stacks move up to 2 MP; when the player is done, each Leader
  who moved more than 1 MP rolls on his allowance's column, in the order the player chooses.
  One roll per stack, on its best Leader's column. A step-one move waiting for its roll is a
  record (kind, hex, path -- every hex, water hexes too --, column, MP spent, half-way, unit
  ids) carried in the steps' arguments.
"""
from __future__ import annotations

import heapq

from .game_state import (COMBAT, DONE, EXPED, IN_MARAE, LAND, LEADERS, MOVED, SEA, SULLEN,
                         TahitiState, handler, step)
from .queries import area_control, enemy_land_zone, enemy_sea_zone, home_cell
from .rulesdata import load

INF = float("inf")
# The numbers (allowances, 3 hexes a sea MP, 15.13's first step, the portage's 2 MP, what a
# storm leaves open) are the board's, read from the catalogue and rules.yaml (board.py).


def _stack(st: TahitiState, player: int, cell: int, again: bool, skip: tuple = ()) -> list[list]:
    """The player's units on `cell` able to move: not yet moved this turn (unless `again`, a
    Forced March, for units not in `skip`), not sullen (41-42), not walking home (26, 31);
    War Canoes aside."""
    return [u for u in st.units if u[2] == cell and u[1] == player and (again or not u[3] & MOVED)
            and u[0] != "war_canoe" and not u[3] & SULLEN and (u[1], u[0]) not in st.recalled
            and u[4] not in skip]


def movers(st: TahitiState, player: int, cell: int, again: bool = False,
           skip: tuple = ()) -> tuple[list[list], int]:
    """(units that would move from `cell`, their allowance) for a land move."""
    here = _stack(st, player, cell, again, skip)
    mp = st.b.allowance
    leaders = [mp[u[0]] for u in here if u[0] in LEADERS]
    if leaders:
        return here, max(leaders)
    here = [u for u in here if u[0] not in COMBAT]
    return here, (max(mp[u[0]] for u in here) if here else 0)


def _closed(st: TahitiState, player: int, start: int) -> set[int]:
    b = st.b
    closed: set[int] = set()
    if st.cond.get("rain"):
        closed |= b.streams   # 52-53: no movement in hexes with a stream
    if st.cond.get("truce"):  # 44-45: no movement into enemy-controlled territory
        held = area_control(st)
        # A stack already inside an enemy-held area is not moving *into* it: it may move within
        # it and out of it, but not into another enemy-held area.
        bad = {a for a, p in enumerate(held) if p >= 0 and p != player and a != b.along[start]}
        if bad:
            closed |= {c for c in range(b.size) if b.along[c] in bad}
    if st.arioi >= 0:         # 15.6: no entering hexes with enemy Combat Units in the Arioi's area
        aa = b.area[st.arioi]
        closed |= {u[2] for u in st.units if u[1] != player and u[0] in COMBAT and b.area[u[2]] == aa}
    return closed


def _first_step_barred(st: TahitiState, start: int, zone: set[int]) -> set[int]:
    """7.5, option rule_7_5_doubling_back = step_out_first: a stack that starts in an enemy
    zone must first step out of every zone, so its first step may not enter a zone hex (entering
    a zone ends a move, so only the first step can go from zone to zone)."""
    if st.opts["rule_7_5_doubling_back"] == "step_out_first" and start in zone:
        return zone
    return set()


def land_reach(st: TahitiState, player: int, start: int, mp: float, halfway: bool = False) -> dict[int, tuple]:
    """cell -> (cost, previous cell) of every hex the stack may end on. `halfway`: 15.13's
    jungle rule, the last hex may cost one MP more than is left (completed on the roll)."""
    b = st.b
    if st.cond.get("rain"):
        mp = min(mp, st.cond["rain"])
    zone = enemy_land_zone(st, player)
    closed = _closed(st, player, start)
    barred = _first_step_barred(st, start, zone)
    enemy = {u[2] for u in st.units if u[1] != player}
    best = {start: (0.0, -1)}
    heap = [(0.0, start)]
    while heap:
        cost, c = heapq.heappop(heap)
        if cost > best[c][0] or (c != start and (c in zone or c in enemy)) or cost >= mp:
            continue
        for x in b.nb[c]:
            step_cost = b.foot[x]
            if step_cost == INF or x in closed or (c == start and x in barred):
                continue
            nc = cost + step_cost
            if nc > mp and not (halfway and nc - mp <= 1 and step_cost > 1):
                continue
            if x not in best or nc < best[x][0]:
                best[x] = (nc, c)
                heapq.heappush(heap, (nc, x))
    del best[start]
    return best


def sea_reach(st: TahitiState, player: int, start: int, mp: float, afloat: bool = False) -> dict[int, tuple]:
    """coastal cell -> (hexes, previous) for War Canoes from `start` (8.4, 15.6, 15.7, 14-15).
    `afloat`: every hex reached, water hexes too (the whole route tree, for 15.13's -1)."""
    b = st.b
    storm = st.cond.get("storm")
    paddle = b.canoe_open[storm]  # 14-15: what a storm leaves open
    if paddle is None:
        return {}
    if st.cond.get("rain"):
        mp = min(mp, st.cond["rain"])
    budget = mp * b.hex_per_mp
    held = area_control(st)
    reef_free = b.area[st.arioi] if st.arioi >= 0 and st.opts["rule_15_6_arioi_reef"] == "arioi_area" else -2
    zone = enemy_sea_zone(st, player)
    closed = _closed(st, player, start)
    barred = _first_step_barred(st, start, zone)
    enemy = {u[2] for u in st.units if u[1] != player}  # landing on an enemy-held hex ends the move
    hostile = None
    best = {start: (0, -1)}
    heap = [(0, start)]
    while heap:
        cost, c = heapq.heappop(heap)
        if cost > best[c][0] or (c != start and (c in zone or c in enemy)) or cost >= budget:
            continue
        for x in b.nb[c]:
            if not paddle[x] or x in closed:
                continue
            if c == start and x in barred:
                continue
            if b.lagoon[x] and (b.along[x] < 0 or (held[b.along[x]] != player and b.along[x] != reef_free)):
                continue  # 15.6 reef movement: only along areas the player controls
            e = b.edge(c, x)
            extra = 0
            if e in b.canoe_blocked:
                continue
            if e in b.portages:
                if not st.opts["rule_15_7_portage"]:
                    continue
                if hostile is None:
                    hostile = zone | enemy_land_zone(st, player)
                if c in hostile or x in hostile:
                    continue
                extra = b.portage_mp * b.hex_per_mp  # 15.7: 2 MP to cross the land hexside
            nc = cost + 1 + extra
            if nc <= budget and (x not in best or nc < best[x][0]):
                best[x] = (nc, c)
                heapq.heappush(heap, (nc, x))
    return {c: v for c, v in best.items() if c != start and (afloat or b.coast[c])}


def canoes_at(st: TahitiState, player: int, cell: int, again: bool = False, skip: tuple = ()) -> list[list]:
    return [u for u in st.units if u[2] == cell and u[1] == player and u[0] == "war_canoe"
            and (again or not u[3] & MOVED) and u[4] not in skip]


def sea_movers(st: TahitiState, player: int, cell: int, again: bool = False, skip: tuple = ()) -> list[list]:
    canoes = canoes_at(st, player, cell, again, skip)
    if not canoes or not st.b.coast[cell]:
        return []
    here = _stack(st, player, cell, again, skip)
    rank = {"head_chieftain": 0, "clan_elder": 1, "heavy_troops": 2, "fighters": 3, "slingers": 4, "militia": 5,
            "shaman": 6, "population": 7}
    here.sort(key=lambda u: rank[u[0]])
    return canoes + here[: int(load("construction")["canoe_capacity"]) * len(canoes)]


def first_step_mp(st: TahitiState, units: list[list], mp: float) -> float:
    """15.13 step 1: Leaders move up to 2 MP first (Population its usual 3)."""
    if st.opts["rule_15_13_variable_movement"] and any(u[0] in LEADERS for u in units):
        return min(mp, st.b.first_step_mp)
    return mp


def _reach(st: TahitiState, player: int, kind: int, cell: int, units: list[list],
           afloat: bool = False) -> tuple[dict, float, float]:
    """(reach, step-one MP, full allowance) of a land (kind 0) or sea (kind 1) move from `cell`;
    `afloat`: a sea reach keeps its water hexes (the route to any hex can then be traced)."""
    full = movers(st, player, cell)[1] if kind == 0 else st.b.allowance["war_canoe"]
    mp = first_step_mp(st, units, full)
    if kind == 0:
        # The half-way rule is for the second MP of the first step (not for a rain-cut single MP).
        halfway = mp < full and min(mp, st.cond.get("rain") or mp) == st.b.first_step_mp
        return land_reach(st, player, cell, mp, halfway=halfway), mp, full
    return sea_reach(st, player, cell, mp, afloat), mp, full


def _compound_leavers(st: TahitiState, player: int, cell: int) -> list[list]:
    return [u for u in movers(st, player, cell)[0] if u[3] & IN_MARAE] if cell in st.maraes else []


def move_actions(st: TahitiState, player: int) -> list[int]:
    n = st.b.size
    acts = [DONE]
    cells = sorted({u[2] for u in st.units if u[1] == player and not u[3] & MOVED})
    for c in cells:
        units, mp = movers(st, player, c)
        if units and mp:
            acts += [LAND + c * n + t for t in _reach(st, player, 0, c, units)[0]]
        if _compound_leavers(st, player, c):
            acts.append(LAND + c * n + c)  # 15.8: step out of the Marae compound onto its hex
        carried = sea_movers(st, player, c)
        if carried:
            acts += [SEA + c * n + t for t in _reach(st, player, 1, c, carried)[0]]
            from .expedition import expedition_targets
            acts += [EXPED + c * n + t for t in expedition_targets(st, player, c, carried)]
    return acts


def relocate(units: list[list], to: int) -> None:
    for u in units:
        u[2] = to
        u[3] = (u[3] | MOVED) & ~IN_MARAE


def _alive(st: TahitiState, uids: tuple) -> list[list]:
    return [u for u in st.units if u[4] in uids]


@step
def movement(st: TahitiState, player: int) -> None:
    if st.out[player]:
        return
    _do_recalls(st, player)
    st.push(("move_decide", player, ()))


@step
def move_decide(st: TahitiState, player: int, pending: tuple = ()) -> None:
    """Step one of the Movement Phase (the whole phase without 15.13): one stack at a time."""
    st.decide(player, move_actions(st, player), "on_move", player, pending)


@handler
def on_move(st: TahitiState, action: int, player: int, pending: tuple = ()) -> None:
    n = st.b.size
    if action == DONE:
        after = [("variable_movement", player, pending)] if pending else []
        if st.opts["rule_15_14_forced_march"]:
            after.append(("forced_march", player, ()))
        st.push(*after)
        return
    kind = action // 30_000_000
    f, t = divmod(action - (LAND, SEA, EXPED)[kind], n)
    if kind == 2:
        from .expedition import sail
        sail(st, player, f, t)
        st.push(("move_decide", player, pending))
        return
    if kind == 0 and f == t:  # 15.8: "They may move out from the Marae in their movement phase"
        for u in _compound_leavers(st, player, f):
            u[3] = (u[3] | MOVED) & ~IN_MARAE
        st.push(("move_decide", player, pending))
        return
    units = movers(st, player, f)[0] if kind == 0 else sea_movers(st, player, f)
    reach, mp, full = _reach(st, player, kind, f, units, afloat=True)
    spent = reach[t][0] if kind == 0 else reach[t][0] / st.b.hex_per_mp
    uids = tuple(u[4] for u in units)
    relocate(units, t)
    if mp < full and spent > 1:  # 15.13: this Leader rolls in step two
        column = max(st.b.allowance[u[0]] for u in units if u[0] in LEADERS)
        if st.cond.get("rain"):
            column = min(column, st.cond["rain"])  # 52-53: his allowance is now 2 (choice: column 2)
        record = (kind, t, _path(reach, t), column, spent, spent > mp, uids)
        st.push(("move_decide", player, pending + (record,)))
    else:
        st.push(("marae_offer", player, t, uids), ("move_decide", player, pending))


def _path(reach: dict[int, tuple], t: int) -> tuple[int, ...]:
    out = [t]
    while reach.get(out[-1], (0, -1))[1] >= 0:
        out.append(reach[out[-1]][1])
    return tuple(reversed(out))


def _do_recalls(st: TahitiState, player: int) -> None:
    """Events 26 / 31: the Shaman or Head Chieftain walks home by the shortest route; with no
    land route home the recall ends (docs: Movement Phase, Recall)."""
    for kind in ("shaman", "head_chieftain"):
        if (player, kind) not in st.recalled:
            continue
        home = home_cell(st, player)
        unit = next((u for u in st.units if u[1] == player and u[0] == kind), None)
        if unit is None or home < 0 or unit[2] == home:
            st.recalled.discard((player, kind))
            continue
        dist = _distance_to(st, home)
        if dist.get(unit[2], INF) == INF:
            # No land route home (another island): the recall ends and he moves freely, so he
            # may sail home (an expedition needs the Head Chieftain) instead of being stranded.
            st.recalled.discard((player, kind))
            st.log.append(f"turn {st.turn}: {st.player_name(player)}'s {kind.replace('_', ' ')} has no land "
                          "route home: the recall ends")
            continue
        reach = land_reach(st, player, unit[2], st.b.allowance[kind])
        reach[unit[2]] = (0, -1)
        goal = min(reach, key=lambda c: (dist.get(c, INF), c))
        if goal != unit[2]:
            relocate([unit], goal)  # leaving a Marae compound too (his movement phase)
        unit[3] |= MOVED
        if goal == home:
            st.recalled.discard((player, kind))


def _distance_to(st: TahitiState, goal: int) -> dict[int, float]:
    b = st.b
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


from . import moves_rolled  # noqa: E402,F401  (15.13 step two, 15.14, the Marae compound)
