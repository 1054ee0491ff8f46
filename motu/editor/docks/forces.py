"""Forces dock: the order of battle of every side as a tree, edited as what it is.

A tree per side from the rule set's declarations (Fire in the Fern!: C-in-C, senior officers,
leaders, units; Tahiti: a clan's chiefs, units and villages; Tiki and the pearl game: a
player's equipment). Drag a piece onto another to put it under him, onto a side to put it at
the top; New makes a formation in one step; selecting a row selects and centres its piece on
the map and the reverse; problems of the last check mark their rows; the rule set's computed
columns (attempts, who starts hidden) show with their override where the rules allow one.
Every change is one Edit, one undo step.
"""
from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView, QDockWidget, QHBoxLayout, QHeaderView, QLabel, QMenu, QToolButton, QVBoxLayout, QWidget,
)

from motu.engine.scenario.forces import Refused, make_formation, piece_name

from .forces_gestures import ForcesTree
from .forces_model import ForcesModel
from .formation_dialog import FormationDialog


class ForcesDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Forces", parent)
        self.setObjectName("forcesDock")
        self.ctx = ctx
        self._syncing = False
        self.dialog: FormationDialog | None = None
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(2, 2, 2, 2)
        bar = QHBoxLayout()
        self.new_button = QToolButton(objectName="forcesNew")
        self.new_button.setText("New")
        self.new_button.setPopupMode(QToolButton.InstantPopup)
        self.new_menu = QMenu(self.new_button)
        self.new_button.setMenu(self.new_menu)
        self.summary = QLabel("", objectName="forcesSummary")
        bar.addWidget(self.new_button)
        bar.addWidget(self.summary, 1)
        lay.addLayout(bar)
        self.model = ForcesModel(ctx.document, self)
        self.model.push = self._push
        self.model.status = ctx.status
        self.model.before_move = self._remember_open
        self._reopen: set[str] = set()
        self._sized_for = 10
        self.tree = ForcesTree(objectName="forcesTree")
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.tree.setDragDropMode(QAbstractItemView.DragDrop)
        self.tree.setDefaultDropAction(Qt.MoveAction)
        self.tree.setDragEnabled(True)
        self.tree.setAcceptDrops(True)
        self.tree.setDropIndicatorShown(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.tree.header().setStretchLastSection(False)
        lay.addWidget(self.tree)
        self.setWidget(body)
        # Delete deletes what is selected, on the map and so here: the window's Delete Selected Pieces.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        ctx.document.changed.connect(self._changed)
        ctx.document.replaced.connect(self.reset)
        ctx.map_item.selectionChanged.connect(self.sync_from_map)
        self._connect_selection()
        self.reset()

    # --- building -----------------------------------------------------------------------------------
    def _changed(self, scope: str, cells) -> None:
        if scope in ("pieces", "sides", "scenario", "features", "terrain", "records"):
            self._timer.start()

    def reset(self) -> None:
        """Another scenario: a new tree, every row open."""
        self.refresh(full=True)

    def refresh(self, full: bool = False) -> None:
        """Bring the tree in step with the scenario; rows keep whether they were open or selected."""
        self._timer.stop()
        fresh = (full or self.model.tree is None
                 or self.model.catalogue is not self.ctx.document.rules.piece_rules.catalogue)
        self._reopen = set()
        new = self.model.rebuild(full=fresh)
        self._connect_selection()
        tree = self.tree
        if fresh:
            tree.expandAll()
        else:
            # New rows with something under them open; moved rows open again as they were.
            for key in new | self._reopen:
                node = self.model.nodes.get(key)
                if node is not None and node.children:
                    tree.expand(self.model.index_for(node))
        if fresh or len(self.model.nodes) > 2 * self._sized_for:
            self._size_columns()  # again once the tree has grown from a handful of rows
        self._fill_new_menu()
        s = self.ctx.document.scenario
        self.summary.setText(f"{len(s.pieces)} pieces, {len(s.sides)} sides")
        self.sync_from_map()

    def _remember_open(self, keys) -> None:
        """Rows about to be taken out and put back: which of them (and under them) are open."""
        stack = [self.model.items[k] for k in keys if k in self.model.items]
        while stack:
            item = stack.pop()
            if item.hasChildren():
                if self.tree.isExpanded(item.index()):
                    self._reopen.add(item.data(Qt.UserRole + 1))
                stack.extend(item.child(r, 0) for r in range(item.rowCount()))

    def _size_columns(self) -> None:
        """Widths from the headers and the first rows, once per rule set: sizing to every row's
        contents would read thousands of rows at each rebuild. Kinds are long, so theirs is elided."""
        self._sized_for = max(10, len(self.model.nodes))
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.Interactive)
        fm = self.tree.fontMetrics()
        m = self.model
        sample = list(m.nodes.values())[:150]
        for c in range(m.columnCount()):
            texts = [str(m.headerData(c, Qt.Horizontal) or "")]
            texts += [str(m.data(m.index_for(n, c)) or "") for n in sample]
            width = max(fm.horizontalAdvance(t) for t in texts) + 16
            if c == 0:
                width = max(width + self.tree.indentation() * 4, 200)
            header.resizeSection(c, min(width, 140 if c == m.kind_column else 260))

    def _connect_selection(self) -> None:
        sel = self.tree.selectionModel()
        if getattr(self, "_selection_model", None) is not sel:
            self._selection_model = sel
            sel.selectionChanged.connect(self._tree_selection_changed)

    def _fill_new_menu(self) -> None:
        """The New menu of the rule set's formations, made again only when the rule set changes."""
        formations = self.ctx.map_item.catalogue.forces.formations
        self.new_button.setEnabled(bool(formations) and bool(self.ctx.document.scenario.sides))
        if getattr(self, "_menu_for", None) is formations:
            return
        self._menu_for = formations
        self.new_menu.clear()
        for f in formations:
            act = self.new_menu.addAction(f.text)
            act.setData(f.id)
            act.setStatusTip(f.help)
            act.triggered.connect(lambda _=False, fid=f.id: self.start_formation(fid))

    def set_findings(self, findings) -> None:
        self.model.set_findings(findings)

    # --- selection, both ways -----------------------------------------------------------------------
    def selected_pieces(self) -> list[str]:
        out = []
        for index in self.tree.selectionModel().selectedRows(0):
            node = self.model.node(index)
            if node is not None and node.kind == "piece":
                out.append(node.piece)
        return out

    def selected_node(self):
        rows = self.tree.selectionModel().selectedRows(0)
        return self.model.node(rows[0]) if rows else None

    def _tree_selection_changed(self, *_: object) -> None:
        if self._syncing:
            return
        s = self.ctx.document.scenario
        ids = self.selected_pieces()
        cells = {s.pieces[p].cell for p in ids if p in s.pieces and s.pieces[p].cell is not None}
        node = self.selected_node()
        if node is not None and node.kind == "feature" and node.cell is not None:
            cells.add(node.cell)
        if not ids and not cells:
            return
        self._syncing = True
        try:
            self.ctx.map_item.set_selection(cells=cells, pieces=set(ids), edges=set())
            if cells:
                self.ctx.view.centre_on_cells(sorted(cells))
            self.ctx.selection_changed()
        finally:
            self._syncing = False

    def sync_from_map(self) -> None:
        """Select the rows of the pieces selected on the map."""
        if self._syncing:
            return
        ids = [p for p in self.ctx.map_item.selected_pieces if p in self.model.tree.by_piece]
        sel = QItemSelection()
        for pid in ids:
            i = self.model.index_of_piece(pid)
            if i.isValid():
                sel.select(i, i.siblingAtColumn(self.model.columnCount() - 1))
        self._syncing = True
        try:
            self.tree.selectionModel().select(sel, QItemSelectionModel.ClearAndSelect | QItemSelectionModel.Rows)
            if ids:
                first = self.model.index_of_piece(ids[0])
                self.tree.scrollTo(first)
                self.tree.selectionModel().setCurrentIndex(first, QItemSelectionModel.NoUpdate)
        finally:
            self._syncing = False

    # --- changes -------------------------------------------------------------------------------------
    def _push(self, edit, text: str) -> bool:
        return self.ctx.push(edit, text)

    def drop(self, ids: list[str], target: str | None, side: str | None = None) -> bool:
        """What a drag and drop does (tests and the model share it): True if something changed."""
        node = self.model.tree.by_piece.get(target) if target else self.model.tree.by_side.get(side)
        if node is None:
            return False
        before = self.ctx.document.undo_stack.count()
        data = self.model.mimeData([self.model.index_of_piece(p) for p in ids])
        self.model.dropMimeData(data, Qt.MoveAction, -1, -1, self.model.index_for(node))
        return self.ctx.document.undo_stack.count() > before

    def start_formation(self, fid: str) -> FormationDialog | None:
        """New…: the formation's dialog, open (not modal to the app); accepting it makes the pieces."""
        formation = self.ctx.map_item.catalogue.forces.formation(fid)
        if formation is None:
            return None
        node = self.selected_node()
        s = self.ctx.document.scenario
        side = node.side if node is not None else next(iter(s.sides), None)
        under = node.piece if node is not None and node.kind == "piece" else None
        cells = sorted(self.ctx.map_item.selected_cells)
        cell = cells[0] if cells else (s.pieces[under].cell if under in s.pieces else None)
        dialog = FormationDialog(self.ctx, formation, side, cell, under, self)
        dialog.accepted.connect(lambda: self._formation_accepted(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _formation_accepted(self, dialog: FormationDialog) -> None:
        s = self.ctx.document.scenario
        rules = self.ctx.document.rules.piece_rules
        try:
            edit, ids = make_formation(rules, s, dialog.formation, dialog.side, dialog.cell(), dialog.orders(),
                                       under=dialog.under)
        except (Refused, ValueError) as exc:
            self.ctx.status(f"Not done: {exc}")
            return
        if self.ctx.push(edit, dialog.formation.text):
            self.refresh()
            # The formation's first piece is selected (a unit's figures), ready for the Properties dock.
            first = s.pieces[ids[0]]
            self.ctx.map_item.set_selection(cells=set() if first.cell is None else {first.cell}, pieces={first.id},
                                            edges=set())
            self.ctx.selection_changed()
            cat = self.model.catalogue
            self.ctx.status(f"{dialog.formation.text}: {', '.join(piece_name(s.pieces[p], s, cat) for p in ids)}")
