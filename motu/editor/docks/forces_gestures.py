"""What the Forces tree's gestures do: a check box and a drop, each turned into an Edit.

Scope: the item model's Qt overrides for editing (`setData` of a check box, the drag and drop
protocol, what a drag over a row would do or why the rules refuse it), and the tree view's drag
hooks that let it say so; kept apart from how rows are built and kept in step (forces_model.py).
A gesture never changes the scenario itself: it asks the dock (`push`, `status`), and the rows
follow the scenario when the dock brings them in step.
"""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QModelIndex, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QTreeView

from motu.engine.scenario.forces import ForceNode, Refused, piece_name, reassign_each, set_props


MIME = "application/x-motu-pieces"


class ForcesGestures:
    """Mixed into ForcesModel (a QStandardItemModel): needs its node(), spec_at(), scenario, rules, push, status."""

    # --- the check box: an override, as an Edit ------------------------------------------------------
    def setData(self, index: QModelIndex, value, role=Qt.EditRole) -> bool:  # noqa: N802
        node = self.node(index)
        spec = self.spec_at(index.column())
        if role != Qt.CheckStateRole or node is None or node.kind != "piece" or spec is None:
            return super().setData(index, value, role)
        p = self.scenario.pieces[node.piece]
        c = self.rules.computed(self.scenario, p, spec)
        want = Qt.CheckState(value) == Qt.Checked if not isinstance(value, bool) else value
        # Back to the rules' own answer clears the override; the other answer sets it.
        edit = set_props(self.scenario, [p.id], {spec.prop: None if c is not None and want == c.value else want})
        if edit is not None:
            self.push(edit, f"Set {spec.text.lower()}")
        return False  # the row follows the scenario when the dock brings it in step

    # --- drag and drop ----------------------------------------------------------------------------
    def supportedDropActions(self):  # noqa: N802
        return Qt.MoveAction

    def supportedDragActions(self):  # noqa: N802
        return Qt.MoveAction

    def mimeTypes(self):  # noqa: N802
        return [MIME]

    def mimeData(self, indexes):  # noqa: N802
        ids = []
        for i in indexes:
            node = self.node(i)
            if node is not None and node.kind == "piece" and node.piece not in ids:
                ids.append(node.piece)
        data = QMimeData()
        data.setData(MIME, "\n".join(ids).encode("utf-8"))
        return data

    @staticmethod
    def dragged(data: QMimeData) -> list[str]:
        if data is None or not data.hasFormat(MIME):
            return []
        return [x for x in bytes(data.data(MIME)).decode("utf-8").split("\n") if x]

    def drop_target(self, row: int, parent: QModelIndex) -> ForceNode | None:
        """The node a drop lands on: the row dropped onto, or (between rows) the row they are under."""
        return self.node(parent)

    def drop_edit(self, ids: list[str], target: str | None):
        """The Edit a drop of `ids` on `target` (None: a side or heading) makes, or Refused."""
        return reassign_each(self.rules, self.scenario, [(pid, target) for pid in ids])

    def _sides_ok(self, ids, node) -> bool:
        return all(self.scenario.pieces[p].side == node.side for p in ids if p in self.scenario.pieces)

    def _names(self, ids) -> str:
        s = self.scenario
        shown = [piece_name(s.pieces[p], s, self.catalogue) for p in ids if p in s.pieces]
        return ", ".join(shown) if len(shown) <= 3 else f"{len(shown)} pieces"

    def judge_drop(self, data, row: int, parent: QModelIndex) -> tuple[bool, object, str]:
        """What a drop there would do: (taken, its Edit or None when nothing changes, in words what it
        does or why the rules refuse it; "" when the drag is none of this tree's)."""
        ids = self.dragged(data)
        node = self.drop_target(row, parent)
        if not ids or node is None:
            return False, None, ""
        s = self.scenario
        if node.kind == "feature":
            return False, None, f"{node.text} is a place on the map: no piece answers to it"
        if node.kind != "piece" and not self._sides_ok(ids, node):
            return False, None, "a piece changes side in the Properties dock, not by dragging"
        try:
            edit = self.drop_edit(ids, node.piece if node.kind == "piece" else None)
        except Refused as exc:
            return False, None, str(exc)
        if node.kind == "piece":
            what = f"Put {self._names(ids)} under {piece_name(s.pieces[node.piece], s, self.catalogue)}"
        else:
            side = s.sides.get(node.side or "")
            what = f"Put {self._names(ids)} at the top" + (f" of {side.name}" if side is not None else "")
        return True, edit, what if edit is not None else ""

    # While a drag is over the tree, the status bar says what letting go there does, or why the rules
    # refuse it (the view shows the no-drop cursor). Qt never offers a refused drop to dropMimeData, so
    # the view (ForcesTree) says "Not done" and the reason when the drag ends over such a row.
    refusal: str | None = None  # why the row under a drag refuses it, as last judged
    _hover_said: str = ""  # the status bar's message while dragging, if one was shown
    _judged: bool = False

    def _say_while_dragging(self, text: str) -> None:
        if text != self._hover_said:
            self._hover_said = text
            self.status(text)

    def canDropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ok, _edit, words = self.judge_drop(data, row, parent)
        self._judged = True
        self.refusal = None if ok or not words else words
        if ok:
            self._say_while_dragging(f"Drop here to {words[:1].lower()}{words[1:]}" if words else "")
        else:
            self._say_while_dragging(f"Cannot drop here: {words}" if words else "")
        return ok

    def drag_moved(self) -> None:
        """A drag moved over the tree: judged afresh (Qt does not ask over the rows dragged)."""
        self.refusal, self._judged = None, False

    def drag_moved_unjudged(self) -> None:
        if not self._judged:
            self._say_while_dragging("")

    def drag_left(self) -> None:
        self.refusal = None
        self._say_while_dragging("")

    def drag_ended(self) -> None:
        """The drag is over: let go on a row that refused it, it says why it was not done."""
        why, said = self.refusal, self._hover_said
        self.refusal, self._hover_said = None, ""
        if why:
            self.status(f"Not done: {why}")
        elif said:  # let go elsewhere, or Esc: what it would have done is not so
            self.status("")

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ok, edit, words = self.judge_drop(data, row, parent)
        self.refusal, self._hover_said = None, ""
        if not ok:
            if words:
                self.status(f"Not done: {words}")
            return False
        if edit is not None and self.push(edit, words or edit.text):
            self.status(words or edit.text)
        # The view must not move the rows itself: the tree follows the scenario.
        return False


class ForcesTree(QTreeView):
    """The Forces dock's view: tells its model where a drag goes and when it ends, so a drop the rules
    refuse says why while over the row and again when let go there."""

    def startDrag(self, actions) -> None:  # noqa: N802
        super().startDrag(actions)  # returns when the drag is over, dropped or not
        self.model().drag_ended()

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        self.model().drag_moved()
        super().dragMoveEvent(event)
        self.model().drag_moved_unjudged()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        # Let go over a row that refused it, the drag leaves rather than drops (Qt says so with a leave):
        # the pointer is over the tree still, and the refusal stays for drag_ended to say.
        viewport = self.viewport()
        if not viewport.rect().contains(viewport.mapFromGlobal(QCursor.pos())):
            self.model().drag_left()
        super().dragLeaveEvent(event)
