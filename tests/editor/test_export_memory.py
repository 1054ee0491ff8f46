"""File → Export starts where the last export went, in its format (QSettings), and the first time
beside the scenario (motu/editor/files.py, motu/editor/export_target.py)."""
import os

from PySide6.QtWidgets import QFileDialog

from editor_test_support import make_window, settings_for


def _dialog(monkeypatch, answer):
    """QFileDialog.getSaveFileName replaced: records where it starts and answers `answer(filters)`."""
    calls = []

    def fake(parent, caption, start, filters, selected="", *args, **kwargs):
        calls.append((start, selected))
        return answer(filters.split(";;"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    return calls


def test_the_first_export_starts_beside_the_scenario(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, show=False)
    calls = _dialog(monkeypatch, lambda filters: ("", ""))
    assert not w.file_export()
    start, selected = calls[0]
    assert start == os.path.join(str(tmp_path), "example-hex.geojson")
    assert selected.startswith("GeoJSON")


def test_the_next_export_starts_in_the_last_folder_and_format(qtbot, tmp_path, monkeypatch):
    out = tmp_path / "exports"
    out.mkdir()
    w = make_window(qtbot, tmp_path, show=False, settings=settings_for(tmp_path, "export.ini"))
    w.status = lambda text: None
    tmx = lambda filters: (str(out / "mine.tmx"), next(f for f in filters if "(TMX)" in f))
    _dialog(monkeypatch, tmx)
    assert w.file_export()
    assert (out / "mine.tmx").exists()
    calls = _dialog(monkeypatch, lambda filters: ("", ""))
    w.file_export()
    assert calls[-1] == (os.path.join(str(out), "example-hex.tmx"), next(
        f for f in w.export_formats() if f.id == "tmx").name + " (*.tmx)")
    # Kept between runs: a new window with the same settings starts there too.
    w.settings_store.sync()
    again = make_window(qtbot, tmp_path, show=False, settings=settings_for(tmp_path, "export.ini"))
    again.file_export()
    assert calls[-1][0] == os.path.join(str(out), "example-hex.tmx")


def test_a_folder_gone_since_falls_back_beside_the_scenario(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, show=False)
    w.settings_store.setValue("export/folder", str(tmp_path / "gone"))
    w.settings_store.setValue("export/format", "svg")
    calls = _dialog(monkeypatch, lambda filters: ("", ""))
    w.file_export()
    assert calls[0][0] == os.path.join(str(tmp_path), "example-hex.svg")
    assert calls[0][1].startswith("Print-and-play SVG")
