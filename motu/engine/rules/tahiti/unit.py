"""A unit of Tahiti on the map: one counter of a clan (a Leader, a Shaman, Population, a Combat
Unit, a War Canoe) and its state this turn.

Scope: the record alone. The state holds its units in `TahitiState.units` (game_state.py, which
gives out the ids); the flags are constants.py's (MOVED, FLIPPED, SULLEN, CURSED, IN_MARAE,
STAYED). Slots, not a dict: a unit is read in every rule and copied on every clone, and a slot
is read as quickly as a list's item.
"""
from __future__ import annotations


class Unit:
    """One counter: its `kind` (a catalogue piece id), its `player` (a seat), the `cell` it stands
    on, its `flags` (constants.py) and its `uid`, unique in a game and never reused."""

    __slots__ = ("kind", "player", "cell", "flags", "uid")

    def __init__(self, kind: str, player: int, cell: int, flags: int = 0, uid: int = -1):
        self.kind = kind
        self.player = player
        self.cell = cell
        self.flags = flags
        self.uid = uid

    def copy(self) -> "Unit":
        return _copy(self)

    def key(self) -> tuple:
        """Its fields as a tuple, in the order above: a state's key and a unit's equality."""
        return (self.kind, self.player, self.cell, self.flags, self.uid)

    def __eq__(self, other: object) -> bool:
        # Field by field, the likeliest difference first (a bot compares a clone's units with
        # the position it scores, bots/delta.py Before.same): as the key's tuples compare.
        if other.__class__ is not Unit:
            return NotImplemented
        return (self.uid == other.uid and self.cell == other.cell and self.flags == other.flags
                and self.player == other.player and self.kind == other.kind)

    __hash__ = None  # mutable: equal by value, never a key

    def __repr__(self) -> str:
        return f"Unit({self.kind!r}, {self.player}, {self.cell}, {self.flags}, {self.uid})"


def _copy(u: Unit, _new=object.__new__, _Unit=Unit) -> Unit:
    # Not through __init__, and the names bound as defaults: a clone copies every unit, and this
    # is the quickest copy of a slotted record in CPython (still about twice a list's u[:]).
    c = _new(_Unit)
    c.kind = u.kind
    c.player = u.player
    c.cell = u.cell
    c.flags = u.flags
    c.uid = u.uid
    return c


def copy_units(units: list[Unit]) -> list[Unit]:
    """A copy of every unit, in order: what a state's clone holds."""
    return list(map(_copy, units))
