"""Tahiti's own events in words (random events, retreats, a clan out, the Arioi, the Navigator,
expeditions, recalls, an area that stays neutral), in the rulebook's words.

Scope: `tahiti_event_words`, which TahitiPresentation.event_words asks first; None for an event it
does not word (the common words, motu/engine/rules/event_words.py, tell those). Clans are named by
`name(seat)` (the game's player_name), places by the labels and names the events carry.
"""
from __future__ import annotations

from typing import Callable

from motu.engine.rules.events import ControlChanged, Event

from ..data.tables import load
from ..effect_event import EventDid
from ..clan_events import ArioiMoved, ClanOut, ExpeditionEnded, NavigatorPassed, RecallEnded
from ..random_event import RandomEvent
from ..retreat_event import Retreat

Name = Callable[[int], str]

# The First Die Roll Table's results (expedition.yaml), as a player reads them.
EXPEDITION_RESULTS = {"lost": "lost at sea", "turned_back": "turned back", "landfall": "landfall"}


def _rule(rule: str) -> str:
    return f" ({rule})" if rule else ""


def tahiti_event_words(event: Event, name: Name) -> str | None:
    """An event of Tahiti's own (or a ControlChanged that changed nothing) in words; None otherwise."""
    if isinstance(event, RandomEvent):  # as the narrative told it (15.12)
        who = f" ({name(event.player)})" if event.player is not None else ""
        return (f"turn {event.turn}: random event {event.number}{who}: {event.headline}"
                + (f" — {event.effect}" if event.effect else ""))
    if isinstance(event, EventDid):  # what a random event did, in words.yaml's words
        text = load("words")["effects"].get(event.what)
        if text is None:
            return None
        def who(p):
            return name(p) if p is not None else "nobody"
        said = text.format(player=who(event.player), other=who(event.other), unit=event.unit, at=event.label,
                           place=event.place, n=event.n, s="" if event.n == 1 else "s")
        return said[:1].upper() + said[1:]
    if isinstance(event, Retreat):
        return f"{name(event.player)} retreats from {event.label} to {event.to_label}{_rule(event.rule)}"
    if isinstance(event, ClanOut):
        return f"{name(event.player)} is out of the game: {event.why}"
    if isinstance(event, ArioiMoved):
        verb = "places the Arioi in" if event.placed else "moves the Arioi to"
        return f"{name(event.player)} {verb} {event.area} at {event.label}{_rule(event.rule)}"
    if isinstance(event, NavigatorPassed):
        return f"{name(event.player)} hands the Navigator to {name(event.to)}{_rule(event.rule)}"
    if isinstance(event, ExpeditionEnded):
        result = EXPEDITION_RESULTS.get(event.result, event.result.replace("_", " "))
        if event.result == "landfall":
            result += f" at {event.to_label}"
        return (f"{name(event.player)}'s expedition from {event.label} to {event.area}: {result}"
                f"{_rule(event.rule)}")
    if isinstance(event, RecallEnded):
        return f"{name(event.player)}'s {event.unit} has no land route home: the recall ends{_rule(event.rule)}"
    if isinstance(event, ControlChanged) and event.before is None and event.after is None:
        return f"{event.name} stays neutral{_rule(event.rule)}"  # 15.5 E, F: the special roll failed
    return None
