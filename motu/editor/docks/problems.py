"""Problems dock: live validation off the GUI thread; a row selects and centres its cells.
Rows show a severity icon; they filter by severity and by code and group by code with counts."""
from __future__ import annotations

import time

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QDockWidget, QHBoxLayout, QHeaderView, QLabel, QProgressBar,
    QSizePolicy, QToolButton, QTreeView, QVBoxLayout, QWidget,
)

from motu.engine.rules.registry import get_ruleset

from ..worker import emit_safely
from .findings_model import FindingsModel, severity_icon


def counted(n: int, word: str) -> str:
    """'1 error', '0 errors', '3 errors'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


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
            emit_safely(self.signals.failed, self.generation, f"{type(exc).__name__}: {exc}")
            return
        emit_safely(self.signals.done, self.generation, findings, time.perf_counter() - t0)


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
        self.summary.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)
        bar = QHBoxLayout()
        bar.addWidget(self.summary, 1)
        self.severity_buttons = {}
        for sev, text in (("error", "Errors"), ("warning", "Warnings"), ("info", "Notes")):
            b = QToolButton()
            b.setObjectName(f"problemsShow_{sev}")
            b.setText(text)
            b.setToolTip(f"Show {text.lower()}")
            b.setIcon(severity_icon(sev))
            b.setToolButtonStyle(Qt.ToolButtonIconOnly)
            b.setCheckable(True)
            b.setChecked(True)
            b.toggled.connect(self._filter_changed)
            bar.addWidget(b)
            self.severity_buttons[sev] = b
        self.code_box = QComboBox()
        self.code_box.setObjectName("problemsCode")
        self.code_box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.code_box.setMinimumContentsLength(8)
        self.code_box.addItem("All codes", None)
        self.code_box.activated.connect(self._filter_changed)
        bar.addWidget(self.code_box)
        self.group_box = QCheckBox("Group")
        self.group_box.setToolTip("Group the findings by code, with counts")
        self.group_box.setObjectName("problemsGroup")
        self.group_box.toggled.connect(self._filter_changed)
        bar.addWidget(self.group_box)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)  # busy: validation reports no steps
        self.progress.setVisible(False)
        self.model = FindingsModel(self)
        self.tree = QTreeView()
        self.tree.setObjectName("problemsTree")
        self.tree.setModel(self.model)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(True)
        for col in (0, 1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeToContents)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.tree.activated.connect(self._row)
        self.tree.clicked.connect(self._row)
        lay.addLayout(bar)
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

    def show_findings(self, findings, seconds: float = 0.0) -> None:
        """Show findings checked elsewhere (the check before a playtest), in place of any check under
        way, and bring the dock to the front."""
        self._generation += 1
        self._done(self._generation, findings, seconds)
        self.show()
        self.raise_()

    def _done(self, generation: int, findings, seconds: float) -> None:
        if generation != self._generation:
            return  # an older check finished after a newer one started
        self._running = False
        self.progress.setVisible(False)
        self.findings = list(findings)
        self.model.set_findings(self.findings, self.document.scenario)
        self._fill_codes()
        errors = sum(f.severity == "error" for f in self.findings)
        warnings = sum(f.severity == "warning" for f in self.findings)
        self.summary.setText(f"{counted(errors, 'error')}, {counted(warnings, 'warning')} "
                             f"(checked in {seconds * 1000:.0f} ms)")
        self.findingsChanged.emit(self.findings)

    def _failed(self, generation: int, message: str) -> None:
        if generation == self._generation:
            self._running = False
            self.progress.setVisible(False)
            self.summary.setText(f"Checking failed: {message}")

    def forget(self) -> None:
        """The grid changed: rows that name the old grid's cells go until the next check reports."""
        self.findings = []
        self.model.set_findings([], self.document.scenario)
        self._fill_codes()
        self.summary.setText("Checking…")
        self.findingsChanged.emit(self.findings)

    def is_running(self) -> bool:
        return self._running or self.timer.isActive()

    def _fill_codes(self) -> None:
        current = self.code_box.currentData()
        self.code_box.blockSignals(True)
        self.code_box.clear()
        self.code_box.addItem("All codes", None)
        for code, n in self.model.codes():
            self.code_box.addItem(f"{code} ({n})", code)
        i = self.code_box.findData(current) if current is not None else 0
        self.code_box.setCurrentIndex(max(0, i))
        self.code_box.blockSignals(False)
        if current is not None and i < 0:
            self._filter_changed()

    def _filter_changed(self, *_args) -> None:
        sevs = {s for s, b in self.severity_buttons.items() if b.isChecked()}
        self.model.set_filter(sevs, self.code_box.currentData(), self.group_box.isChecked())
        self.tree.setRootIsDecorated(self.model.grouped)

    def set_filter(self, severities=None, code=..., grouped=None) -> None:
        """What a user's clicks on the filter choose (tests and scripts use it too); code None: all codes."""
        if severities is not None:
            for s, b in self.severity_buttons.items():
                b.blockSignals(True)
                b.setChecked(s in severities)
                b.blockSignals(False)
        if code is not ...:
            i = self.code_box.findData(code) if code is not None else 0
            self.code_box.setCurrentIndex(max(0, i))
        if grouped is not None:
            self.group_box.blockSignals(True)
            self.group_box.setChecked(grouped)
            self.group_box.blockSignals(False)
        self._filter_changed()

    def _row(self, index) -> None:
        f = self.model.finding_at(index)
        if f is not None:
            self.activated.emit(f)
