"""The Sequence of Play of a Tahiti game and its Set-up (docs/rules/tahiti.md "Sequence of Play").

Scope: set-up (3.1: Home Villages drawn at random; starting forces from setup.yaml), and the
turn: Initiative Determination Phase (initiative and turn order; random events, 15.12; then
the Arioi, 15.6, placed or moved by the initiative winner), Movement Phase (each player in
turn order), Combat Phase, Construction and Training Phase (each player in turn order), Area
Control Phase (then Navigator trades, 15.5), Advance Game Turn. A turn is two weeks, a Season
six turns (15.6); the option `turn_limit` ends the game by areas.
"""
from __future__ import annotations

from collections import deque

from motu.engine.rules.events import TurnBegan

from .clan_events import ArioiMoved
from .constants import CELL, CLAN_UNITS, IN_MARAE, PICK
from .game_state import TahitiState
from .machinery import handler, step
from .queries import home_cell
from .outcomes import TURN_LIMIT
from .victory import end_by_areas


@step
def setup(st: TahitiState) -> None:
    st.cup = [int(st.b.data.doc("special_events")["copies"])] * len(st.b.data.letters())
    if st.opts.get("start_from_position"):
        by_side = {side: c for c, side in st.b.homes}
        for p, side in enumerate(st.players):
            st.home[p] = by_side[side]
        st.push(("place_position",))
    elif st.opts["rule_3_1_random_homes"]:
        st.push(("draw_home", 0))
    else:
        by_side = {side: c for c, side in st.b.homes}
        for p, side in enumerate(st.players):
            st.home[p] = by_side[side]
        st.push(("place_forces",))


@step
def draw_home(st: TahitiState, p: int) -> None:
    """3.1: each player in seat order draws one of the Home Villages left, at random."""
    if p == len(st.players):
        st.push(("place_forces",))
        return
    st.push(("draw_home", p + 1))
    st.pick(len(_free_homes(st)), "on_draw_home", p)


def _free_homes(st: TahitiState) -> list[int]:
    return [c for c, _ in st.b.homes if c not in st.home]


@handler
def on_draw_home(st: TahitiState, action: int, p: int) -> None:
    st.home[p] = _free_homes(st)[action - PICK]


@step
def place_forces(st: TahitiState) -> None:
    start = st.b.data.doc("setup")["start_at_home"]
    for p, home in enumerate(st.home):
        st.villages[home] = [p, 1, int(start.get("big_log", 0)), 0, p]
        for kind, n in start.items():
            if kind == "big_log":
                continue
            cell = home if kind != "war_canoe" else nearest_coast(st, home)
            for _ in range(int(n) if cell >= 0 else 0):
                st.add_unit(kind, p, cell)


@step
def place_position(st: TahitiState) -> None:
    """Start from the map as the designer set it up (option start_from_position): a Village at
    each clan's Home Village, and every piece where it stands -- every kind of unit a clan can
    have (Slingers and Heavy Troops too, though the standard forces have none; units marked
    in_marae inside the compound), Villages and Part-built Villages (a side's, or nobody's), the
    Big Logs they hold (a Big Log is kept in a Village: one on a hex without one stays off,
    validation warns), Control markers, Maraes and Part-built Maraes, and the Arioi (15.6)."""
    for p, home in enumerate(st.home):
        st.villages[home] = [p, 1, 0, 0, p]
    position = getattr(st, "position", [])
    for kind, p, cell, count, _ in position:  # Villages first: Big Logs go into them
        if kind in ("village", "part_built_village") and cell not in st.villages:
            st.villages[cell] = [p, 1 if kind == "village" else 0, 0, 0, -1]
    b = st.b
    for kind, p, cell, count, in_marae in position:
        if kind in CLAN_UNITS and p >= 0:
            for _ in range(count):
                st.add_unit(kind, p, cell, IN_MARAE if in_marae and kind != "war_canoe" else 0)
        elif kind == "big_log" and cell in st.villages:
            st.villages[cell][2] += count
        elif kind == "control" and p >= 0 and b.area[cell] >= 0:
            st.control_markers[b.area[cell]] = p
        elif kind in ("marae", "part_built_marae"):
            st.maraes[cell] = 1 if kind == "marae" else 0
        elif kind == "arioi" and st.opts["rule_15_6_arioi"] and b.coast[cell] and b.area[cell] >= 0:
            st.arioi = cell


def nearest_coast(st: TahitiState, cell: int) -> int:
    """The coastal hex nearest `cell` over land (the Home Village's beach), or -1."""
    b = st.b
    seen = {cell}
    queue = deque([cell])
    while queue:
        c = queue.popleft()
        if b.coast[c]:
            return c
        for x in b.nb[c]:
            if x not in seen and b.land[x]:
                seen.add(x)
                queue.append(x)
    return -1


@step
def turn_start(st: TahitiState) -> None:
    if st.turn > int(st.opts["turn_limit"]):
        end_by_areas(st, f"the turn limit ({st.opts['turn_limit']} turns) is reached", TURN_LIMIT)
        return
    st._emit(TurnBegan(st.turn, f"Season {st.season()}"))
    st.cond = {}
    for u in st.units:
        u.flags &= IN_MARAE
    for p, due in list(st.shaman_due.items()):
        # Event 21: the new Shaman arrives at the Home Village; while his clan holds no built
        # Home Village (Part-built, or taken) he stays due, arriving at the first turn it does.
        if st.out[p]:
            del st.shaman_due[p]
        elif due <= st.turn and home_cell(st, p) >= 0:
            del st.shaman_due[p]
            st.add_unit("shaman", p, home_cell(st, p))
    st.tokens = [t for t in st.tokens if t[1] != "turn"]
    # 15.12: events "are resolved in this Phase, before any other action takes place", so the
    # Arioi (15.6) moves after them (a storm keeps it in port; 11-13 skip it with the turn).
    steps = [("initiative",)]
    if st.opts["rule_15_12_random_events"]:
        steps.append(("random_events", 1))
    if st.opts["rule_15_6_arioi"]:
        steps.append(("arioi",))
    st.push(*steps, ("turn_body",))


