"""Starting the editor: the application, the window, crash recovery, and errors shown, never silent."""
from __future__ import annotations

import logging
import os
import sys
import traceback

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from motu.engine.io.errors import LoadError
from motu.engine.io.native import load_path
from motu.engine.resources import resource_path, scenarios_dir
from motu.engine.rules.registry import get_ruleset

from .autosave import APP_NAME, state_dir
from .document import Document
from .files import is_coastline
from .collector import collect_on_gui_thread
from .main_window import MainWindow

log = logging.getLogger("motu.editor")

# The application id (reverse DNS) of the desktop entry, its icon and the AppStream metainfo
# (installer/org.motu.Motu.*): Wayland compositors match the window to its entry by it.
APP_ID = "org.motu.Motu"


def _log_file() -> str:
    base = state_dir()
    os.makedirs(base, exist_ok=True)
    return os.path.join(base, "motu-editor.log")


def name_application(app: QApplication) -> None:
    """The application is "Motu" and names no organisation: QStandardPaths puts the organisation's
    name and the application's in its folders, and "Motu" twice made ~/.local/state/Motu/Motu.
    The settings name theirs themselves (QSettings("Motu", "Motu editor"), main_window.py).
    On X11 Qt names the window's class after the application ("Motu": the entry's StartupWMClass);
    elsewhere the desktop file's name, the application id, ties the window to its entry and icon."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("")
    app.setDesktopFileName(APP_ID)
    # Where no desktop entry names it (a pip or pipx install, a checkout), the windows carry the icon.
    app.setWindowIcon(QIcon(str(resource_path("icons", f"{APP_ID}.svg"))))


def install_exception_hook(window_getter) -> None:
    """An exception in a slot is logged and shown; the document is left as it was (edits apply whole)."""

    def hook(exc_type, exc, tb):
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("unhandled exception:\n%s", text)
        window = window_getter()
        if window is not None and not os.environ.get("MOTU_NO_ERROR_DIALOG"):
            QMessageBox.critical(window, "Something went wrong",
                                 f"{exc_type.__name__}: {exc}\n\nYour scenario is unchanged. "
                                 f"Details are in {_log_file()}.")

    sys.excepthook = hook


def make_window(path: str | None) -> MainWindow:
    doc = None
    error = None
    coastline = bool(path) and is_coastline(path)
    if path and not coastline:
        try:
            doc = Document.open(path)
        except LoadError as exc:
            error = str(exc)
    if doc is None:
        default = os.path.join(str(scenarios_dir()), "tahiti.yaml")
        # The shipped map opens as a new document (Untitled): a save asks where, and never writes
        # over the copy Motu installed.
        doc = Document(load_path(default)) if os.path.exists(default) and not path else Document(get_ruleset("tahiti").new_scenario())
    window = MainWindow(doc)
    if error:
        window.show_error("Cannot open scenario", error)
    if coastline:  # `motu edit island.geojson`: offered for import once the window shows
        QTimer.singleShot(0, lambda: window.open_path(path))
    return window


def run_editor(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    logging.basicConfig(filename=_log_file(), level=logging.INFO)
    collect_on_gui_thread(app)
    window = make_window(argv[0] if argv else None)
    install_exception_hook(lambda: window)
    window.show()
    window.view.open_map()
    window.offer_recovery()
    return app.exec()
