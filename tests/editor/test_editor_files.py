"""Files and safety: new, open, save, save as, recent files, revert, close and quit prompting for unsaved work.

The window's questions (ask_save_changes, choose_open_path, choose_save_path,
show_error) are replaced on the instance; any real modal dialog fails the test.
"""
import os

import pytest
from PySide6.QtWidgets import QDialog

import motu.editor.document as document_mod
from editor_test_support import EXAMPLE_HEX, EXAMPLE_SQUARE, copy_example, make_window, settings_for
from motu.engine.io.native import load_path
from motu.engine.scenario import edits as E

BAD_SYNTAX = "motu: 1\nruleset: tahiti\ntitle: [oops\n"
BAD_LEGEND = ("motu: 1\nruleset: tahiti\n"
              "map: {grid: {shape: hex, columns: 2, rows: 2}, terrain: {legend: {x: clear}, rows: [x x, x q]}}\n")


class Answers:
    """Stands in for the window's dialogs and records what was asked."""

    def __init__(self, window, save_changes="cancel", open_path=None, save_path=None, revert=True):
        self.asked: list[str] = []
        self.errors: list[tuple[str, str]] = []
        self.save_changes, self.open_path, self.save_path = save_changes, open_path, save_path
        window.ask_save_changes = self._ask
        window.ask_revert = lambda: self.asked.append("revert") or revert
        window.choose_open_path = lambda: self.asked.append("open") or self.open_path
        window.choose_save_path = lambda: self.asked.append("save_as") or self.save_path
        window.show_error = lambda title, text: self.errors.append((title, text))

    def _ask(self):
        self.asked.append("save_changes")
        return self.save_changes


def edit(window, title="Changed"):
    assert window.push(E.SetField("title", title))
    assert window.isWindowModified()


def text_of(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


@pytest.fixture
def win(qtbot, tmp_path):
    return make_window(qtbot, tmp_path, show=False)


# --- title ------------------------------------------------------------------------------------------
def test_title_marks_unsaved_work(win):
    assert "[*]" in win.windowTitle() and "example-hex.yaml" in win.windowTitle()
    assert not win.isWindowModified()
    edit(win)
    win.document.undo_stack.undo()
    assert not win.isWindowModified()
    win.document.undo_stack.redo()
    assert win.isWindowModified()


# --- open -------------------------------------------------------------------------------------------
def test_open_good_file(win, tmp_path):
    answers = Answers(win, open_path=copy_example(tmp_path, EXAMPLE_SQUARE))
    win.file_actions["open"].trigger()
    assert answers.asked == ["open"] and not answers.errors
    assert win.document.scenario == load_path(EXAMPLE_SQUARE)
    assert win.document.path == answers.open_path
    assert "example-square.yaml" in win.windowTitle() and not win.isWindowModified()
    assert win.document.undo_stack.count() == 0
    assert win.recent_files()[0] == os.path.abspath(answers.open_path)
    # The tools and map follow the new rule set.
    assert list(win.map_item.catalogue.edges) == ["stream", "palisade"]
    assert win.map_item.geo.grid is win.document.scenario.grid


@pytest.mark.parametrize("content, where", [(BAD_SYNTAX, ":4:1:"), (BAD_LEGEND, ":3:92:")])
def test_open_bad_file_opens_nothing_and_says_where(win, tmp_path, content, where):
    bad = tmp_path / "broken.yaml"
    bad.write_text(content, encoding="utf-8")
    edit(win)
    scenario, path, count = win.document.scenario, win.document.path, win.document.undo_stack.count()
    before = scenario.copy()
    answers = Answers(win, save_changes="discard", open_path=str(bad))
    win.file_actions["open"].trigger()
    assert len(answers.errors) == 1
    title, text = answers.errors[0]
    assert text.startswith(f"{bad}{where}"), text  # file, line and column
    # Nothing opened, nothing lost: the same scenario, file, history and unsaved state.
    assert win.document.scenario is scenario and scenario == before
    assert win.document.path == path and win.document.undo_stack.count() == count
    assert win.isWindowModified()
    assert str(bad) not in win.recent_files()


def test_open_prompts_for_unsaved_work(win, tmp_path):
    other = copy_example(tmp_path, EXAMPLE_SQUARE)
    edit(win)
    answers = Answers(win, save_changes="cancel", open_path=other)
    win.file_actions["open"].trigger()
    assert answers.asked == ["save_changes"]  # cancelled before choosing a file
    assert win.document.scenario.title == "Changed"
    # Save: the work is written, then the other file opens.
    answers.save_changes = "save"
    hex_path = win.document.path
    win.file_actions["open"].trigger()
    assert load_path(hex_path).title == "Changed"
    assert win.document.path == other


def test_make_window_with_a_bad_file(qtbot, tmp_path, monkeypatch):
    from motu.editor.app import make_window as app_make_window
    from motu.editor.main_window import MainWindow
    errors = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append(text))
    bad = tmp_path / "broken.yaml"
    bad.write_text(BAD_SYNTAX, encoding="utf-8")
    window = app_make_window(str(bad))
    window.ask_save_changes = lambda: "discard"
    qtbot.addWidget(window)
    assert errors and errors[0].startswith(f"{bad}:4:1:")
    assert window.document.path is None and not window.isWindowModified()


