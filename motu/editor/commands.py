"""Edits as Qt undo commands: one stroke of a tool is one undo step."""
from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from motu.engine.scenario.edits import Compound, Edit
from motu.engine.scenario.model import Scenario

STROKE_ID = 0x4D6F  # every stroke command shares this id; strokes merge by their own number


class EditCommand(QUndoCommand):
    """Applies an Edit on redo and its inverse on undo; `done` tells the document what changed."""

    def __init__(self, scenario: Scenario, edit: Edit, done, stroke: int | None = None, text: str | None = None):
        super().__init__(text or f"{edit.text}")
        self.scenario = scenario
        self.edit = edit
        self.inverse: Edit | None = None
        self.stroke = stroke
        self._done = done
        self._applied_first = False

    def apply_first(self) -> None:
        """Apply the edit before the stack sees the command, so an EditError reaches the caller
        and nothing is pushed (an exception inside redo() would not stop QUndoStack.push)."""
        self.inverse = self.edit.apply(self.scenario)
        self._applied_first = True

    def redo(self) -> None:
        if self._applied_first:  # the push that follows apply_first: applied already
            self._applied_first = False
        else:
            self.inverse = self.edit.apply(self.scenario)
        self._done(self.edit)

    def undo(self) -> None:
        assert self.inverse is not None
        self.edit = self.inverse.apply(self.scenario)
        self._done(self.inverse)

    def id(self) -> int:  # noqa: A003 - Qt's name
        return STROKE_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, EditCommand) or other.stroke != self.stroke or self.stroke is None:
            return False
        # `other` has been applied already; this command now stands for both.
        merged = self.edit.merge(other.edit) or Compound((self.edit, other.edit), self.text())
        self.edit = merged
        assert self.inverse is not None and other.inverse is not None
        self.inverse = Compound((other.inverse, self.inverse), self.text())
        return True
