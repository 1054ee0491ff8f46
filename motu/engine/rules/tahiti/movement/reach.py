"""Where a stack may go in a Tahiti game: land and sea reaches from a hex.

Scope: Dijkstra over foot costs and over canoe hexes (docs/rules/tahiti.md "Land movement",
"Sea movement", "Reef movement", "Portage", "Zones of influence", "Movement Phase", "Scale"):
hexes closed this turn (rain's streams, truce's enemy-held areas, the Arioi's hexes of enemy
Combat Units), zones of influence and enemy-occupied hexes ending a move, 7.5's doubling back,
reef movement along controlled areas (15.6), the portage (15.7), storms (14-15).

Zones, read at the map's scale (h hexes to a game hex, board.game_hex): entering an enemy zone
from outside ends the move, as the text says; a stack that starts in one may make up to h steps
through zone hexes (one game hex) before its move ends, or, with `step_out_first`, at most h-1
on its way out of every zone, stopping on none of them. On a map at the game's scale (h = 1)
this is the text's reading exactly. A search state is (hex, zone steps made since the start).

Reaches are cached for the Movement Phase: what they depend on besides the start (the other
players' pieces, this turn's conditions, under a truce the areas' control, and for canoes the
areas the mover holds) is the cache's key, so a change of any of them starts a new cache. The
dicts returned are shared: callers must not change them.
"""
from __future__ import annotations

from ..constants import COMBAT, IN_MARAE
from ..game_state import TahitiState
from ..queries import area_control, enemy_land_zone, enemy_sea_zone

INF = float("inf")
TOLERANCE = 1e-9  # costs are sums of fractions of an MP (a quarter, a third) on a finer map
OUT, STOP = -1, -2  # search states: outside every zone; a move ended (in a zone or an enemy's hex)


class Reach(dict):
    """cell -> (cost, previous cell) of every hex a stack may end on; `parents` holds the search's
    own (state -> previous state) links, for the route to a hex (`route`), a state the int
    hex * k + its zone state (_codes)."""
    __slots__ = ("parents", "ends", "k")


