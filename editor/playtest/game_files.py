"""Taking moves back, and a game kept in a file: undo, the game record, Save Game and Load Game.

A game is (scenario, seed, actions): undo replays all but the last move (and the bots' replies
after it, so the human is to move again); a saved game is that record as a small JSON file,
refused with one clear message when it was played on another version of the scenario.
Mixed into PlaytestWindow; it reads the window's session and rebuilds its telling of the game.
"""
from __future__ import annotations

import json

from PySide6.QtWidgets import QFileDialog, QMessageBox

from engine.io.atomic import write_atomic
from engine.io.errors import LoadError
from engine.session.session import Session, read_record

from .seats import HUMAN


class GameFilesMixin:
    def undo(self) -> None:
        self.stop_auto()
        self._ticket += 1
        self._thinking = False
        self.session.undo()
        # Take back bot replies too, so the human is to move again.
        while (self.session.actions and not self.session.state.is_terminal()
               and self.seat(self.session.state.current_player()) != HUMAN):
            self.session.undo()
        self._rebuild_entries()
        self._refresh()

    def game_record(self) -> dict:
        return self.session.record()

    def save_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getSaveFileName(self, "Save game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        write_atomic(path, json.dumps(self.game_record()))
        self.statusBar().showMessage(f"Saved the game to {path}", 6000)
        return True

    def load_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getOpenFileName(self, "Load game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        try:
            session = Session.from_record(read_record(path), self._new_state, self.fingerprint, path)
        except LoadError as exc:  # the message names the file and the action
            QMessageBox.warning(self, "Cannot load game", str(exc))
            return False
        self.stop_auto()
        self._ticket += 1
        self._thinking = False
        self.session = session
        self.seed = session.seed
        self._rebuild_entries()
        self._refresh()
        return True
