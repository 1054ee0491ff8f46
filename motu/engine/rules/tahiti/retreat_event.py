"""The typed event of a Tahiti retreat after a battle lost (9.2), for the log and reports.

Scope: one Event subclass; `motu/engine/rules/events.py` has the events every game shares (the
battle itself is a `Battle`, told before its retreats).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motu.engine.rules.events import Event, quick_init


@quick_init
@dataclass(frozen=True)
class Retreat(Event):
    """Seat `player`'s stack, beaten at `cell`, retreats to `to` (labels as the map prints them):
    the units that go, by name (Panic on the way may lose some: each loss is a UnitLost)."""

    kind: ClassVar[str] = "retreat"
    player: int
    cell: int
    label: str
    to: int
    to_label: str
    units: tuple[str, ...] = ()
    rule: str = "9.2"
