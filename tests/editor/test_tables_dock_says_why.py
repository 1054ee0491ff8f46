"""The Tables dock says what is wrong where the designer looks: an entry of the Random Area Selection
Table that names no area is named in the dock's note, and a first-die result a die does not have is
refused with the reason under the table (and in the status bar), not silently put back."""
import os

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from motu.editor.docks.tables import parse_dice
from editor_test_support import ROOT, make_window
from motu.engine.io.native import dumps
from motu.engine.scenario import edits as E

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
ALL_WELL = "Every area is named once, and every first-die result has its group."


def shown(w):
    w.tables.show()
    w.tables.raise_()
    QApplication.processEvents()
    return w.tables


def test_an_entry_that_names_no_area_is_named_in_the_note_with_where_it_is(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    dock = shown(w)
    assert dock.note.text() == ALL_WELL
    # The table names areas that are no more (merged away as the newcomer's Papetoai was, or typed into
    # the file): group 2's second 6 and group 3's second 2.
    table = s.tables["random_area_selection"]
    groups = [dict(g) for g in table["groups"]]
    groups[1]["second"] = groups[1]["second"][:5] + ["papetoai"]
    groups[2]["second"] = groups[2]["second"][:1] + ["paopao"] + groups[2]["second"][2:]
    assert w.push(E.SetField("tables", {**s.tables, "random_area_selection": {**table, "groups": groups}}))
    QApplication.processEvents()
    note = dock.note.text()
    assert ALL_WELL not in note
    assert note.startswith("Not areas: papetoai (Group 2, Second 6), paopao (Group 3, Second 2); "
                           "choose an area or Roll again there."), note
    box = dock.grid.cellWidget(6, 1)
    assert box.currentText() == "papetoai (no such area)", "the note names it as the grid shows it"
    assert "not an area" in box.toolTip()
    # One left: said in the singular; once replaced, all is well again.
    box = dock.grid.cellWidget(2, 2)
    box.setCurrentIndex(box.findText("Roll again"))
    box.activated.emit(box.currentIndex())
    QApplication.processEvents()
    assert dock.note.text().startswith("Not an area: papetoai (Group 2, Second 6);"), dock.note.text()
    box = dock.grid.cellWidget(6, 1)
    box.setCurrentIndex(box.findText("Mataiea"))
    box.activated.emit(box.currentIndex())
    QApplication.processEvents()
    assert dock.note.text() == "Not in the table: Vairao."


def test_a_first_die_result_a_die_does_not_have_is_refused_with_the_reason_in_the_dock(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    dock = shown(w)
    before = dumps(w.document.scenario)
    first = dock.grid.cellWidget(0, 0)
    first.setFocus()
    first.selectAll()
    QTest.keyClicks(first, "1, 2, 7")
    QTest.keyClick(first, Qt.Key_Return)  # as typed, then Enter: editingFinished
    qtbot.waitUntil(lambda: dock.grid.cellWidget(0, 0).text() == "1, 2")  # put back as it is
    assert dumps(w.document.scenario) == before
    why = "Not done: Group 1, first die: 7 is not a die result (a die has 1 to 6)."
    assert dock.refusal.isVisible() and dock.refusal.text() == why
    assert w.statusBar().currentMessage() == why
    w.statusBar().clearMessage()  # the status bar forgets (a tool's hint, a few seconds): the dock does not
    QApplication.processEvents()
    assert dock.refusal.isVisible() and dock.refusal.text() == why
    # The next change tried takes the reason away.
    assert dock.set_first(2, "5")
    QApplication.processEvents()
    assert not dock.refusal.isVisible()


def test_what_is_not_a_die_result_is_said_in_words():
    for text, why in [("1, 2, 7", "7 is not a die result (a die has 1 to 6)"),
                      ("0", "0 is not a die result (a die has 1 to 6)"),
                      ("one", "one is not a die result (a die has 1 to 6)"),
                      ("6-5", "6-5 runs backwards: write the lower result first, as 5-6"),
                      ("", "give at least one first-die result, as 5 or 1, 2")]:
        try:
            parse_dice(text)
        except ValueError as exc:
            assert str(exc) == why
        else:
            raise AssertionError(f"{text} was taken")
    assert parse_dice("5-6, 1") == [1, 5, 6]


def test_a_problem_in_a_table_only_brings_the_table_up_on_its_entry(qtbot, tmp_path):
    from motu.engine.scenario.validation import Finding
    w = make_window(qtbot, tmp_path, TAHITI)
    w.tables.hide()
    slot = Finding("RAST_BAD", "error", "a slot", table=("random_area_selection", "groups", 2, "second", 1))
    w.show_finding(slot)
    QApplication.processEvents()
    assert w.tables.isVisible()
    assert (w.tables.grid.currentRow(), w.tables.grid.currentColumn()) == (2, 2)  # Second 2 of Group 3
    first = Finding("RAST_BAD", "error", "a first die", table=("random_area_selection", "groups", 1, "first"))
    w.show_finding(first)
    assert (w.tables.grid.currentRow(), w.tables.grid.currentColumn()) == (0, 1)
