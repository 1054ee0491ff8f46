"""Where a stack may go in a Tahiti game: land and sea reaches from a hex.

Scope: Dijkstra over foot costs and breadth-first over canoe hexes (docs/rules/tahiti.md "Land
movement", "Sea movement", "Reef movement", "Portage", "Zones of influence", "Movement Phase"):
hexes closed this turn (rain's streams, truce's enemy-held areas, the Arioi's hexes of enemy
Combat Units), entering an enemy zone or an enemy-occupied hex ends a move, 7.5's doubling
back, reef movement along controlled areas (15.6), the portage (15.7), storms (14-15).
"""
from __future__ import annotations

import heapq

from .constants import COMBAT
from .game_state import TahitiState
from .queries import area_control, enemy_land_zone, enemy_sea_zone

INF = float("inf")


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
