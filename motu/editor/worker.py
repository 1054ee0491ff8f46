"""Long work off the GUI thread: a function run on Qt's thread pool, its result or its error handed
back on the GUI thread, and a busy progress dialog once it has taken more than 100 ms.

The function gets only what it may read alone (a copy of the scenario, immutable plans): the
document is never touched off the GUI thread. Errors a designer can act on (a coastline that
misses the map, an Edit refused) arrive as their message; anything else is logged and said in
one line, never raised into the event loop.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from motu.engine.io.errors import LoadError

log = logging.getLogger("motu.editor")
SHOW_AFTER_MS = 100
# What a designer's input can make fail: said as it is. Anything else is a fault, logged with its trace.
EXPECTED = (ValueError, LoadError, OSError)


class _Run(QRunnable):
    def __init__(self, fn: Callable[[], Any], job: "Job"):
        super().__init__()
        self.fn, self.job = fn, job

    def run(self) -> None:
        try:
            result = self.fn()
        except EXPECTED as exc:
            emit_safely(self.job.failed_, str(exc))
        except Exception as exc:  # a fault off the GUI thread must not take the editor down
            log.exception("background work failed")
            emit_safely(self.job.failed_, f"{type(exc).__name__}: {exc}")
        else:
            emit_safely(self.job.done_, result)


def emit_safely(signal, *args) -> None:
    """Emit from a worker thread; the window may have closed while the work ran, and nobody waits then."""
    try:
        signal.emit(*args)
    except RuntimeError:
        pass


class Job(QObject):
    """One piece of work: `on_done(result)` or `on_failed(message)` runs on the GUI thread after it."""

    done_ = Signal(object)
    failed_ = Signal(str)

    def __init__(self, fn: Callable[[], Any], on_done: Callable[[Any], None], on_failed: Callable[[str], None],
                 parent: QObject | None = None, label: str = "", progress_parent: QWidget | None = None):
        super().__init__(parent)
        self.running = True
        self._on_done, self._on_failed = on_done, on_failed
        self._label, self._progress_parent = label, progress_parent
        self._progress: QProgressDialog | None = None
        # Received on this object's (the GUI) thread: the connections are queued.
        self.done_.connect(self._finished)
        self.failed_.connect(self._refused)
        if progress_parent is not None:
            QTimer.singleShot(SHOW_AFTER_MS, self, self._show_progress)
        QThreadPool.globalInstance().start(_Run(fn, self))

    def _show_progress(self) -> None:
        if not self.running or self._progress_parent is None:
            return
        dlg = QProgressDialog(self._label or "Working…", "", 0, 0, self._progress_parent)
        dlg.setObjectName("workProgress")
        dlg.setCancelButton(None)  # drafting cannot stop half-way; it takes seconds at most
        dlg.setWindowModality(Qt.WindowModal)  # no edit while the work reads its copy of the map
        dlg.setMinimumDuration(0)
        dlg.show()
        self._progress = dlg

    def _close_progress(self) -> None:
        self.running = False
        if self._progress is not None:
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None

    def _finished(self, result: Any) -> None:
        self._close_progress()
        self._on_done(result)

    def _refused(self, message: str) -> None:
        self._close_progress()
        self._on_failed(message)


__all__ = ["Job", "SHOW_AFTER_MS", "emit_safely"]
