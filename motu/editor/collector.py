"""Python's garbage collector, run on the GUI thread only.

Python collects reference cycles on whichever thread happens to allocate when a threshold is
passed. The editor's worker threads (the Problems check, bots, long map work) allocate a lot, so
a cycle the GUI thread left behind (a closed dialog and the lambdas connected to it, an old
menu's actions) could be collected there, destroying its Qt objects off the GUI thread; Qt then
fails later somewhere unrelated, a segmentation fault in a tree view's reset or a menu's
refill. So the application turns automatic collection off and collects from a timer on the GUI
thread, by the same generation thresholds Python would use. Objects without cycles are still freed
at once by reference counting, wherever they die.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 250


class GuiThreadCollector(QObject):
    def __init__(self, app: QObject):
        super().__init__(app)
        self.thresholds = gc.get_threshold()
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(INTERVAL_MS)

    def check(self) -> None:
        """Collect the oldest generation whose count passed its threshold, as Python would."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self.thresholds[generation]:
                gc.collect(generation)
                return

    def stop(self) -> None:
        self.timer.stop()
        if self.was_enabled:
            gc.enable()


_installed: GuiThreadCollector | None = None


def collect_on_gui_thread(app: QObject) -> GuiThreadCollector:
    """Install the collector once per application (the editor's start and its soak call this)."""
    global _installed
    if _installed is None:
        _installed = GuiThreadCollector(app)
    return _installed


def uninstall() -> None:
    global _installed
    if _installed is not None:
        _installed.stop()
        _installed.deleteLater()
        _installed = None
