"""PySide6 6.12.0 on Python 3.11 drops a reference to None on every call of a method
returning nothing, and the interpreter aborts (none_dealloc). pyproject pins PySide6
below 6.12 on Python < 3.12; this test keeps a later upgrade from bringing it back."""
import sys

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene


def test_void_methods_keep_nones_reference_count(qapp):
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    brush = QBrush(QColor("red"))
    before = sys.getrefcount(None)
    for i in range(10_000):
        item.setPos(i, i)
        item.setBrush(brush)
    after = sys.getrefcount(None)
    assert after >= before
