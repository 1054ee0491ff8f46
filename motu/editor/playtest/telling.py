"""How the playtest table tells the game: each action as an Entry with every seat's own text, and
the event log and the dice tray filled from the entries for the seat on view.

A seat is told only what it may know (the rule set's action_to_string_for, through its
presentation); an entry of None for a seat is a move it learns nothing of. What an action brought
about is told from the typed events the game emitted while applying it (motu/engine/rules/events.py),
each in the presentation's words for the seat on view (`event_words`, None for an event that seat
may not know); a game that emits none yet is told by the narrative lines it added instead. The
entries are rebuilt by replaying the game's actions on a fresh state (after undo or load), so the
telling always matches the game. Mixed into PlaytestWindow; it reads the window's session,
presenter (the rule set's Presentation), log, dice tray and shown seat.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from motu.engine.rules.api import CHANCE
from motu.engine.rules.events import Event, PhaseBegan, Roll, TurnBegan


@dataclass
class Entry:
    """One action as the table tells it: for each seat its own text (None: that seat learns nothing),
    the typed events it brought about, and the game's narrative lines it added."""

    player: int
    kind: str                       # moves | combat | events | dice
    full: str
    texts: tuple[str | None, ...]
    dice: dict | None
    batch: int
    events: tuple[Event, ...] = ()
    narrative: list[str] = field(default_factory=list)


class TellingMixin:
    def _entry_for(self, state, action: int) -> Entry:
        player = state.current_player()
        full = self.presenter.action_text(state, action)
        texts = tuple(self.presenter.action_text(state, action, p) for p in range(state.num_players()))
        kind = self.presenter.log_kind(state, action)
        dice = self.presenter.dice(state, action, full) if player == CHANCE else None
        if player != CHANCE:
            self._batch += 1
        return Entry(player, kind, full, texts, dice, self._batch)

    def _play(self, action: int) -> Entry:
        """Play `action` in the game and tell it: its entry, with the events and narrative lines it added."""
        entry = self._entry_for(self.session.state, action)
        logged = self.session.apply(action)
        events = getattr(logged, "events", None)
        if events is None:  # a session whose log keeps no events: the state still holds them
            events = self.session.state.drain_events()
        self._after_apply(entry, events, self.session.state)
        self._show_entry(entry)
        return entry

    def _after_apply(self, entry: Entry, events, state) -> None:
        entry.events = tuple(events or ())
        lines = self.presenter.narrative(state)
        entry.narrative = lines[self._events_seen:]
        self._events_seen = len(lines)
        self.entries.append(entry)

    def _told(self, entry: Entry) -> list[tuple[str, str, Event | None]]:
        """(log filter, words, event) of what the entry brought about, as the seat on view may know it: its
        events in the presentation's words, or without events the game's narrative lines. A die's own
        Roll event is not told again (the tray and the log have the die already) unless it says what the
        die did (its outcome: the movement points of a Forced March, a Panic's flip)."""
        if not entry.events:
            return [("events", line, None) for line in entry.narrative]
        v, state = self.shown_seat, self.session.state
        out = []
        for event in entry.events:
            if entry.dice is not None and isinstance(event, Roll) and not event.outcome:
                continue
            words = self.presenter.event_words(event, v, state)
            if words:
                out.append((self.presenter.event_kind(event), words, event))
        return out

    def _show_entry(self, entry: Entry) -> None:
        v = self.shown_seat
        text = entry.full if v is None else entry.texts[v]
        if text is not None:
            who = "Dice" if entry.player == CHANCE else self.session.state.player_name(entry.player)
            # the mover named once: a game's text that names its side already is not prefixed again
            self.log.add(entry.kind, text if text.startswith(f"{who}: ") else f"{who}: {text}")
            if entry.dice is not None:
                whole = text == entry.full  # a seat told less than the die sees its own words, no face
                words = entry.dice["text"] if whole else text
                self.dice.add(entry.dice["group"], entry.dice["face"] if whole else None, words, entry.batch,
                              entry.dice.get("line") if whole else None)
        for kind, line, event in self._told(entry):
            self.log.add(kind, line)
            if entry.dice is not None and text is not None and not isinstance(event, (TurnBegan, PhaseBegan)):
                self.dice.note(line)  # what the die did; a turn or phase it happens to begin is not its doing
            elif isinstance(event, Roll) and event.faces:  # dice the game rolled within a move
                self.dice.add_roll(event.cause, event.faces, line, entry.batch)

    def _render_log(self) -> None:
        """The log and the tray again, as the seat now on view is told the game."""
        self.log.clear()
        self.dice.start_over()
        for entry in self.entries:
            self._show_entry(entry)

    def _rebuild_entries(self) -> None:
        """The table's telling of the game so far, by replaying its actions on a fresh state."""
        state = self._new_state()
        self.entries, self._events_seen, self._batch = [], 0, 0
        for action in self.session.actions:
            entry = self._entry_for(state, action)
            state.apply_action(action)
            self._after_apply(entry, state.drain_events(), state)
        self._render_log()

    def table_text(self) -> str:
        """Every word the table shows: panel, result, legal actions, stack panel, dice tray, event log."""
        parts = [self.info.text(), self.panel.text(), self.result_panel.text() if not self.result_panel.isHidden() else "",
                 "\n".join(self.legal.item(i).text() for i in range(self.legal.count())),
                 "\n".join(self.stack_panel.names()), "\n".join(self.dice.texts()), "\n".join(self.log.lines(False))]
        return "\n".join(p for p in parts if p)
