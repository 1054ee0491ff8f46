"""Helpers for the editor tests: windows on copies of the examples, and real mouse events on the map."""
from __future__ import annotations

import os
import shutil

from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt, QThreadPool
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from motu.editor.document import Document
from motu.editor.main_window import MainWindow

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE_HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")
EXAMPLE_SQUARE = os.path.join(ROOT, "scenarios", "example-square.yaml")


def copy_example(tmp_path, source: str = EXAMPLE_HEX, name: str | None = None) -> str:
    """A copy of a shipped example in tmp_path, so saving never writes into the repository."""
    target = os.path.join(str(tmp_path), name or os.path.basename(source))
    shutil.copyfile(source, target)
    return target


def settings_for(tmp_path, name: str = "settings.ini") -> QSettings:
    return QSettings(os.path.join(str(tmp_path), name), QSettings.IniFormat)


def make_window(qtbot, tmp_path, source: str | None = EXAMPLE_HEX, show: bool = True, zoom: float = 1.0,
                settings: QSettings | None = None, copy: bool = True) -> MainWindow:
    """A MainWindow on a copy of `source` (copy=False: on `source` itself; None: an untitled blank
    Tahiti map), shown and zoomed in."""
    if source is None:
        from motu.engine.rules.registry import get_ruleset
        doc = Document(get_ruleset("tahiti").new_scenario())
    else:
        doc = Document.open(copy_example(tmp_path, source) if copy else source)
    window = MainWindow(doc, settings or settings_for(tmp_path))
    # Closing at teardown must never block on a question.
    window.ask_save_changes = lambda: "discard"
    # A print export's options are answered as last time (the defaults the first): no dialog waits.
    window.ask_print_options = lambda fmt, choices: choices
    qtbot.addWidget(window)
    if show:
        window.resize(1200, 800)
        window.show()
        qtbot.waitExposed(window)
        qtbot.wait(20)  # the default dock sizes apply one event-loop turn after showing
        set_zoom(window, zoom)
    return window


def set_zoom(window, zoom: float) -> None:
    view = window.view
    view.resetTransform()
    view.scale(zoom, zoom)
    QApplication.processEvents()


def wait_validation(qtbot, window) -> None:
    """Until the Problems dock has finished its current check."""
    qtbot.waitUntil(lambda: not window.problems.is_running(), timeout=10_000)
    QThreadPool.globalInstance().waitForDone(10_000)
    QApplication.processEvents()


class Mouse:
    """Mouse events sent to the map view's viewport at cells' scene positions (buttons held in drags)."""

    def __init__(self, window):
        self.window = window

    @property
    def view(self):
        return self.window.view

    @property
    def viewport(self):
        return self.window.view.viewport()

    def scene_point(self, where) -> QPointF:
        if isinstance(where, QPointF):
            return where
        return self.window.map_item.geo.centre(int(where))

    def show(self, *where) -> None:
        """Scroll so every given cell or scene point is on screen."""
        geo = self.window.map_item.geo
        pts = [self.scene_point(w) for w in where]
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        from PySide6.QtCore import QRectF
        rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            -geo.half[0], -geo.half[1], geo.half[0], geo.half[1])
        self.view.ensureVisible(rect, 4, 4)
        QApplication.processEvents()

    def pos(self, where) -> QPointF:
        """Viewport position of a cell's centre (or a scene point)."""
        p = self.view.mapFromScene(self.scene_point(where))
        assert self.viewport.rect().contains(p), f"{where} is off screen at {p}"
        return QPointF(p)

    def send(self, kind, pos: QPointF, button=Qt.NoButton, buttons=Qt.NoButton, mods=Qt.NoModifier) -> None:
        glob = QPointF(self.viewport.mapToGlobal(pos.toPoint()))
        QApplication.sendEvent(self.viewport, QMouseEvent(kind, pos, glob, button, buttons, mods))

    def press(self, where, button=Qt.LeftButton, mods=Qt.NoModifier) -> None:
        self.send(QEvent.MouseButtonPress, self.pos(where), button, button, mods)

    def move(self, where, buttons=Qt.NoButton, mods=Qt.NoModifier) -> None:
        self.send(QEvent.MouseMove, self.pos(where), Qt.NoButton, buttons, mods)

    def release(self, where, button=Qt.LeftButton, mods=Qt.NoModifier) -> None:
        self.send(QEvent.MouseButtonRelease, self.pos(where), button, Qt.NoButton, mods)

    def click(self, where, button=Qt.LeftButton, mods=Qt.NoModifier) -> None:
        self.show(where)
        self.press(where, button, mods)
        self.release(where, button, mods)

    def double_click(self, where, mods=Qt.NoModifier) -> None:
        self.show(where)
        self.press(where, Qt.LeftButton, mods)
        self.release(where, Qt.LeftButton, mods)
        self.send(QEvent.MouseButtonDblClick, self.pos(where), Qt.LeftButton, Qt.LeftButton, mods)
        self.release(where, Qt.LeftButton, mods)

    def drag(self, path, button=Qt.LeftButton, mods=Qt.NoModifier, steps: int = 3) -> None:
        """Press on the first cell or point, move through the others with the button held, release on the last."""
        path = list(path)
        self.show(*path)
        self.press(path[0], button, mods)
        prev = self.pos(path[0])
        for where in path[1:]:
            nxt = self.pos(where)
            for i in range(1, steps + 1):
                p = prev + (nxt - prev) * (i / steps)
                self.send(QEvent.MouseMove, p, Qt.NoButton, button, mods)
            prev = nxt
        self.release(path[-1], button, mods)

    def hover(self, where) -> None:
        self.show(where)
        self.move(where)


def wheel(widget, pos: QPointF, delta_y: int, mods=Qt.ControlModifier) -> None:
    glob = QPointF(widget.mapToGlobal(pos.toPoint()))
    ev = QWheelEvent(pos, glob, QPoint(0, 0), QPoint(0, delta_y), Qt.NoButton, mods, Qt.NoScrollPhase, False)
    QApplication.sendEvent(widget, ev)


def key(widget, k, mods=Qt.NoModifier, press: bool = True, release: bool = True, text: str = "") -> None:
    if press:
        QApplication.sendEvent(widget, QKeyEvent(QEvent.KeyPress, k, mods, text))
    if release:
        QApplication.sendEvent(widget, QKeyEvent(QEvent.KeyRelease, k, mods, text))


def edge_point(window, a: int, b: int) -> QPointF:
    """A scene point just inside cell a, next to the side it shares with b (where the edge tool picks that side)."""
    geo = window.map_item.geo
    p1, p2 = geo.side(a, b)
    mid = (p1 + p2) / 2
    c = geo.centre(a)
    return mid * 0.8 + c * 0.2


def forces_window(qtbot, tmp_path, doc):
    """The editor on `doc` at 1400x900, shown, with the Forces dock in front (the Forces dock's tests)."""
    from PySide6.QtWidgets import QApplication

    from motu.editor.main_window import MainWindow
    w = MainWindow(doc, settings_for(tmp_path))
    w.ask_save_changes = lambda: "discard"
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.forces.show()
    w.forces.raise_()
    QApplication.processEvents()
    return w
