"""How the playtest table tells the game: each action as an Entry with every seat's own text, and
the event log and the dice tray filled from the entries for the seat on view.

A seat is told only what it may know (the rule set's action_to_string_for, through the presenter);
an entry of None for a seat is a move it learns nothing of. The entries are rebuilt by replaying
the game's actions on a fresh state (after undo or load), so the telling always matches the game.
Mixed into PlaytestWindow; it reads the window's session, presenter, log, dice tray and shown seat.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules.api import CHANCE


@dataclass
class Entry:
    """One action as the table tells it: for each seat its own text (None: that seat learns nothing)."""

    player: int
    kind: str                       # moves | combat | events | dice
    full: str
    texts: tuple[str | None, ...]
    dice: dict | None
    batch: int
    events: list[str] = field(default_factory=list)


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
        """Play `action` in the game and tell it: its entry, and the engine's narrative lines it added."""
        entry = self._entry_for(self.session.state, action)
        self.session.apply(action)
        lines = self.presenter.events(self.session.state)
        entry.events = lines[self._events_seen:]
        self._events_seen = len(lines)
        self.entries.append(entry)
        self._show_entry(entry)
        return entry

    def _show_entry(self, entry: Entry) -> None:
        v = self.shown_seat
        text = entry.full if v is None else entry.texts[v]
        if text is not None:
            who = "Dice" if entry.player == CHANCE else self.session.state.player_name(entry.player)
            self.log.add(entry.kind, f"{who}: {text}")
            if entry.dice is not None:
                words = entry.dice["text"] if text == entry.full else text
                self.dice.add(entry.dice["group"], entry.dice["face"] if text == entry.full else None, words, entry.batch)
        for line in entry.events:
            self.log.add("events", line)
            if entry.dice is not None and text is not None:
                self.dice.note(line)

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
            lines = self.presenter.events(state)
            entry.events, self._events_seen = lines[self._events_seen:], len(lines)
            self.entries.append(entry)
        self._render_log()

    def table_text(self) -> str:
        """Every word the table shows: panel, result, legal actions, stack panel, dice tray, event log."""
        parts = [self.info.text(), self.panel.text(), self.result_panel.text() if not self.result_panel.isHidden() else "",
                 "\n".join(self.legal.item(i).text() for i in range(self.legal.count())),
                 "\n".join(self.stack_panel.names()), "\n".join(self.dice.texts()), "\n".join(self.log.lines(False))]
        return "\n".join(p for p in parts if p)
