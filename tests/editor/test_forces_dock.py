"""The Forces dock and the scenario designer's forms, driven as a designer would drive them.

The issue's skirmish is built from an empty Fire in the Fern! table by the Forces dock alone
(the table's bush and base edge are painted first, as with the brush), checked, saved and
compared with a hand-written file; then a unit's count is edited under its leader, every
command mistake shows on the tree, and a Tahiti clan and a pearl player start the same way.
"""
import os

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QListWidget, QSpinBox

from motu.editor.document import Document
from editor_test_support import ROOT, Mouse, copy_example, forces_window, set_zoom, wait_validation
from motu.engine.io.modeline import motu_modeline
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario import edits as E
from motu.engine.scenario.model import CellFeature

DATA = os.path.join(os.path.dirname(__file__), "data")
FERN_AMBUSH = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def window_on(qtbot, tmp_path, doc):
    return forces_window(qtbot, tmp_path, doc)


def opened(qtbot, tmp_path, source):
    return window_on(qtbot, tmp_path, Document.open(copy_example(tmp_path, source)))


def prop(w, cls, name):
    """A widget of the Properties dock's current form (a rebuilt form's old widgets linger until deleted)."""
    return w.properties._form.findChild(cls, name)


def select_row(w, pid):
    dock = w.forces
    index = dock.model.index_of_piece(pid)
    assert index.isValid(), pid
    dock.tree.selectionModel().select(index, QItemSelectionModel.ClearAndSelect | QItemSelectionModel.Rows)


def new(w, qtbot, fid, *, side=None, cell=None, pieces=()):
    """New… from the Forces dock's menu; fill the dialog as a designer would; OK."""
    dock = w.forces
    [act] = [a for a in dock.new_menu.actions() if a.data() == fid]
    act.trigger()
    d = dock.dialog
    assert d is not None and d.isVisible()
    if side is not None:
        d.side_box.setCurrentIndex(d.side_ids.index(side))
    if cell is not None:
        d.findChild(QLineEdit, "newCell").setText(cell)
    for i, answers in enumerate(pieces):
        for key, value in answers.items():
            if key == "kind":
                box = d.findChild(QComboBox, f"newKind{i}")
                box.setCurrentIndex(box.findText(value))
            elif key == "count":
                d.findChild(QSpinBox, f"newCount{i}").setValue(value)
            elif key == "name":
                d.findChild(QLineEdit, f"newName{i}").setText(value)
            else:
                box = d.findChild(QComboBox, f"new_{key}{i}")
                box.setCurrentIndex(box.findText(value))
    d.buttons.accepted.emit()
    QApplication.processEvents()
    assert not d.isVisible(), d.error.text()


def tree_rows(w, side):
    m = w.forces.model
    out = []

    def walk(node, depth):
        out.append(("  " * depth) + node.text)
        for c in node.children:
            walk(c, depth + 1)
    walk(m.tree.by_side[side], 0)
    return out


