"""File → Import Coastline: the dialog's options are `motu import`'s, its preview is the draft (redrawn off
the GUI thread as options change; a click on the preview marks a pass), and its result is the scenario
`motu import` writes with the same options. A coastline that cannot be read is one message."""
import os

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor_test_support import ROOT, make_window
from motu.engine.io.native import dumps, load_path
from motu.cli import main as motu

from test_editor_map_ops import answer

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
HUAHINE = os.path.join(ROOT, "tests", "data", "huahine.geojson")


def wait_draft(qtbot, d):
    qtbot.waitUntil(lambda: not d.busy() and d.preview is not None, timeout=10_000)


def click_preview(d, cell):
    view = d.preview_view
    pos = QPointF(view.mapFromScene(d.preview_item.geo.centre(cell)))
    assert view.viewport().rect().contains(pos.toPoint())
    glob = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    for kind, buttons in ((QEvent.MouseButtonPress, Qt.LeftButton), (QEvent.MouseButtonRelease, Qt.NoButton)):
        QApplication.sendEvent(view.viewport(), QMouseEvent(kind, pos, glob, Qt.LeftButton, buttons, Qt.NoModifier))


def test_import_previews_the_draft_and_opens_what_motu_import_writes(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)
    seen = {}

    def fill(d):
        assert d.form.name.text() == "Huahine" and d.ok.text() == "Import"
        assert "5 areas: Fare, Maeva, Faie, Maroe, Parea" in d.summary.text()
        assert "2 passes" in d.summary.text() and d.preview_doc.scenario is d.preview.scenario
        seen["first"] = d.summary.text()
        # The options `motu import` offers: a margin in km, bands in km, wedges instead of villages.
        d.form.margin_unit.setCurrentIndex(1)
        d.form.margin.setValue(4.0)
        d.form.auto_bands.setChecked(False)
        d.form.bands[0].setValue(1.8)
        d.form.bands[1].setValue(2.6)
        d.form.areas.setCurrentIndex(d.form.areas.findData("wedges"))
        d.form.wedges.setValue(4)
        d.form.land.setValue(20)
        assert d.busy() and d.ok.isEnabled()  # a new draft is coming; OK would wait for it
        wait_draft(qtbot, d)
        assert "4 areas: Huahine" in d.summary.text()
        assert d.preview_view.scene().sceneRect() == d.preview_item.boundingRect()
    answer(w, monkeypatch, fill, qtbot)
    assert w.map_ops.import_coastline()
    s = w.document.scenario
    assert w.document.path is None and w.document.undo_stack.count() == 0
    out = str(tmp_path / "huahine.yaml")
    assert motu(["import", HUAHINE, "--rules", "tahiti", out, "--margin", "4km", "--bands", "1.8km,2.6km",
                 "--areas", "wedges", "--wedges", "4", "--land-fraction", "20%"]) == 0
    assert dumps(s) == dumps(load_path(out))
    assert [a.name for a in s.areas.values()] == [a.name for a in load_path(out).areas.values()]
    assert w.map_item.geo.grid is s.grid and w.areas.tree.topLevelItemCount() == 4


def test_a_click_on_the_preview_marks_a_pass_and_a_second_takes_it_away(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)

    def fill(d):
        d.show()
        qtbot.waitExposed(d)
        wait_draft(qtbot, d)
        p = d.preview.scenario
        reef = sorted(k for k, f in p.edges.items() if "reef" in f)
        lagoon = max(reef)[0] if p.terrain[max(reef)[0]] == "lagoon" else max(reef)[1]
        click_preview(d, lagoon)
        assert len(d.marked) == 1 and d.form.passes_label.text() == "and 1 marked on the preview"
        assert d.form.file_passes.text() == "The file's 2 passes"
        wait_draft(qtbot, d)
        assert d.preview.draft.summary["passes"] == 3
        assert lagoon in d.preview_item.overlay.cells  # the mark shows where it was made
        click_preview(d, lagoon)
        assert d.marked == []
        wait_draft(qtbot, d)
        assert d.preview.draft.summary["passes"] == 2
        click_preview(d, lagoon)
        wait_draft(qtbot, d)
        d.hide()
    answer(w, monkeypatch, fill, qtbot)
    assert w.map_ops.import_coastline()
    reef_gaps = w.document.scenario
    assert len(reef_gaps.areas) == 5


def test_options_that_leave_no_land_say_so_and_cannot_be_imported(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)
    before = dumps(w.document.scenario)

    def fill(d):
        d.form.hex_unit.setCurrentIndex(1)
        d.form.hex.setValue(60.0)  # hexes far bigger than the island
        d.form.land.setValue(100)
        qtbot.waitUntil(lambda: not d.busy(), timeout=10_000)
        assert d.summary.text().startswith("Cannot draft: no hex is land") and not d.ok.isEnabled()
    answer(w, monkeypatch, fill, qtbot)
    assert not w.map_ops.import_coastline()
    assert dumps(w.document.scenario) == before


def test_a_coastline_that_cannot_be_read_is_one_message(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    bad = tmp_path / "bad.geojson"
    bad.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"motu": "pass"}, '
                   '"geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}]}')
    errors = []
    w.show_error = lambda title, text: errors.append(text)
    for path in (str(bad), str(tmp_path / "missing.geojson")):
        monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda p=path: p)
        assert not w.map_ops.import_coastline() and not w.map_ops.add_island()
    assert len(errors) == 4 and all("bad.geojson" in e for e in errors[:2]) and "missing.geojson" in errors[2]
    assert w.document.undo_stack.count() == 0
