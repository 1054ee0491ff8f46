"""The Tables dock: the Random Area Selection Table as a grid of area names (a row per first-die group, the
second die across), other tables as a tree of keys and values with areas by name; every change one
Edit of the scenario's tables, one undo step; ids stored, names shown."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from editor_test_support import EXAMPLE_HEX, ROOT, make_window
from motu.engine.io.native import dumps

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def shown(w):
    w.tables.show()
    w.tables.raise_()
    QApplication.processEvents()
    return w.tables


def pick(box: QComboBox, text: str) -> None:
    """Choose an item as a user does (activated, not just the current index)."""
    i = box.findText(text)
    assert i >= 0, f"{text} is not offered"
    box.setCurrentIndex(i)
    box.activated.emit(i)
    QApplication.processEvents()


def test_the_random_area_selection_table_is_a_grid_of_area_names(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    before = dumps(s)
    dock = shown(w)
    assert dock.choice.currentText() == "Random area selection"
    assert dock.grid.columnCount() == 3
    entry = dock.grid.cellWidget(1, 0)
    assert entry.currentText() == "Faaa" and entry.findText("faaa") < 0  # names, never ids
    assert entry.itemText(entry.count() - 1) == "Roll again"
    assert dock.note.text() == "Every area is named once, and every first-die result has its group."
    # The second die's 1 in the first group now reads Paea: one Edit, the id in the file.
    pick(dock.grid.cellWidget(1, 0), "Paea")
    groups = s.tables["random_area_selection"]["groups"]
    assert groups[0]["second"][0] == "paea" and w.document.undo_stack.count() == 1
    assert "Not in the table: Faaa." in dock.note.text() and "Named more than once: Paea." in dock.note.text()
    # The last group keeps the first die's 5; a new group takes the 6 and the area left out.
    first = dock.grid.cellWidget(0, 2)
    assert isinstance(first, QLineEdit) and first.text() == "5, 6"
    first.setText("5")
    first.editingFinished.emit()
    QApplication.processEvents()
    assert "First-die results without exactly one group: 6." in dock.note.text()
    assert dock.add_group()
    QApplication.processEvents()
    groups = s.tables["random_area_selection"]["groups"]
    assert groups[3] == {"first": [6], "second": ["faaa"] + ["roll_again"] * 5}
    assert dock.grid.columnCount() == 4 and dock.grid.cellWidget(1, 3).currentText() == "Faaa"
    assert w.document.undo_stack.count() == 3
    dock.grid.setCurrentCell(2, 3)
    assert dock.remove_group()
    QApplication.processEvents()
    assert dock.grid.columnCount() == 3
    for _ in range(4):
        w.document.undo_stack.undo()
    assert dumps(s) == before
    QApplication.processEvents()
    assert dock.grid.cellWidget(1, 0).currentText() == "Faaa"


def test_bad_first_die_results_are_refused_with_a_message(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    dock = shown(w)
    before = dumps(w.document.scenario)
    assert not dock.set_first(0, "0, 7")
    assert "0 is not a die result (a die has 1 to 6)" in w.statusBar().currentMessage()
    qtbot.waitUntil(lambda: dock.grid.cellWidget(0, 0).text() == "1, 2")
    assert dumps(w.document.scenario) == before


def test_renaming_an_area_shows_its_new_name_in_the_table(qtbot, tmp_path):
    from motu.engine.scenario.ids import rename
    w = make_window(qtbot, tmp_path, TAHITI)
    dock = shown(w)
    w.push(rename(w.document.scenario, "areas", "faaa", name="Faa'a"))
    QApplication.processEvents()
    assert dock.grid.cellWidget(1, 0).currentText() == "Faa'a"


def test_other_tables_are_trees_of_keys_and_values_with_areas_by_name(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    s = w.document.scenario
    before = dumps(s)
    dock = shown(w)
    assert dock.stack.currentWidget() is dock.tree
    entries = dock.tree.topLevelItem(1)
    assert entries.text(0) == "entries" and [entries.child(i).text(1) for i in range(3)] == ["Westbay", "Eastpoint",
                                                                                            "Southcape"]
    leaf = entries.child(0)
    assert leaf.flags() & Qt.ItemIsEditable
    leaf.setText(1, "Eastpoint")  # as typed in the cell's editor
    assert s.tables["random_area"]["entries"]["1-2"] == "east"
    QApplication.processEvents()
    dock.tree.topLevelItem(0).setText(1, "2d6")
    assert s.tables["random_area"]["dice"] == "2d6" and w.document.undo_stack.count() == 2
    w.document.undo_stack.undo()
    w.document.undo_stack.undo()
    assert dumps(s) == before


def test_the_georeference_is_shown_not_edited(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    dock = shown(w)
    pick(dock.choice, "Georeference")
    assert dock.stack.currentWidget() is dock.tree and "resizing moves it" in dock.note.text()
    items = [dock.tree.topLevelItem(i) for i in range(dock.tree.topLevelItemCount())]
    assert all(not (it.flags() & Qt.ItemIsEditable) for it in items)


def test_a_new_group_takes_a_free_die_or_the_highest_of_a_shared_one(qtbot, tmp_path, monkeypatch):
    from test_editor_map_ops import answer
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: os.path.join(ROOT, "tools", "maps", "moorea.geojson"))
    answer(w, monkeypatch, lambda d: None, qtbot)
    assert w.map_ops.add_island()
    qtbot.waitUntil(lambda: "moorea" in s.islands, timeout=10_000)
    dock = shown(w)
    assert "Not in the table: Afareaitu, Teavaro, Paopao, Papetoai, Haapiti." in dock.note.text()
    assert dock.add_group()  # every die has its group: the 5-6 group gives up its 6
    QApplication.processEvents()
    groups = s.tables["random_area_selection"]["groups"]
    assert [g["first"] for g in groups] == [[1, 2], [3, 4], [5], [6]]
    assert groups[3]["second"] == ["afareaitu", "teavaro", "paopao", "papetoai", "haapiti", "roll_again"]
    assert w.document.rules.validate(s) == [] and w.document.undo_stack.count() == 2
    assert dock.add_group() and dock.add_group()  # the 4 of the 3-4 group, then the 2 of the 1-2 group
    assert [g["first"] for g in s.tables["random_area_selection"]["groups"]] == [[1], [3], [5], [6], [4], [2]]
    assert not dock.add_group() and "free one first" in w.statusBar().currentMessage()  # each die has its own
