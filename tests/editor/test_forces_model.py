"""The Forces dock's item model over Qt's own items: no Python wrapper of an item Qt made and deletes.

Qt makes the header items itself (setHorizontalHeaderLabels). PySide ties the wrapper that
horizontalHeaderItem() returns to the model for the model's life, but is never told when Qt
deletes the item (a rule set with fewer Forces columns). The wrapper then names freed memory,
and the next small object Qt makes there (a New menu action, once) came back to Python as that
stale header item: a segmentation fault in the GUI soak. So the model sets header tooltips by
setHeaderData and takes no such wrapper.
"""
import gc
import os

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem

from motu.editor.docks.forces_model import ForcesModel
from motu.editor.document import Document
from editor_test_support import ROOT
from motu.engine.io.native import load_path


def _live_item_wrappers() -> dict[int, QStandardItem]:
    return {id(w): w for w in shiboken6.Shiboken.getAllValidWrappers() if isinstance(w, QStandardItem)}


def _pointers_in(model: ForcesModel) -> set[int]:
    """C++ addresses of every item in the model's rows (the items Python made), and the root."""
    root = model.invisibleRootItem()
    out = {shiboken6.getCppPointer(root)[0]}
    stack = [root]
    while stack:
        item = stack.pop()
        for r in range(item.rowCount()):
            for c in range(item.columnCount()):
                child = item.child(r, c)
                if child is not None:
                    out.add(shiboken6.getCppPointer(child)[0])
                    stack.append(child)
    return out


def test_changing_rule_set_leaves_no_wrapper_of_a_deleted_header_item(qapp):
    gc.collect()
    before = set(_live_item_wrappers())
    doc = Document(load_path(os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml")))
    model = ForcesModel(doc)
    model.rebuild(full=True)
    fern_columns = model.columnCount()
    doc.replace(load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml")), None)
    model.rebuild(full=True)
    assert model.columnCount() < fern_columns  # Qt deleted the header items of the columns gone
    gc.collect()
    rows = _pointers_in(model)
    held = [w for k, w in _live_item_wrappers().items() if k not in before and shiboken6.getCppPointer(w)[0] not in rows]
    assert held == [], f"{len(held)} wrappers of items Qt made (header items) are held by Python"


def test_header_tooltips_say_the_rule_sets_columns_and_nothing_of_the_last_rule_set(qapp):
    doc = Document(load_path(os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml")))
    model = ForcesModel(doc)
    model.rebuild(full=True)
    tips = [model.headerData(c, Qt.Horizontal, Qt.ToolTipRole) for c in range(model.columnCount())]
    assert all(t for t in tips[3:model.kind_column]), tips
    assert all("as the rules work it out" in t for t in tips[3:model.kind_column])
    doc.replace(load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml")), None)
    model.rebuild(full=True)
    kind_tip = model.headerData(model.kind_column, Qt.Horizontal, Qt.ToolTipRole)
    assert not kind_tip, kind_tip  # the Kind column never shows a Fire in the Fern! column's tooltip
    assert model.headerData(model.kind_column, Qt.Horizontal) == "Kind"
