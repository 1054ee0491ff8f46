"""Watching the open file on disk: a change made outside the editor is offered, never overwritten.

Scope: QFileSystemWatcher on the document's file, the text Motu last read or wrote there,
and what happens when the two differ, while the file is open or just before a save: the
designer chooses Reload (their unsaved version, if any, is saved beside the file first),
Keep mine (the version on disk is saved beside the file, and Save writes theirs over it),
or a side-by-side diff of the two before choosing. Nothing is lost either way.
Mixed into the main window with FileActions (files.py).
"""
from __future__ import annotations

import difflib
import logging
import os
import re
import time

from PySide6.QtCore import QFileSystemWatcher, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMessageBox, QPushButton, QTextBrowser, QVBoxLayout

from motu.engine.io.atomic import write_atomic
from motu.engine.io.errors import LoadError
from motu.engine.io.native import dumps, loads

log = logging.getLogger("motu.editor")
SETTLE_MS = 250  # editors write a file in steps: read it once they are done


def read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


def copy_beside(path: str, text: str, tag: str) -> str:
    """Save `text` next to `path` as `<name>.<tag>-<date-time><ext>`, never over another file."""
    stem, ext = os.path.splitext(path)
    base = f"{stem}.{tag}-{time.strftime('%Y%m%d-%H%M%S')}"
    target, n = base + (ext or ".yaml"), 2
    while os.path.exists(target):
        target, n = f"{base}-{n}{ext or '.yaml'}", n + 1
    write_atomic(target, text)
    return target


class DiffDialog(QDialog):
    """The version on disk beside the one in Motu, line by line; Reload or Keep mine from here."""

    def __init__(self, path: str, disk: str, mine: str, parent=None):
        super().__init__(parent)
        self.setObjectName("diskDiffDialog")
        self.setWindowTitle(f"{os.path.basename(path)}: on disk and in Motu")
        self.choice = "cancel"
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(f"{path} was changed outside Motu. Left: the file on disk; right: Motu's version."))
        self.view = QTextBrowser(objectName="diskDiff")
        table = difflib.HtmlDiff(wrapcolumn=60).make_table(
            disk.splitlines(), mine.splitlines(), "On disk", "In Motu", context=True, numlines=2)
        # difflib's navigation column ("next change" links) means nothing in a dialog.
        table = re.sub(r'<td class="diff_next"[^>]*>.*?</td>', "", table)
        table = re.sub(r'<th class="diff_next">.*?</th>', "", table)
        self.view.setHtml(f"<style>td {{font-family: monospace; font-size: 9pt}} .diff_add {{background: #c8f0c8}}"
                          f" .diff_chg {{background: #f0e6a0}} .diff_sub {{background: #f4c2c2}}</style>{table}")
        lay.addWidget(self.view)
        buttons = QDialogButtonBox()
        for text, choice in (("Reload from disk", "reload"), ("Keep mine", "keep")):
            b = buttons.addButton(text, QDialogButtonBox.AcceptRole)
            b.clicked.connect(lambda _=False, c=choice: self._choose(c))
        buttons.addButton(QDialogButtonBox.Cancel).clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(1000, 640)

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


