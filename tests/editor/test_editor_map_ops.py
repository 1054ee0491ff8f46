"""The Map menu's operations in the window: Resize / Add Margin, Add Island from Coastline (at its real
place, on a hex, where the designer clicks) and Merge Another Scenario. Each is one Edit and one undo
step; undo gives back the document byte for byte (saved), and every view that names cells rebuilds
for the new grid and again for the old one on undo."""
import os

from PySide6.QtWidgets import QApplication, QDialog

from editor_test_support import ROOT, Mouse, copy_example, make_window
from motu.engine.io.coastline import add_island
from motu.engine.io.island_file import plan_from_file, read_island
from motu.engine.io.native import dumps, load_path
from motu.engine.scenario.map_ops import merge_map

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
MOOREA = os.path.join(ROOT, "tools", "maps", "moorea.geojson")
HUAHINE = os.path.join(ROOT, "tests", "data", "huahine.geojson")


def answer(w, monkeypatch, fill, qtbot=None):
    """The next dialog the Map menu opens is filled by `fill` and OKed as a user would."""
    seen = {}

    def run(dialog):
        if qtbot is not None and hasattr(dialog, "busy"):
            qtbot.waitUntil(lambda: not dialog.busy() and dialog.preview is not None, timeout=10_000)
        fill(dialog)
        dialog.accept()
        seen["dialog"] = dialog
        return dialog.result() == QDialog.Accepted
    monkeypatch.setattr(w.map_ops, "run_dialog", run)
    return seen


def saved(w, tmp_path, name="out.yaml"):
    """The document as saved (to the same file each time, so the schema modeline is the same)."""
    path = str(tmp_path / name)
    w.document.save(path)
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert text.split("\n", 1)[1] == dumps(w.document.scenario)  # the modeline, then the scenario
    return text


def names_no_old_cells(w):
    """Nothing in the view state names a cell the grid lacks, and the scene is the map's."""
    n = w.document.scenario.grid.size
    item = w.map_item
    assert item.geo.grid is w.document.scenario.grid
    assert all(0 <= c < n for c in item.selected_cells | item.problem_cells | set(item.overlay.cells))
    assert item.hover_cell is None or item.hover_cell < n
    assert w.view.scene().sceneRect() == item.boundingRect()
    w.view.viewport().repaint()
    QApplication.processEvents()


