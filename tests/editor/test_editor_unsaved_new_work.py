"""Work no file holds yet is unsaved work: an imported coastline and a scenario started from a shipped one
carry the title's `*` and are asked about before Open, Close or Quit drops them; the import's "On the open
map's hexes" is remembered between imports; File → Open on a coastline offers Import Coastline; Save As
for a new scenario starts in the user's documents folder."""
import json
import os
import shutil

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QDialog

from editor_test_support import ROOT, make_window, settings_for
from motu.engine.scenario import edits as E
from motu.editor import files as files_mod
from motu.editor.dialogs import NewScenarioDialog

from test_editor_map_ops import answer

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
MOOREA = os.path.join(ROOT, "tools", "maps", "moorea.geojson")


def _asked(w):
    """Count the save questions, answering each Cancel (so nothing is dropped)."""
    asked = []
    w.ask_save_changes = lambda: asked.append(w.document.title()) or "cancel"
    return asked


def _import_moorea(w, monkeypatch, qtbot, fill=lambda d: None):
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: MOOREA)
    answer(w, monkeypatch, fill, qtbot)
    assert w.map_ops.import_coastline()


def test_an_imported_coastline_is_unsaved_work_asked_about_before_open_close_and_quit(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    assert not w.isWindowModified()
    _import_moorea(w, monkeypatch, qtbot)
    assert "Afareaitu" in [a.name for a in w.document.scenario.areas.values()]  # the island is open
    assert w.windowTitle() == "Untitled[*] — Motu" and w.isWindowModified() and w.document.is_modified()
    island = w.document.scenario
    asked = _asked(w)
    opened = []
    w.choose_open_path = lambda: opened.append(1) or TAHITI
    w.file_open()  # Ctrl+O: the question first, and Cancel keeps the island
    assert asked == ["Untitled"] and not opened and w.document.scenario is island
    w.file_close()
    assert len(asked) == 2 and w.document.scenario is island
    assert not w.close() and len(asked) == 3 and w.isVisible()  # quitting asks too
    # Undoing an edit made after the import does not make the import saved.
    assert w.push(E.SetField("title", "Mo'orea drafted"))
    w.document.undo_stack.undo()
    assert w.document.undo_stack.index() == 0 and w.document.is_modified() and w.isWindowModified()
    # Saved, it is clean.
    w.choose_save_path = lambda: str(tmp_path / "moorea.yaml")
    assert w.file_save()
    assert not w.isWindowModified() and w.windowTitle() == "moorea.yaml[*] — Motu"


def test_a_new_scenario_from_a_shipped_one_is_unsaved_and_a_blank_map_is_not(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)

    def run(shipped):
        def exec_(dialog):
            dialog.shipped_choice.setChecked(shipped)
            dialog.blank.setChecked(not shipped)
            return QDialog.Accepted
        monkeypatch.setattr(NewScenarioDialog, "exec", exec_)
        w.file_new()
    run(shipped=True)
    assert w.document.path is None and w.document.scenario.areas and w.isWindowModified()
    asked = _asked(w)
    run(shipped=False)  # Cancel at the question: the scenario stays
    assert asked == ["Untitled"] and w.document.scenario.areas
    w.ask_save_changes = lambda: "discard"
    run(shipped=False)
    assert not w.document.scenario.areas and not w.isWindowModified()


def test_on_the_open_maps_hexes_is_remembered_between_imports(qtbot, tmp_path, monkeypatch):
    store = settings_for(tmp_path)
    w = make_window(qtbot, tmp_path, TAHITI, settings=store)
    seen = []

    def tick(d):
        seen.append(d.form.like.isChecked())
        assert not d.form.like.isHidden()  # Tahiti has a georeference: the choice is offered
        d.form.like.setChecked(True)
        qtbot.waitUntil(lambda: not d.busy() and d.preview is not None, timeout=20_000)
    _import_moorea(w, monkeypatch, qtbot, tick)
    w.ask_save_changes = lambda: "discard"
    assert w.open_path(shutil.copy(TAHITI, tmp_path / "again.yaml"))

    def untick(d):
        seen.append(d.form.like.isChecked())
        d.form.like.setChecked(False)
        qtbot.waitUntil(lambda: not d.busy() and d.preview is not None, timeout=20_000)
    _import_moorea(w, monkeypatch, qtbot, untick)
    assert w.open_path(str(tmp_path / "again.yaml"))
    _import_moorea(w, monkeypatch, qtbot, lambda d: seen.append(d.form.like.isChecked()))
    assert seen == [False, True, False]
    # Kept in the settings file: another window (another run) remembers it too.
    store.setValue("coastline/on_map_hexes", True)
    store.sync()
    w2 = make_window(qtbot, tmp_path, TAHITI, settings=settings_for(tmp_path))
    _import_moorea(w2, monkeypatch, qtbot, lambda d: seen.append(d.form.like.isChecked()))
    assert seen[-1] is True


def test_open_on_a_coastline_offers_import_coastline(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    before = w.document.scenario
    offered, errors = [], []
    w.show_error = lambda title, text: errors.append(text)
    w.ask_import_coastline = lambda path: offered.append(os.path.basename(path)) or False
    w.choose_open_path = lambda: MOOREA
    w.file_open()
    # Not "the keys 'motu', 'ruleset', 'map' are missing": the offer, and nothing changes when it is declined.
    assert offered == ["moorea.geojson"] and errors == [] and w.document.scenario is before
    # Accepted, the import dialog drafts it; the new map is unsaved work.
    w.ask_import_coastline = lambda path: offered.append(os.path.basename(path)) or True
    answer(w, monkeypatch, lambda d: None, qtbot)
    w.file_open()
    assert w.document.scenario is not before and w.document.path is None and w.isWindowModified()
    assert w.document.scenario.islands or w.document.scenario.areas
    # A GeoJSON file named .json is known by its "type".
    data = tmp_path / "coast.json"
    shutil.copy(MOOREA, data)
    assert files_mod.is_coastline(str(data)) and files_mod.is_coastline(MOOREA)
    data.write_text(json.dumps({"motu": 1}))
    assert not files_mod.is_coastline(str(data)) and not files_mod.is_coastline(TAHITI)


def test_the_question_offers_import_coastline_by_name(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    w = make_window(qtbot, tmp_path, TAHITI)
    shown = {}

    def exec_(box):
        shown["text"] = box.text()
        shown["buttons"] = [b.text() for b in box.buttons()]
        return 0
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert not w.ask_import_coastline(MOOREA)
    assert "moorea.geojson is a coastline (GeoJSON), not a Motu scenario" in shown["text"]
    assert "Import Coastline" in shown["text"] and "Import Coastline…" in shown["buttons"]


def test_save_as_for_a_new_scenario_starts_in_the_documents_folder(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    starts = []
    monkeypatch.setattr(files_mod.QFileDialog, "getSaveFileName",
                        lambda parent, caption, start, *a: starts.append(start) or ("", ""))
    w.ask_save_changes = lambda: "discard"
    w.file_close()  # an untitled map in its place
    monkeypatch.chdir(tmp_path)
    assert not w.file_save_as()
    documents = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
    assert starts == [documents if os.path.isdir(documents) else os.path.expanduser("~")]
    assert starts[0] != os.getcwd()
    # Where the documents folder is there, it is the one.
    monkeypatch.setattr(files_mod.QStandardPaths, "writableLocation", lambda where: str(tmp_path / "Documents"))
    os.makedirs(tmp_path / "Documents")
    w.file_save_as()
    assert starts[-1] == str(tmp_path / "Documents")
    # A scenario with a file starts in its folder.
    assert w.open_path(shutil.copy(TAHITI, tmp_path / "t.yaml"))
    w.file_save_as()
    assert starts[-1] == str(tmp_path)


def test_the_editor_started_on_a_coastline_offers_to_import_it(qtbot, tmp_path, monkeypatch):
    from motu.editor.app import make_window as app_make_window
    from motu.editor.main_window import MainWindow
    offered, errors = [], []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append(text))
    monkeypatch.setattr(MainWindow, "ask_import_coastline", lambda self, path: offered.append(path) or False)
    window = app_make_window(MOOREA)  # `motu edit moorea.geojson`
    window.ask_save_changes = lambda: "discard"
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(offered), timeout=5_000)
    assert offered == [MOOREA] and errors == [] and window.document.path is None


def test_a_json_file_is_a_coastline_when_it_says_so(tmp_path):
    cases = {'{"features": [], "type": "FeatureCollection"}': True, '{"type": "Polygon", "coordinates": []}': True,
             '{"type": "map", "layers": [{"type": "Feature"}]}': False, '{"motu": 1}': False}
    for i, (text, coastline) in enumerate(cases.items()):
        path = tmp_path / f"f{i}.json"
        path.write_text(text)
        assert files_mod.is_coastline(str(path)) is coastline, text
