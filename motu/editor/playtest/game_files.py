"""Taking moves back, and a game kept in a file: undo, the game record, Save Game and Load Game.

A game is (scenario, seed, actions): undo (the session's, by replay) takes the game back to the
last decision of the seat at the table (his move, the bots' replies and the dice after it are
taken back), so he is to decide again and the bots wait until he has; never past another human
seat's decision (in a hot seat each player takes back only his own moves, before the other has
answered them); with bots only it takes back the last bot move and pauses Auto-play. A saved game is the session's record as a small JSON file, read back
by the session (`Session.from_record`), refused with one clear message when it was played on
another version of the scenario, with other options, or changed since it was saved (its seal,
a keyed hash under this installation's key, no longer matches).
Mixed into PlaytestWindow; it reads the window's session and rebuilds its telling of the game.
"""
from __future__ import annotations

import os
import secrets

from PySide6.QtWidgets import QFileDialog, QMessageBox

from motu.engine.io.atomic import write_atomic
from motu.engine.io.errors import LoadError
from motu.engine.session.session import Session, dumps_record, read_record

from ..autosave import state_dir

KEY_FILE = "game-record.key"  # in the state folder: this installation's key for sealing saved games


def record_key(folder: str | None = None) -> bytes:
    """This installation's key for the records' seals (made once, 32 random bytes, readable by
    the user only): a saved game changed anywhere, even a move for another legal one, is refused."""
    folder = folder or state_dir()
    path = os.path.join(folder, KEY_FILE)
    try:
        with open(path, encoding="ascii") as fh:
            text = fh.read().strip()
        if len(text) == 64:
            return bytes.fromhex(text)
    except (OSError, ValueError):
        pass  # none yet, or not one Motu wrote: a new key (records sealed with the old one are refused)
    os.makedirs(folder, exist_ok=True)
    text = secrets.token_hex(32)
    write_atomic(path, text + "\n")
    try:
        os.chmod(path, 0o600)
    except OSError:
        pass
    return bytes.fromhex(text)


class GameFilesMixin:
    def undo_point(self) -> int | None:
        """How many actions Undo keeps: the game as it stood at the last decision of the seat at the
        table (the seat on view; with bots only, of any seat); None when there is no such decision,
        or when another human seat has decided since (his move is not this seat's to take back)."""
        humans = self.humans()
        if not humans:
            return self.session.undo_point()
        seat = self.shown_seat if self.shown_seat in humans else humans[0]
        point = self.session.undo_point([seat])
        if point is None or any(e.player in humans and e.player != seat for e in self.session.log[point + 1:]):
            return None
        return point

    def undo(self) -> None:
        point = self.undo_point()
        if point is None:
            return
        self._ticket += 1  # a bot still thinking answers a game that is gone
        self._thinking = False
        self.session.replay(self.session.actions[:point])
        self.auto_as_seated()  # bots only: paused, or they would play the move again at once
        self._rebuild_entries()
        self._after_change()

    def game_record(self) -> dict:
        return self.session.record(record_key())

    def save_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getSaveFileName(self, "Save game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        write_atomic(path, dumps_record(self.session, record_key()))
        self.statusBar().showMessage(f"Saved the game to {path}", 6000)
        return True

    def load_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getOpenFileName(self, "Load game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        try:
            session = Session.from_record(read_record(path), self._new_state, self.fingerprint, path,
                                          options=self.options, key=record_key())
        except LoadError as exc:  # the message names the file and the action
            QMessageBox.warning(self, "Cannot load game", str(exc))
            return False
        self._ticket += 1
        self._thinking = False
        self.session = session
        self.seed = session.seed
        self.auto_as_seated()
        self._rebuild_entries()
        self._after_change()
        return True

