"""The open scenario: its file, its undo stack, and the signals views redraw from.

Tools never touch the scenario: they build Edits and `push` them. The document
wraps each in an EditCommand on a QUndoStack and emits `changed(scope, cells)`
after every apply, undo and redo.
"""
from __future__ import annotations

import itertools
import os

from PySide6.QtCore import QObject, QSaveFile, Signal
from PySide6.QtGui import QUndoStack

from motu.engine.io.atomic import real_target, remove_leftovers
from motu.engine.io.errors import LoadError
from motu.engine.io.modeline import modeline_on_disk
from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.ruleset import RuleSet
from motu.engine.scenario.edits import Edit
from motu.engine.scenario.model import Scenario

from .commands import EditCommand

_strokes = itertools.count(1)


class SaveError(Exception):
    pass


class Document(QObject):
    changed = Signal(str, object)  # scope, tuple of touched cells (empty: everything of that scope)
    replaced = Signal()  # a different scenario object (new, open, revert)
    pathChanged = Signal(str)

    def __init__(self, scenario: Scenario, path: str | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.scenario = scenario
        self.path = path
        # A `yaml-language-server` line the user wrote is written back on save, even under another name.
        self.modeline = modeline_on_disk(path) if path else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(0)

    # --- rules -------------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return get_ruleset(self.scenario.ruleset)

    # --- edits -------------------------------------------------------------------------
    def push(self, edit: Edit, stroke: int | None = None, text: str | None = None) -> None:
        """Apply an edit as an undoable command (commands of one stroke merge into one step)."""
        command = EditCommand(self.scenario, edit, self._applied, stroke, text)
        command.apply_first()  # EditError: the scenario is unchanged and nothing goes on the stack
        top = self._stroke_top(stroke)
        if top is not None:
            # What QUndoStack.push does for a command that merges into the top one, minus its
            # signals: index, texts and clean state stay as they were, yet every push made the
            # History dock rebuild its whole list (a brush drag slowed down as history grew).
            command.redo()
            top.mergeWith(command)
            return
        self.undo_stack.push(command)

    def _stroke_top(self, stroke: int | None) -> EditCommand | None:
        """The command on top of the stack when the next piece of `stroke` would merge into it
        (QUndoStack's own rule: same stroke, nothing to redo, the top is not the saved state)."""
        stack = self.undo_stack
        if stroke is None or stack.isClean():
            return None
        index = stack.index()
        if index == 0 or index != stack.count():
            return None
        top = stack.command(index - 1)
        return top if isinstance(top, EditCommand) and top.stroke == stroke else None

    @staticmethod
    def new_stroke() -> int:
        return next(_strokes)

    def _applied(self, edit: Edit) -> None:
        self.changed.emit(edit.scope, edit.touched_cells())

    # --- state --------------------------------------------------------------------------
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def title(self) -> str:
        return os.path.basename(self.path) if self.path else "Untitled"

    # --- files ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str, parent: QObject | None = None) -> "Document":
        """Read a scenario; LoadError (with file, line, column) when it cannot be read."""
        return cls(load_path(path), path, parent)

    def save(self, path: str | None = None) -> None:
        target = path or self.path
        if not target:
            raise SaveError("the scenario has no file name yet")
        text = dumps(self.scenario, target, self.modeline)
        f = QSaveFile(target)
        if not f.open(QSaveFile.WriteOnly):
            raise SaveError(f"{target}: cannot write: {f.errorString()}")
        f.write(text.encode("utf-8"))
        if not f.commit():
            raise SaveError(f"{target}: cannot write: {f.errorString()}")
        remove_leftovers(real_target(target))  # a killed command-line save's temporary file
        if target != self.path:
            self.path = target
            self.pathChanged.emit(target)
        self.undo_stack.setClean()

    def replace(self, scenario: Scenario, path: str | None, unsaved: bool = False) -> None:
        """Show another scenario in the same document (new, open, revert): history starts afresh.

        `unsaved`: the scenario is work no file holds yet (an imported coastline, a new scenario
        started from a shipped one), so it carries the modified mark and closing it asks first."""
        self.undo_stack.clear()
        self.scenario = scenario
        self.path = path
        self.modeline = modeline_on_disk(path) if path else None
        self.undo_stack.setClean()
        if unsaved:
            self.undo_stack.resetClean()
        self.replaced.emit()
        self.pathChanged.emit(path or "")

    def snapshot_text(self) -> str:
        return dumps(self.scenario)


__all__ = ["Document", "SaveError", "LoadError"]
