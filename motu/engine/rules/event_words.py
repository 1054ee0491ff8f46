"""The events every game shares (motu/engine/rules/events.py), in words a player reads.

Scope: one function per common event type and `common_event_words`, which picks it. Players are
named by `name(seat)` (the table passes the game's `player_name`, the scenario's side names),
places by the labels and names the events carry, never by ids; rule numbers ride in brackets.
A rule set's presentation (motu/engine/rules/presentation.py) words its own events and may word any
of these its own way.
"""
from __future__ import annotations

from typing import Callable

from .events import Battle, BattleSide, ControlChanged, Event, GameEnded, PhaseBegan, Roll, ScoreChanged, TurnBegan, \
    UnitLost

Name = Callable[[int], str]
Place = Callable[[int], "str | None"]


def number(value: float) -> str:
    """3.0 → "3", 2.5 → "2.5"."""
    return f"{value:g}"


def listed(items, empty: str = "nothing") -> str:
    """"A", "A and B", "A, B and C"."""
    items = [str(i) for i in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _rule(rule: str) -> str:
    return f" ({rule})" if rule else ""


_SAME_IN_PLURAL = ("s", "ia", "ion", "men", "people")  # "Fighters", "Militia", "Population", "Riflemen"


def plural(name: str) -> str:
    """A unit's name for more than one: "Clan Elder" → "Clan Elders"; names already plural or
    uncounted ("Fighters", "Militia", "Population") stay as they are."""
    return name if name.endswith(_SAME_IN_PLURAL) else name + "s"


def counted(names) -> list[str]:
    """Names counted, in the order first met: ["Clan Elder", "Militia", "Clan Elder"] →
    ["2 Clan Elders", "Militia"]."""
    count: dict[str, int] = {}
    for n in names:
        count[str(n)] = count.get(str(n), 0) + 1
    return [n if k == 1 else f"{k} {plural(n)}" for n, k in count.items()]


def _side_words(side: BattleSide, name: Name, role: str = "") -> str:
    who = listed([name(p) for p in side.players], "nobody")
    many = len(side.players) > 1
    text = who
    if side.units:  # "Red clan attacks with Head Chieftain and 2 Fighters"
        text += (f" {role}{'' if many else 's'}" if role else "") + f" with {listed(counted(side.units))}"
    if side.dice:
        faces = " + ".join(str(d) for d in side.dice)
        die = f"{'dice' if len(side.dice) > 1 else 'die'} {faces}"
        if side.strength + sum(side.dice) == side.total:
            text += f" ({number(side.strength)} + {die} = {number(side.total)})"
        else:
            text += f" ({number(side.strength)}, {die}, total {number(side.total)})"
    elif side.total:
        text += f" (total {number(side.total)})"
    return text


def battle_words(e: Battle, name: Name, place: Place) -> str:
    """"Battle at 0612: Red clan attacks with Head Chieftain and 2 Fighters (7 + die 5 = 12) against
    Blue clan with Militia (2 + die 2 = 4) — Red clan wins (decisive victory); Blue clan loses Militia;
    Red clan captures Shaman; Blue clan retreats to 0613 (9.2)". The first side attacks."""
    head = f"Battle at {e.label}" if e.label else "Battle"
    sides = [_side_words(s, name, "attack" if i == 0 and len(e.sides) > 1 else "") for i, s in enumerate(e.sides)]
    text = head + ": " + " against ".join(sides) if sides else head
    if e.winner is not None and 0 <= e.winner < len(e.sides):
        text += f" — {listed([name(p) for p in e.sides[e.winner].players], 'nobody')} " \
                f"{'win' if len(e.sides[e.winner].players) > 1 else 'wins'}"
        if e.result:  # "wins by 3", "wins (decisive victory)"
            text += f" {e.result}" if e.result.startswith("by ") else f" ({e.result})"
    elif e.result:
        text += f" — {e.result}"
    else:
        text += " — nobody wins"
    after = []
    for s in e.sides:
        who = listed([name(p) for p in s.players], "nobody")
        many = len(s.players) > 1
        if s.losses:
            after.append(f"{who} {'lose' if many else 'loses'} {listed(counted(s.losses))}")
        if s.captured:
            after.append(f"{who} {'capture' if many else 'captures'} {listed(counted(s.captured))}")
        if s.retreated_to is not None:
            where = place(s.retreated_to)
            after.append(f"{who} {'retreat' if many else 'retreats'}" + (f" to {where}" if where else ""))
    if after:
        text += "; " + "; ".join(after)
    return text + _rule(e.rule)


def _holder(seat: int | None, name: Name) -> str:
    return "nobody" if seat is None else name(seat)


def control_words(e: ControlChanged, name: Name) -> str:
    """"Red clan takes Hitiaa from Blue clan (15.5)", "Hitiaa becomes neutral: Blue clan loses it"."""
    if e.after is None:
        text = f"{e.name} becomes neutral" + ("" if e.before is None else f": {name(e.before)} loses it")
    elif e.before is None:
        text = f"{name(e.after)} takes {e.name}"
    else:
        text = f"{name(e.after)} takes {e.name} from {name(e.before)}"
    return text + _rule(e.rule)


def loss_words(e: UnitLost, name: Name) -> str:
    """"Blue clan loses Militia at 0612 (battle)", "Red clan captures Blue clan's Shaman at 0612"."""
    at = f" at {e.label}" if e.label else ""
    if e.captured_by is not None:
        text = f"{name(e.captured_by)} captures {name(e.player)}'s {e.unit}{at}"
    else:
        text = f"{name(e.player)} loses {e.unit}{at}"
    return text + (f" ({e.cause})" if e.cause else "")


def score_words(e: ScoreChanged, name: Name) -> str:
    """"First player's fruits: 2 → 3 (a totem completed)"."""
    return f"{name(e.player)}'s {e.what}: {number(e.before)} → {number(e.after)}" + (f" ({e.why})" if e.why else "")


def roll_words(e: Roll, name: Name) -> str:
    """"Clan Elder panic (15.9), Red clan: 4 — the Elder stands"."""
    faces = ", ".join(str(f) for f in e.faces)
    who = f", {name(e.player)}" if e.player is not None else ""
    return f"{e.cause}{who}: {faces}" + (f" — {e.outcome}" if e.outcome else "")


def turn_words(e: TurnBegan) -> str:
    return f"Turn {e.turn} begins" + (f" ({e.name})" if e.name else "")


def phase_words(e: PhaseBegan, name: Name) -> str:
    """"Turn 3: Movement Phase of Red clan"."""
    return f"Turn {e.turn}: {e.phase}" + (f" of {name(e.player)}" if e.player is not None else "")


def end_words(e: GameEnded, name: Name) -> str:
    """"The game is over: Red clan leads by 4 areas. Winner: Red clan"."""
    why = e.why or e.outcome
    text = "The game is over" + (f": {why}" if why else "")
    if e.winners:
        text += f". {'Winners' if len(e.winners) > 1 else 'Winner'}: {listed([name(p) for p in e.winners])}"
    return text


def common_event_words(event: Event, name: Name, place: Place) -> str | None:
    """Words for an event of a common type (None for any other type)."""
    if isinstance(event, Battle):
        return battle_words(event, name, place)
    if isinstance(event, ControlChanged):
        return control_words(event, name)
    if isinstance(event, UnitLost):
        return loss_words(event, name)
    if isinstance(event, ScoreChanged):
        return score_words(event, name)
    if isinstance(event, Roll):
        return roll_words(event, name)
    if isinstance(event, TurnBegan):
        return turn_words(event)
    if isinstance(event, PhaseBegan):
        return phase_words(event, name)
    if isinstance(event, GameEnded):
        return end_words(event, name)
    return None
