"""Helpers of the Random Events (15.12) of a Tahiti game: areas, players and counters chosen.

Scope: what the effects of effects_14_36.py and effects_41_66.py share: the Random Area
Selection Table ("roll again", and areas an event cannot use, are rolled again; a map without
the table: each eligible area as likely), the areas an event spreads to, the rolling player's
choice of a player, "randomly selected" counters (each as likely, one pick at a time), and
small changes several events make (a Population unit added, a Village reduced).
"""
from __future__ import annotations

from ..constants import DONE, PICK
from ..game_state import TahitiState
from ..machinery import handler, step
from ..data.rast import ROLL_AGAIN, _second, select
from ..effect_event import did


def rast(st: TahitiState, then: str, need: str, *args, exclude: tuple = ()) -> None:
    """15.12: an area from the Random Area Selection Table; `then` is a step given the area.
    `exclude`: areas already selected by this event (54-55's "two areas" are two different ones)."""
    areas = _eligible(st, need, exclude)
    if not areas:
        return
    if not st.b.rast:  # a map without the table: each eligible area as likely
        st.pick(len(areas), "on_rast_pick", then, tuple(areas), args)
        return
    st.roll("on_rast_first", then, need, args, exclude)


def _eligible(st: TahitiState, need: str, exclude: tuple = ()) -> list[int]:
    b = st.b
    areas = [a for a in range(len(b.areas)) if (need == "any" or b.area_coast[a]) and a not in exclude]
    if b.rast:  # only areas the table can give (else "roll again" would never end)
        named = {e for g in b.rast.get("groups", ()) for e in (_second(g) or ())}
        areas = [a for a in areas if b.areas[a] in named]
    return areas


@handler
def on_rast_pick(st: TahitiState, action: int, then: str, areas: tuple, args: tuple) -> None:
    st.push((then, areas[action - PICK], *args))


@handler
def on_rast_first(st: TahitiState, face: int, then: str, need: str, args: tuple, exclude: tuple) -> None:
    st.roll("on_rast_second", then, need, args, exclude, face)


@handler
def on_rast_second(st: TahitiState, face: int, then: str, need: str, args: tuple, exclude: tuple, first: int) -> None:
    entry = select(st.b.rast, first, face)
    if entry == ROLL_AGAIN or entry not in st.b.areas or st.b.areas.index(entry) not in _eligible(st, need, exclude):
        st.roll("on_rast_first", then, need, args, exclude)  # roll again
    else:
        st.push((then, st.b.areas.index(entry), *args))


def spread(st: TahitiState, a: int, how: str) -> list[int]:
    b = st.b
    if how == "adjacent":
        return sorted({a} | set(b.area_adj[a]))
    if how == "island":
        return [x for x in range(len(b.areas)) if b.area_island[x] == b.area_island[a]]
    return [a]


def opponents(st: TahitiState, roller: int) -> list[int]:
    return [p for p in st.live() if p != roller]


def choose_opponent(st: TahitiState, roller: int, then: str, *args, among: list[int] | None = None,
                    optional: bool = False) -> None:
    """The rolling player chooses a player (`among`, else his opponents); `optional`: he may
    decline (DONE), as 65's "may place a curse" lets him."""
    cands = opponents(st, roller) if among is None else among
    if cands:
        legal = ([DONE] if optional else []) + [PICK + i for i in range(len(cands))]
        st.decide(roller, legal, "on_choose_player", then, tuple(cands), args)


@handler
def on_choose_player(st: TahitiState, action: int, then: str, cands: tuple, args: tuple) -> None:
    if action != DONE:
        st.push((then, cands[action - PICK], *args))


def whom(st: TahitiState, result: dict, roller: int, then: str, *args, has: str | None = None) -> None:
    """"The rolling player's", "any opposing player's (chosen by the rolling player)" or "all"
    pieces; `has`: only players with such a piece on the map can be chosen."""
    if result["whom"] == "self":
        st.push((then, roller, *args))
    elif result["whom"] == "opponent":
        cands = [p for p in opponents(st, roller) if has is None or any(u.player == p and u.kind == has for u in st.units)]
        choose_opponent(st, roller, then, *args, among=cands)
    else:
        st.push(*[(then, p, *args) for p in st.live()])


def pick_units(st: TahitiState, uids: list[int], k: int, then: str, *args) -> None:
    """k distinct counters at random, one pick at a time; `then` is a step given a uid."""
    if k > 0 and uids:
        st.pick(len(uids), "on_pick_unit", tuple(uids), k, then, args)


@handler
def on_pick_unit(st: TahitiState, action: int, uids: tuple, k: int, then: str, args: tuple) -> None:
    uid = uids[action - PICK]
    rest = [x for x in uids if x != uid]
    if k > 1 and rest:
        st.push(("pick_more", tuple(rest), k - 1, then, args))
    st.push((then, uid, *args))


@step
def pick_more(st: TahitiState, uids: tuple, k: int, then: str, args: tuple) -> None:
    pick_units(st, [x for x in uids if st.unit(x) is not None], k, then, *args)


def kind_uids(st: TahitiState, kind: str) -> list[int]:
    return [u.uid for u in st.units if u.kind == kind]


def add_population(st: TahitiState, p: int, a: int) -> int:
    """A Population unit for player `p` in area `a` (a Village of his there, else a stack): its hex."""
    b = st.b
    cells = sorted(c for c, v in st.villages.items() if v[0] == p and b.area[c] == a)
    cells += sorted(u.cell for u in st.units if u.player == p and b.area[u.cell] == a)
    cell = cells[0] if cells else b.area_cells[a][0]
    st.add_unit("population", p, cell)
    return cell


def reduce_village(st: TahitiState, cell: int, population: bool, why: str = "") -> None:
    """A Village reduced to Part-built (16, 43, 51, 62); 16 and 51 leave a Population unit.
    `why`: what the log says of it (words.yaml `effects`: village_flooded…)."""
    v = st.villages[cell]
    if why:
        did(st, why, v[0] if v[0] >= 0 else None, cell=cell, place=st.village_name(cell))
    v[1] = 0
    if population and v[0] >= 0:
        st.add_unit("population", v[0], cell)