# --- save -------------------------------------------------------------------------------------------
class SpySaveFile(document_mod.QSaveFile):
    commits: list[str] = []

    def commit(self):
        SpySaveFile.commits.append(self.fileName())
        return super().commit()


def test_save_writes_through_qsavefile_and_clears_the_mark(win, monkeypatch):
    monkeypatch.setattr(document_mod, "QSaveFile", SpySaveFile)
    SpySaveFile.commits = []
    Answers(win)
    edit(win)
    path = win.document.path
    win.file_actions["save"].trigger()
    assert SpySaveFile.commits == [path]
    assert load_path(path) == win.document.scenario and load_path(path).title == "Changed"
    assert not win.isWindowModified() and win.document.undo_stack.isClean()
    assert [n for n in os.listdir(os.path.dirname(path)) if n.startswith("example-hex")] == ["example-hex.yaml"]
    # Undo past the save: modified again.
    win.document.undo_stack.undo()
    assert win.isWindowModified()


def test_failed_save_keeps_the_file_and_the_unsaved_mark(win, monkeypatch):
    class FailingSaveFile(document_mod.QSaveFile):
        def commit(self):
            self.cancelWriting()
            return super().commit()

    monkeypatch.setattr(document_mod, "QSaveFile", FailingSaveFile)
    answers = Answers(win)
    path = win.document.path
    on_disk = text_of(path)
    edit(win)
    assert win.file_save() is False
    assert answers.errors and path in answers.errors[0][1]
    assert text_of(path) == on_disk  # the user's file is untouched
    assert win.isWindowModified()


def test_save_to_a_missing_folder_says_why(win, tmp_path):
    answers = Answers(win, save_path=str(tmp_path / "no" / "such" / "dir" / "x.yaml"))
    edit(win)
    assert win.file_save_as() is False
    assert answers.errors and "cannot write" in answers.errors[0][1]
    assert win.isWindowModified()


def test_save_as(win, tmp_path):
    original = win.document.path
    on_disk = text_of(original)
    target = str(tmp_path / "copy.yaml")
    answers = Answers(win, save_path=target)
    edit(win)
    win.file_actions["save_as"].trigger()
    assert answers.asked == ["save_as"]
    assert win.document.path == target and "copy.yaml" in win.windowTitle()
    assert load_path(target) == win.document.scenario
    assert text_of(original) == on_disk
    assert not win.isWindowModified()
    assert win.recent_files()[0] == os.path.abspath(target)
    # Cancelling the file chooser saves nothing.
    answers.save_path = None
    edit(win, "Again")
    assert win.file_save_as() is False and win.isWindowModified()


