"""Bots think off the GUI thread; the window never waits for them.

By default a bot runs in a worker process (bot_process.py; the GUI thread only polls for its
answer), so its thinking never holds the interpreter the GUI thread needs. A bot given as an
object (tests, scripts) runs on a worker thread instead, on a copy of the state.
"""
from __future__ import annotations

import multiprocessing
import traceback
from concurrent.futures import Future, ProcessPoolExecutor

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
    """One worker process for a playtest's bots; answers come back as BotSignals, on the GUI thread."""

    POLL_MS = 10

    def __init__(self, scenario_text: str, options: dict, signals: BotSignals, parent=None):
        super().__init__(parent)
        self.signals = signals
        self._args = (scenario_text, dict(options))
        self._pool: ProcessPoolExecutor | None = None
        self._pending: list[tuple[int, Future]] = []
        self._timer = QTimer(self)
        self._timer.setInterval(self.POLL_MS)
        self._timer.timeout.connect(self._poll)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=bot_process.start, initargs=self._args)
        return self._pool

    def ask(self, ticket: int, actions: list[int], bot_name: str, rng_seed: str) -> None:
        self._pending.append((ticket, self._executor().submit(bot_process.choose, list(actions), bot_name, rng_seed)))
        self._timer.start()

    def _poll(self) -> None:
        still = []
        for ticket, fut in self._pending:
            if not fut.done():
                still.append((ticket, fut))
                continue
            exc = fut.exception()
            if exc is not None:
                text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                self.signals.failed.emit(ticket, f"{text}\n")
            else:
                self.signals.chose.emit(ticket, int(fut.result()))
        self._pending = still
        if not still:
            self._timer.stop()

    def busy(self) -> bool:
        return bool(self._pending)

    def wait(self, ms: int) -> None:
        """Block at most `ms` for the oldest answer (scripts and tests)."""
        if self._pending:
            try:
                self._pending[0][1].exception(timeout=ms / 1000)
            except Exception:  # a timeout: the caller polls again
                pass
            self._poll()

    def close(self) -> None:
        self._timer.stop()
        self._pending = []
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