class DiskWatch:
    """Mixed into MainWindow before FileActions; needs self.document, self.status(), self.show_error()."""

    def init_disk_watch(self) -> None:
        self.disk_watch = QFileSystemWatcher(self)
        self.disk_watch.fileChanged.connect(self._disk_event)
        self._disk_text: str | None = None
        self._disk_asking = False
        self._disk_timer = QTimer(self)
        self._disk_timer.setSingleShot(True)
        self._disk_timer.setInterval(SETTLE_MS)
        self._disk_timer.timeout.connect(self.check_disk)
        self.document.pathChanged.connect(self._watch_path)
        self._watch_path(self.document.path or "")

    # --- questions (tests replace these) ------------------------------------------------------------
    def ask_outside_change(self, path: str, disk: str, saving: bool) -> str:
        """'reload', 'keep' or 'cancel' (saving: the question comes just before a save)."""
        unsaved = self.document.is_modified()
        box = QMessageBox(QMessageBox.Warning, "Changed on disk",
                          f"{os.path.basename(path)} was changed outside Motu"
                          + (" and you have unsaved changes here." if unsaved else ".")
                          + ("\n\nSaving now would write over that change." if saving else ""),
                          QMessageBox.NoButton, self)
        box.setInformativeText("Reload takes the file as it is on disk"
                               + (" (your version is saved beside it first)" if unsaved else "")
                               + "; Keep mine keeps yours, saving the other beside it.")
        reload_b = box.addButton("Reload", QMessageBox.AcceptRole)
        keep_b = box.addButton("Keep mine", QMessageBox.DestructiveRole)
        diff_b = box.addButton("Show differences…", QMessageBox.HelpRole)
        box.addButton(QMessageBox.Cancel)
        box.exec()
        clicked = box.clickedButton()
        if clicked is diff_b:
            dialog = DiffDialog(path, disk, dumps(self.document.scenario), self)
            dialog.exec()
            return dialog.choice
        return "reload" if clicked is reload_b else "keep" if clicked is keep_b else "cancel"

    # --- watching ---------------------------------------------------------------------------------------
    def _watch_path(self, path: str) -> None:
        old = self.disk_watch.files()
        if old:
            self.disk_watch.removePaths(old)
        self._disk_text = read_text(path) if path else None
        if path and os.path.exists(path):
            self.disk_watch.addPath(path)

    def _disk_event(self, path: str) -> None:
        self._disk_timer.start()

    def remember_disk(self) -> None:
        """After Motu wrote the file: what is on disk now is Motu's own."""
        path = self.document.path
        self._disk_text = read_text(path) if path else None
        if path and os.path.exists(path) and path not in self.disk_watch.files():
            self.disk_watch.addPath(path)  # an atomic save replaces the file the watch was on

    def disk_differs(self) -> str | None:
        """The text on disk when it is not what Motu last read or wrote there, else None."""
        path = self.document.path
        if not path:
            return None
        text = read_text(path)
        return text if text is not None and text != self._disk_text else None

    def check_disk(self) -> None:
        path = self.document.path
        if not path or self._disk_asking:
            return
        if os.path.exists(path) and path not in self.disk_watch.files():
            self.disk_watch.addPath(path)
        if not os.path.exists(path):
            if self._disk_text is not None:
                self._disk_text = None
                self.document.undo_stack.resetClean()  # Save (or closing) will ask to write it again
                self.status(f"{os.path.basename(path)} is gone from disk: Save writes it again.")
            return
        text = self.disk_differs()
        if text is not None:
            self.outside_change(text, saving=False)

    def outside_change(self, disk: str, saving: bool) -> str:
        """Offer the designer the choice; returns what was done: 'reload', 'keep' or 'cancel'."""
        self._disk_asking = True
        try:
            answer = self.ask_outside_change(self.document.path, disk, saving)
        finally:
            self._disk_asking = False
        if answer == "reload":
            self._reload_from_disk(disk)
        elif answer == "keep":
            self._keep_mine(disk)
        return answer

    def _reload_from_disk(self, disk: str) -> None:
        path = self.document.path
        try:
            scenario = loads(disk, path)
        except LoadError as exc:
            self._disk_text = disk  # the same broken text is not offered twice
            self.show_error("Cannot reload", f"{exc}\n\nYour version stays open; Save writes it over the file.")
            self.document.undo_stack.resetClean()
            return
        mine = None
        if self.document.is_modified():
            mine = copy_beside(path, dumps(self.document.scenario), "unsaved")
        forget = getattr(self, "_forget_recovery", None)
        if forget is not None:
            forget()
        self.document.replace(scenario, path)
        self.status(f"Reloaded {os.path.basename(path)} from disk"
                    + (f"; your unsaved version is in {os.path.basename(mine)}" if mine else ""))

    def _keep_mine(self, disk: str) -> None:
        theirs = copy_beside(self.document.path, disk, "on-disk")
        self._disk_text = disk
        self.document.undo_stack.resetClean()  # Motu's version is now unsaved work against the file
        self.status(f"Kept your version; the one on disk is saved as {os.path.basename(theirs)}. Save writes yours.")