def test_untitled_save_asks_for_a_name(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, source=None, show=False)
    assert win.document.path is None and "Untitled" in win.windowTitle()
    target = str(tmp_path / "new.yaml")
    answers = Answers(win, save_path=target)
    edit(win)
    win.file_actions["save"].trigger()
    assert answers.asked == ["save_as"] and win.document.path == target
    assert load_path(target) == win.document.scenario and not win.isWindowModified()


# --- new ---------------------------------------------------------------------------------------------
def test_new_prompts_then_makes_a_blank_map(win, monkeypatch):
    from motu.editor.dialogs import NewScenarioDialog
    monkeypatch.setattr(NewScenarioDialog, "exec", lambda self: QDialog.Accepted)
    edit(win)
    answers = Answers(win, save_changes="cancel")
    win.file_actions["new"].trigger()
    assert answers.asked == ["save_changes"] and win.document.scenario.title == "Changed"
    answers.save_changes = "discard"
    win.file_actions["new"].trigger()
    s = win.document.scenario
    assert win.document.path is None and not win.isWindowModified()
    assert s.title == "New scenario" and not s.pieces
    assert load_path(EXAMPLE_HEX).title != "Changed"


# --- recent files -------------------------------------------------------------------------------------
def test_recent_files_order_persist_and_reopen(win, qtbot, tmp_path):
    a = win.document.path
    b = copy_example(tmp_path, EXAMPLE_SQUARE)
    c = copy_example(tmp_path, EXAMPLE_HEX, "third.yaml")
    Answers(win, save_changes="discard")
    for p in (a, b, c):
        assert win.open_path(p)
    assert win.recent_files()[:3] == [os.path.abspath(p) for p in (c, b, a)]
    assert win.open_path(a)
    assert win.recent_files()[:3] == [os.path.abspath(p) for p in (a, c, b)]
    menu = win.recent_menu.actions()
    assert [act.toolTip() for act in menu] == win.recent_files() and win.recent_menu.isEnabled()
    # Choosing an entry asks about unsaved work first, then opens it.
    edit(win)
    answers = Answers(win, save_changes="cancel")
    menu[2].trigger()  # b
    assert answers.asked == ["save_changes"] and win.document.path == a
    answers.save_changes = "discard"
    menu[2].trigger()
    assert win.document.path == b and win.document.scenario == load_path(EXAMPLE_SQUARE)
    # The list outlives the window: another window on the same settings sees it.
    win.settings_store.sync()
    other = make_window(qtbot, tmp_path, show=False, settings=settings_for(tmp_path))
    assert other.recent_files() == win.recent_files()
    # At most ten.
    for i in range(12):
        win.open_path(copy_example(tmp_path, EXAMPLE_HEX, f"r{i}.yaml"))
    assert len(win.recent_files()) == 10 and len(win.recent_menu.actions()) == 10


# --- revert ---------------------------------------------------------------------------------------------
def test_revert(win):
    Answers(win)
    on_disk = load_path(win.document.path)
    edit(win)
    win.push(E.PaintTerrain((50,), ("mountain",)))
    win.file_actions["revert"].trigger()
    assert win.document.scenario == on_disk
    assert not win.isWindowModified() and win.document.undo_stack.count() == 0


def test_revert_asks_before_throwing_away_unsaved_work(win):
    answers = Answers(win, revert=False)
    edit(win)
    win.file_revert()
    assert answers.asked == ["revert"]
    assert win.document.scenario.title == "Changed" and win.isWindowModified()


def test_revert_untitled_does_nothing(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, source=None, show=False)
    Answers(win)
    edit(win)
    win.file_revert()
    assert win.document.scenario.title == "Changed" and win.isWindowModified()