@step
def initiative(st: TahitiState) -> None:
    """Initiative: one of the players still in, each as likely (a die each, re-rolling ties);
    turn order runs from him round the table in seat order."""
    st.pick(len(st.live()), "on_initiative")


@handler
def on_initiative(st: TahitiState, action: int) -> None:
    live = st.live()
    i = action - PICK
    st.initiative = live[i]
    st.order = tuple(live[i:] + live[:i])


@step
def turn_body(st: TahitiState) -> None:
    live = [p for p in st.order if not st.out[p]]
    # 15.14: "After all regular Movement is complete, each Leader may attempt a Forced March"
    # (option rule_15_14_when: after_all, the text; after_own: after each player's own movement).
    march = [("forced_march", p, ()) for p in live] if (
        st.opts["rule_15_14_forced_march"] and st.opts["rule_15_14_when"] == "after_all") else []
    st.push(*[("movement", p) for p in live], *march, ("combat",), *[("construction", p) for p in live],
            ("area_control",), *([("navigator_trades",)] if st.opts["rule_15_5_neutral_events"] else []),
            ("advance",))


@step
def advance(st: TahitiState) -> None:
    st.turn += 1


# --- the Arioi (15.6) ---------------------------------------------------------------------------

def season_start(st: TahitiState) -> bool:
    """The first turn of a new Season (not of the first: 15.6's new troop)."""
    return st.turn > 1 and (st.turn - 1) % int(st.opts["turns_per_season"]) == 0


def _home_areas(st: TahitiState) -> set[int]:
    """Areas holding a player's Home Village (the sites of the clans in the game, not spare ones)."""
    return {st.b.area[c] for c in st.home if c >= 0 and st.b.area[c] >= 0}


def _barred(st: TahitiState) -> set[int]:
    """15.6: "In the first Season ... not ... into any area that contains a Home Village"."""
    return _home_areas(st) if st.season() == 1 else set()


def arioi_area(st: TahitiState) -> int:
    return st.b.area[st.arioi] if st.arioi >= 0 else -2


def _placements(st: TahitiState) -> list[int]:
    """Every coastal hex of an allowed area other than the Arioi's own (a first placement, or a
    new troop at a Season's start: "place it in any other area")."""
    b = st.b
    barred = _barred(st)
    here = arioi_area(st)
    return [c for a, cs in enumerate(b.area_coast) if a not in barred and a != here for c in cs]


def arioi_moves(st: TahitiState) -> list[int]:
    """Coastal hexes of other areas within the Arioi's sea move (setup.yaml `arioi.move_points`,
    3 hexes a point), ignoring zones; every lagoon is open to the Arioi (15.6: all areas
    "controlled" for reef movement); storms stop it like any canoe, and rain (52-53: "All
    movement is reduced to 2 points", or 1) cuts its points like any canoe's. Only the hex it
    stops on is barred in the first Season (*choice*: it may paddle past a Home Village area's shore)."""
    b = st.b
    storm = st.cond.get("storm")
    paddle = b.canoe_open[storm]  # 14-15, as for any canoe
    if paddle is None:
        return []
    points = int(st.b.data.doc("setup")["arioi"]["move_points"])
    if st.cond.get("rain"):
        points = min(points, st.cond["rain"])
    budget = points * b.hex_per_mp
    barred = _barred(st)
    here = arioi_area(st)
    shut = b.canoe_shut[storm] if storm is not None else frozenset()
    portage = round(b.portage_mp * b.hex_per_mp) if st.opts["rule_15_7_portage"] else None
    best = {st.arioi: 0}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(st.arioi)
    links, portages = b.sea_links, b.portage_links
    for cost in range(budget):
        nc = cost + 1
        for c in buckets[cost]:
            if best[c] != cost:
                continue
            for x in links[c]:
                if x not in shut and nc < best.get(x, budget + 1):
                    best[x] = nc
                    buckets[nc].append(x)
            if portage is not None and portages[c] and nc + portage <= budget:
                for x in portages[c]:
                    if x not in shut and nc + portage < best.get(x, budget + 1):
                        best[x] = nc + portage
                        buckets[nc + portage].append(x)
    return sorted(c for c in best if b.coast[c] and b.area[c] not in (here, -1) and b.area[c] not in barred)


@step
def arioi(st: TahitiState) -> None:
    """15.6 in the Initiative Determination Phase: the initiative winner places the Arioi (the
    first time) or must move it out of its area; at a new Season's start he may instead place a
    new troop in any other area. With nowhere to go (a storm) it stays."""
    p = st.initiative
    if st.arioi < 0:
        acts = [CELL + c for c in _placements(st)]
    else:
        acts = [CELL + c for c in arioi_moves(st)]
        if season_start(st):
            acts = sorted(set(acts) | {CELL + c for c in _placements(st)})
    if acts:
        st.decide(p, acts, "on_arioi")


@handler
def on_arioi(st: TahitiState, action: int) -> None:
    placed = st.arioi < 0
    st.arioi = action - CELL
    b = st.b
    st._emit(ArioiMoved(st.turn, st.initiative, st.arioi, b.labels[st.arioi], b.area_names[b.area[st.arioi]], placed))
