"""Autosave and crash recovery.

Unsaved work goes to a recovery file under the user's state folder
(QStandardPaths; test mode, under this test's own HOME), never over the
user's file. A child process edits, autosaves and is killed with SIGKILL; the
next window finds the recovery file and, when asked, restores the work as
unsaved changes. A clean save or close removes the recovery file.
"""
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import QCoreApplication, QStandardPaths

from motu.editor.autosave import RecoveryStore, recovery_dir
from motu.editor.files import AUTOSAVE_MS
from editor_test_support import EXAMPLE_HEX, ROOT, copy_example, make_window
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario import edits as E

CHILD = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QSettings, QStandardPaths
    from PySide6.QtWidgets import QApplication

    user_file, settings_file, app_name, org_name = sys.argv[1:5]
    app = QApplication(["motu-child"])
    app.setApplicationName(app_name)
    app.setOrganizationName(org_name)
    QStandardPaths.setTestModeEnabled(True)
    from motu.editor.document import Document
    from motu.editor.main_window import MainWindow
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.scenario import edits as E

    doc = Document.open(user_file) if user_file != "-" else Document(get_ruleset("tahiti").new_scenario())
    window = MainWindow(doc, QSettings(settings_file, QSettings.IniFormat))
    assert window.push(E.PaintTerrain((50, 51), ("mountain", "mountain")))
    assert window.push(E.SetField("title", "Work in progress"))
    print(window.autosave(), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    print("still alive", flush=True)
""")


def edited(scenario):
    """What the child's edits make of a scenario."""
    s = scenario.copy()
    E.PaintTerrain((50, 51), ("mountain", "mountain")).apply(s)
    E.SetField("title", "Work in progress").apply(s)
    return s


def crash_child(tmp_path, user_file: str) -> str:
    """Run the editing child to its SIGKILL; the recovery file it reported."""
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    env = dict(os.environ)  # HOME and XDG_* point into tmp_path (conftest)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env["QT_QPA_PLATFORM"] = "offscreen"
    app = QCoreApplication.instance()
    proc = subprocess.run([sys.executable, str(script), user_file, str(tmp_path / "child.ini"),
                           app.applicationName(), app.organizationName()],
                          cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "still alive" not in proc.stdout
    lines = proc.stdout.strip().splitlines()
    assert lines, proc.stderr
    return lines[-1]


def pending_files():
    return sorted(os.listdir(recovery_dir()))


class Asked:
    def __init__(self, window, answer: bool):
        self.recoveries = []
        self.answer = answer
        window.ask_recover = self

    def __call__(self, rec):
        self.recoveries.append(rec)
        return self.answer


def test_recovery_folder_is_the_users_state_folder(tmp_path):
    location = getattr(QStandardPaths, "StateLocation", QStandardPaths.AppLocalDataLocation)
    base = QStandardPaths.writableLocation(location)
    assert recovery_dir() == os.path.join(base, "recovery")
    assert os.path.realpath(recovery_dir()).startswith(os.path.realpath(os.environ["HOME"]))  # test mode, our HOME
    assert AUTOSAVE_MS <= 5 * 60 * 1000


def test_autosave_writes_only_to_the_recovery_folder(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, show=False)
    assert win.autosave_timer.isActive() and win.autosave_timer.interval() == AUTOSAVE_MS
    user_file = win.document.path
    on_disk = open(user_file, encoding="utf-8").read()
    assert win.autosave() is None and pending_files() == []  # nothing unsaved, nothing written
    win.push(E.SetField("title", "Autosaved"))
    rec_path = win.autosave()
    assert rec_path and os.path.dirname(rec_path) == recovery_dir()
    assert os.path.abspath(rec_path) != os.path.abspath(user_file)
    assert load_path(rec_path).title == "Autosaved"
    assert open(user_file, encoding="utf-8").read() == on_disk
    assert [n for n in os.listdir(os.path.dirname(user_file)) if n.startswith("example-hex")] == ["example-hex.yaml"]
    [rec] = RecoveryStore().pending()
    assert rec.original == user_file and rec.scenario_path == rec_path
    # The timer calls the same slot.
    win.push(E.SetField("title", "Again"))
    win.autosave_timer.timeout.emit()
    assert load_path(rec_path).title == "Again"
    # A clean save removes it.
    win.file_save()
    assert pending_files() == []


@pytest.mark.parametrize("how", ["close", "discard_quit", "save_as"])
def test_clean_save_or_close_removes_the_recovery_file(qtbot, tmp_path, how):
    win = make_window(qtbot, tmp_path, source=None, show=False)  # untitled: the key changes on save as
    win.push(E.SetField("title", "Scratch"))
    assert win.autosave() and len(pending_files()) == 2  # the scenario and its note
    if how == "close":
        win.ask_save_changes = lambda: "discard"
        win.file_close()
    elif how == "discard_quit":
        win.ask_save_changes = lambda: "discard"
        assert win.close()
    else:
        win.choose_save_path = lambda: str(tmp_path / "scratch.yaml")
        assert win.file_save_as()
    assert pending_files() == []


def test_crash_then_recover(qtbot, tmp_path):
    user_file = copy_example(tmp_path, EXAMPLE_HEX, "mine.yaml")
    on_disk = open(user_file, "rb").read()
    rec_path = crash_child(tmp_path, user_file)
    # The child died after autosaving: its work is in the recovery folder, the user's file untouched.
    assert os.path.dirname(rec_path) == recovery_dir() and os.path.exists(rec_path)
    assert open(user_file, "rb").read() == on_disk
    expected = edited(load_path(user_file))
    assert load_path(rec_path) == expected
    # The next start offers it.
    win = make_window(qtbot, tmp_path, user_file, copy=False)
    asked = Asked(win, True)
    assert win.offer_recovery()
    [rec] = asked.recoveries
    assert rec.original == user_file and rec.scenario_path == rec_path
    assert win.document.scenario == expected
    assert win.document.path == user_file
    assert win.isWindowModified() and "mine.yaml" in win.windowTitle()
    assert pending_files() == []  # taken up: the next start offers nothing
    assert open(user_file, "rb").read() == on_disk
    # The recovered work is still unsaved work: a save writes it, and undo goes back to the file as it was.
    assert win.file_save()
    assert load_path(user_file) == expected and not win.isWindowModified()
    assert pending_files() == []
    assert not win.offer_recovery()


def abandoned_untitled_work(qtbot, tmp_path):
    """An untitled window that autosaved and was never closed (what a crash leaves, in-process)."""
    crashed = make_window(qtbot, tmp_path, source=None, show=False)
    for edit in (E.PaintTerrain((50, 51), ("mountain", "mountain")), E.SetField("title", "Work in progress")):
        assert crashed.push(edit)
    assert crashed.autosave()
    return crashed


def test_untitled_work_declined(qtbot, tmp_path):
    abandoned_untitled_work(qtbot, tmp_path)
    win = make_window(qtbot, tmp_path)
    before = win.document.scenario.copy()
    asked = Asked(win, False)
    assert not win.offer_recovery()
    assert asked.recoveries[0].original is None
    assert win.document.scenario == before and not win.isWindowModified()
    assert pending_files() == []  # declined: forgotten


def test_untitled_work_recovers_as_untitled(qtbot, tmp_path):
    abandoned_untitled_work(qtbot, tmp_path)
    win = make_window(qtbot, tmp_path)
    Asked(win, True)
    assert win.offer_recovery()
    assert win.document.path is None and "Untitled" in win.windowTitle() and win.isWindowModified()
    assert win.document.scenario == edited(get_ruleset("tahiti").new_scenario())


def test_run_editor_offers_recovery_at_start(qtbot, tmp_path, monkeypatch):
    """The start-up path itself: run_editor shows the window, then offers what a crash left."""
    import motu.editor.app as app_mod
    from motu.editor.main_window import MainWindow

    user_file = copy_example(tmp_path, EXAMPLE_HEX, "mine.yaml")
    app = QCoreApplication.instance()
    names = app.applicationName(), app.organizationName()
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # run_editor installs its own
    monkeypatch.setenv("MOTU_SCENARIOS", str(tmp_path / "no-shipped-scenarios"))
    # run_editor names the application "Motu", which is part of the state folder's path.
    app_mod.name_application(app)
    try:
        crash_child(tmp_path, user_file)
        windows = []
        real_make = app_mod.make_window

        def make(path):
            w = real_make(path)
            w.ask_save_changes = lambda: "discard"
            windows.append(w)
            return w

        monkeypatch.setattr(app_mod, "make_window", make)

        monkeypatch.setattr(MainWindow, "ask_recover", lambda self, rec: True)
        monkeypatch.setattr(type(app), "exec", lambda self: 0)
        assert app_mod.run_editor([]) == 0
        [win] = windows
        qtbot.addWidget(win)
        assert win.isVisible()
        assert win.document.path == user_file and win.isWindowModified()
        assert win.document.scenario == edited(load_path(user_file))
        assert pending_files() == []
        assert win.settings_store.fileName() == str(tmp_path / "default-settings.ini")  # (conftest)
    finally:
        from motu.editor.collector import uninstall

        uninstall()  # run_editor's collector: the rest of the suite runs with Python's own
        app.setApplicationName(names[0])
        app.setOrganizationName(names[1])


def test_the_state_folder_names_motu_once_and_old_recovery_files_are_still_offered(qtbot, tmp_path, monkeypatch):
    """~/.local/state/Motu/recovery, as docs/editor.md says, not Motu/Motu/recovery; a crash under an
    older Motu (organisation and application both "Motu") left its file there, and it is offered."""
    import motu.editor.app as app_mod
    from motu.editor.autosave import doubled, state_dir

    user_file = copy_example(tmp_path, EXAMPLE_HEX, "mine.yaml")
    app = QCoreApplication.instance()
    names = app.applicationName(), app.organizationName()
    try:
        app.setApplicationName("Motu")
        app.setOrganizationName("Motu")  # as Motu named itself before
        old_base = state_dir()
        crash_child(tmp_path, user_file)
        assert os.listdir(os.path.join(old_base, "recovery"))
        app_mod.name_application(app)
        base = state_dir()
        assert base.split(os.sep)[-2:] != ["Motu", "Motu"] and os.path.basename(base) == "Motu"
        assert doubled(base) == old_base
        assert recovery_dir() == os.path.join(base, "recovery") and len(pending_files()) == 2  # the file and its note
        assert not os.path.exists(os.path.join(old_base, "recovery"))
        win = make_window(qtbot, tmp_path, show=False)
        Asked(win, True)
        assert win.offer_recovery()
        assert win.document.path == user_file and win.document.scenario == edited(load_path(user_file))
    finally:
        app.setApplicationName(names[0])
        app.setOrganizationName(names[1])
