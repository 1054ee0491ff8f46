"""The file open in the editor changes on disk: Reload, Keep mine or a diff is offered; nothing is ever lost.

The change is made as another editor would make it (the file rewritten in place); the
window's question (ask_outside_change) is answered by the test, and the watcher's own
signal brings it, or the check just before saving does.
"""
import glob
import os

import pytest

from motu.editor.disk_watch import DiffDialog
from editor_test_support import EXAMPLE_SQUARE, make_window
from motu.engine.io.native import load_path
from motu.engine.scenario import edits as E


def outside_edit(path, old, new):
    text = open(path, encoding="utf-8").read()
    assert old in text
    with open(path, "w", encoding="utf-8") as fh:  # rewritten in place, as most text editors do
        fh.write(text.replace(old, new))


ATTEMPTS = ("props: {unit: coy-a, attempts: 3, superior: capt}", "props: {unit: coy-a, attempts: 2, superior: capt}")


@pytest.fixture
def win(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_SQUARE, show=False)
    w.asked = []
    w.answer = "reload"
    w.ask_outside_change = lambda path, disk, saving: w.asked.append((os.path.basename(path), saving)) or w.answer
    return w


def copies(w, tag):
    stem = os.path.splitext(w.document.path)[0]
    return sorted(glob.glob(f"{stem}.{tag}-*.yaml"))


def test_an_outside_change_is_offered_for_reload_and_unsaved_work_is_kept_beside(win, qtbot):
    path = win.document.path
    assert win.push(E.SetField("title", "Mine, not saved"))
    outside_edit(path, *ATTEMPTS)
    qtbot.waitUntil(lambda: bool(win.asked), timeout=5000)
    assert win.asked == [("example-square.yaml", False)]
    assert win.document.scenario.pieces["lt-a"].props["attempts"] == 2, "reloaded: the attempts typed elsewhere"
    [mine] = copies(win, "unsaved")
    assert load_path(mine).title == "Mine, not saved", "nothing lost"
    assert not win.isWindowModified()


def test_keep_mine_saves_the_other_version_beside_and_saving_writes_mine(win, qtbot):
    path = win.document.path
    win.answer = "keep"
    assert win.push(E.SetField("title", "Mine"))
    outside_edit(path, *ATTEMPTS)
    qtbot.waitUntil(lambda: bool(win.asked), timeout=5000)
    [theirs] = copies(win, "on-disk")
    assert load_path(theirs).pieces["lt-a"].props["attempts"] == 2, "the other version, kept"
    assert win.isWindowModified() and win.document.scenario.pieces["lt-a"].props["attempts"] == 3
    assert win.file_save()
    assert load_path(path).title == "Mine" and len(win.asked) == 1, "asked once, then saved as chosen"


def test_a_save_checks_the_disk_first_and_never_writes_over_a_change_silently(win, qtbot):
    path = win.document.path
    win.disk_watch.removePaths(win.disk_watch.files())  # the change comes in before the watcher sees it
    win.answer = "cancel"
    assert win.push(E.SetField("title", "Mine"))
    outside_edit(path, *ATTEMPTS)
    assert not win.file_save()
    assert win.asked == [("example-square.yaml", True)]
    assert "attempts: 2" in open(path, encoding="utf-8").read(), "the other edit is still there"
    win.answer = "reload"
    assert not win.file_save(), "reloading instead of saving"
    assert win.document.scenario.pieces["lt-a"].props["attempts"] == 2 and copies(win, "unsaved")


def test_motus_own_saves_do_not_ask(win, qtbot):
    assert win.push(E.SetField("title", "Saved twice"))
    assert win.file_save()
    assert win.push(E.SetField("title", "Saved three times"))
    assert win.file_save()
    qtbot.wait(400)
    assert win.asked == []


def test_a_file_that_no_longer_reads_is_not_reloaded_and_mine_stays(win, qtbot):
    path = win.document.path
    errors = []
    win.show_error = lambda title, text: errors.append(text)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("motu: 1\nruleset: fern\ntitle: [oops\n")
    qtbot.waitUntil(lambda: bool(win.asked), timeout=5000)
    assert errors and "example-square.yaml:4:1:" in errors[0] and win.document.scenario.title == "Example skirmish"
    assert win.isWindowModified(), "Save writes Motu's version back"


def test_the_diff_shows_both_versions_side_by_side(win):
    path = win.document.path
    outside_edit(path, *ATTEMPTS)
    mine = open(path, encoding="utf-8").read().replace("attempts: 2", "attempts: 3")
    d = DiffDialog(path, open(path, encoding="utf-8").read(), mine, win)
    html = d.view.toPlainText()
    assert "On disk" in html and "In Motu" in html and "attempts: 2" in html and "attempts: 3" in html
