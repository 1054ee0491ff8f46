"""Fire in the Fern! game records: figure groups, leaders, action codes and task names.

Scope: the small immutable records the game state is made of, and the integer
codes of actions. A *group* is some figures of one unit standing in one square
with one status (pinned, hidden, motivated, moved, fired); a unit's figures may
split into several groups during play (§2 lets a single figure be motivated).
Records are NamedTuples so a state copies with `dict(...)` and hashes as is.
"""
from __future__ import annotations

from typing import NamedTuple

# Players: the British force (British and kupapa sides) and the Maori.
BRITISH_PLAYER, MAORI_PLAYER = 0, 1

# Nations (§1): who counts as "British", "Kupapa" or "Maori" for the modifiers.
BRITISH, KUPAPA, MAORI = "british", "kupapa", "maori"

# Leader roles (§1): a unit's leader, a senior officer, the C-in-C.
LEADER, SENIOR, C_IN_C = "leader", "senior", "c_in_c"


class Group(NamedTuple):
    unit: int
    cell: int
    n: int
    pinned: bool = False
    hidden: bool = False
    motivated: bool = False  # §2: no figure is motivated twice in its own turn
    moved: bool = False      # in its side's current or most recent turn (§5 stationary, §6)
    fired: bool = False


class Leader(NamedTuple):
    cell: int | None         # None: off the table (killed, or his unit broke)
    pinned: bool = False
    hidden: bool = False
    motivated: bool = False
    moved: bool = False
    attempts: int = 0        # motivation attempts left this turn (§1)
    dead: bool = False


# --- action codes ---------------------------------------------------------------------
END_TURN, RETIRE, DONE, REACT, HOLD = 0, 1, 2, 3, 4
DIE = 10          # a die face f is action DIE + f
SLOT = 100        # random allocation: the k-th figure slot is SLOT + k
MOVE, FIRE, OBSERVE, UNPIN, RESCUE = 200_000, 300_000, 400_000, 500_000, 600_000
MOTIVATE = 10_000_000
BLOCK = 100_000   # room for one cell index (or a point count) per action kind

# Motivation selectors (§2): the leader alone, everything he commands in a square,
# one unit's figures there, or a single figure of a unit.
SEL_SELF, SEL_ALL, SEL_UNIT0 = 0, 1, 2

D6 = tuple(range(DIE + 1, DIE + 7))
D6_OUTCOMES = [(a, 1 / 6) for a in D6]
