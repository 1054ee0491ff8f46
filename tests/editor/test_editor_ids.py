"""Ids follow names in the Areas dock: a new area, region or island gets the id its name makes; renaming
offers the id its new name makes, and taking it renames every reference (cells, areas, the Random Area
Selection Table) in one undo step, which undo gives back byte for byte. An id the designer chose stays
unless they ask."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from motu.editor.docks.rename import RenameDialog
from editor_test_support import EXAMPLE_HEX, ROOT, make_window
from motu.engine.io.native import dumps

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def typing(monkeypatch, name, follow=None, seen=None):
    """The rename dialog as a designer uses it: types `name`, leaves the id box as offered (or sets it)."""
    def run(dialog):
        dialog.name.setText(name)
        if seen is not None:
            seen.append((dialog.follow.isChecked(), dialog.follow.text()))
        if follow is not None:
            dialog.follow.setChecked(follow)
        return QDialog.Accepted
    monkeypatch.setattr(RenameDialog, "exec", run)


def choose(tree, rid):
    for i in range(tree.topLevelItemCount()):
        it = tree.topLevelItem(i)
        if it.data(0, Qt.UserRole) == rid:
            tree.setCurrentItem(it)
            it.setSelected(True)


def test_renaming_an_area_offers_its_new_id_and_renames_every_reference(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    before = dumps(s)
    cells = [c for c, a in enumerate(s.cell_area) if a == "paea"]
    seen = []
    typing(monkeypatch, "Paea Nui", seen=seen)
    w.areas.select_area("paea")
    w.areas.rename()
    assert seen == [(True, "Change its id from paea to paea_nui too")]  # paea followed its name: it follows
    assert "paea" not in s.areas and s.areas["paea_nui"].name == "Paea Nui"
    assert all(s.cell_area[c] == "paea_nui" for c in cells)
    rast = [e for g in s.tables["random_area_selection"]["groups"] for e in g["second"]]
    assert "paea_nui" in rast and "paea" not in rast
    assert w.document.undo_stack.count() == 1
    assert w.areas.chosen_ids() == ["paea_nui"] and w.settings.area == "paea_nui"
    QApplication.processEvents()
    assert [a.name for a in s.areas.values()].index("Paea Nui") == list(s.areas).index("paea_nui") == 2
    w.document.undo_stack.undo()
    assert dumps(s) == before
    w.document.undo_stack.redo()
    assert "paea_nui" in s.areas


def test_renaming_regions_and_islands_moves_their_areas_with_them(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    before = dumps(s)
    dock = w.areas
    west = [a.id for a in s.areas.values() if a.region == "west"]
    typing(monkeypatch, "Tefana", follow=True)
    choose(dock.regions_tree, "west")
    dock.rename_region()
    assert "tefana" in s.regions and "west" not in s.regions
    assert [a.id for a in s.areas.values() if a.region == "tefana"] == west
    typing(monkeypatch, "Tahiti Nui")
    QApplication.processEvents()
    choose(dock.islands_tree, "tahiti")
    dock.rename_island()
    assert set(s.islands) == {"tahiti_nui"} and {a.island for a in s.areas.values()} == {"tahiti_nui"}
    assert w.document.undo_stack.count() == 2
    QApplication.processEvents()
    assert dock.islands_tree.topLevelItem(0).text(0) == "Tahiti Nui"
    w.document.undo_stack.undo()
    w.document.undo_stack.undo()
    assert dumps(s) == before


def test_an_id_the_designer_chose_stays_unless_asked(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    s = w.document.scenario
    seen = []
    typing(monkeypatch, "Western Bay", seen=seen)
    w.areas.select_area("west")  # named Westbay: its id is not the one the name makes
    w.areas.rename()
    assert seen == [(False, "Change its id from west to western_bay too")]
    assert s.areas["west"].name == "Western Bay" and w.document.undo_stack.count() == 1
    # A name that makes the id it has: nothing to offer.
    d = RenameDialog(s, "areas", "east", w)
    d.name.setText("East")
    assert not d.follow.isEnabled() and d.values() == ("East", None)
    assert "cells" in d.where.text()


def test_new_regions_and_islands_get_the_ids_their_names_make(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    names = iter(["Huahine Iti", "Huahine"])
    w.areas._ask_name = lambda title, current, new=False: next(names)
    assert w.areas.new_region() == "huahine_iti" and s.regions["huahine_iti"].name == "Huahine Iti"
    assert w.areas.new_island() == "huahine" and s.islands["huahine"].name == "Huahine"
    w.areas._ask_name = lambda title, current, new=False: None  # cancelled
    assert w.areas.new_region() == "" and w.document.undo_stack.count() == 2


def test_problems_rows_name_an_area_by_its_name(qtbot, tmp_path):
    from motu.editor.docks.findings_model import FindingsModel
    from motu.engine.scenario.validation import Finding
    w = make_window(qtbot, tmp_path, TAHITI)
    model = FindingsModel()
    model.set_findings([Finding("AREA_EMPTY", "error", "area Paea has no cells", areas=("paea",))], w.document.scenario)
    assert model.data(model.index(0, 2), Qt.DisplayRole) == "Paea"