# --- close and quit ---------------------------------------------------------------------------------------
def test_close_document_cancel_discard_save(win):
    path = win.document.path
    answers = Answers(win, save_changes="cancel")
    edit(win)
    win.file_actions["close"].trigger()
    assert win.document.path == path and win.document.scenario.title == "Changed" and win.isWindowModified()
    answers.save_changes = "save"
    win.file_actions["close"].trigger()
    assert load_path(path).title == "Changed"
    assert win.document.path is None and not win.isWindowModified()
    assert win.document.scenario.ruleset == "tahiti" and not win.document.scenario.pieces
    # Nothing unsaved: no question.
    answers.asked.clear()
    win.file_actions["close"].trigger()
    assert answers.asked == []


def test_quit_cancel_keeps_the_window_open(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    answers = Answers(win, save_changes="cancel")
    edit(win)
    win.file_actions["quit"].trigger()
    assert answers.asked == ["save_changes"] and win.isVisible()
    assert win.document.scenario.title == "Changed" and win.isWindowModified()


def test_quit_discard_closes_without_writing(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    path = win.document.path
    on_disk = text_of(path)
    answers = Answers(win, save_changes="discard")
    edit(win)
    assert win.close()
    assert answers.asked == ["save_changes"] and not win.isVisible()
    assert text_of(path) == on_disk


def test_quit_save_writes_then_closes(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    path = win.document.path
    Answers(win, save_changes="save")
    edit(win)
    assert win.close()
    assert load_path(path).title == "Changed"


def test_quit_untitled_save_cancelled_stays_open(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, source=None)
    answers = Answers(win, save_changes="save", save_path=None)
    edit(win)
    assert not win.close()
    assert answers.asked == ["save_changes", "save_as"] and win.isVisible() and win.isWindowModified()
    answers.save_changes = "discard"


def test_quit_unmodified_asks_nothing(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    answers = Answers(win)
    assert win.close()
    assert answers.asked == []


@pytest.mark.parametrize("fmt_id, ending", [("tmx", ".tmx"), ("geojson", ".geojson"), ("svg", ".svg"),
                                            ("pdf", ".pdf"), ("vmod", ".vmod")])
def test_file_export_writes_each_format_and_leaves_the_document(win, tmp_path, fmt_id, ending):
    from motu.engine.io.registry import get_format
    fmts = win.export_formats()
    assert {"tmx", "tiled-json", "geojson", "svg", "png", "pdf", "vmod"} <= {f.id for f in fmts}
    before = (win.document.snapshot_text(), win.document.undo_stack.index(), win.isWindowModified())
    out = tmp_path / f"out{ending}"
    win.choose_export_path = lambda fs: (str(out), get_format(fmt_id))
    errors = []
    win.show_error = lambda title, text: errors.append(text)
    assert win.file_export(), errors
    written = list(tmp_path.glob("out*"))
    assert written and all(p.stat().st_size > 0 for p in written)
    assert (win.document.snapshot_text(), win.document.undo_stack.index(), win.isWindowModified()) == before


def test_file_export_failure_is_shown_not_raised(win, tmp_path):
    from motu.engine.io.registry import get_format
    win.choose_export_path = lambda fs: (str(tmp_path / "no" / "such" / "dir" / "x.tmx"), get_format("tmx"))
    errors = []
    win.show_error = lambda title, text: errors.append(text)
    assert not win.file_export()
    assert errors and "x.tmx" in errors[0]


def test_motu_with_no_file_opens_the_shipped_map_as_a_new_document_never_the_installed_file(qtbot):
    """`motu` alone opens the map Motu ships, as Untitled: a save asks where, and the copy in the
    installed package is never written over."""
    from motu.editor.app import make_window
    w = make_window(None)
    qtbot.addWidget(w)
    assert w.document.path is None and w.document.title() == "Untitled"
    assert w.document.scenario.pieces and w.document.scenario.grid.size > 100
