"""Editor tests: headless Qt, throw-away user folders, and no modal dialog ever left waiting.

Every test gets its own HOME (QStandardPaths runs in test mode under it), so
recovery files, logs and settings never touch the real user's folders. Modal
dialogs fail the test instead of blocking it: a test that expects a question
replaces the window's ask_*/choose_*/show_error methods.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))  # editor_test_support


class ModalDialogOpened(AssertionError):
    pass


def _forbidden(name):
    def fail(*args, **kwargs):
        raise ModalDialogOpened(f"a modal dialog was opened: {name}")
    return fail


@pytest.fixture(autouse=True)
def _isolated_editor(qapp, tmp_path, monkeypatch):
    from PySide6.QtCore import QStandardPaths, QThreadPool
    from PySide6.QtWidgets import QColorDialog, QDialog, QFileDialog, QInputDialog, QMessageBox

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for var in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home / var.lower()))
    monkeypatch.setenv("MOTU_NO_ERROR_DIALOG", "1")
    QStandardPaths.setTestModeEnabled(True)
    # A window made without settings (motu.editor.app.make_window) takes QSettings("Motu", "Motu editor"):
    # give it a file in this test's folder (Qt may have cached the real config folder already).
    import motu.editor.main_window as main_window_mod
    from PySide6.QtCore import QSettings
    default_ini = str(tmp_path / "default-settings.ini")
    monkeypatch.setattr(main_window_mod, "QSettings", lambda *a, **k: QSettings(default_ini, QSettings.IniFormat))
    for cls, names in ((QMessageBox, ("exec", "critical", "question", "warning", "information")),
                       (QFileDialog, ("getOpenFileName", "getSaveFileName", "exec")),
                       (QInputDialog, ("getText", "getInt", "getItem", "exec")),
                       (QColorDialog, ("getColor", "exec")),
                       (QDialog, ("exec",))):
        for name in names:
            monkeypatch.setattr(cls, name, _forbidden(f"{cls.__name__}.{name}"))
    yield home
    # Validation runs on the global pool: let it finish before windows go away.
    QThreadPool.globalInstance().waitForDone(10_000)
    qapp.processEvents()


@pytest.fixture
def report_pages(monkeypatch):
    """The balance report pages the editor would open in a browser, kept in a list instead."""
    import motu.editor.balance_dialog as mod
    pages = []
    monkeypatch.setattr(mod, "open_page", pages.append)
    return pages
