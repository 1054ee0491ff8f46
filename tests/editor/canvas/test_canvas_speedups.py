"""What the editor's drawing shortcuts must keep: the same pictures and the same undo history."""
from __future__ import annotations

import os

from PySide6.QtWidgets import QApplication

from editor_test_support import ROOT, make_window
from motu.editor.canvas import areas
from motu.engine.scenario.edits import PaintTerrain

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def _frame(w):
    """One frame of the map, as an image (grabbing paints the view once)."""
    return w.view.viewport().grab().toImage()


def test_names_at_a_new_size_stand_in_for_one_frame_then_are_drawn_exactly(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    # A map as wide as a desktop window gives it, whatever room the docks take: names in view.
    w.resize(1600, 1000)
    QApplication.processEvents()
    view = w.view
    view.fit()
    _frame(w)
    view.zoom_at(3.2, view.viewport().rect().center().toPointF())
    names = w.map_item.names()
    areas._NAMES.clear()  # every name to draw anew, as at a size never drawn before
    areas.IMAGE_BUDGET_S, budget = 0.0, areas.IMAGE_BUDGET_S
    try:
        view.fit()
        _frame(w)  # names drawn at the fitted size
        view.zoom_at(3.2, view.viewport().rect().center().toPointF())
        _frame(w)
        assert names.owed, "names at the new size stood in for this frame"
        exact = _frame(w)  # the frame the owed names ask for
        assert not names.owed
        assert exact == _frame(w), "once drawn exactly, frames no longer change"
    finally:
        areas.IMAGE_BUDGET_S = budget
    # The picture is the one a window that had every image ready draws.
    other = make_window(qtbot, tmp_path, TAHITI)
    other.resize(w.size())
    QApplication.processEvents()
    other.view.setTransform(view.transform())
    other.view.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
    other.view.verticalScrollBar().setValue(view.verticalScrollBar().value())
    # On a loaded machine the new window too may place its names or draw them exactly only over a
    # few frames (each frame has a time budget): its picture is the one it settles on.
    frame = _frame(other)
    for _ in range(10):
        after = _frame(other)
        if after == frame:
            break
        frame = after
    assert frame == exact


def test_a_brush_stroke_is_one_undo_step_even_past_a_save(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    doc = w.document
    s = doc.scenario
    before = list(s.terrain)
    stroke = doc.new_stroke()
    for c in range(10, 16):
        doc.push(PaintTerrain((c,), ("jungle",)), stroke)
    assert doc.undo_stack.count() == 1 and doc.is_modified()
    doc.save()
    # The same stroke goes on after the save: it must not fold into the saved step.
    doc.push(PaintTerrain((16,), ("jungle",)), stroke)
    doc.push(PaintTerrain((17,), ("jungle",)), stroke)
    assert doc.undo_stack.count() == 2 and doc.is_modified()
    doc.undo_stack.undo()
    assert not doc.is_modified() and s.terrain[16] == before[16] and s.terrain[15] == "jungle"
    doc.undo_stack.undo()
    assert list(s.terrain) == before
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert all(s.terrain[c] == "jungle" for c in range(10, 18))


def test_cell_colours_follow_edits_as_a_full_rebuild_would(qtbot, tmp_path):
    from motu.editor.canvas.style import CellColours
    w = make_window(qtbot, tmp_path, TAHITI)
    item = w.map_item
    item.colours().dark_cells()
    stroke = w.document.new_stroke()
    for c in range(0, 40, 3):
        w.document.push(PaintTerrain((c,), ("jungle" if c % 2 else "clear",)), stroke)
    fresh = CellColours(w.document.scenario, item.style)
    assert (item.colours().dark_cells() == fresh.dark_cells()).all()
    assert item.colours().rgb_keys() == fresh.rgb_keys()
