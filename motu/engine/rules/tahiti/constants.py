"""The numbers a Tahiti game state is made of: its action encoding, unit flags and unit kinds.

Scope: plain constants every game module shares, and the unit classes units are picked by;
below all of them (nothing here imports a game module). The kinds of unit the rules name by role
(Leaders, Combat Units) are the catalogue's: its pieces' `leader` and `combat` props, read once. Action encoding (the same numbers in every state of a game; N is the map's cell
count):
    0                      done / keep / no (end this step)
    1..6                   a die face (chance)                  7  re-roll (event 66)
    100 + i                the i-th of a random pick (chance), or of a decision's list
    1_000_000 + f*N + t    land move of the stack on f to t
    30_000_000 + f*N + t   sea move (War Canoes) from f to t
    60_000_000 + f*N + t   expedition from f to t (over the high seas)
    90_000_000 + k*N + c   a build k (BUILDS) of the Village at c; or a target cell
    200_000 + f            choose which units on f move together (splitting a stack)
    300_000 + k            pick a unit of class k (UNIT_CLASSES) for the stack being formed
A unit is a small record (unit.py): kind, player, cell, flags, uid.
"""
from __future__ import annotations

from .unit import Unit
from .data.tables import load

DONE, REROLL, PICK = 0, 7, 100
SPLIT, TAKE = 200_000, 300_000
LAND, SEA, EXPED, CELL = 1_000_000, 30_000_000, 60_000_000, 90_000_000

# Unit flags (u.flags): cleared at the start of every turn but IN_MARAE.
MOVED, FLIPPED, SULLEN, CURSED, IN_MARAE, STAYED = 1, 2, 4, 8, 16, 32


def _kinds_with(prop: str) -> tuple[str, ...]:
    """The catalogue's unit kinds with `prop` set, in the catalogue's order (`motu query` reads the same)."""
    return tuple(k for k, v in load("catalogue")["pieces"].items() if (v.get("props") or {}).get(prop))


LEADERS = _kinds_with("leader")    # 15.13: a Leader moves a stack
COMBAT = _kinds_with("combat")     # Combat Units move only with a Leader
# The units a clan may have on the map (not Villages, Maraes, Big Logs or markers).
CLAN_UNITS = LEADERS + ("shaman", "population") + COMBAT + ("war_canoe",)

# A unit class for picking units into a stack: its kind, and whether it is flipped (halved,
# 9.2) or cursed (event 65) this turn; units of one class on one hex are interchangeable.
UNIT_CLASSES = tuple((kind, flipped, cursed) for kind in CLAN_UNITS for flipped in (False, True)
                     for cursed in (False, True))

# The builds a Village may make (Construction and Training), in action order.
BUILDS = ("cut_log", "grow", "train_militia", "train_slingers", "train_fighters", "train_heavy",
          "part_village", "part_canoe", "finish_canoe", "marae")


def unit_class(u: Unit) -> int:
    """The index in UNIT_CLASSES of a unit."""
    return (CLAN_UNITS.index(u.kind) * 4 + (2 if u.flags & FLIPPED else 0) + (1 if u.flags & CURSED else 0))


def first_of_class(units: list[Unit], k: int, taken: tuple = ()) -> Unit | None:
    """The first unit (lowest id) of class `k` among `units` not yet taken."""
    return min((u for u in units if unit_class(u) == k and u.uid not in taken), key=lambda u: u.uid, default=None)