def test_build_the_skirmish_from_an_empty_table_with_the_forces_dock(qtbot, tmp_path):
    fern = get_ruleset("fern")
    s = fern.new_scenario("square", 12, 10, "Bush ambush")
    w = window_on(qtbot, tmp_path, Document(s))
    L = s.grid.parse_label
    # The table: bush over the north-east, and the British base edge along the bottom row.
    bush = [c for c in range(s.grid.size) if s.grid.col_row(c)[0] >= 7 and s.grid.col_row(c)[1] <= 3]
    assert w.push(E.PaintTerrain(tuple(bush), ("bush",) * len(bush)))
    for col in range(12):
        assert w.push(E.InsertFeature(len(s.features), CellFeature("base_edge", 9 * 12 + col, "british")))
    # The British: a senior officer over two companies with their officers, and kupapa with their chief.
    new(w, qtbot, "senior_officer", side="british", cell="6,10", pieces=[{"name": "Major Hartley"}])
    select_row(w, "major-hartley")
    new(w, qtbot, "unit", cell="5,10", pieces=[{"kind": "Regulars", "count": 10, "name": "A Company, 65th"},
                                               {"name": "Lt Carey"}])
    select_row(w, "major-hartley")
    new(w, qtbot, "unit", cell="3,10", pieces=[{"kind": "Kupapa", "count": 8, "name": "Kupapa scouts"},
                                               {"name": "Rawiri"}])
    # B Company is made on its own, then its officer dragged under the Major.
    w.forces.tree.clearSelection()
    new(w, qtbot, "unit", side="british", cell="7,10",
        pieces=[{"kind": "Regulars", "count": 10, "name": "B Company, 65th", "weapon": "Breech loader"},
                {"name": "Lt Ferris"}])
    assert "superior" not in s.pieces["lt-ferris"].props
    undo_steps = w.document.undo_stack.count()
    assert w.forces.drop(["lt-ferris"], "major-hartley")
    assert w.document.undo_stack.count() == undo_steps + 1, "one drag, one undo step"
    # The Maori: a war chief over two hapu, one of them hidden in the bush.
    new(w, qtbot, "senior_officer", side="maori", cell="9,4", pieces=[{"name": "Hone the war chief"}])
    select_row(w, "hone-the-war-chief")
    new(w, qtbot, "unit", cell="10,2", pieces=[{"kind": "Maori warriors", "count": 10, "name": "Ngati Rua hapu"},
                                               {"name": "Wiremu"}])
    select_row(w, "hone-the-war-chief")
    new(w, qtbot, "unit", cell="4,5", pieces=[{"kind": "Maori warriors", "count": 9, "name": "Ngati Pae hapu"},
                                              {"name": "Tamati"}])
    QApplication.processEvents()
    assert tree_rows(w, "british") == [
        "British", "  Major Hartley", "    Lt Carey", "      A Company, 65th", "    Rawiri", "      Kupapa scouts",
        "    Lt Ferris", "      B Company, 65th"]
    assert tree_rows(w, "maori") == ["Maori", "  Hone the war chief", "    Wiremu", "      Ngati Rua hapu",
                                     "    Tamati", "      Ngati Pae hapu"]
    # Who starts hidden is computed: the hapu in the bush, not the one in the open.
    m = w.forces.model
    hidden_col = m.column_of("hidden")
    rua = m.index_of_piece("ngati-rua-hapu").siblingAtColumn(hidden_col)
    pae = m.index_of_piece("ngati-pae-hapu").siblingAtColumn(hidden_col)
    assert m.data(rua, Qt.CheckStateRole) == Qt.Checked and m.data(pae, Qt.DisplayRole) == "no"
    # Victory from the Scenario dock's form.
    turns = w.scenario_dock.findChild(QSpinBox, "form_turns")
    turns.setValue(10)
    turns.editingFinished.emit()
    wait_validation(qtbot, w)
    assert fern.validate(w.document.scenario) == []
    assert w.problems.summary.text().startswith("0 errors, 0 warnings")
    target = str(tmp_path / "bush-ambush.yaml")
    w.choose_save_path = lambda: target
    assert w.file_save()
    expected = open(os.path.join(DATA, "build-a-skirmish.yaml"), encoding="utf-8").read()
    modeline, _, saved = open(target, encoding="utf-8").read().partition("\n")
    assert modeline == motu_modeline(target), "the line that points editors at the schema, written for where it is"
    assert saved == expected


