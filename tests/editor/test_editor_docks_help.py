"""Docks, help and preferences: the legend from the catalogue, the Problems filter and grouping, regions,
islands and sites renamed, the region box's common value, Keyboard Shortcuts, About, Preferences."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor_test_support import EXAMPLE_HEX, EXAMPLE_SQUARE, ROOT, make_window, wait_validation
from motu.engine.scenario import edits as E
from motu.engine.scenario.validation import Finding

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def test_legend_entries_match_the_catalogue(qtbot, tmp_path):
    for source in (TAHITI, FERN, os.path.join(ROOT, "scenarios", "pearls.yaml")):
        w = make_window(qtbot, tmp_path, source)
        cat = w.map_item.catalogue
        entries = w.legend.entries()
        by = {}
        for section, ident, name in entries:
            by.setdefault(section, []).append((ident, name))
        assert by["Terrain"] == [(t.id, t.name) for t in cat.terrain.values()]
        assert by.get("Edges", []) == [(e.id, e.name) for e in cat.edges.values()]
        assert by.get("Features", []) == [(f.id, f.name) for f in cat.features.values()]
        assert by.get("Pieces", []) == [(p.id, p.name) for p in cat.pieces.values()]
        for i in range(w.legend.tree.topLevelItemCount()):
            sec = w.legend.tree.topLevelItem(i)
            for j in range(sec.childCount()):
                assert not sec.child(j).icon(0).isNull()


def findings_for(scenario):
    return [Finding("AREA_SPLIT", "error", "split a", (1,)), Finding("AREA_SPLIT", "error", "split b", (2,)),
            Finding("AREA_EMPTY", "warning", "empty", (), (), ("west",)),
            Finding("DUPLICATE_FEATURE", "warning", "twice", (3,))]


def test_problems_filter_by_severity_and_code_and_group(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    wait_validation(qtbot, w)
    dock = w.problems
    dock._generation += 1
    dock._done(dock._generation, findings_for(w.document.scenario), 0.0)
    model = dock.tree.model()
    assert model.rowCount() == 4
    assert not model.index(0, 0).data(Qt.DecorationRole).isNull()  # a severity icon that renders
    dock.set_filter(severities={"warning"})
    assert model.rowCount() == 2 and {model.finding_at(model.index(r, 0)).severity for r in range(2)} == {"warning"}
    dock.set_filter(severities={"error", "warning", "info"}, code="AREA_SPLIT")
    assert [model.finding_at(model.index(r, 0)).message for r in range(model.rowCount())] == ["split a", "split b"]
    dock.set_filter(code=None)
    dock.set_filter(grouped=True)
    assert model.rowCount() == 3
    groups = {model.index(r, 1).data(): model.rowCount(model.index(r, 0)) for r in range(3)}
    assert groups == {"AREA_SPLIT (2)": 2, "AREA_EMPTY (1)": 1, "DUPLICATE_FEATURE (1)": 1}
    # A finding row under its group still selects its cells.
    parent = model.index(list(groups).index("AREA_SPLIT (2)"), 0)
    dock._row(model.index(1, 1, parent))
    assert w.map_item.selected_cells == {2}
    # Columns fit their text: the code column is as wide as its longest code.
    dock.set_filter(grouped=False)
    dock.show()
    QApplication.processEvents()
    fm = dock.tree.fontMetrics()
    assert dock.tree.columnWidth(1) >= fm.horizontalAdvance("DUPLICATE_FEATURE")


def test_regions_islands_and_sites_are_renamed_and_shown_by_name(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QInputDialog
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    dock = w.areas
    rid = next(iter(s.regions))
    names = iter(["Windward", "Great Tahiti", "Pare of the chiefs"])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (next(names), True))
    dock.ask_rename = lambda collection, rid: (next(names), None)  # names only: the ids stay
    dock.regions_tree.setCurrentItem(dock.regions_tree.topLevelItem(0))
    dock.rename_region()
    assert s.regions[rid].name == "Windward"
    if s.islands:
        iid = next(iter(s.islands))
        dock.islands_tree.setCurrentItem(dock.islands_tree.topLevelItem(0))
        dock.rename_island()
        assert s.islands[iid].name == "Great Tahiti"
    else:
        next(names)
    QApplication.processEvents()
    dock.sites_tree.setCurrentItem(dock.sites_tree.topLevelItem(0))
    index = dock.sites_tree.topLevelItem(0).data(0, Qt.UserRole)
    dock.rename_site()
    assert s.features[index].name == "Pare of the chiefs"
    w.document.undo_stack.undo()
    assert s.features[index].name != "Pare of the chiefs"
    QApplication.processEvents()
    # The Region column names the region, never its id.
    area = next(a for a in s.areas.values() if a.region == rid)
    row = next(dock.tree.topLevelItem(i) for i in range(dock.tree.topLevelItemCount())
               if dock.tree.topLevelItem(i).data(0, Qt.UserRole) == area.id)
    assert row.text(1) == "Windward"


def test_region_box_shows_the_common_region_of_the_selection(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    dock = w.areas
    rid = next(iter(s.regions))
    same = [a.id for a in s.areas.values() if a.region == rid][:2]
    other = next(a.id for a in s.areas.values() if a.region not in (rid, None))
    dock.tree.clearSelection()
    for i in range(dock.tree.topLevelItemCount()):
        it = dock.tree.topLevelItem(i)
        it.setSelected(it.data(0, Qt.UserRole) in same)
    assert dock.region.currentText() == s.regions[rid].name
    for i in range(dock.tree.topLevelItemCount()):
        it = dock.tree.topLevelItem(i)
        if it.data(0, Qt.UserRole) == other:
            it.setSelected(True)
    assert dock.region.currentText() == "(several)"


def test_keyboard_shortcuts_are_made_from_the_actions_and_searchable(qtbot, tmp_path):
    from motu.editor.help import ShortcutsDialog
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    d = ShortcutsDialog(w)
    qtbot.addWidget(d)
    names = {r[0] for r in d.rows}
    assert {"Terrain brush", "Undo", "Save", "Copy", "Paste", "Playtest", "Keyboard and Mouse Shortcuts"} <= names
    keys = {r[0]: r[1] for r in d.rows}
    assert keys["Terrain brush"] == "B"
    d.search.setText("brush")  # the tool, then what its mouse gestures do
    assert d.visible_actions() == ["Terrain brush", "Paint the chosen terrain", "Paint a line, a rectangle",
                                   "Pick the terrain under the cursor"]
    d.search.setText("ctrl+z")
    assert "Undo" in d.visible_actions()


def test_about_names_the_versions_and_the_guide_shows_the_docs(qtbot, tmp_path):
    import platform
    from PySide6.QtCore import qVersion

    from motu.editor.help import UserGuide, about_text
    text = about_text()
    assert qVersion() in text and platform.python_version() in text and "Motu" in text
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    g = UserGuide(w)
    qtbot.addWidget(g)
    assert any("validation" in t.lower() for t, _ in g.pages)
    # The guide opens on the user's page; the developers' README comes last.
    assert g.pages[0] == ("User guide", os.path.join(ROOT, "docs", "user-guide.md"))
    assert g.pages[-1][0] == "Developers (README)"
    assert "The first ten minutes" in g.browser.toPlainText() and "make test" not in g.browser.toPlainText()


def test_the_user_guide_names_every_kind_of_file_export_writes(qtbot, tmp_path):
    # The first page's Export step lists what File → Export offers: each kind by its file ending.
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    with open(os.path.join(ROOT, "docs", "user-guide.md"), encoding="utf-8") as fh:
        guide = fh.read()
    missing = [f.name for f in w.export_formats() if f"`{f.extensions[0]}`" not in guide]
    assert missing == []


def test_about_lists_the_licences_of_what_motu_runs_with(qtbot, tmp_path):
    from motu.editor.help import AboutDialog
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    d = AboutDialog(w)
    qtbot.addWidget(d)
    assert [d.tabs.tabText(i) for i in range(d.tabs.count())] == ["About", "Licences"]
    rows = [d.licence_list.item(i).text() for i in range(d.licence_list.count())]
    names = [n.name for n in d.notices]
    assert {"motu", "PySide6", "PyYAML", "shapely", "networkx"} <= set(names)
    assert any(r.startswith("PyYAML ") and r.endswith("— MIT") for r in rows), rows
    d.licence_list.setCurrentRow(names.index("shapely"))
    text = d.licence_text.toPlainText()
    assert "LICENSE_GEOS" in text and "GNU LESSER GENERAL PUBLIC LICENSE" in text  # GEOS, inside shapely's wheel
    d.licence_list.setCurrentRow(names.index("motu"))
    assert "Copyright (c) 2026 the Motu authors" in d.licence_text.toPlainText()


def test_preferences_are_kept_and_used(qtbot, tmp_path):
    from motu.editor import preferences
    from motu.editor.dialogs import NewScenarioDialog
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    d = preferences.PreferencesDialog(w)
    qtbot.addWidget(d)
    d.autosave.setValue(7)
    d.columns.setValue(24)
    d.rows.setValue(18)
    d.store()
    assert w.autosave_timer.interval() == 7 * 60 * 1000
    assert preferences.autosave_minutes(w.settings_store) == 7
    new = NewScenarioDialog(w)
    qtbot.addWidget(new)
    assert (new.columns.value(), new.rows.value()) == (24, 18)
    d2 = preferences.PreferencesDialog(w)
    qtbot.addWidget(d2)
    d2.palette.setCurrentIndex(2)
    d2.store()
    assert w.map_item.dark and w.palette_actions["dark"].isChecked()
    preferences.set_palette(w, "system")
    assert not w.map_item.dark or preferences.is_dark(QApplication.instance().palette())
