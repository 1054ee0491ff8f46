"""The Forces dock's item model: the order of battle as a tree a view shows and drags in.

Scope: rows and columns over `motu.engine.scenario.forces.OrderOfBattle` (name, count, cell,
the columns the rule set declares such as attempts and who starts hidden, and the kind),
which rows there are and where; what a row shows (its problems, a check box where the rules
allow an override) is forces_looks.py, and what a check box or a drop does forces_gestures.py. Rows are
Qt's own items (QStandardItemModel), kept in step with the scenario row by row: after an
edit only the rows that moved are moved and only the rows that changed are rewritten, so
the view never lays out thousands of rows again for one drag. The model never changes the
scenario itself: it asks the dock (`push`, `status`).
"""
from __future__ import annotations

import gc
from collections import deque

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from motu.engine.scenario.forces import ForceNode, order_of_battle

from .forces_gestures import ForcesGestures
from .forces_looks import BASE_COLUMNS, KIND_HEADER, ForcesLooks

KEY = Qt.UserRole + 1  # a row's node key, on its first column


class ForcesModel(ForcesGestures, ForcesLooks, QStandardItemModel):
    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.findings_by_piece: dict[str, list] = {}
        self.push = lambda edit, text: None  # set by the dock
        self.status = lambda text: None
        self.before_move = lambda keys: None  # rows about to leave their place (the view forgets them)
        self.items: dict[str, QStandardItem] = {}  # node key → the row's first item
        self.nodes: dict[str, ForceNode] = {}
        self._shown: dict[str, tuple] = {}  # node key → the values its row shows
        self._pieces: dict = {}  # the piece records the rows were made from
        self._side_names: dict = {}  # and the sides' names (an unnamed piece is called by its side's)
        self.tree = None
        self.catalogue = None
        self.columns: list = []
        self._kind_fields: dict[str, frozenset] = {}
        self._rules = None
        self._ncols = 1

    # --- building and keeping in step -----------------------------------------------------------
    @property
    def rules(self):
        ruleset = self.document.scenario.ruleset
        if self._rules is None or self._rules[0] != ruleset:
            self._rules = (ruleset, self.document.rules.piece_rules)
        return self._rules[1]

    @property
    def scenario(self):
        return self.document.scenario

    def rebuild(self, full: bool = False) -> set[str]:
        """Bring the rows in step with the scenario; returns the keys of rows that are new."""
        rules = self.rules
        tree = order_of_battle(rules, self.scenario)
        if full or self.tree is None or self.catalogue is not rules.catalogue:
            self._full(tree)
            return set(self.items)
        return self._sync(tree)

    def _columns(self) -> None:
        cat = self.catalogue = self.rules.catalogue
        self.columns = [cat.piece_props[c] for c in cat.forces.columns if c in cat.piece_props]
        self.headers = [cat.forces.columns[c.id] or c.text for c in self.columns]
        self.kind_column = len(BASE_COLUMNS) + len(self.columns)
        self._ncols = self.kind_column + 1
        self.setColumnCount(self._ncols)
        self.setHorizontalHeaderLabels(list(BASE_COLUMNS) + self.headers + [KIND_HEADER])
        # Tooltips by setHeaderData, never horizontalHeaderItem(): Qt made the header items and deletes
        # them when a rule set has fewer columns, but PySide keeps the wrapper it returned alive with the
        # model and is not told; Qt's next small object at that address (a menu's action) then came back
        # to Python as the dead header item, and the editor crashed. Every column's tooltip is set, so
        # none keeps the last rule set's.
        for c in range(self._ncols):
            spec = self.spec_at(c)
            tip = None if spec is None else (
                f"{spec.text}, as the rules work it out" + (f" (§{spec.rule})" if spec.rule[:1].isdigit() else ""))
            self.setHeaderData(c, Qt.Horizontal, tip, Qt.ToolTipRole)

    @staticmethod
    def _structure(tree) -> tuple[dict, dict, list[ForceNode]]:
        """(parent key → child keys, key → parent key, every node parents first) of a tree."""
        kids: dict[str | None, list[str]] = {None: [n.key for n in tree.roots]}
        up: dict[str, str | None] = {n.key: None for n in tree.roots}
        order: list[ForceNode] = []
        queue = deque(tree.roots)
        while queue:  # breadth first: parents before their rows, siblings in their order
            n = queue.popleft()
            order.append(n)
            kids[n.key] = [c.key for c in n.children]
            for c in n.children:
                up[c.key] = n.key
            queue.extend(n.children)
        return kids, up, order

    def _full(self, tree) -> None:
        self.beginResetModel()
        self.blockSignals(True)  # the view hears of it all at once, from endResetModel
        # Thousands of items are made here and none is garbage: the cyclic collector would only
        # walk them again and again (it doubled the time on 2,000 pieces).
        collecting = gc.isenabled()
        gc.disable()
        try:
            # The items go with their rows: no reference to them may outlive this line.
            self.items, self.nodes, self._shown = {}, {}, {}
            self.setRowCount(0)
            self._columns()
            self.tree = tree
            self.kids, self.up, order = self._structure(tree)
            root = self.invisibleRootItem()
            for node in order:  # parents first: each row goes under its parent's row, made already
                row = self._new_row(node)
                parent_key = self.up[node.key]
                (root if parent_key is None else self.items[parent_key]).appendRow(row)
            self._pieces = dict(self.scenario.pieces)
            self._side_names = self._names_of_sides()
        finally:
            if collecting:
                gc.enable()
            self.blockSignals(False)
            self.endResetModel()

    def _new_row(self, node: ForceNode) -> list[QStandardItem]:
        row = [QStandardItem() for _ in range(self._ncols)]
        row[0].setData(node.key, KEY)
        self.items[node.key] = row[0]
        self.nodes[node.key] = node
        self._write(node, row, new=True)
        return row

    def _row_items(self, first: QStandardItem) -> list[QStandardItem]:
        parent = first.parent() or self.invisibleRootItem()
        r = first.row()
        return [parent.child(r, c) for c in range(self._ncols)]

    def _new_subtree(self, node: ForceNode, made: set[str]) -> list[QStandardItem]:
        """A row with every row under it, made afresh."""
        row = self._new_row(node)
        made.add(node.key)
        for child in node.children:
            row[0].appendRow(self._new_subtree(child, made))
        return row

    def _drop_rows(self, keys, kids: dict) -> None:
        """Take rows out of the model (Qt deletes them, with whatever is under them) and forget them.

        Rows are never taken out and put back elsewhere: an item Python holds while it has no
        parent, then given a new one, is the ownership juggling that once crashed the editor when
        the tree was later cleared. A moved row is made again at its new place instead."""
        root = self.invisibleRootItem()
        gone: set[str] = set()
        for key in keys:
            if key in gone or key not in self.items:
                continue
            stack = [key]
            while stack:  # the row and every row under it, by the old structure
                x = stack.pop()
                gone.add(x)
                stack.extend(kids.get(x, ()))
            item = self.items[key]
            (item.parent() or root).removeRow(item.row())
        for x in gone:
            self.items.pop(x, None)
            self.nodes.pop(x, None)
            self._shown.pop(x, None)
        for pkey, children in kids.items():
            if pkey not in gone:
                children[:] = [k for k in children if k not in gone]
        for x in gone:
            kids.pop(x, None)

    def _sync(self, tree) -> set[str]:
        s = self.scenario
        old_tree, self.tree = self.tree, tree
        kids, up, order = self._structure(tree)
        by_key = {n.key: n for n in order}
        root = self.invisibleRootItem()
        # Rows gone, or under another parent now, go (a row takes the rows under it along).
        moving = [k for k, old_parent in self.up.items() if k not in up or up[k] != old_parent]
        self.before_move([k for k in moving if k in up])
        have_kids = {k: list(v) for k, v in self.kids.items()}
        self._drop_rows(moving, have_kids)  # in any order: a row already gone with its parent is skipped
        new_keys: set[str] = set()
        for node in [None] + order:  # parents first, so every parent's row exists when its turn comes
            pkey = None if node is None else node.key
            if pkey in new_keys:
                continue  # made just now with everything under it
            want = kids[pkey]
            have = have_kids.get(pkey, [])
            if have == want:
                continue
            item = root if pkey is None else self.items[pkey]
            if have != [k for k in want if k in have]:  # the order changed: make them all again
                self.before_move(list(have))
                self._drop_rows(list(have), have_kids)
                have = []
            present = set(have)
            for i, k in enumerate(want):
                if k in present:
                    continue
                made: set[str] = set()
                item.insertRow(i, self._new_subtree(by_key[k], made))
                new_keys |= made
        self.kids, self.up = kids, up
        self.nodes.update(by_key)
        # Rewrite the rows whose values may have changed: pieces whose record changed, with their
        # parents, children and the pieces in the same squares (attempts, set-up hiding depend on them).
        changed = {pid for pid, p in s.pieces.items() if self._pieces.get(pid) is not p}
        changed |= {pid for pid in self._pieces if pid not in s.pieces}
        dirty = set(changed)
        # Who starts hidden depends on the square: when a piece came, went, moved or was set up
        # revealed, the rows of the others in its squares are rewritten too.
        cells = set()
        for pid in changed:
            a, b = s.pieces.get(pid), self._pieces.get(pid)
            if a is None or b is None or a.cell != b.cell or a.props.get("hidden") != b.props.get("hidden"):
                cells |= {p.cell for p in (a, b) if p is not None}
        cells.discard(None)
        if cells:
            dirty |= {p.id for p in s.pieces.values() if p.cell in cells}
        for pid in changed:
            for t in (tree, old_tree):
                node = t.by_piece.get(pid) if t is not None else None
                if node is not None:
                    if node.parent is not None and node.parent.piece:
                        dirty.add(node.parent.piece)
                    dirty |= {c.piece for c in node.children if c.piece}
        self._pieces = dict(s.pieces)
        side_names = self._names_of_sides()
        if side_names != self._side_names:  # a side renamed: the rows of its unnamed pieces say its new name
            self._side_names = side_names
            dirty |= {pid for pid, p in s.pieces.items() if not p.name}
        self.refresh_rows({f"piece:{pid}" for pid in dirty} | {n.key for n in order if n.kind != "piece"})
        return new_keys

    def _names_of_sides(self) -> dict:
        return {sid: side.name for sid, side in self.scenario.sides.items()}

    def refresh_rows(self, keys) -> None:
        for key in keys:
            item = self.items.get(key)
            node = self.nodes.get(key)
            if item is not None and node is not None:
                self._write(node, self._row_items(item))

    # --- lookups ----------------------------------------------------------------------------------
    def node(self, index: QModelIndex) -> ForceNode | None:
        if not index.isValid():
            return None
        first = index.siblingAtColumn(0)
        return self.nodes.get(first.data(KEY))

    def index_for(self, node: ForceNode, column: int = 0) -> QModelIndex:
        item = self.items.get(node.key)
        return QModelIndex() if item is None else item.index().siblingAtColumn(column)

    def index_of_piece(self, pid: str) -> QModelIndex:
        item = self.items.get(f"piece:{pid}")
        return QModelIndex() if item is None else item.index()

    def spec_at(self, column: int):
        """The declared property a column shows, if it is one of the rule set's columns."""
        i = column - len(BASE_COLUMNS)
        return self.columns[i] if 0 <= i < len(self.columns) else None

    def column_of(self, prop: str) -> int:
        return len(BASE_COLUMNS) + [c.prop for c in self.columns].index(prop)
