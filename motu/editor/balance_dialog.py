"""Tools → Balance Report: bots play the scenario off the GUI thread, then the page opens.

Scope: the dialog (games, a bot per side, the stopping rule, the bot matrix, workers, where
to write: beside the scenario when that folder is the user's own, else under their documents),
the run on Qt's thread pool with a progress bar and Stop, its last words (the games the report
holds), and opening the written report.html. The run gets a copy of the scenario (its saved
text), never the document; the games themselves run in worker processes started clean
("spawn"), as motu/engine/session/balance.py plays them for `motu play --report`.
"""
from __future__ import annotations

import os
import re
import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, QStandardPaths, QThreadPool, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QProgressBar, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from motu.engine.io.native import dumps, loads
from motu.engine.resources import resource_path, scenarios_dir
from motu.engine.session.balance import BalanceRun, Cancelled, run_balance
from motu.engine.session.report import default_bot, write_report

from .worker import emit_safely


def _inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([path, folder]) == folder


def report_folder(scenario_path: str | None, title: str = "") -> str:
    """Where a balance report goes by default: beside the scenario when its folder is the user's
    own and writable; for a scenario shipped with Motu, a read-only folder or an unsaved map,
    Documents/Motu/NAME-balance (QStandardPaths' documents folder, else the home folder)."""
    if scenario_path:
        name = os.path.splitext(os.path.basename(scenario_path))[0]
        folder = os.path.dirname(os.path.abspath(scenario_path))
        shipped = any(_inside(folder, str(root)) for root in (scenarios_dir(), resource_path()))
        if not shipped and os.access(folder, os.W_OK | os.X_OK):
            return os.path.join(folder, f"{name}-balance")
    else:
        name = re.sub(r"[^\w]+", "-", title.lower()).strip("-") or "untitled"
    documents = (QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
                 or QStandardPaths.writableLocation(QStandardPaths.HomeLocation) or os.path.expanduser("~"))
    return os.path.join(documents, "Motu", f"{name}-balance")


