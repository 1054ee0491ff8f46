"""File handling for the main window: new, open, save, recent files, revert, close, autosave and recovery.

The file on disk is watched (disk_watch.py): a change made outside Motu is offered for reload,
and a save never writes over one without asking.
"""
from __future__ import annotations

import itertools
import logging
import os
import re
import time

from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from motu.engine.io.bounded import decode_utf8, read_bytes
from motu.engine.io.errors import LoadError
from motu.engine.io.native import load_path, loads

from .autosave import RecoveryStore
from .dialogs import NewScenarioDialog
from .disk_watch import DiskWatch
from .document import SaveError

log = logging.getLogger("motu.editor")
AUTOSAVE_MS = 2 * 60 * 1000
MAX_RECENT = 10
_untitled = itertools.count(1)
FILTER = "Motu scenarios (*.yaml *.yml);;Coastlines to import (*.geojson);;All files (*)"
# A FeatureCollection names itself anywhere near the top; a lone feature or geometry by its first key.
GEOJSON_TYPE = re.compile(r'"type"\s*:\s*"FeatureCollection"|'
                          r'^\s*\{\s*"type"\s*:\s*"(Feature|Polygon|MultiPolygon|GeometryCollection)"')


def documents_dir() -> str:
    """The user's documents folder (the home folder where the platform names none, or it is not there)."""
    docs = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
    return docs if docs and os.path.isdir(docs) else os.path.expanduser("~")


def is_coastline(path: str) -> bool:
    """A GeoJSON file: named .geojson, or a .json that says in its first 4 KB that it is one (a Tiled map's
    "type" is "map"). Only a glance: the import reads it properly."""
    ext = os.path.splitext(path)[1].lower()
    if ext == ".geojson":
        return True
    if ext != ".json" or not os.path.isfile(path):
        return False
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return GEOJSON_TYPE.search(head) is not None