def test_a_units_count_is_edited_under_its_leader_without_moving_a_piece(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    s = w.document.scenario
    cell = s.grid.parse_label("8,12")
    before = {p.id: p.cell for p in s.pieces.values()}
    mouse = Mouse(w)
    mouse.click(cell)
    QApplication.processEvents()
    assert w.map_item.selected_pieces == {"lt-a"}, "a click picks the top of the stack"
    stack = prop(w, QListWidget, "propStack")
    assert [stack.item(i).text().split(" — ")[0] for i in range(stack.count())] == [
        "Lt Carey", "A Company, 65th", "Major Hartley"]
    stack.setCurrentRow(1, QItemSelectionModel.ClearAndSelect)  # a click on A Company in the list
    QApplication.processEvents()
    assert w.map_item.selected_pieces == {"a-coy"}
    count = prop(w, QSpinBox, "propCount")
    count.setValue(9)
    count.editingFinished.emit()
    assert s.pieces["a-coy"].count == 9
    assert {p.id: p.cell for p in s.pieces.values()} == before, "nothing moved"
    assert w.document.undo_stack.count() == 1


def test_several_pieces_edit_what_they_have_in_common(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    s = w.document.scenario
    w.map_item.set_selection(cells=set(), pieces={"a-coy", "b-coy"})
    w.selection_changed()
    assert sorted(w.forces.selected_pieces()) == ["a-coy", "b-coy"], "the tree follows the map"
    weapon = prop(w, QComboBox, "field_weapon")
    weapon.setCurrentIndex(weapon.findText("Breech loader"))
    weapon.activated.emit(weapon.currentIndex())
    assert s.pieces["a-coy"].props["weapon"] == s.pieces["b-coy"].props["weapon"] == "breech_loader"
    w.document.undo_stack.undo()
    assert "weapon" not in s.pieces["a-coy"].props and "weapon" not in s.pieces["b-coy"].props
    # A leader chosen in the form keeps both ends in step, as a drag does.
    w.map_item.set_selection(pieces={"militia"})
    w.selection_changed()
    leader = prop(w, QComboBox, "field_leader")
    leader.setCurrentIndex(leader.findText("Lt Ferris"))
    leader.activated.emit(leader.currentIndex())
    assert s.pieces["militia"].props["leader"] == "lt-b" and s.pieces["lt-b"].props["unit"] == "militia"
    assert "leader" not in s.pieces["b-coy"].props and "unit" not in s.pieces["capt-m"].props


def test_the_tree_and_the_map_select_each_other(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    s = w.document.scenario
    set_zoom(w, 3.0)
    select_row(w, "hapu-3")
    assert w.map_item.selected_pieces == {"hapu-3"} and w.map_item.selected_cells == {s.pieces["hapu-3"].cell}
    centre = w.view.mapToScene(w.view.viewport().rect().center())
    target = w.map_item.geo.centre(s.pieces["hapu-3"].cell)
    assert abs(centre.x() - target.x()) < 40 and abs(centre.y() - target.y()) < 40, "centred on the map"
    Mouse(w).click(s.pieces["militia"].cell)
    assert w.forces.selected_pieces() == ["capt-m"]


def test_drags_the_rules_refuse_say_why_and_change_nothing(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    said = []
    w.forces.model.status = said.append
    assert not w.forces.drop(["hapu-1"], "lt-a")
    assert not w.forces.drop(["a-coy"], "major")
    assert said == ["Not done: Ngati Rua hapu and Lt Carey are on different sides",
                    "Not done: a Regulars cannot be put under a Senior officer"]
    assert w.document.undo_stack.count() == 0
    assert w.forces.drop(["lt-a"], None, side="british"), "onto the side: at the top, answering to nobody"
    assert "superior" not in w.document.scenario.pieces["lt-a"].props


def test_command_mistakes_show_on_the_tree(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    s = w.document.scenario
    # A British lieutenant named leader of a Maori hapu (typed into the file, say).
    lt = s.pieces["lt-b"]
    assert w.push(E.PutRecord("pieces", "lt-b", lt.__class__(lt.id, lt.kind, lt.side, lt.cell, 1, lt.name,
                                                              {"unit": "hapu-3", "superior": "major"})))
    wait_validation(qtbot, w)
    m = w.forces.model
    tip = m.data(m.index_of_piece("lt-b"), Qt.ToolTipRole)
    assert "FERN_CROSS_FORCE" in tip and "FERN_UNIT_TWO_LEADERS" in tip
    assert m.data(m.index_of_piece("lt-b"), Qt.DecorationRole) is not None
    assert "FERN_LEADER_TWO_UNITS" in m.data(m.index_of_piece("b-coy"), Qt.ToolTipRole), "B Company still names him"
    assert "with problems" in m.data(m.index_for(m.tree.by_side["british"]), Qt.DisplayRole)


def test_starts_hidden_is_overridden_from_the_tree_where_the_rules_allow(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    s = w.document.scenario
    m = w.forces.model
    col = m.column_of("hidden")
    hapu = m.index_of_piece("hapu-1").siblingAtColumn(col)
    assert m.flags(hapu) & Qt.ItemIsUserCheckable
    m.setData(hapu, Qt.Unchecked, Qt.CheckStateRole)  # the designer unticks it
    assert s.pieces["hapu-1"].props["hidden"] is False and w.document.undo_stack.count() == 1
    QApplication.processEvents()
    wait_validation(qtbot, w)
    assert w.problems.findings == []
    coy = w.forces.model.index_of_piece("a-coy").siblingAtColumn(col)
    assert not (w.forces.model.flags(coy) & Qt.ItemIsUserCheckable), "British never start hidden"


def test_a_tahiti_clan_set_up_by_the_forces_dock(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    s = w.document.scenario
    for pid in ("red-chieftain", "red-canoe"):
        assert w.push(E.PutRecord("pieces", pid, None))
    new(w, qtbot, "clan", side="red")
    home = next(f.cell for f in s.features if f.kind == "home_village" and f.side == "red")
    red = [p for p in s.pieces.values() if p.side == "red"]
    assert sorted((p.kind, p.count) for p in red) == sorted(
        [("head_chieftain", 1), ("clan_elder", 2), ("shaman", 1), ("population", 3), ("militia", 2),
         ("fighters", 1), ("war_canoe", 1)])
    assert all(p.cell == home for p in red if p.kind != "war_canoe")
    assert s.options["start_from_position"] is True and w.document.undo_stack.count() == 3
    assert tree_rows(w, "red")[:4] == ["Red clan", "  Red clan: Head Chieftain", "  Red clan: Clan Elder",
                                       "  Red clan: Shaman"]
    assert [f for f in w.document.rules.validate(s) if f.severity == "error"] == []
    st = w.document.rules.new_initial_state(s.copy())
    assert st is not None


def test_a_pearl_players_start_by_the_forces_dock(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "pearls.yaml"))
    s = w.document.scenario
    track = next(s.label(c) for c, t in enumerate(s.terrain) if t == "track")
    new(w, qtbot, "player", side="p3", cell=track)
    assert tree_rows(w, "p3") == ["Player 3", "  Player 3 sailboat", "  In front of the player",
                                  "    Player 3 boats", "    Player 3 dollars"]
    assert [(p.kind, p.count, p.cell is None) for p in s.pieces.values()] == [
        ("sailboat", 1, False), ("boat", 15, True), ("money", 15, True)]
    assert w.document.rules.validate(s) == []


@pytest.mark.parametrize("bad", ["nowhere", "99,99"])
def test_a_cell_the_map_does_not_have_is_refused_in_the_dialog(qtbot, tmp_path, bad):
    w = opened(qtbot, tmp_path, FERN_AMBUSH)
    [act] = [a for a in w.forces.new_menu.actions() if a.data() == "senior_officer"]
    act.trigger()
    d = w.forces.dialog
    d.findChild(QLineEdit, "newCell").setText(bad)
    d.buttons.accepted.emit()
    assert d.isVisible() and "not a cell" in d.error.text()
    d.reject()
    assert w.document.undo_stack.count() == 0


def qt_rows(model):
    """The rows as the view has them: the model's own items, walked."""
    out = []

    def walk(item, depth):
        for r in range(item.rowCount()):
            child = item.child(r, 0)
            cell = item.child(r, 2)
            out.append(("  " * depth) + child.text() + (f" @{cell.text()}" if cell is not None and cell.text() else ""))
            walk(child, depth + 1)
    walk(model.invisibleRootItem(), 0)
    return out


def test_the_rows_kept_in_step_are_the_rows_built_afresh(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml"))
    dock = w.forces
    stack = w.document.undo_stack

    def same():
        QApplication.processEvents()
        kept = qt_rows(dock.model)
        dock.refresh(full=True)
        assert kept == qt_rows(dock.model)
    assert dock.drop(["40th"], "lt-rn")
    same()
    assert dock.drop(["lt-43"], "commander")
    QApplication.processEvents()
    assert dock.tree.isExpanded(dock.model.index_of_piece("lt-43")), "a row moved keeps its company in view"
    same()
    assert dock.drop(["commander"], None, side="british")
    same()
    select_row(w, "rangatira")
    new(w, qtbot, "unit", cell="5,4", pieces=[{"kind": "Maori warriors", "count": 7, "name": "Late arrivals"},
                                              {"name": "Te Kooti"}])
    same()
    w.map_item.set_selection(pieces={"pits", "paora"})
    w.delete_selected()
    same()
    for _ in range(3):
        stack.undo()
        same()
    stack.redo()
    same()
    assert qt_rows(dock.model)[:3] == ["British", "  General Cameron @8,12", "    Major Nixon @6,12"]
