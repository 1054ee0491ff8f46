"""Who sits at the table: each seat a human or a bot, whose view is drawn, and the bots' moves.

A seat is a combo box (human, or one of the rule set's bots). The seat on view is the one human;
in a hot seat the human to move (or the last one shown while a bot or the dice move); nobody's
(everything) when only bots play. A bot thinks from its own seat's observation, in a process of
its own (bot_process.py) or, for a bot object set by a test, on a worker thread (bot_worker.py);
its answer is taken only if the game has not moved on since it was asked (the ticket).

Auto-play (F6) is whether the bots take their turns by themselves, one move per tick of the
speed slider: on from the start whenever a human sits at the table (so the bots answer him),
off for a table of bots only (F6 starts them); unchecking it pauses the bots, and Bot Move plays
one bot move. The game's end turns it off. Mixed into PlaytestWindow; it reads the window's
session, seat boxes, actions and timers.
"""
from __future__ import annotations

import random

from .bot_worker import BotMove

HUMAN = "human"
PAUSED = "The bots are paused: Bot Move (Space) plays the next bot move; Auto-play (F6) lets the bots play on."


class SeatsMixin:
    # --- the seats and the view ------------------------------------------------------------------
    def seat(self, player: int) -> str:
        return self.seat_boxes[player].currentText() if 0 <= player < len(self.seat_boxes) else "random"

    def humans(self) -> list[int]:
        return [p for p in range(len(self.seat_boxes)) if self.seat(p) == HUMAN]

    def viewer(self) -> int | None:
        """The seat whose view the table shows: the one human; in a hot seat the human to move (or the
        last one shown while a bot or the dice move); None (everything) when only bots play."""
        humans = self.humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        cur = self.session.state.current_player() if self.session else -1
        if cur in humans:
            return cur
        return self.shown_seat if self.shown_seat in humans else humans[0]

    def view_state(self):
        """The game as the seat on view sees it (its observation), computed once per change."""
        if self._view_state is None:
            state = self.session.state
            v = self.shown_seat
            self._view_state = state if v is None else state.observation(v)
        return self._view_state

    def _seat_changed(self, player: int) -> None:
        """A seat switched between human and bot: the legal actions and the view follow at once."""
        if self.session is None:
            return
        if self._thinking and self.session.state.current_player() == player:
            self._ticket += 1  # the bot's answer for this seat is no longer wanted
            self._thinking = False
        self._refresh()
        self._maybe_bot()

    # --- bots ------------------------------------------------------------------------------------
    def bots_paused(self) -> bool:
        """A bot is to move and will wait for Bot Move or Auto-play."""
        state = self.session.state
        return (not state.is_terminal() and not self._thinking and self.seat(state.current_player()) != HUMAN
                and not self.actions_["auto"].isChecked())

    def _maybe_bot(self) -> None:
        """A bot to move under Auto-play plays after the speed slider's pause, so a person can follow."""
        if self.session is None or self.session.state.is_terminal() or self._thinking:
            return
        if self.seat(self.session.state.current_player()) != HUMAN and self.actions_["auto"].isChecked():
            self.auto_timer.start(self.speed.value())
        self._tell_pause()

    def _tell_pause(self) -> None:
        """While the bots wait, the status bar says how to let them move; the message goes when they may."""
        bar = self.statusBar()
        if self.bots_paused():
            bar.showMessage(PAUSED)
        elif bar.currentMessage() == PAUSED:
            bar.clearMessage()

    def step(self) -> None:
        """One bot move, thought out away from the GUI thread from the bot's seat's observation."""
        state = self.session.state
        if state.is_terminal() or self._thinking:
            return
        player = state.current_player()
        name = self.seat(player)
        if name == HUMAN:
            return
        self._ticket += 1
        self._thinking = True
        rng_seed = f"{self.seed}:{len(self.session.actions)}:{name}"
        self.info.setText(f"{state.player_name(player)} ({name} bot) is thinking…")
        if not self.bot_objects:
            self.bot_process.ask(self._ticket, self.session.actions, name, rng_seed)
            return
        bot = self.rules.bot_factories()[name](random.Random(rng_seed))
        seen = state.observation(player)
        self.pool.start(BotMove(self._ticket, bot, seen.clone() if seen is state else seen, self.bot_signals))

    def _bot_chose(self, ticket: int, action: int) -> None:
        if ticket != self._ticket:
            return  # the game moved on (undo, new game) while the bot thought
        self._thinking = False
        if action not in self.session.state.legal_actions():
            self._bot_failed(ticket, f"the bot chose an illegal action {action}")
            return
        self._play(action)
        self._after_change()

    def _bot_failed(self, ticket: int, message: str) -> None:
        if ticket != self._ticket:
            return
        self._thinking = False
        self.stop_auto()
        self.log.add("events", f"Bot error: {message.splitlines()[0]}")
        self._refresh()
        self.statusBar().showMessage(f"The bot failed and its move ended: {message.splitlines()[0]}", 10000)

    def toggle_auto(self) -> None:
        if self.actions_["auto"].isChecked():
            self._maybe_bot()
        else:
            self.stop_auto()
        self._refresh_info()

    def stop_auto(self) -> None:
        self.auto_timer.stop()
        if "auto" in getattr(self, "actions_", {}):
            self.actions_["auto"].setChecked(False)

    def auto_as_seated(self) -> None:
        """Auto-play as a game starts (new, loaded, or taken back): on when a human sits at the table,
        so the bots answer him; off for bots only, who wait for F6 or Bot Move."""
        self.auto_timer.stop()
        self.actions_["auto"].setChecked(bool(self.humans()))

    def wait_for_bot(self, timeout_ms: int = 30000) -> None:
        """For scripts and tests: let the worker finish and deliver its move."""
        from PySide6.QtCore import QCoreApplication, QElapsedTimer
        t = QElapsedTimer()
        t.start()
        while self._thinking and t.elapsed() < timeout_ms:
            QCoreApplication.processEvents()
            if self.bot_objects:
                self.pool.waitForDone(5)
            else:
                self.bot_process.wait(5)
        QCoreApplication.processEvents()