class FileActions(DiskWatch):
    """Mixed into MainWindow; needs self.document, self.settings_store, self.status()."""

    def init_files(self) -> None:
        self.init_disk_watch()
        self.recovery = RecoveryStore()
        self._recovery_token = f"{os.getpid()}-{next(_untitled)}"
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        self._update_recent_menu()

    # --- questions (tests replace these) ----------------------------------------------------------
    def ask_save_changes(self) -> str:
        box = QMessageBox(QMessageBox.Warning, "Unsaved changes",
                          f"{self.document.title()} has unsaved changes. Save them?",
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self)
        answer = box.exec()
        return {QMessageBox.Save: "save", QMessageBox.Discard: "discard"}.get(answer, "cancel")

    def choose_open_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", self._last_dir(), FILTER)
        return path or None

    def choose_save_path(self) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", self._last_dir(), FILTER)
        if path and not os.path.splitext(path)[1]:
            path += ".yaml"
        return path or None

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.critical(self, title, text)

    def ask_import_coastline(self, path: str) -> bool:
        """File → Open chose a coastline: offer File → Import Coastline for it."""
        box = QMessageBox(QMessageBox.Question, "Open scenario",
                          f"{os.path.basename(path)} is a coastline (GeoJSON), not a Motu scenario.\n\n"
                          "File → Import Coastline (Ctrl+Shift+I) drafts a new map from it: hexes, lagoon, reef "
                          "and areas, with a preview to check first.", parent=self)
        go = box.addButton("Import Coastline…", QMessageBox.AcceptRole)
        box.addButton(QMessageBox.Cancel)
        box.setDefaultButton(go)
        box.exec()
        return box.clickedButton() is go

    def _last_dir(self) -> str:
        """Where the file dialogs start: the open file's folder, else the user's documents folder (never
        the folder Motu was started from)."""
        return os.path.dirname(self.document.path) if self.document.path else documents_dir()

    # --- actions ---------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is safe to drop the current document (saved, discarded, or unchanged)."""
        if not self.document.is_modified():
            return True
        answer = self.ask_save_changes()
        if answer == "save":
            return self.file_save()
        return answer == "discard"

    def file_new(self) -> None:
        if not self.maybe_save():
            return
        dialog = NewScenarioDialog(self)
        if dialog.exec() != QDialog.Accepted:
            return
        try:
            scenario, source = dialog.make()
        except (LoadError, ValueError) as exc:
            self.show_error("New scenario", str(exc))
            return
        self._forget_recovery()
        # Started from a shipped scenario, it has content no file of the user's holds: unsaved work.
        self.document.replace(scenario, None, unsaved=source is not None)

    def file_open(self) -> None:
        if not self.maybe_save():
            return
        path = self.choose_open_path()
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        if is_coastline(path):
            # A coastline is not opened but imported; the question about unsaved work came before this.
            return self.ask_import_coastline(path) and self.map_ops.import_coastline(path, asked=True)
        try:
            scenario = load_path(path)
        except LoadError as exc:
            # Nothing opens; the message names the file, line and column.
            self.show_error("Cannot open scenario", str(exc))
            return False
        self._forget_recovery()
        self.document.replace(scenario, path)
        self._add_recent(path)
        self.status(f"Opened {path}")
        return True

    def file_save(self) -> bool:
        if not self.document.path:
            return self.file_save_as()
        return self._save_to(self.document.path)

    def file_save_as(self) -> bool:
        path = self.choose_save_path()
        return self._save_to(path) if path else False

    def _save_to(self, path: str) -> bool:
        old_key = self._recovery_key()
        if self.document.path and os.path.abspath(path) == os.path.abspath(self.document.path):
            # Just before writing: has someone changed the file since Motu read or wrote it?
            disk = self.disk_differs()
            if disk is not None and self.outside_change(disk, saving=True) != "keep":
                return False
        try:
            self.document.save(path)
        except SaveError as exc:
            self.show_error("Cannot save", str(exc))
            return False
        self.remember_disk()
        self.recovery.remove(old_key)
        self.recovery.remove(self._recovery_key())
        self._add_recent(path)
        self.status(f"Saved {path}")
        return True

    def ask_revert(self) -> bool:
        answer = QMessageBox.question(self, "Revert", f"Throw away every unsaved change to {self.document.title()}?")
        return answer == QMessageBox.Yes

    # --- export ------------------------------------------------------------------------------------
    def export_formats(self):
        """Every format that can write a scenario, other than Motu's own (the format registry's exports)."""
        from .export import formats
        return formats().exports()

    def choose_export_path(self, fmts) -> tuple[str, object] | None:
        """The name typed and the file-type filter chosen (None: cancelled)."""
        from .export_target import export_start, filter_text
        filters = [filter_text(f) for f in fmts]
        start, fmt = export_start(self.settings_store, self.document.path, fmts, self._last_dir())
        # Export asks about every file it will write at once (file_export), the typed one among them:
        # a multi-page print or a Tiled map's tile images write others, and may not write that one.
        path, chosen = QFileDialog.getSaveFileName(self, "Export", start, ";;".join(filters),
                                                   filter_text(fmt) if fmt else "", QFileDialog.DontConfirmOverwrite)
        if not path:
            return None
        return path, (fmts[filters.index(chosen)] if chosen in filters else None)

    def ask_unknown_extension(self, path: str, fmt, known: str) -> str:
        """'append' (add the format's extension), 'keep' (the name as typed) or 'cancel'."""
        ext = os.path.splitext(path)[1]
        box = QMessageBox(QMessageBox.Question, "Export",
                          f"Motu exports no format called {ext} (it knows {known}).\n\n"
                          f"Export {fmt.name} as {os.path.basename(path)}{fmt.extensions[0]}?", parent=self)
        append = box.addButton(f"Add {fmt.extensions[0]}", QMessageBox.AcceptRole)
        keep = box.addButton(f"Keep {os.path.basename(path)}", QMessageBox.ActionRole)
        box.addButton(QMessageBox.Cancel)
        box.setDefaultButton(append)
        box.exec()
        return {id(append): "append", id(keep): "keep"}.get(id(box.clickedButton()), "cancel")

    def ask_print_options(self, fmt, choices: dict) -> dict | None:
        """A print export's paper, cell size, resolution and (PNG) map image or pages; None: cancelled."""
        from .print_dialog import PrintOptionsDialog
        dialog = PrintOptionsDialog(fmt.id, fmt.name, choices, square=self.document.scenario.grid.shape == "square",
                                    parent=self)
        return dialog.choices() if dialog.exec() == QDialog.Accepted else None

    def ask_replace(self, paths: list[str]) -> bool:
        """Once for every file of the export that exists already (its pages, its tile images…)."""
        names = [os.path.basename(p) for p in paths]
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        text = (f"{shown} already exists. Replace it?" if len(names) == 1 else
                f"This export writes {len(names)} files that exist already: {shown}. Replace them?")
        return QMessageBox.question(self, "Export", text) == QMessageBox.Yes

    def file_export(self) -> bool:
        """File > Export: the scenario as it is now, in another tool's format; the document stays as it was.

        An extension typed in the dialog chooses the format; the filter gives the extension only
        when none was typed, and an extension no format claims is asked about."""
        from motu.engine.io.export_files import existing, export_clash, export_paths

        from .export import formats
        from .export_target import export_target, known_extensions, remember_export, written_words
        drawn = formats()  # the registry with Qt's drawing: pictures, pages and tile images
        fmts = self.export_formats()
        answer = self.choose_export_path(fmts)
        if answer is None:
            return False
        typed, filtered = answer
        target = export_target(typed, filtered, fmts)
        path, fmt = target.path, target.fmt
        if target.scenario:
            self.show_error("Export", f"{os.path.basename(path)}: {target.unknown} is a Motu scenario; File → Save As "
                                      f"saves one. Export writes {known_extensions(fmts)}.")
            return False
        if target.unknown and fmt is None:
            self.show_error("Export", f"{os.path.basename(path)}: Motu exports no format called {target.unknown} "
                                      f"(it knows {known_extensions(fmts)})")
            return False
        if target.unknown:
            choice = self.ask_unknown_extension(path, fmt, known_extensions(fmts))
            if choice == "cancel":
                return False
            if choice == "append":
                path += fmt.extensions[0]
        choices: dict = {}
        if fmt.paged:  # print: the paper, the cell size, the resolution, a map image or pages
            from .print_dialog import remember, remembered
            asked = self.ask_print_options(fmt, remembered(self.settings_store))
            if asked is None:
                return False
            remember(self.settings_store, asked)
            choices = dict(asked)
        whole_map = bool(choices.pop("whole_map", False))
        try:
            paths = export_paths(self.document.scenario, path, fmt.id, formats=drawn, whole_map=whole_map, **choices)
        except Exception as exc:  # the pages cannot be laid out (paper too small…): said, not raised
            self.show_error("Export failed", f"{path}: {exc}")
            return False
        clash = export_clash(paths, force=True)  # a folder where a file goes, or no folder to write in
        if clash:
            self.show_error("Export failed", clash)
            return False
        there = existing(paths)
        if there and not self.ask_replace(there):
            return False
        try:
            written = drawn.save(self.document.scenario, path, fmt.id, whole_map=whole_map, **choices)
        except Exception as exc:  # an exporter's refusal (no georeference, paper too small…) is shown, not raised
            self.show_error("Export failed", f"{path}: {exc}")
            return False
        remember_export(self.settings_store, path, fmt)
        self.status(written_words(fmt, path, written))
        return True

    def file_revert(self) -> None:
        if not self.document.path:
            return
        if self.document.is_modified() and not self.ask_revert():
            return
        try:
            scenario = load_path(self.document.path)
        except LoadError as exc:
            self.show_error("Cannot revert", str(exc))
            return
        self._forget_recovery()
        self.document.replace(scenario, self.document.path)

    def file_close(self) -> None:
        """Close the scenario: an empty map of the same rule set takes its place."""
        if not self.maybe_save():
            return
        self._forget_recovery()
        self.document.replace(self.document.rules.new_scenario(), None)

    def closeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        if not self.maybe_save():
            e.ignore()
            return
        self._forget_recovery()
        self.save_layout()
        e.accept()

    # --- recent files ------------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings_store.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [p for p in (value or []) if isinstance(p, str)]

    def _add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        items = [path] + [p for p in self.recent_files() if p != path]
        self.settings_store.setValue("recent", items[:MAX_RECENT])
        self._update_recent_menu()

    def _update_recent_menu(self) -> None:
        menu = getattr(self, "recent_menu", None)
        if menu is None:
            return
        menu.clear()
        for i, path in enumerate(self.recent_files()):
            act = menu.addAction(f"&{i + 1} {os.path.basename(path)}")
            act.setToolTip(path)
            act.triggered.connect(lambda _=False, p=path: self.maybe_save() and self.open_path(p))
        menu.setEnabled(bool(self.recent_files()))

    # --- autosave and recovery -------------------------------------------------------------------------
    def _recovery_key(self) -> str:
        return self.recovery.key_for(self.document.path, self._recovery_token)

    def _forget_recovery(self) -> None:
        self.recovery.remove(self._recovery_key())

    def autosave(self) -> str | None:
        """Write unsaved work to the recovery folder, never over the user's file."""
        if not self.document.is_modified():
            return None
        try:
            path = self.recovery.write(self._recovery_key(), self.document.snapshot_text(), self.document.path,
                                       self.document.title())
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            self.status(f"Autosave failed: {exc}")
            return None
        self.status(f"Autosaved unsaved work at {time.strftime('%H:%M')}")
        return path

    def ask_recover(self, rec) -> bool:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.saved_at))
        answer = QMessageBox.question(
            self, "Recover unsaved work",
            f"Motu closed with unsaved work on {rec.original or rec.title} (autosaved {when}). Recover it?")
        return answer == QMessageBox.Yes

    def offer_recovery(self) -> bool:
        """After a crash: offer the newest recovery file; recovered work opens as unsaved changes."""
        pending = sorted(self.recovery.pending(), key=lambda r: -r.saved_at)
        if self.recovery.set_aside:  # damaged notes: renamed, the others still offered
            n = len(self.recovery.set_aside)
            notes = f"{n} damaged recovery note{'s' if n > 1 else ''}"
            self.statusBar().showMessage(f"Set aside {notes} in {self.recovery.directory} "
                                         f"({' '.join(self.recovery.set_aside[0].split())})")
            self.recovery.set_aside.clear()
        if not pending:
            return False
        rec = pending[0]
        if not self.ask_recover(rec):
            for r in pending:
                self.recovery.remove(os.path.splitext(os.path.basename(r.scenario_path))[0])
            return False
        try:
            data = read_bytes(rec.scenario_path, what="the recovery file")
            scenario = loads(decode_utf8(data, rec.scenario_path, "recovery file"), rec.scenario_path)
        except LoadError as exc:
            self.show_error("Cannot recover", str(exc))
            return False
        self.document.replace(scenario, rec.original)
        # Mark the recovered work unsaved: one step back to the file as it was on disk.
        self.document.undo_stack.resetClean()
        self.recovery.remove(os.path.splitext(os.path.basename(rec.scenario_path))[0])
        self.status("Recovered unsaved work; save it to keep it.")
        return True
