"""Random Events (15.12) in a Tahiti game: the two-dice table, its third die, every result.

Scope: rolling events in the Initiative Determination Phase (events.yaml is the table, numbered
as docs/rules/tahiti.md "Random Events" derives it), the season endings (11-13), and the table
of the 28 events' effects (effects_14_36.py, effects_41_66.py; their helpers: picks.py).
Choices the text leaves to "the rolling player" are his decisions; "randomly selected"
counters are chance nodes, each counter as likely. Readings are in the rulebook.
"""
from __future__ import annotations

import re

from ..game_state import TahitiState
from ..machinery import handler, step
from ..data.tables import event_result
from ..outcomes import SEASON_END
from ..random_event import RandomEvent
from ..victory import end_by_areas


@step
def random_events(st: TahitiState, n: int) -> None:
    if n > 0:
        st.roll("on_event_first", n)


@handler
def on_event_first(st: TahitiState, face: int, n: int) -> None:
    st.roll("on_event_second", n, face)


@handler
def on_event_second(st: TahitiState, face: int, n: int, first: int) -> None:
    number = first * 10 + face
    entry = st.b.data.events_by_number()[number]
    if entry["event"] == "season_end":
        passed = (st.turn - 1) // int(st.opts["turns_per_season"])
        if passed >= int(entry["seasons"]):
            st._emit(RandomEvent(st.turn, number, headline(entry), player=st.initiative))
            end_by_areas(st, f"event {number} after {passed} season{'' if passed == 1 else 's'}", SEASON_END)
        else:  # "skip straight to the Advance Game Turn step"; no more events this turn
            st._emit(RandomEvent(st.turn, number, headline(entry), "skip straight to the Advance Game Turn step", player=st.initiative))
            st.todo = [("advance",)]
        return
    st.roll("on_event_third", n, number)


def headline(entry: dict) -> str:
    """The seed's words for an event, its first sentence (what the log shows a player)."""
    text = str(entry.get("text", entry["event"]))
    m = re.match(r"(.+?[.!?])(\s|$)", text)
    return m.group(1) if m else text


@handler
def on_event_third(st: TahitiState, face: int, n: int, number: int) -> None:
    entry = st.b.data.events_by_number()[number]
    result = event_result(entry, face)
    st._emit(RandomEvent(st.turn, number, headline(entry), str(result.get("text", "")), player=st.initiative))
    st.push(("random_events", n - 1))
    EFFECTS[entry["event"]](st, entry, result, st.initiative)


from . import effects_14_36, effects_41_66  # noqa: E402

EFFECTS = {**effects_14_36.EFFECTS, **effects_41_66.EFFECTS}
