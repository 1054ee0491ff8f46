"""Stacks in a Tahiti game: which of a player's units on a hex may move, together, and how far.

Scope (docs/rules/tahiti.md "Movement Phase", "Splitting a stack"): a player's units on one hex
that have not moved this turn (a Forced March moves them again), not kept in place (STAYED),
not sullen (41-42), not walking home (26, 31); Combat Units only with a Leader, by land and by
sea; the allowance of a group (its best Leader's, else the Population's and Shaman's 3); a sea
stack (War Canoes and the units they carry, canoe_capacity a canoe); 15.13's first step
(Leaders' stacks at most 2 MP); units picked into a group by class (kind, flipped, cursed:
units of one class on one hex are interchangeable); moving units to a hex.
"""
from __future__ import annotations

from ..unit import Unit
from ..constants import COMBAT, IN_MARAE, LEADERS, MOVED, STAYED, SULLEN
from ..game_state import TahitiState

# Who boards first when a whole stack takes to its canoes, and how many a canoe carries, are
# construction.yaml's (canoe_boarding, canoe_capacity), read through the board's `data`.


def _stack(st: TahitiState, player: int, cell: int, again: bool, skip: tuple = (),
           pool: list[Unit] | None = None) -> list[Unit]:
    """The player's units on `cell` able to move: not yet moved or kept in place this turn
    (unless `again`, a Forced March, for units not in `skip`), not sullen (41-42), not walking
    home (26, 31); War Canoes aside. `pool`: units to look among (all, if None)."""
    return [u for u in (st.units if pool is None else pool) if u.cell == cell and u.player == player
            and (again or not u.flags & (MOVED | STAYED))
            and u.kind != "war_canoe" and not u.flags & SULLEN and (u.player, u.kind) not in st.recalled
            and u.uid not in skip]


def allowance(st: TahitiState, units: list[Unit]) -> float:
    """A group's allowance by land: its best Leader's; without a Leader the Population's and the
    Shaman's own, and none at all if Combat Units are among them (they move with a Leader)."""
    mp = st.b.allowance
    leaders = [mp[u.kind] for u in units if u.kind in LEADERS]
    if leaders:
        return max(leaders)
    if not units or any(u.kind in COMBAT or u.kind == "war_canoe" for u in units):
        return 0
    return max(mp[u.kind] for u in units)


def movers(st: TahitiState, player: int, cell: int, again: bool = False,
           skip: tuple = (), pool: list[Unit] | None = None) -> tuple[list[Unit], float]:
    """(units that would move from `cell`, their allowance) for a land move of the whole stack."""
    here = _stack(st, player, cell, again, skip, pool)
    if not any(u.kind in LEADERS for u in here):
        here = [u for u in here if u.kind not in COMBAT]
    return here, allowance(st, here)


def canoes_at(st: TahitiState, player: int, cell: int, again: bool = False, skip: tuple = (),
              pool: list[Unit] | None = None) -> list[Unit]:
    return [u for u in (st.units if pool is None else pool)
            if u.cell == cell and u.player == player and u.kind == "war_canoe"
            and (again or not u.flags & (MOVED | STAYED)) and u.uid not in skip]


def sea_movers(st: TahitiState, player: int, cell: int, again: bool = False, skip: tuple = (),
               pool: list[Unit] | None = None) -> list[Unit]:
    """The whole stack by sea: the canoes on `cell` and as many units as they carry, Leaders and
    the strongest first; Combat Units only with a Leader aboard."""
    if not st.b.coast[cell]:
        return []
    canoes = canoes_at(st, player, cell, again, skip, pool)
    if not canoes:
        return []
    here = _stack(st, player, cell, again, skip, pool)
    here.sort(key=lambda u: st.b.data.boarding()[u.kind])
    aboard = here[: st.b.data.capacity() * len(canoes)]
    if not any(u.kind in LEADERS for u in aboard):
        aboard = [u for u in here if u.kind not in COMBAT][: st.b.data.capacity() * len(canoes)]
    return canoes + aboard


def sea_group_ok(st: TahitiState, units: list[Unit]) -> bool:
    """A group may paddle: it has canoes on a coastal hex, they carry everyone in it, and its
    Combat Units have a Leader with them."""
    canoes = sum(1 for u in units if u.kind == "war_canoe")
    aboard = [u for u in units if u.kind != "war_canoe"]
    return (canoes > 0 and st.b.coast[units[0].cell] and len(aboard) <= st.b.data.capacity() * canoes
            and (any(u.kind in LEADERS for u in aboard) or not any(u.kind in COMBAT for u in aboard)))


def pickable(st: TahitiState, player: int, cell: int, again: bool = False, skip: tuple = (),
             pool: list[Unit] | None = None) -> list[Unit]:
    """Units on `cell` that may be picked into a group: every one able to move, canoes too."""
    return _stack(st, player, cell, again, skip, pool) + canoes_at(st, player, cell, again, skip, pool)


def first_step_mp(st: TahitiState, units: list[Unit], mp: float) -> float:
    """15.13 step 1: Leaders move up to 2 MP first (Population its usual 3)."""
    if st.opts["rule_15_13_variable_movement"] and any(u.kind in LEADERS for u in units):
        return min(mp, st.b.first_step_mp)
    return mp


def relocate(units: list[Unit], to: int) -> None:
    for u in units:
        u.cell = to
        u.flags = (u.flags | MOVED) & ~IN_MARAE


def _alive(st: TahitiState, uids: tuple) -> list[Unit]:
    return [u for u in st.units if u.uid in uids]
