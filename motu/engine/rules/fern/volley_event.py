"""The typed event of a Fire in the Fern volley (§5), for the log, the dice tray and reports.

Scope: one Event subclass; `motu/engine/rules/events.py` has the events every game shares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motu.engine.rules.events import Event


@dataclass(frozen=True)
class Volley(Event):
    """Seat `player`'s `unit` fired from `cell` at `target` (labels as the map prints them):
    its dice, the hits, the hits saved, the casualties by name; `ambush` when fired from
    hiding (§12), `reaction` when it was reaction fire (§7)."""

    kind: ClassVar[str] = "volley"
    player: int
    unit: str
    cell: int
    label: str
    target: int
    target_label: str
    dice: tuple[int, ...] = ()
    hits: int = 0
    saved: int = 0
    casualties: tuple[str, ...] = ()
    ambush: bool = False
    reaction: bool = False
