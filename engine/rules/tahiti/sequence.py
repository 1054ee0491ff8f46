"""The Sequence of Play of a Tahiti game and its Set-up (docs/rules/tahiti.md "Sequence of Play").

Scope: set-up (3.1: Home Villages drawn at random; starting forces from setup.yaml), and the
turn: Initiative Determination Phase (initiative and turn order; the Arioi, 15.6; random
events, 15.12), Movement Phase (each player in turn order), Combat Phase, Construction and
Training Phase (each player in turn order), Area Control Phase, Advance Game Turn. A turn is
two weeks, a Season six turns (15.6); the option `turn_limit` ends the game by areas.
"""
from __future__ import annotations

from collections import deque

from .game_state import CELL, DONE, IN_MARAE, TahitiState, handler, step
from .rulesdata import letters, load


@step
def setup(st: TahitiState) -> None:
    st.cup = [int(load("special_events")["copies"])] * len(letters())
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
    from .game_state import PICK
    st.home[p] = _free_homes(st)[action - PICK]


@step
def place_forces(st: TahitiState) -> None:
    start = load("setup")["start_at_home"]
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
    """Start from the map as the designer set it up: a Village at each Home Village, the pieces where they stand."""
    start = load("setup")["start_at_home"]
    units = set(start) - {"big_log"}
    for p, home in enumerate(st.home):
        st.villages[home] = [p, 1, int(start.get("big_log", 0)), 0, p]
    for kind, p, cell, count in getattr(st, "position", []):
        if kind in units:
            for _ in range(count):
                st.add_unit(kind, p, cell)


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
        from .victory import end_by_areas
        end_by_areas(st, f"the turn limit ({st.opts['turn_limit']} turns) is reached")
        return
    st.cond = {}
    for u in st.units:
        u[3] &= IN_MARAE
    for p, due in list(st.shaman_due.items()):
        if due <= st.turn:  # event 21: the new Shaman arrives at the Home Village
            del st.shaman_due[p]
            from .queries import home_cell
            if not st.out[p] and home_cell(st, p) >= 0:
                st.add_unit("shaman", p, home_cell(st, p))
    st.tokens = [t for t in st.tokens if t[1] != "turn"]
    steps = [("initiative",)]
    if st.opts["rule_15_6_arioi"]:
        steps.append(("arioi",))
    if st.opts["rule_15_12_random_events"]:
        steps.append(("random_events", 1))
    st.push(*steps, ("turn_body",))


@step
def initiative(st: TahitiState) -> None:
    """Initiative: one of the players still in, each as likely (a die each, re-rolling ties);
    turn order runs from him round the table in seat order."""
    st.pick(len(st.live()), "on_initiative")


@handler
def on_initiative(st: TahitiState, action: int) -> None:
    from .game_state import PICK
    live = st.live()
    i = action - PICK
    st.initiative = live[i]
    st.order = tuple(live[i:] + live[:i])


@step
def turn_body(st: TahitiState) -> None:
    live = [p for p in st.order if not st.out[p]]
    st.push(*[("movement", p) for p in live], ("combat",), *[("construction", p) for p in live],
            ("area_control",), ("advance",))


@step
def advance(st: TahitiState) -> None:
    st.turn += 1


# --- the Arioi (15.6) ---------------------------------------------------------------------------

def _home_areas(st: TahitiState) -> set[int]:
    return {st.b.area[c] for c, _ in st.b.homes}


def _placements(st: TahitiState) -> list[int]:
    b = st.b
    barred = _home_areas(st) if st.season() == 1 else set()
    here = b.area[st.arioi] if st.arioi >= 0 else -1
    return [cs[0] for a, cs in enumerate(b.area_coast) if cs and a not in barred and a != here]


def arioi_moves(st: TahitiState) -> list[int]:
    """Coastal hexes of other areas within 4 sea MP, ignoring zones; every lagoon is open to the
    Arioi (15.6: all areas "controlled" for reef movement); storms stop it like any canoe."""
    b = st.b
    if st.cond.get("storm") in ("major", "hurricane"):
        return []
    budget = 4 * 3
    barred = _home_areas(st) if st.season() == 1 else set()
    here = b.area[st.arioi]
    best = {st.arioi: 0}
    queue = deque([st.arioi])
    while queue:
        c = queue.popleft()
        for x in b.nb[c]:
            if not (b.water[x] or b.coast[x]) or (st.cond.get("storm") == "coastal" and not b.coast[x]):
                continue
            e = b.edge(c, x)
            if e in b.canoe_blocked or (e in b.portages and not st.opts["rule_15_7_portage"]):
                continue
            nc = best[c] + 1 + (6 if e in b.portages else 0)
            if nc <= budget and nc < best.get(x, 99):
                best[x] = nc
                queue.append(x)
    return sorted(c for c in best if b.coast[c] and b.area[c] not in (here, -1) and b.area[c] not in barred)


@step
def arioi(st: TahitiState) -> None:
    p = st.initiative
    if st.arioi < 0:
        places = _placements(st)
        if places:
            st.decide(p, [CELL + c for c in places], "on_arioi")
        return
    season_start = st.turn > 1 and (st.turn - 1) % int(st.opts["turns_per_season"]) == 0
    moves = arioi_moves(st)
    acts = [CELL + c for c in moves]
    if season_start:  # a new troop may start its tour anywhere else
        acts = sorted(set(acts) | {CELL + c for c in _placements(st)})
    if acts:
        st.decide(p, acts, "on_arioi")  # "The player must move the Arioi out of the area"


@handler
def on_arioi(st: TahitiState, action: int) -> None:
    if action != DONE:
        st.arioi = action - CELL
