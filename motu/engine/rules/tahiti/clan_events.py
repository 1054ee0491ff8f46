"""The typed events of a Tahiti game that neither the common events nor the random events and
retreats cover: a clan out of the game, the Arioi's move, the Navigator handed over, an
expedition's landing, a recall ended.

Scope: small Event subclasses (motu/engine/rules/events.py has the events every game shares; the
Forced March's and a Leader's movement points are Rolls with their outcome, an area that stays
neutral a ControlChanged from nobody to nobody). Places carry the labels and names players read;
players are seats, named by the presentation (presentation/event_words.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motu.engine.rules.events import Event


@dataclass(frozen=True)
class ClanOut(Event):
    """Seat `player` is out of the game (FACTS: "if he is killed the player loses"): `why`, in
    words without the clan's name ("the Head Chieftain is killed")."""

    kind: ClassVar[str] = "out"
    turn: int
    player: int
    why: str


@dataclass(frozen=True)
class ArioiMoved(Event):
    """The initiative winner places or moves the Arioi (15.6) to `cell`, in area `area`."""

    kind: ClassVar[str] = "arioi"
    turn: int
    player: int
    cell: int
    label: str
    area: str
    placed: bool = False  # placed on the map (the first time, or a new troop), not moved
    rule: str = "15.6"


@dataclass(frozen=True)
class NavigatorPassed(Event):
    """Seat `player` hands the Navigator (15.5 counter C) to seat `to`."""

    kind: ClassVar[str] = "navigator"
    turn: int
    player: int
    to: int
    rule: str = "15.5, counter C"


@dataclass(frozen=True)
class ExpeditionEnded(Event):
    """Seat `player`'s expedition from `cell` for `to` (on `island`): the First Die Roll Table's
    `result` ("lost", "turned back", "landfall"; 15.5)."""

    kind: ClassVar[str] = "expedition"
    turn: int
    player: int
    cell: int
    label: str
    to: int
    to_label: str
    area: str
    result: str
    rule: str = "15.5"


@dataclass(frozen=True)
class RecallEnded(Event):
    """Seat `player`'s recalled `unit` (its name) has no land route home: the recall ends (events
    26, 31)."""

    kind: ClassVar[str] = "recall"
    turn: int
    player: int
    unit: str
    rule: str = ""
