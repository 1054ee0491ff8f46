"""The Forces dock's item model: the order of battle as a tree a view shows and drags in.

Scope: rows and columns over `engine.scenario.forces.OrderOfBattle` (name, kind, count,
cell, and the columns the rule set declares, such as attempts and who starts hidden),
problems from the last validation on the rows they are about, a checkable override where
the rules allow one, and drag and drop that turns a drop into a reassigning Edit. The
model never changes the scenario itself: it asks the dock (`push`, `status`).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QMimeData, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QApplication, QStyle

from engine.scenario.forces import ForceNode, Refused, order_of_battle, problems_by_piece, reassign, set_props
from engine.scenario.piece_props import value_of

MIME = "application/x-motu-pieces"
BASE_COLUMNS = ("Name", "Kind", "Count", "Cell")


class ForcesModel(QAbstractItemModel):
    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.findings_by_piece: dict[str, list] = {}
        self.push = lambda edit, text: None  # set by the dock
        self.status = lambda text: None
        self._build()

    # --- building --------------------------------------------------------------------------------
    @property
    def rules(self):
        return self.document.rules.piece_rules

    def _build(self) -> None:
        s = self.document.scenario
        self.scenario = s
        self.catalogue = self.rules.catalogue
        self.tree = order_of_battle(self.rules, s)
        self.columns = [self.catalogue.piece_props[c] for c in self.catalogue.forces.columns
                        if c in self.catalogue.piece_props]
        self.nodes: list[ForceNode] = []
        self.index_of: dict[int, int] = {}
        self.rows: list[int] = []
        stack = [(n, r) for r, n in enumerate(self.tree.roots)]
        while stack:
            node, row = stack.pop()
            self.index_of[id(node)] = len(self.nodes)
            self.nodes.append(node)
            self.rows.append(row)
            stack.extend((c, r) for r, c in enumerate(node.children))
        self._problem_sides: dict[str | None, int] = {}
        self._count_problems()

    def rebuild(self) -> None:
        self.beginResetModel()
        self._build()
        self.endResetModel()

    def set_findings(self, findings) -> None:
        self.findings_by_piece = problems_by_piece(findings)
        self._count_problems()
        if self.nodes:
            # A range of more than one index repaints the whole view, deeper rows included.
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1))

    def _count_problems(self) -> None:
        per: dict[str | None, int] = {}
        s = self.scenario
        for pid, fs in self.findings_by_piece.items():
            p = s.pieces.get(pid)
            if p is not None:
                per[p.side if p.side in s.sides else None] = per.get(p.side if p.side in s.sides else None, 0) + 1
        self._problem_sides = per

    # --- lookups ----------------------------------------------------------------------------------
    def node(self, index: QModelIndex) -> ForceNode | None:
        return self.nodes[index.internalId()] if index.isValid() else None

    def index_for(self, node: ForceNode, column: int = 0) -> QModelIndex:
        i = self.index_of.get(id(node))
        return QModelIndex() if i is None else self.createIndex(self.rows[i], column, i)

    def index_of_piece(self, pid: str) -> QModelIndex:
        node = self.tree.by_piece.get(pid)
        return self.index_for(node) if node is not None else QModelIndex()

    # --- QAbstractItemModel ---------------------------------------------------------------------
    def index(self, row: int, column: int, parent: QModelIndex = QModelIndex()) -> QModelIndex:
        kids = self.tree.roots if not parent.isValid() else self.nodes[parent.internalId()].children
        if not 0 <= row < len(kids) or not 0 <= column < self.columnCount():
            return QModelIndex()
        return self.createIndex(row, column, self.index_of[id(kids[row])])

    def parent(self, index: QModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        up = self.nodes[index.internalId()].parent
        return QModelIndex() if up is None else self.index_for(up)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt's name
        if parent.column() > 0:
            return 0
        return len(self.tree.roots) if not parent.isValid() else len(self.nodes[parent.internalId()].children)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802
        return len(BASE_COLUMNS) + len(self.columns)

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if orientation == Qt.Horizontal and role == Qt.DisplayRole:
            return BASE_COLUMNS[section] if section < len(BASE_COLUMNS) else self.columns[section - len(BASE_COLUMNS)].text
        if orientation == Qt.Horizontal and role == Qt.ToolTipRole and section >= len(BASE_COLUMNS):
            spec = self.columns[section - len(BASE_COLUMNS)]
            return f"{spec.text}, as the rules work it out (§{spec.rule})" if spec.rule else spec.text
        return None

    def data(self, index: QModelIndex, role=Qt.DisplayRole):
        node = self.node(index)
        if node is None:
            return None
        col = index.column()
        if node.kind != "piece":
            return self._group_data(node, col, role)
        p = self.scenario.pieces.get(node.piece)
        if p is None:
            return None
        if col >= len(BASE_COLUMNS):
            return self._column_data(p, self.columns[col - len(BASE_COLUMNS)], role)
        problems = self.findings_by_piece.get(p.id, ())
        if role == Qt.DisplayRole:
            kind = self.catalogue.pieces.get(p.kind)
            if col == 0:
                return p.name or p.id
            if col == 1:
                return kind.name if kind else p.kind
            if col == 2:
                return str(p.count) if kind is None or kind.count.fixed is None else ""
            return self.scenario.label(p.cell) if p.cell is not None else "off map"
        if role == Qt.ToolTipRole:
            kind = self.catalogue.pieces.get(p.kind)
            text = f"{p.name or p.id} ({p.id}), {kind.name if kind else p.kind}"
            if kind is not None and kind.count.fixed is None:
                text += f", {p.count} {kind.count.text.lower()}"
            return "\n".join([text] + [f"{f.severity}: {f.message} ({f.code})" for f in problems])
        if role == Qt.DecorationRole and col == 0 and problems:
            icon = (QStyle.SP_MessageBoxCritical if any(f.severity == "error" for f in problems)
                    else QStyle.SP_MessageBoxWarning)
            return QApplication.style().standardIcon(icon)
        if role == Qt.ForegroundRole and col == 0 and any(f.severity == "error" for f in problems):
            return QBrush(QColor("#b00020"))
        if role == Qt.UserRole:
            return p.id
        return None

    def _group_data(self, node: ForceNode, col: int, role):
        if node.kind == "feature":
            if role == Qt.DisplayRole:
                if col == 0:
                    return node.text
                if col == 1:
                    return "cell feature"
                if col == 3:
                    return self.scenario.label(node.cell)
            return None
        if role == Qt.DisplayRole and col == 0:
            n = self._problem_sides.get(node.side, 0) if node.kind == "side" else 0
            return node.text + (f"  ({n} with problems)" if n else "")
        if role == Qt.FontRole and col == 0:
            f = QFont()
            f.setBold(node.kind == "side")
            f.setItalic(node.kind == "heading")
            return f
        if role == Qt.ForegroundRole and node.kind == "side" and col == 0:
            side = self.scenario.sides.get(node.side or "")
            return QBrush(QColor(side.color)) if side and side.color else None
        return None

    def _column_data(self, p, spec, role):
        kind = self.catalogue.pieces.get(p.kind)
        if kind is None or spec not in kind.fields:
            return None
        stored = p.props.get(spec.prop)
        computed = self.rules.computed(self.scenario, p, spec) if spec.computed else None
        value = value_of(self.rules, self.scenario, p, spec)
        if role == Qt.DisplayRole:
            checkable = spec.type == "bool" and computed is not None and computed.overridable
            text = "" if checkable else spec.label_of(value)  # a check box says it itself
            if stored is not None:
                allowed = computed is None or stored == computed.value or computed.overridable
                text = (text + " " if text else "") + ("(set)" if allowed else "(the rules do not allow it)")
            return text
        if role == Qt.CheckStateRole and spec.type == "bool" and computed is not None and computed.overridable:
            return Qt.Checked if value is True else Qt.Unchecked
        if role == Qt.ToolTipRole:
            why = computed.why if computed is not None else ""
            return why + (f"\nset here: {spec.label_of(stored)}" if stored is not None else "")
        if role == Qt.ForegroundRole and stored is not None and computed is not None and not computed.overridable \
                and stored != computed.value:
            return QBrush(QColor("#b00020"))
        return None

    def flags(self, index: QModelIndex):
        node = self.node(index)
        if node is None:
            return Qt.ItemIsDropEnabled
        f = Qt.ItemIsEnabled | Qt.ItemIsSelectable
        if node.kind in ("side", "heading"):
            return f | Qt.ItemIsDropEnabled
        if node.kind == "piece":
            f |= Qt.ItemIsDragEnabled | Qt.ItemIsDropEnabled
            col = index.column() - len(BASE_COLUMNS)
            if col >= 0:
                p = self.scenario.pieces.get(node.piece)
                spec = self.columns[col]
                c = self.rules.computed(self.scenario, p, spec) if p is not None and spec.computed else None
                if spec.type == "bool" and c is not None and c.overridable:
                    f |= Qt.ItemIsUserCheckable
        return f

    def setData(self, index: QModelIndex, value, role=Qt.EditRole) -> bool:  # noqa: N802
        node = self.node(index)
        if role != Qt.CheckStateRole or node is None or node.kind != "piece" or index.column() < len(BASE_COLUMNS):
            return False
        spec = self.columns[index.column() - len(BASE_COLUMNS)]
        p = self.scenario.pieces[node.piece]
        c = self.rules.computed(self.scenario, p, spec)
        want = Qt.CheckState(value) == Qt.Checked if not isinstance(value, bool) else value
        # Back to the rules' own answer clears the override; the other answer sets it.
        edit = set_props(self.scenario, [p.id], {spec.prop: None if c is not None and want == c.value else want})
        if edit is not None:
            self.push(edit, f"Set {spec.text.lower()}")
        return edit is not None

    # --- drag and drop ----------------------------------------------------------------------------
    def supportedDropActions(self):  # noqa: N802
        return Qt.MoveAction

    def supportedDragActions(self):  # noqa: N802
        return Qt.MoveAction

    def mimeTypes(self):  # noqa: N802
        return [MIME]

    def mimeData(self, indexes):  # noqa: N802
        ids = list(dict.fromkeys(self.nodes[i.internalId()].piece for i in indexes
                                 if i.isValid() and self.nodes[i.internalId()].kind == "piece"))
        data = QMimeData()
        data.setData(MIME, "\n".join(ids).encode("utf-8"))
        return data

    @staticmethod
    def dragged(data: QMimeData) -> list[str]:
        if not data.hasFormat(MIME):
            return []
        return [x for x in bytes(data.data(MIME)).decode("utf-8").split("\n") if x]

    def target_of(self, parent: QModelIndex) -> tuple[str | None, ForceNode | None]:
        node = self.node(parent)
        if node is None:
            return None, None
        return (node.piece if node.kind == "piece" else None), node

    def drop_edit(self, ids: list[str], target: str | None):
        """The Edit a drop of `ids` on `target` (None: a side or heading) makes, or Refused."""
        s = self.scenario
        scratch = s.copy() if len(ids) > 1 else s
        done = []
        for pid in ids:
            if pid not in scratch.pieces or pid == target:
                continue
            e = reassign(self.rules, scratch, pid, target)
            if e is not None:
                if scratch is not s:
                    e.apply(scratch)
                done.append(e)
        if not done:
            return None
        from engine.scenario.edits import Compound
        return done[0] if len(done) == 1 else Compound(tuple(done), done[0].text)

    def canDropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ids = self.dragged(data)
        if not ids:
            return False
        target, node = self.target_of(parent)
        if node is None:
            return False
        if target is None:
            return all(self.scenario.pieces[p].side == node.side for p in ids if p in self.scenario.pieces)
        try:
            self.drop_edit(ids, target)
        except Refused:
            return False
        return True

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        ids = self.dragged(data)
        target, node = self.target_of(parent)
        if not ids or node is None:
            return False
        if target is None and any(self.scenario.pieces[p].side != node.side for p in ids if p in self.scenario.pieces):
            self.status("Not done: a piece changes side in the Properties dock, not by dragging")
            return False
        try:
            edit = self.drop_edit(ids, target)
        except Refused as exc:
            self.status(f"Not done: {exc}")
            return False
        if edit is not None:
            self.push(edit, edit.text)
        # The view must not remove the dragged rows itself: the tree is rebuilt from the scenario.
        return False
