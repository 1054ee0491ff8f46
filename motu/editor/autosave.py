"""Recovery files: unsaved work written every few minutes beside nothing of the user's.

Each open document has one recovery file in the user's state folder
(QStandardPaths: ~/.local/state/Motu/recovery on Linux), with a small JSON note of
which file it belongs to. A clean save or close removes it; the next start offers
what is left after a crash. Motu once named both its organisation and its
application "Motu", which put the folder at Motu/Motu/recovery; files left there
are moved to the folder of today on first use, so a crash before the change is
still offered back. A note is read by the bounded reader and checked against
recovery-note.schema.json; a damaged one (and its recovery file) is renamed *.damaged, never
offered, and said in one line (`set_aside`), so the editor still starts and offers the others.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from motu.engine.io.atomic import write_atomic
from motu.engine.io.bounded import load_json, read_bytes
from motu.engine.io.errors import LoadError
from motu.engine.io.schema_check import check


NOTE_LIMIT = 64 * 1024  # a note is under 5 kB (a path and a title)
NOTE_SCHEMA = "recovery-note.schema.json"
DAMAGED = ".damaged"  # what a set-aside note and its recovery file have added to their names
APP_NAME = "Motu"  # the application's name (motu/editor/app.py), which QStandardPaths puts in its folders


def state_dir() -> str:
    """The application's state folder (Qt's StateLocation, or its local data folder before Qt 6.7)."""
    location = getattr(QStandardPaths, "StateLocation", QStandardPaths.AppLocalDataLocation)
    return QStandardPaths.writableLocation(location) or QStandardPaths.writableLocation(QStandardPaths.AppLocalDataLocation)


def doubled(base: str) -> str | None:
    """Where `base` was while the organisation was named "Motu" too: its last "Motu" doubled
    (~/.local/state/Motu → ~/.local/state/Motu/Motu; …/Local/Motu/State → …/Local/Motu/Motu/State)."""
    parts = Path(base).parts
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] == APP_NAME:
            return str(Path(*parts[:i + 1], APP_NAME, *parts[i + 1:]))
    return None


def _adopt_old_files(path: str, old: str | None) -> None:
    """Move recovery files from the doubled folder into `path` (never over one already there)."""
    if not old or not os.path.isdir(old) or os.path.realpath(old) == os.path.realpath(path):
        return
    for name in os.listdir(old):
        target = os.path.join(path, name)
        if name.endswith((".yaml", ".json")) and not os.path.exists(target):
            try:
                shutil.move(os.path.join(old, name), target)
            except OSError:
                continue  # left where it was; the next start tries again
    for folder in (old, os.path.dirname(old)):  # the doubled folder too, unless an old log is in it
        try:
            os.rmdir(folder)  # only when empty
        except OSError:
            break


def recovery_dir() -> str:
    base = state_dir()
    path = os.path.join(base, "recovery")
    os.makedirs(path, exist_ok=True)
    old_base = doubled(base)
    _adopt_old_files(path, os.path.join(old_base, "recovery") if old_base else None)
    return path


@dataclass
class Recovery:
    scenario_path: str  # the recovery file
    original: str | None  # the user's file it belongs to, if it had one
    saved_at: float
    title: str


def read_note(path: str) -> dict:
    """A recovery note, read by the bounded reader and checked against its schema; LoadError otherwise."""
    note = load_json(read_bytes(path, NOTE_LIMIT, what="the recovery note"), path, "recovery note")
    check(NOTE_SCHEMA, note, path)
    return note


class RecoveryStore:
    def __init__(self, directory: str | None = None):
        self.directory = directory or recovery_dir()
        self.set_aside: list[str] = []  # one line per damaged note set aside by pending()

    def key_for(self, original: str | None, token: str) -> str:
        basis = os.path.abspath(original) if original else f"untitled-{token}"
        return hashlib.sha1(basis.encode("utf-8")).hexdigest()[:16]

    def write(self, key: str, text: str, original: str | None, title: str) -> str:
        path = os.path.join(self.directory, f"{key}.yaml")
        write_atomic(path, text)
        note = {"original": original, "saved_at": time.time(), "title": title}
        write_atomic(os.path.join(self.directory, f"{key}.json"), json.dumps(note))
        return path

    def remove(self, key: str) -> None:
        for ext in (".yaml", ".json"):
            try:
                os.unlink(os.path.join(self.directory, key + ext))
            except FileNotFoundError:
                pass

    def pending(self) -> list[Recovery]:
        out = []
        for name in sorted(os.listdir(self.directory)):
            if not name.endswith(".json"):
                continue
            key = name[:-5]
            yaml_path = os.path.join(self.directory, key + ".yaml")
            try:
                note = read_note(os.path.join(self.directory, name))
            except LoadError as exc:
                self._set_aside(key, exc)
                continue
            if os.path.exists(yaml_path):
                out.append(Recovery(yaml_path, note.get("original"), float(note["saved_at"]), note.get("title", "")))
        return out

    def _set_aside(self, key: str, why: LoadError) -> None:
        """Rename a damaged note and its recovery file *.damaged: kept for the curious, never offered again."""
        for ext in (".json", ".yaml"):
            path = os.path.join(self.directory, key + ext)
            try:
                os.replace(path, path + DAMAGED)
            except FileNotFoundError:
                pass
            except OSError:
                continue  # left where it is; said all the same, and tried again next start
        where = f"{why.path}: " if why.path else f"{why.line}:{why.column}: " if why.line else ""
        self.set_aside.append(f"{key}.json{DAMAGED}: {where}{why.message}"[:300])
