"""Bots think on a worker thread; the window never waits for them."""
from __future__ import annotations

import traceback

from PySide6.QtCore import QObject, QRunnable, Signal


class BotSignals(QObject):
    chose = Signal(int, int)  # ticket, action
    failed = Signal(int, str)  # ticket, message


class BotMove(QRunnable):
    """Ask a bot for its move on a copy of the state (the game itself is never touched off-thread)."""

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
