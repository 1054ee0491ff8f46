"""Bots think off the GUI thread; the window never waits for them.

By default a bot runs in a worker process (bot_process.py; the GUI thread only polls for its
answer), so its thinking never holds the interpreter the GUI thread needs. A bot given as an
object (tests, scripts) runs on a worker thread instead, on a copy of the state.
"""
from __future__ import annotations

import multiprocessing
import traceback

from PySide6.QtCore import QObject, QRunnable, QTimer, Signal

from . import bot_process


class BotSignals(QObject):
    chose = Signal(int, int)  # ticket, action
    failed = Signal(int, str)  # ticket, message


class BotMove(QRunnable):
    """Ask a bot object for its move on a copy of the state (the game itself is never touched off-thread)."""

    def __init__(self, ticket: int, bot, state, signals: BotSignals):
        super().__init__()
        self.ticket, self.bot, self.state, self.signals = ticket, bot, state, signals

    def run(self) -> None:
        try:
            action = self.bot.choose(self.state)
        except Exception as exc:  # a bot's fault ends its move with a message, not the program
            self.signals.failed.emit(self.ticket, f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")
            return
        self.signals.chose.emit(self.ticket, int(action))


class BotProcess(QObject):
    """One worker process for a playtest's bots, spoken to over a pipe; the GUI thread only writes a
    short question and polls for the answer, which comes back as BotSignals."""

    POLL_MS = 10

    def __init__(self, scenario_text: str, options: dict, signals: BotSignals, parent=None):
        super().__init__(parent)
        self.signals = signals
        self._args = (scenario_text, dict(options))
        self._proc = None
        self._conn = None
        self._pending = 0
        self._timer = QTimer(self)
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._poll)

    def _connection(self):
        if self._proc is None or not self._proc.is_alive():
            ctx = multiprocessing.get_context("spawn")
            self._conn, child = ctx.Pipe()
            self._proc = ctx.Process(target=bot_process.serve, args=(child, *self._args), daemon=True)
            self._proc.start()
            child.close()
            self._pending = 0
        return self._conn

    def ask(self, ticket: int, actions: list[int], bot_name: str, rng_seed: str) -> None:
        self._connection().send((ticket, list(actions), bot_name, rng_seed))
        self._pending += 1
        self._timer.start()

    def _poll(self) -> None:
        conn = self._conn
        while conn is not None and self._pending and conn.poll():
            try:
                ticket, action, error = conn.recv()
            except EOFError:
                self._pending = 0
                break
            self._pending -= 1
            if error is not None:
                self.signals.failed.emit(ticket, error + "\n")
            else:
                self.signals.chose.emit(ticket, int(action))
        if self._proc is not None and not self._proc.is_alive() and self._pending:
            self._pending = 0
            self.signals.failed.emit(-1, "the bots' worker process stopped\n")
        if not self._pending:
            self._timer.stop()

    def busy(self) -> bool:
        return bool(self._pending)

    def wait(self, ms: int) -> None:
        """Block at most `ms` for an answer (scripts and tests)."""
        if self._pending and self._conn is not None:
            self._conn.poll(ms / 1000)
            self._poll()

    def close(self) -> None:
        self._timer.stop()
        self._pending = 0
        if self._proc is not None:
            try:
                self._conn.send(None)
            except (OSError, ValueError):
                pass
            self._proc.join(0.5)
            if self._proc.is_alive():
                self._proc.terminate()
            self._proc = None
            self._conn = None
