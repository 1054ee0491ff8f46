"""What the Forces tree's gestures do: a check box and a drop, each turned into an Edit.

Scope: the item model's Qt overrides for editing (`setData` of a check box, the drag and drop
protocol), kept apart from how rows are built and kept in step (forces_model.py). A gesture
never changes the scenario itself: it asks the dock (`push`, `status`), and the rows follow the
scenario when the dock brings them in step.
"""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QModelIndex, Qt

from engine.scenario.forces import ForceNode, Refused, reassign_each, set_props

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

    def canDropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ids = self.dragged(data)
        node = self.drop_target(row, parent)
        if not ids or node is None or node.kind == "feature":
            return False
        if node.kind != "piece":
            return self._sides_ok(ids, node)
        try:
            self.drop_edit(ids, node.piece)
        except Refused:
            return False
        return True

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ids = self.dragged(data)
        node = self.drop_target(row, parent)
        if not ids or node is None or node.kind == "feature":
            return False
        if node.kind != "piece" and not self._sides_ok(ids, node):
            self.status("Not done: a piece changes side in the Properties dock, not by dragging")
            return False
        try:
            edit = self.drop_edit(ids, node.piece if node.kind == "piece" else None)
        except Refused as exc:
            self.status(f"Not done: {exc}")
            return False
        if edit is not None:
            self.push(edit, edit.text)
        # The view must not move the rows itself: the tree follows the scenario.
        return False