def _games(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def open_page(path: str) -> None:
    """The written page in the system's browser (tests replace this)."""
    QDesktopServices.openUrl(QUrl.fromLocalFile(path))


class _Signals(QObject):
    progress = Signal(int, int)
    done = Signal(object)
    failed = Signal(str)


class _Run(QRunnable):
    def __init__(self, work: Callable[[Callable[[int, int], None]], Any], signals: _Signals, stop: threading.Event):
        super().__init__()
        self.work, self.signals, self.stop = work, signals, stop

    def run(self) -> None:
        def progress(done: int, total: int) -> None:
            if self.stop.is_set():
                raise Cancelled()
            emit_safely(self.signals.progress, done, total)

        try:
            result = self.work(progress)
        except Exception as exc:  # noqa: BLE001 - said in the dialog, never raised into the event loop
            emit_safely(self.signals.failed, f"{type(exc).__name__}: {exc}" if not isinstance(exc, ValueError)
                        else str(exc))
        else:
            emit_safely(self.signals.done, result)


class BalanceDialog(QDialog):
    def __init__(self, window, parent: QWidget | None = None):
        super().__init__(parent or window)
        self.setObjectName("balanceDialog")
        self.setWindowTitle("Balance Report")
        self.window_ = window
        doc = window.document
        self.rules = doc.rules
        self.text = dumps(doc.scenario)  # the run reads this copy only
        scenario = loads(self.text, "<balance>")
        players = self.rules.new_initial_state(scenario).num_players()
        sides = self.rules.player_sides(scenario, players)
        factories = list(self.rules.bot_factories())
        form = QFormLayout()
        self.games = QSpinBox(objectName="balanceGames", minimum=1, maximum=100_000, value=100)
        form.addRow("&Games:", self.games)
        self.until = QCheckBox("Play on in batches of that many until every side is known within ±5 points",
                               objectName="balanceUntil")
        form.addRow("", self.until)
        self.bots: list[QComboBox] = []
        for p, side in enumerate(sides):
            box = QComboBox(objectName=f"balanceBot{p}")
            box.addItems(factories)
            box.setCurrentText(default_bot(self.rules))
            name = scenario.sides[side].name if side in scenario.sides else side
            form.addRow(f"{name}:", box)
            self.bots.append(box)
        self.matrix = QSpinBox(objectName="balanceMatrix", minimum=0, maximum=1000, value=0)
        self.matrix.setSpecialValueText("none")
        self.matrix.setSuffix(" games a cell")
        form.addRow("Bot &matrix:", self.matrix)
        self.playouts = QSpinBox(objectName="balancePlayouts", minimum=0, maximum=100_000, value=0, singleStep=10)
        self.playouts.setSpecialValueText("the rule set's own")
        self.playouts.setSuffix(" playouts a move")
        self.playouts.setToolTip("Fewer playouts make the matrix affordable where MCTS is slow (Tahiti: 50); "
                                 "the report says how many it played")
        form.addRow("MCTS in the matri&x:", self.playouts)
        self.workers = QSpinBox(objectName="balanceWorkers", minimum=1, maximum=256, value=os.cpu_count() or 1)
        form.addRow("&Processes:", self.workers)
        self.folder = QLineEdit(self._default_folder(), objectName="balanceFolder")
        form.addRow("Write &to:", self.folder)
        self.bar = QProgressBar(objectName="balanceProgress")
        self.bar.setFormat("%v of %m games")
        self.bar.setValue(0)
        self.state = QLabel("", objectName="balanceState")
        self.state.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.run_button = QPushButton("&Run", objectName="balanceRun")
        self.cancel_button = QPushButton("&Cancel", objectName="balanceCancel")
        self.open_button = QPushButton("&Open Report", objectName="balanceOpen")
        self.open_button.setEnabled(False)
        self.buttons.addButton(self.run_button, QDialogButtonBox.ActionRole)
        self.buttons.addButton(self.open_button, QDialogButtonBox.ActionRole)
        self.buttons.addButton(self.cancel_button, QDialogButtonBox.RejectRole)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.open_button.clicked.connect(lambda: self.page and open_page(self.page))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        row = QHBoxLayout()
        row.addWidget(self.bar)
        layout.addLayout(row)
        layout.addWidget(self.state)
        layout.addWidget(self.buttons)
        self.stop = threading.Event()
        self.running = False
        self.page: str | None = None
        self.signals = _Signals(self)
        self.signals.progress.connect(self._progress)
        self.signals.done.connect(self._done)
        self.signals.failed.connect(self._failed)

    def _default_folder(self) -> str:
        doc = self.window_.document
        return report_folder(doc.path, doc.scenario.title)

    def settings(self) -> BalanceRun:
        return BalanceRun(loads(self.text, "<balance>"), [b.currentText() for b in self.bots], self.games.value(),
                          0, self.workers.value(), None, 0.05 if self.until.isChecked() else None,
                          matrix_games=self.matrix.value(), matrix_playouts=self.playouts.value() or None,
                          start_method="spawn")

    def start(self) -> None:
        if self.running:
            return
        run, folder = self.settings(), self.folder.text().strip()
        self.stop.clear()
        self.running = True
        self.page = None
        self.run_button.setEnabled(False)
        self.open_button.setEnabled(False)
        self.cancel_button.setText("&Stop")
        self.bar.setRange(0, max(1, run.games))
        self.bar.setValue(0)
        self.state.setText("Playing…")

        def work(progress):
            report, interrupted = run_balance(run, progress)
            if not report["games"]:
                return None, True, 0, 0
            # What the report holds: a stop keeps every game finished, one more than the bar may show yet.
            seat = report["seat"]["games"] if report["bots_differ"] else 0
            matrix_left_out = bool(run.matrix_games) and not report.get("matrix")
            page = write_report(run.scenario, report, folder)["html"]
            return page, interrupted, report["games"], seat, matrix_left_out

        QThreadPool.globalInstance().start(_Run(work, self.signals, self.stop))

    def cancel(self) -> None:
        if self.running:
            self.stop.set()  # the next finished game stops the run; what was played is reported
            self.state.setText("Stopping after the games under way…")
            return
        self.reject()

    def _progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(max(total, 1))
        self.bar.setValue(done)

    def _finish(self) -> None:
        self.running = False
        self.run_button.setEnabled(True)
        self.cancel_button.setText("&Close")

    def _done(self, result) -> None:
        self._finish()
        page, interrupted, games, seat = result[:4]
        if page is None:
            self.state.setText("Stopped before any game was finished: no report written.")
            return
        self.page = page
        self.open_button.setEnabled(True)
        held = _games(games) + (f" and {_games(seat)} with one bot in every seat" if seat else "")
        if interrupted:
            self.bar.setValue(min(games + seat, self.bar.maximum()))  # the bar agrees with the report
            words = f"Stopped after {held}; the report covers them"
            words += " (the bot matrix, cut short, is left out). " if result[4] else ". "
        else:
            words = f"Done: {held}. "
        self.state.setText(words + f"Written to {page}")
        open_page(page)

    def _failed(self, message: str) -> None:
        self._finish()
        self.state.setText(f"The run failed: {message}")

    def closeEvent(self, event) -> None:  # closing the window stops the games too
        self.stop.set()
        super().closeEvent(event)

    def reject(self) -> None:
        self.stop.set()
        super().reject()


def show_balance_dialog(window) -> BalanceDialog | None:
    rules = window.document.rules
    if not rules.playable:
        window.status(f"{rules.name} cannot be played yet.")
        return None
    errors = [f for f in rules.validate(window.document.scenario) if f.severity == "error"]
    if errors:
        window.status(f"{len(errors)} errors: fix them before a balance report (Problems dock).")
        return None
    dlg = BalanceDialog(window)
    dlg.show()
    window.balance_dialog = dlg
    return dlg
