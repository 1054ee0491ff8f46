"""What the Forces dock calls pieces and places: a piece with no name of its own by its kind's name in
the catalogue's words and its side ("War Canoe (Red clan)"), its id only in the tooltip; a village
site's kind as the catalogue says it, never a code word such as "cell feature"."""
import dataclasses
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor_test_support import ROOT, make_window
from motu.engine.scenario import edits as E

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def forces(w):
    w.forces.show()
    w.forces.raise_()
    QApplication.processEvents()
    return w.forces.model


def test_an_unnamed_piece_is_called_by_its_kind_and_side_its_id_only_in_the_tooltip(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    m = forces(w)
    canoe = m.index_of_piece("red-canoe")
    assert m.data(canoe, Qt.DisplayRole) == "War Canoe (Red clan)"
    tip = m.data(canoe, Qt.ToolTipRole)
    assert tip.startswith("War Canoe (Red clan)") and "red-canoe" in tip
    assert m.data(m.index_of_piece("red-chieftain"), Qt.DisplayRole) == "Red Head Chieftain", "its own name"
    # The side renamed: the row says so (the piece's record did not change, its side's did).
    s = w.document.scenario
    assert w.push(E.PutRecord("sides", "red", dataclasses.replace(s.sides["red"], name="Teva")))
    w.forces.refresh()
    assert m.data(m.index_of_piece("red-canoe"), Qt.DisplayRole) == "War Canoe (Teva)"
    # Given a name, the piece is called by it.
    p = s.pieces["red-canoe"]
    assert w.push(E.PutRecord("pieces", p.id, dataclasses.replace(p, name="Tainui")))
    w.forces.refresh()
    assert m.data(m.index_of_piece("red-canoe"), Qt.DisplayRole) == "Tainui"


def test_a_village_sites_kind_is_in_the_catalogues_words(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    m = forces(w)
    red = m.tree.by_side["red"]
    [villages] = [n for n in red.children if n.kind == "heading" and n.text == "Villages"]
    kinds = {m.data(m.index_for(n, m.kind_column), Qt.DisplayRole) for n in villages.children}
    assert kinds == {"Home Village"}


def test_a_drag_refused_names_an_unnamed_piece_as_the_tree_does(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    m = forces(w)
    said = []
    m.status = said.append
    data = m.mimeData([m.index_of_piece("red-canoe")])
    assert not m.canDropMimeData(data, Qt.MoveAction, -1, -1, m.index_of_piece("blue-chieftain"))
    assert said == ["Cannot drop here: War Canoe (Red clan) and Blue Head Chieftain are on different sides"]
