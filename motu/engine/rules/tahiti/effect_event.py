"""The typed event of what a Tahiti random event did to the game (15.12), for the log and reports.

Scope: `EventDid`, one change an event's effect made (a Village reduced, a unit dead, sullen,
cursed or recalled, a Clan Elder defecting, a Population unit born…), and `did`, which emits it
from the state. `what` names the change; the words for it are data (words.yaml `effects`), so
the presentation (presentation/event_words.py) says it with the clans' own names. Places carry
what players read (a hex's label, a Village's or an area's name), never ids.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motu.engine.rules.events import Event


@dataclass(frozen=True)
class EventDid(Event):
    """What an event did: `what` (a key of words.yaml `effects`), to seat `player`'s `unit` (its
    name) at `label`, in `place` (a Village's or an area's name); `other` a second seat (a
    Clan Elder's new master), `n` a number (a combat value)."""

    kind: ClassVar[str] = "event effect"
    turn: int
    what: str
    player: int | None = None
    unit: str = ""
    label: str = ""
    place: str = ""
    other: int | None = None
    n: int = 0


def did(st, what: str, player: int | None = None, unit_kind: str = "", cell: int | None = None, place: str = "",
        other: int | None = None, n: int = 0) -> None:
    """Emit what an event did (nothing is built for a state whose events nobody reads)."""
    if getattr(st, "_events", ()) is None:
        return
    b = st.b
    label = b.labels[cell] if cell is not None and 0 <= cell < b.size else ""
    st._emit(EventDid(st.turn, what, player, b.names.get(unit_kind, unit_kind), label, place, other, n))
