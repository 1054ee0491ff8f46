"""Zoom In answers Ctrl+= as well as Ctrl++ (on most keyboards "+" is Shift+"=")."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from editor_test_support import make_window


def test_ctrl_equals_zooms_in(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, zoom=1.0)
    act = next(a for a in w.actions() if a.objectName() == "actionZoomIn")
    assert QKeySequence("Ctrl+=") in act.shortcuts() and QKeySequence(QKeySequence.ZoomIn) in act.shortcuts()
    w.activateWindow()
    w.view.setFocus()
    before = w.view.transform().m11()
    qtbot.keyClick(w.view, Qt.Key_Equal, Qt.ControlModifier)
    assert w.view.transform().m11() > before * 1.2
