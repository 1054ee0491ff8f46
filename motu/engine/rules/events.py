"""What happened in a game, as typed values: the events a state emits while an action is applied.

Scope: the event types every game shares (a battle, a place changing hands, a unit lost, a score
changing, a turn or phase beginning, a die's meaning, the game ending and why) and `Event`, the
base a rule set subclasses for events of its own (Tahiti's random events). Events are plain
frozen dataclasses of ints, strings and tuples: they cross process boundaries (batch workers),
compare by value, and are never parsed from text. Who reads them:

- the playtest log and dice tray put them into words per seat (the rule set's presentation,
  `motu/engine/rules/presentation.py`), showing a seat only the events `visible_to` it;
- the balance collectors (`motu/engine/rules/report.py`'s Collector, one per rule set in its own
  report.py) count them;
- nothing reads a game's log text.

Players are seat numbers (0-based); places are cells (`cell`, an int, or None off the map) with
the board's own `label`, or ids of areas/villages with their `name`; units are named by what
a player reads (`"Head Chieftain"`), sides by seat. Rule references (`rule`) are the
rulebook's numbers ("9.2", "15.14") where the text has one.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import ClassVar


def quick_init(cls):
    """Give a frozen event dataclass a quicker `__init__`: the same parameters and defaults as the
    dataclass's own, filling the instance's `__dict__` directly instead of calling
    `object.__setattr__` once per field (about three times quicker: events are built in every
    game a bot plays ahead, so their cost counts). Apply it above `@dataclass(frozen=True)`."""
    positional, keywords, body, defaults = [], [], [], {}
    for f in fields(cls):
        if not f.init:
            continue
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain defaults only")
        param = f.name
        if f.default is not MISSING:
            defaults[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        (keywords if f.kw_only else positional).append(param)
        body.append(f"    d[{f.name!r}] = {f.name}")
    params = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    source = f"def __init__({params}):\n    d = self.__dict__\n" + "\n".join(body) + "\n"
    namespace = dict(defaults)
    exec(source, namespace)  # noqa: S102 - as dataclasses builds its own __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


@dataclass(frozen=True)
class Event:
    """Something that happened. `seen_by` is None when every seat knows it, else the seats that do."""

    kind: ClassVar[str] = "event"
    seen_by: tuple[int, ...] | None = field(default=None, kw_only=True)

    def visible_to(self, seat: int | None) -> bool:
        """Whether seat `seat` (None: a spectator who sees everything) may know this event."""
        return seat is None or self.seen_by is None or seat in self.seen_by


@quick_init
@dataclass(frozen=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn"
    turn: int
    name: str = ""  # the calendar's name of the turn, where the game has one ("Early Summer")


@quick_init
@dataclass(frozen=True)
class PhaseBegan(Event):
    kind: ClassVar[str] = "phase"
    turn: int
    phase: str  # the rulebook's name of the phase ("Movement Phase")
    player: int | None = None  # whose phase, where a phase belongs to one player


@quick_init
@dataclass(frozen=True)
class BattleSide:
    """One side of a battle: its players, what it fought with, its die and total, what it lost."""

    players: tuple[int, ...]
    units: tuple[str, ...] = ()  # names of the units that fought
    strength: float = 0  # before the die
    dice: tuple[int, ...] = ()
    total: float = 0  # the figure compared (strength and dice, modifiers)
    losses: tuple[str, ...] = ()  # names of the units lost
    captured: tuple[str, ...] = ()  # names of the units it captured from the other side
    retreated_to: int | None = None  # the cell it retreated to, if it retreated


@quick_init
@dataclass(frozen=True)
class Battle(Event):
    """A battle fought at `cell`: attacker first, then the defenders; `winner` the index of the
    winning side in `sides` (None: nobody won); `result` the rule's words for the outcome."""

    kind: ClassVar[str] = "battle"
    cell: int | None
    label: str
    sides: tuple[BattleSide, ...]
    winner: int | None = None
    result: str = ""
    rule: str = ""


@quick_init
@dataclass(frozen=True)
class ControlChanged(Event):
    """An area, village or site changing hands (`before`/`after`: seats, None for neutral)."""

    kind: ClassVar[str] = "control"
    what: str  # "area", "village", "site"
    place: str  # its id
    name: str  # what players call it
    before: int | None
    after: int | None
    rule: str = ""


@quick_init
@dataclass(frozen=True)
class UnitLost(Event):
    kind: ClassVar[str] = "loss"
    player: int
    unit: str  # its name, as players read it
    cell: int | None = None
    label: str = ""
    cause: str = ""  # "battle", "fire", "event 31"...
    captured_by: int | None = None


@quick_init
@dataclass(frozen=True)
class ScoreChanged(Event):
    """A player's counted total changing (fruits, money, victory points, areas held)."""

    kind: ClassVar[str] = "score"
    player: int
    what: str  # "fruits", "money"...
    before: float
    after: float
    why: str = ""


@quick_init
@dataclass(frozen=True)
class Roll(Event):
    """A die (or dice) rolled and what it decided: `cause` says what it was rolled for, in the
    rulebook's words ("Clan Elder panic (15.9)", "Leader movement")."""

    kind: ClassVar[str] = "roll"
    faces: tuple[int, ...]
    cause: str
    player: int | None = None
    outcome: str = ""


@quick_init
@dataclass(frozen=True)
class GameEnded(Event):
    """The end: `returns` per seat, `outcome` an id a report counts ("decisive victory",
    "time limit"), `why` the words the table shows."""

    kind: ClassVar[str] = "end"
    returns: tuple[float, ...]
    outcome: str
    why: str = ""
    winners: tuple[int, ...] = ()
    ended: str = ""  # what ended it, where several ends count the same way ("the turn limit")


COMMON_EVENTS = (TurnBegan, PhaseBegan, Battle, ControlChanged, UnitLost, ScoreChanged, Roll, GameEnded)
