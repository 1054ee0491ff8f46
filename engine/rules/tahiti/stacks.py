"""Stacks in a Tahiti game: which of a player's units on a hex may move, and with what allowance.

Scope (docs/rules/tahiti.md "Movement Phase"): a player's units on one hex that have not moved
this turn (a Forced March moves them again), not sullen (41-42), not walking home (26, 31);
Combat Units only with a Leader; the allowance of a land stack (its best Leader's, else the
Population's and Shaman's 3); a sea stack (War Canoes and the units they carry, canoe_capacity
a canoe); 15.13's first step (Leaders' stacks at most 2 MP); moving units to a hex.
"""
from __future__ import annotations

from .constants import COMBAT, IN_MARAE, LEADERS, MOVED, SULLEN
from .game_state import TahitiState
from .rulesdata import load


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


def relocate(units: list[list], to: int) -> None:
    for u in units:
        u[2] = to
        u[3] = (u[3] | MOVED) & ~IN_MARAE


def _alive(st: TahitiState, uids: tuple) -> list[list]:
    return [u for u in st.units if u[4] in uids]
