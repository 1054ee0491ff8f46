"""Recovery files: unsaved work written every few minutes beside nothing of the user's.

Each open document has one recovery file in the user's state folder
(QStandardPaths), with a small JSON note of which file it belongs to. A clean
save or close removes it; the next start offers what is left after a crash.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass

from PySide6.QtCore import QStandardPaths

from engine.io.atomic import write_atomic


def recovery_dir() -> str:
    location = getattr(QStandardPaths, "StateLocation", QStandardPaths.AppLocalDataLocation)
    base = QStandardPaths.writableLocation(location) or QStandardPaths.writableLocation(QStandardPaths.AppLocalDataLocation)
    path = os.path.join(base, "recovery")
    os.makedirs(path, exist_ok=True)
    return path


@dataclass
class Recovery:
    scenario_path: str  # the recovery file
    original: str | None  # the user's file it belongs to, if it had one
    saved_at: float
    title: str


class RecoveryStore:
    def __init__(self, directory: str | None = None):
        self.directory = directory or recovery_dir()

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
                with open(os.path.join(self.directory, name), encoding="utf-8") as fh:
                    note = json.load(fh)
            except (OSError, ValueError):
                continue
            if os.path.exists(yaml_path):
                out.append(Recovery(yaml_path, note.get("original"), float(note.get("saved_at", 0)), note.get("title", "")))
        return out
