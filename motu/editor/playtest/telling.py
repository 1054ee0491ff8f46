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
    seat_dice: tuple[dict | None, ...] = ()  # the die as each seat's tray shows it, in that seat's words


class TellingMixin:
    def _entry_for(self, state, action: int) -> Entry:
        player = state.current_player()
        full = self.presenter.action_text(state, action)
        texts = tuple(self.presenter.action_text(state, action, p) for p in range(state.num_players()))
        kind = self.presenter.log_kind(state, action)
        dice = self.presenter.dice(state, action, full) if player == CHANCE else None
        seat_dice = tuple(None if dice is None or t is None else dice if t == full else self._seat_die(state, action, t)
                          for t in texts)
        if player != CHANCE:
            self._batch += 1
        return Entry(player, kind, full, texts, dice, self._batch, seat_dice=seat_dice)

    def _seat_die(self, state, action: int, text: str) -> dict:
        """A die as a seat told less than the whole truth sees it: the presentation's, in that seat's words
        (a presentation that words its dice its own way gives the seat's words alone, without a face)."""
        die = self.presenter.dice(state, action, text)
        return die if text in die["text"] else {**die, "face": None, "text": text}

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
            dice = self._dice_for(entry, v, text)
            if dice is not None:
                self.dice.add(dice["group"], dice["face"], dice["text"], entry.batch, dice.get("line"))
        for kind, line, event in self._told(entry):
            self.log.add(kind, line)
            if entry.dice is not None and text is not None and not isinstance(event, (TurnBegan, PhaseBegan)):
                self.dice.note(line)  # what the die did; a turn or phase it happens to begin is not its doing
            elif isinstance(event, Roll) and event.faces:  # dice the game rolled within a move
                self.dice.add_roll(event.cause, event.faces, line, entry.batch)

    @staticmethod
    def _dice_for(entry: Entry, v: int | None, text: str) -> dict | None:
        """The die of `entry` as seat `v`'s tray shows it: in that seat's words, with its face where the
        presentation shows it to that seat (an entry made without seats' dice: a face only with the whole truth)."""
        if entry.dice is None:
            return None
        if v is not None and entry.seat_dice:
            return entry.seat_dice[v]
        return entry.dice if text == entry.full else {**entry.dice, "face": None, "text": text, "line": None}

    def told_since_decision(self, seat: int | None) -> bool:
        """Did the last decision of the game, `seat`'s own, have outcomes that seat is told (dice after it,
        or events it brought about; a turn or phase beginning is no outcome)? Then the seat reads them
        before the hot seat's curtain falls."""
        if seat is None:
            return False
        after: list[Entry] = []
        for entry in reversed(self.entries):
            after.append(entry)
            if entry.player != CHANCE:
                break
        else:
            return False
        if after[-1].player != seat:
            return False
        state = self.session.state
        return any(e.player == CHANCE and e.texts[seat] is not None for e in after) or any(
            not isinstance(ev, (TurnBegan, PhaseBegan)) and self.presenter.event_words(ev, seat, state)
            for e in after for ev in e.events)

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
