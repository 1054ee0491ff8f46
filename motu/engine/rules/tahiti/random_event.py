"""The typed event of a Tahiti random event drawn (15.12's table), for the log and reports.

Scope: one Event subclass; `motu/engine/rules/events.py` has the events every game shares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motu.engine.rules.events import Event


@dataclass(frozen=True)
class RandomEvent(Event):
    """Random event `number` (11-66) drawn in `turn`: its headline in the seed's words, and what
    it did (`effect`, in the rulebook's words; empty when it had no effect)."""

    kind: ClassVar[str] = "random event"
    turn: int
    number: int
    headline: str
    effect: str = ""
    player: int | None = None  # the player it concerned, where it concerned one
