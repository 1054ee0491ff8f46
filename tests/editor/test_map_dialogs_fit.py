"""Map → Resize and Merge dialogs: a refusal shows as a sentence and the dialog grows to hold it, its
boxes keeping their size; boxes of a layout that takes two columns at a time step and accept only
even numbers, an odd one typed said at once and rounded up (motu/editor/map_dialogs.py)."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

from motu.editor.map_dialogs import MergeDialog, ResizeDialog, sentence
from editor_test_support import ROOT, make_window
from motu.engine.io.native import load_path

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def shown(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    return dialog


def type_into(qtbot, box: QSpinBox, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)


def assert_boxes_whole(dialog):
    QApplication.processEvents()
    for box in dialog.findChildren(QSpinBox):
        assert box.height() >= box.minimumSizeHint().height(), box.objectName()
    assert dialog.error.height() >= dialog.error.heightForWidth(dialog.error.width())


def test_sentence():
    assert sentence("the maps overlap at 0101: merge at another offset") == \
        "The maps overlap at 0101: merge at another offset."
    assert sentence("Done already.") == "Done already."
    assert sentence("") == ""


def test_a_refused_resize_says_a_sentence_and_the_boxes_keep_their_size(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    d = shown(qtbot, ResizeDialog(w.document.scenario, w.map_item.catalogue, w.map_ops.try_push, w))
    height = d.height()
    d.sides["west"].setValue(-40)
    d.accept()
    assert d.isVisible() and d.error.text().startswith("Resizing would cut ") and d.error.text().endswith(".")
    assert d.height() > height
    assert_boxes_whole(d)
    assert w.document.undo_stack.count() == 0


def test_west_takes_two_columns_at_a_time(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    d = shown(qtbot, ResizeDialog(s, w.map_item.catalogue, w.map_ops.try_push, w))
    west = d.sides["west"]
    west.stepBy(1)
    assert west.value() == 2
    west.setValue(0)
    type_into(qtbot, west, "1")
    assert "West: 1 becomes 2." in d.step_note.text()  # said at once, before OK
    assert d.size_label.text() == "47 × 33 → 49 × 33 hexes"
    assert d.error.text() == ""
    assert_boxes_whole(d)
    qtbot.keyClick(west, Qt.Key_Tab)  # the typing ends: the box rounds up
    assert west.value() == 2 and west.text() == "2"
    assert "becomes" not in d.step_note.text()
    assert d.size_label.text() == "47 × 33 → 49 × 33 hexes"
    type_into(qtbot, west, "-3")
    assert "West: -3 becomes -4." in d.step_note.text()
    type_into(qtbot, west, "5")
    d.accept()  # OK with the number still typed: it is rounded, never refused
    assert not d.isVisible() and (w.document.scenario.grid.columns, w.document.scenario.grid.rows) == (53, 33)


def test_a_refused_merge_keeps_its_boxes_and_rounds_an_odd_offset(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    other = load_path(TAHITI)
    d = shown(qtbot, MergeDialog(s, other, "other.yaml", w.map_ops.try_push, "sea", w))
    d.at_offset.setChecked(True)
    type_into(qtbot, d.dcol, "71")
    assert "Columns: 71 becomes 72" in d.lands.text()
    d.dcol.setValue(2)
    d.drow.setValue(0)
    d.accept()
    assert d.error.text().startswith("The maps overlap at ") and d.error.text().endswith(".")
    assert_boxes_whole(d)


def test_a_map_of_another_rule_set_is_refused_by_the_rule_sets_names(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    other = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    d = shown(qtbot, MergeDialog(w.document.scenario, other, "fern.yaml", w.map_ops.try_push, "sea", w))
    assert d.error.text() == "A Fire in the Fern! map cannot be merged into this Tahiti map."
