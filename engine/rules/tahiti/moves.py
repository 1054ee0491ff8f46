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

from .constants import DONE, EXPED, IN_MARAE, LAND, LEADERS, MOVED, SEA
from .expedition import expedition_targets, sail
from .game_state import TahitiState
from .machinery import handler, step
from .queries import home_cell
from .reach import land_reach, sea_reach
from .stacks import first_step_mp, movers, relocate, sea_movers

INF = float("inf")
# The numbers (allowances, 3 hexes a sea MP, 15.13's first step, the portage's 2 MP, what a
# storm leaves open) are the board's, read from the catalogue and rules.yaml (board.py).


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
            acts += [EXPED + c * n + t for t in expedition_targets(st, player, c, carried)]
    return acts


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