def test_resize_adds_a_margin_on_every_side_in_one_undo_step(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    original = saved(w, tmp_path)  # the untouched map as the editor saves it there
    s = w.document.scenario
    mouse = Mouse(w)
    mouse.hover(s.grid.size - 2)
    w.map_item.set_selection(cells={s.grid.size - 1, 5})
    w.select_tool("measure")
    papeete = next(f.cell for f in s.features if f.name)

    def fill(d):
        d.margin.setValue(3)
        d.margin_everywhere()  # west rounds up to the layout's two columns
        assert [d.sides[k].value() for k in ("west", "north", "east", "south")] == [4, 3, 3, 3]
        assert d.size_label.text() == "47 × 33 → 54 × 39 hexes"
    answer(w, monkeypatch, fill)
    assert w.map_ops.resize()
    s = w.document.scenario
    assert (s.grid.columns, s.grid.rows) == (54, 39)
    assert w.document.undo_stack.count() == 1 and w.document.undo_stack.text(0) == "Resize map"
    assert not w.map_item.selected_cells and w.map_item.hover_cell is None
    names_no_old_cells(w)
    # Every hex moved with its contents: Papeete's site is 4 columns east and 3 rows south.
    col, row = load_path(TAHITI).grid.col_row(papeete)
    assert any(f.cell == s.grid.cell(col + 4, row + 3) for f in s.features if f.name)
    w.document.undo_stack.undo()
    names_no_old_cells(w)
    assert saved(w, tmp_path) == original
    w.document.undo_stack.redo()
    assert (w.document.scenario.grid.columns, w.document.scenario.grid.rows) == (54, 39)
    names_no_old_cells(w)


def test_a_resize_that_would_cut_a_site_is_refused_in_the_dialog(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    before = dumps(w.document.scenario)
    seen = answer(w, monkeypatch, lambda d: d.sides["east"].setValue(-30))
    assert not w.map_ops.resize()
    assert "would cut" in seen["dialog"].error.text()
    # An odd number of columns on the west is rounded up in the box (test_map_dialogs_fit.py), never refused.
    assert dumps(w.document.scenario) == before and w.document.undo_stack.count() == 0


def test_add_island_at_its_real_place_is_the_engines_add_island(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    original = saved(w, tmp_path)  # the untouched map as the editor saves it there
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: MOOREA)
    answer(w, monkeypatch, lambda d: d.place_real.isChecked() or d.place_real.setChecked(True), qtbot)
    assert w.map_ops.add_island()
    qtbot.waitUntil(lambda: w.document.undo_stack.count() == 1, timeout=10_000)
    expected = load_path(TAHITI)
    edit, _ = add_island(expected, plan_from_file(read_island(MOOREA)), None, 3 * 1.609344)
    edit.apply(expected)
    assert dumps(w.document.scenario) == dumps(expected)
    assert w.document.undo_stack.text(0) == "Add island Mo'orea"
    names_no_old_cells(w)
    assert "Mo'orea" in {i.name for i in w.document.scenario.islands.values()}
    assert w.areas.islands_tree.topLevelItemCount() == 2
    w.document.undo_stack.undo()
    names_no_old_cells(w)
    assert saved(w, tmp_path) == original


def test_add_island_where_the_designer_clicks(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI, zoom=0.5)
    # Room east of Tahiti first, then Huahine dropped there.
    answer(w, monkeypatch, lambda d: d.sides["east"].setValue(20))
    assert w.map_ops.resize()
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)
    answer(w, monkeypatch, lambda d: d.place_click.setChecked(True), qtbot)
    assert w.map_ops.add_island()
    assert w.view.tool is w.map_ops.place_tool
    s = w.document.scenario
    target = s.grid.parse_label("5716")
    mouse = Mouse(w)
    mouse.hover(target)
    footprint = w.map_item.preview.cells
    assert target in footprint and len(footprint) > 100  # land and lagoon follow the pointer
    before = s.copy()
    mouse.click(target)
    qtbot.waitUntil(lambda: w.document.undo_stack.count() == 2, timeout=10_000)
    assert w.view.tool is w.tools["select"]
    edit, _ = add_island(before, plan_from_file(read_island(HUAHINE)), target, 3 * 1.609344)
    edit.apply(before)
    assert dumps(w.document.scenario) == dumps(before)
    assert {c for c, t in enumerate(w.document.scenario.terrain) if t != "sea" and c >= 0} >= {target}
    names_no_old_cells(w)


def test_placing_an_island_is_cancelled_by_escape(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import Qt
    from editor_test_support import key
    w = make_window(qtbot, tmp_path, TAHITI)
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)
    answer(w, monkeypatch, lambda d: d.place_click.setChecked(True), qtbot)
    w.select_tool("brush")
    assert w.map_ops.add_island()
    key(w.view, Qt.Key_Escape)
    assert w.view.tool is w.tools["brush"] and w.document.undo_stack.count() == 0


def test_merge_another_scenario_renames_the_ids_that_clash_and_undoes(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    original = saved(w, tmp_path)  # the untouched map as the editor saves it there
    other = copy_example(tmp_path, TAHITI, "other.yaml")
    monkeypatch.setattr(w.map_ops, "choose_merge_path", lambda: other)

    def fill(d):
        assert d.at_real.text() == "At its real place (offset 0, 0)"  # the same lattice: onto its own land
        d.at_offset.setChecked(True)
        d.dcol.setValue(48)
        d.drow.setValue(2)
        assert "area Faaa: faaa becomes faaa_2" in d.renames.text()
        assert d.lands.text() == "Its first cell lies off this map: the map grows to hold it"
    seen = answer(w, monkeypatch, fill)
    assert w.map_ops.merge()
    s = w.document.scenario
    assert (s.grid.columns, s.grid.rows) == (95, 35)
    assert "faaa_2" in s.areas and s.areas["faaa_2"].name == "Faaa"
    assert "faaa becomes faaa_2" in w.statusBar().currentMessage()
    expected = load_path(TAHITI)
    edit, renames = merge_map(expected, load_path(other), 48, 2, "sea")
    edit.apply(expected)
    assert dumps(s) == dumps(expected) and seen["dialog"].renamed == renames
    names_no_old_cells(w)
    w.document.undo_stack.undo()
    assert saved(w, tmp_path) == original


def test_merging_onto_land_is_refused_in_the_dialog(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    other = copy_example(tmp_path, TAHITI, "other.yaml")
    monkeypatch.setattr(w.map_ops, "choose_merge_path", lambda: other)
    seen = answer(w, monkeypatch, lambda d: (d.at_offset.setChecked(True), d.dcol.setValue(2), d.drow.setValue(0)))
    assert not w.map_ops.merge()
    assert "overlap" in seen["dialog"].error.text() and w.document.undo_stack.count() == 0


def test_undoing_a_merge_that_brought_pieces_keeps_the_forces_dock_in_step(qtbot, tmp_path, monkeypatch):
    """The merged pieces have findings (their chain of command stops short); undoing the merge takes them
    away with the grid, and the Forces dock, told the findings are gone, no longer names them."""
    from editor_test_support import wait_validation
    w = make_window(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    other = copy_example(tmp_path, os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml"), "other.yaml")
    monkeypatch.setattr(w.map_ops, "choose_merge_path", lambda: other)
    s = w.document.scenario
    n = len(s.pieces)
    answer(w, monkeypatch, lambda d: (d.at_offset.setChecked(True), d.dcol.setValue(s.grid.columns + 1)))
    assert w.map_ops.merge()
    wait_validation(qtbot, w)
    assert any(f.code == "FERN_NOT_UNDER_C_IN_C" for f in w.problems.findings)
    assert len(s.pieces) > n
    w.document.undo_stack.undo()  # the merged pieces go with the grid they stood on
    QApplication.processEvents()
    assert len(s.pieces) == n
    w.document.undo_stack.redo()
    wait_validation(qtbot, w)
    assert len(s.pieces) > n
    names_no_old_cells(w)