def route(reach: Reach, t: int) -> tuple[int, ...]:
    """The hexes of the cheapest way to `t`, from the start (every hex, water hexes too)."""
    if not hasattr(reach, "ends"):  # a plain mapping: follow the previous cells
        out = [t]
        while reach.get(out[-1], (0, -1))[1] >= 0:
            out.append(reach[out[-1]][1])
        return tuple(reversed(out))
    node = reach.ends[t]
    out = []
    k = reach.k  # search nodes are hex * k + state (_codes)
    while node is not None:
        out.append(node // k)
        node = reach.parents[node]
    return tuple(reversed(out))


# --- the phase cache -------------------------------------------------------------------------------

def phase_cache(st: TahitiState, player: int) -> dict:
    """The Movement Phase's reaches for `player`: a new cache whenever anything a reach reads
    besides its start and allowance has changed. A caller asking for many reaches of one
    position (every stack's moves) gets it once and hands it to each (`cache=`)."""
    # Under a truce the areas' control closes hexes, and the mover's own units change it.
    held = tuple(area_control(st)) if st.cond.get("truce") else ()
    sig = (player, st.arioi, st.cond.get("rain"), st.cond.get("storm"), held,
           tuple([(u.cell, u.kind, u.flags & IN_MARAE) for u in st.units if u.player != player]),
           tuple([(c, v[0], v[1]) for c, v in st.villages.items()]))
    cache = st.reach_cache
    if cache is None or cache.get("sig") != sig:
        cache = st.reach_cache = {"sig": sig}
    return cache


def land_zone(st: TahitiState, player: int, cache: dict | None = None) -> set[int]:
    cache = cache or phase_cache(st, player)
    zone = cache.get("land-zone")
    if zone is None:
        zone = cache["land-zone"] = enemy_land_zone(st, player)
    return zone


def _own(st: TahitiState, player: int) -> tuple:
    """What the areas' control reads besides the other players' pieces and the Villages (the
    phase cache's key): where the mover's units stand, and the Control markers."""
    return (tuple([(u.cell, u.flags & IN_MARAE) for u in st.units if u.player == player and u.kind != "war_canoe"]),
            tuple(st.control_markers.items()))


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
        closed |= {u.cell for u in st.units if u.player != player and u.kind in COMBAT and b.area[u.cell] == aa}
    return closed


ZONE, ENEMY, CLOSED = 0, 1, 2  # what a watched hex is, for the zone search's transitions
_TABLES: dict[tuple[int, bool], dict] = {}


def _transitions(st: TahitiState) -> dict[tuple[int, int], tuple[int, bool] | None]:
    """(search state, kind of hex stepped into) -> (next state, may the move end there), or None
    when the step is not allowed. A state is OUT, or the zone steps made since starting in a zone."""
    h, step_out = st.b.game_hex, st.opts["rule_7_5_doubling_back"] == "step_out_first"
    table = _TABLES.get((h, step_out))
    if table is None:
        table = {}
        for s in [OUT] + list(range(h + 1)):
            table[(s, CLOSED)] = None
            # entering an enemy-occupied hex ends the move (battle); not on the way out of a zone
            table[(s, ENEMY)] = None if step_out and s >= 0 else (STOP, True)
            if s == OUT:  # entering a zone from outside ends the move
                table[(s, ZONE)] = (STOP, True)
            elif step_out:  # on the way out of the zones: pass through at most h-1 of their hexes
                table[(s, ZONE)] = (s + 1, False) if s + 1 < h else None
            else:
                table[(s, ZONE)] = (STOP, True) if s + 1 >= h else (s + 1, True)
        _TABLES[(h, step_out)] = table
    return table


def _codes(st: TahitiState) -> tuple[int, list]:
    """_transitions as lists: (K, rows), a search state s coded s + 2 (STOP 0, OUT 1, zone steps
    2..h+2) and rows[code][kind] the (next code, may end) or None. A search node is the int
    hex * K + code: sorting them sorts by (hex, state), as the tuples did."""
    h = st.b.game_hex
    key = (h, st.opts["rule_7_5_doubling_back"] == "step_out_first", "codes")
    got = _TABLES.get(key)
    if got is None:
        table = _transitions(st)
        rows = [None] + [[None if table[(s, k)] is None else (table[(s, k)][0] + 2, table[(s, k)][1])
                          for k in (ZONE, ENEMY, CLOSED)] for s in [OUT] + list(range(h + 1))]
        got = _TABLES[key] = (h + 3, rows)
    return got


def _zone_search(st: TahitiState, start: int, budget: int, steps, kinds: dict[int, int], unit: int,
                 keep=None) -> Reach:
    """The search from a start inside an enemy zone, over (hex, state) on a bucket queue (equal
    costs: the lower hex first). `steps(c, cost)`: the (hex, cost) steps from c; `kinds`: the
    watched hexes (ZONE, ENEMY, CLOSED); `unit`: costs per MP reported (ticks, or 1 for hexes);
    `keep(x)`: whether a move may end on x (None: any hex)."""
    K, rows = _codes(st)
    out = Reach()
    ends = out.ends = {}
    first = start * K + 2  # zone steps made: none
    best = {first: 0}
    parents: dict = {first: None}
    buckets: list[list] = [[] for _ in range(budget + 1 + unit)]
    buckets[0].append(first)
    never = 1 << 30
    for cost in range(budget):
        bucket = buckets[cost]
        if not bucket:
            continue
        for node in sorted(bucket):
            if best[node] != cost:
                continue
            c, code = divmod(node, K)
            if code == 0:  # STOP: the move ended here
                continue
            row = rows[code]
            for x, nc in steps(c, cost):
                k = kinds.get(x)
                if k is None:
                    nxt, end = 1, True  # OUT
                else:
                    step_to = row[k]
                    if step_to is None:
                        continue
                    nxt, end = step_to
                nn = x * K + nxt
                if nc < best.get(nn, never):
                    best[nn] = nc
                    parents[nn] = node
                    buckets[nc].append(nn)
                    if end and x != start and (keep is None or keep(x)) and nc / unit < out.get(x, (INF,))[0]:
                        out[x] = (nc / unit, c)
                        ends[x] = nn
    out.parents = parents
    out.k = K
    return out


def _kinds(zone: set[int], enemy: set[int], closed: set[int]) -> dict[int, int]:
    kinds = dict.fromkeys(zone, ZONE)
    kinds.update(dict.fromkeys(enemy, ENEMY))
    kinds.update(dict.fromkeys(closed, CLOSED))
    return kinds


def land_reach(st: TahitiState, player: int, start: int, mp: float, halfway: bool = False,
               cache: dict | None = None) -> Reach:
    """Every hex the stack on `start` may end on with `mp`. `halfway`: 15.13's jungle rule,
    the last hex may cost one MP more than is left (completed on the roll). `cache`: the
    position's phase_cache, if the caller has it."""
    if st.cond.get("rain"):
        mp = min(mp, st.cond["rain"])
    cache = cache or phase_cache(st, player)
    key = ("land", start, mp, halfway)
    if key in cache:
        return cache[key]
    zone = land_zone(st, player, cache)
    closed = _closed(st, player, start)
    enemy = {u.cell for u in st.units if u.player != player}
    out = _land_ticks(st, start, mp, halfway, zone, enemy, closed)
    cache[key] = out
    return out


def _land_ticks(st: TahitiState, start: int, mp: float, halfway: bool, zone: set[int], enemy: set[int],
                closed: set[int]) -> Reach:
    """The land search with costs in whole ticks (board.ticks to an MP), on a bucket queue (equal
    costs: the lower hex first, as a heap would take them)."""
    b = st.b
    h = b.ticks
    budget = int(mp * h + TOLERANCE)
    over = h if halfway else 0  # 15.13's half-way: the last hex may cost one MP more than is left
    links = b.foot_tick_links
    out = Reach()
    buckets: list[list] = [[] for _ in range(budget + over + 1)]
    if start not in zone:  # the common case: one search state, zone and enemy hexes end a move
        stops = zone | enemy
        seen = [1 << 30] * b.size
        prev = {}
        seen[start] = 0
        buckets[0].append(start)
        limit = budget + over
        for cost in range(budget):
            for c in sorted(buckets[cost]):
                if seen[c] != cost or (c in stops and c != start):
                    continue
                for x, ticks in links[c]:
                    nc = cost + ticks
                    if nc < seen[x] and nc <= limit and (nc <= budget or ticks > h) and x not in closed:
                        seen[x] = nc
                        buckets[nc].append(x)
                        prev[x] = c
        for x, c in prev.items():
            out[x] = (seen[x] / h, c)
        out.pop(start, None)
        return out

    def steps(c: int, cost: int) -> list[tuple[int, int]]:
        return [(x, cost + t) for x, t in links[c]
                if cost + t <= budget or (over and cost + t - budget <= over and t > h)]

    return _zone_search(st, start, budget, steps, _kinds(zone, enemy, closed), h)


def sea_reach(st: TahitiState, player: int, start: int, mp: float, afloat: bool = False,
              cache: dict | None = None) -> Reach:
    """coastal cell -> (hexes, previous) for War Canoes from `start` (8.4, 15.6, 15.7, 14-15).
    `afloat`: every hex reached, water hexes too (the whole route tree, for 15.13's -1).
    `cache`: the position's phase_cache, if the caller has it."""
    b = st.b
    storm = st.cond.get("storm")
    paddle = b.canoe_open[storm]  # 14-15: what a storm leaves open
    if paddle is None:
        return Reach()
    if st.cond.get("rain"):
        mp = min(mp, st.cond["rain"])
    cache = cache or phase_cache(st, player)
    held = cache.get("held")
    own = _own(st, player)
    if held is None or cache.get("held-by") != own:
        held = cache["held"] = area_control(st)
        cache["held-by"] = own
    mine = cache.get("mine")
    if mine is None or mine[0] is not held:
        mine = cache["mine"] = (held, tuple([p == player for p in held]))
    key = ("sea", start, mp, afloat, mine[1])
    if key in cache:
        return cache[key]
    budget = round(mp * b.hex_per_mp)
    reef_free = b.area[st.arioi] if st.arioi >= 0 and st.opts["rule_15_6_arioi_reef"] == "arioi_area" else -2
    zone = cache.get("sea-zone")
    if zone is None:
        zone = cache["sea-zone"] = enemy_sea_zone(st, player)
    closed = _closed(st, player, start)
    enemy = {u.cell for u in st.units if u.player != player}  # landing on an enemy-held hex ends the move
    # Lagoon hexes along areas the player does not control are closed (15.6 reef movement).
    shut = {x for x in b.lagoon_cells if b.along[x] < 0 or (held[b.along[x]] != player and b.along[x] != reef_free)}
    if storm is not None:
        shut |= b.canoe_shut[storm]
    shut |= closed
    watch = zone | enemy
    portage_ok = st.opts["rule_15_7_portage"]
    portage_cost = round(b.portage_mp * b.hex_per_mp)  # 15.7: 2 MP to cross the land hexside
    hostile = None
    links, portages, coast = b.sea_links, b.portage_links, b.coast
    if start not in zone:  # the common case: one search state, zone hexes end a move
        stops = watch
        plain = Reach()
        seen = [budget + 1] * b.size
        prev = {}
        seen[start] = 0
        buckets = [[] for _ in range(budget + 1)]
        buckets[0].append(start)
        for cost in range(budget):
            nc = cost + 1
            for c in sorted(buckets[cost]):
                if seen[c] != cost or (c in stops and c != start):
                    continue
                for x in links[c]:
                    if nc < seen[x] and x not in shut:
                        seen[x] = nc
                        buckets[nc].append(x)
                        prev[x] = c
                if portage_ok and portages[c]:
                    if hostile is None:
                        hostile = zone | land_zone(st, player, cache)
                    far = cost + 1 + portage_cost
                    if c not in hostile and far <= budget:
                        for x in portages[c]:
                            if far < seen[x] and x not in hostile and x not in shut:
                                seen[x] = far
                                buckets[far].append(x)
                                prev[x] = c
        for x, c in prev.items():
            if afloat or coast[x]:
                plain[x] = (seen[x], c)
        plain.pop(start, None)
        cache[key] = plain
        return plain

    def steps(c: int, cost: int) -> list[tuple[int, int]]:
        nonlocal hostile
        out = [(x, cost + 1) for x in links[c] if x not in shut]
        if portage_ok and portages[c]:
            if hostile is None:
                hostile = zone | land_zone(st, player, cache)
            far = cost + 1 + portage_cost
            if c not in hostile and far <= budget:
                out += [(x, far) for x in portages[c] if x not in hostile and x not in shut]
        return out

    reach = _zone_search(st, start, budget, steps, _kinds(zone, enemy, ()), 1, None if afloat else coast.__getitem__)
    cache[key] = reach
    return reach
