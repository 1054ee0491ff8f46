"""Problems dock: live validation off the GUI thread; a row selects and centres its cells."""
from __future__ import annotations

import time

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QLabel, QProgressBar, QTreeView, QVBoxLayout, QWidget

from engine.rules.registry import get_ruleset

from .findings_model import FindingsModel


class _Signals(QObject):
    done = Signal(int, object, float)  # generation, findings, seconds
    failed = Signal(int, str)


class _Validate(QRunnable):
    def __init__(self, generation: int, snapshot, signals: _Signals):
        super().__init__()
        self.generation, self.snapshot, self.signals = generation, snapshot, signals

    def run(self) -> None:
        t0 = time.perf_counter()
        try:
            findings = get_ruleset(self.snapshot.ruleset).validate(self.snapshot)
        except Exception as exc:  # a validator's fault must not take the editor down
            self.signals.failed.emit(self.generation, f"{type(exc).__name__}: {exc}")
            return
        self.signals.done.emit(self.generation, findings, time.perf_counter() - t0)


class ProblemsDock(QDockWidget):
    findingsChanged = Signal(object)
    activated = Signal(object)  # the Finding whose row was chosen

    def __init__(self, document, parent=None, delay_ms: int = 250):
        super().__init__("Problems", parent)
        self.setObjectName("problemsDock")
        self.document = document
        self.findings: list = []
        self._generation = 0
        self._running = False
        self.pool = QThreadPool.globalInstance()
        self.signals = _Signals()
        self.signals.done.connect(self._done)
        self.signals.failed.connect(self._failed)
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(2, 2, 2, 2)
        self.summary = QLabel("Not checked yet")
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy: validation reports no steps
        self.progress.setVisible(False)
        self.model = FindingsModel(self)
        self.tree = QTreeView()
        self.tree.setObjectName("problemsTree")
        self.tree.setModel(self.model)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.tree.activated.connect(self._row)
        self.tree.clicked.connect(self._row)
        lay.addWidget(self.summary)
        lay.addWidget(self.progress)
        lay.addWidget(self.tree)
        self.setWidget(w)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.validate_now)
        document.changed.connect(lambda *_: self.schedule())

    def schedule(self) -> None:
        self._generation += 1
        self.timer.start()

    def validate_now(self) -> None:
        """Check a copy of the scenario on a worker thread; the editor keeps working meanwhile."""
        self._generation += 1
        snapshot = self.document.scenario.copy()
        self.progress.setVisible(True)
        self.summary.setText("Checking…")
        self._running = True
        self.pool.start(_Validate(self._generation, snapshot, self.signals))

    def _done(self, generation: int, findings, seconds: float) -> None:
        if generation != self._generation:
            return  # an older check finished after a newer one started
        self._running = False
        self.progress.setVisible(False)
        self.findings = list(findings)
        self.model.set_findings(self.findings, self.document.scenario)
        errors = sum(f.severity == "error" for f in self.findings)
        warnings = sum(f.severity == "warning" for f in self.findings)
        self.summary.setText(f"{errors} errors, {warnings} warnings (checked in {seconds * 1000:.0f} ms)")
        self.findingsChanged.emit(self.findings)

    def _failed(self, generation: int, message: str) -> None:
        if generation == self._generation:
            self._running = False
            self.progress.setVisible(False)
            self.summary.setText(f"Checking failed: {message}")

    def is_running(self) -> bool:
        return self._running or self.timer.isActive()

    def _row(self, index) -> None:
        if index.isValid():
            self.activated.emit(self.model.findings[index.row()])
