"""The Areas dock's Merge and Delete keep the Random Area Selection Table right in the same undo step
(the newcomer's case: Tahiti and Mo'orea, Paopao and Papetoai merged, then RAST_BAD with an id)."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from editor_test_support import ROOT, make_window, wait_validation
from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset

MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")


def choose(dock, ids):
    dock.tree.clearSelection()
    for i in range(dock.tree.topLevelItemCount()):
        it = dock.tree.topLevelItem(i)
        it.setSelected(it.data(0, Qt.UserRole) in ids)


def press(dock, name):
    dock.findChild(QPushButton, name).click()


def rast_findings(qtbot, w):
    wait_validation(qtbot, w)
    return [f for f in w.problems.findings if f.code == "RAST_BAD"]


def test_merging_paopao_and_papetoai_keeps_the_table_and_undo_restores_both(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, MOOREA)
    s, stack = w.document.scenario, w.document.undo_stack
    text = dumps(s)
    choose(w.areas, {"paopao", "papetoai"})
    press(w.areas, "areaMerge")
    assert stack.count() == 1 and stack.text(0) == "Merge areas"
    assert "papetoai" not in s.areas
    group = s.tables["random_area_selection"]["groups"][3]["second"]
    assert group == ["afareaitu", "teavaro", "paopao", "roll_again", "haapiti", "roll_again"]
    assert rast_findings(qtbot, w) == [] and w.problems.summary.text().startswith("0 errors")
    path = str(tmp_path / "merged.yaml")
    w.document.save(path)
    assert [f.code for f in get_ruleset("tahiti").validate(load_path(path)) if f.severity == "error"] == []
    stack.undo()
    assert dumps(s) == text and "papetoai" in s.areas
    assert rast_findings(qtbot, w) == []


def test_deleting_an_area_gives_its_slot_roll_again(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, MOOREA)
    s, stack = w.document.scenario, w.document.undo_stack
    text = dumps(s)
    choose(w.areas, {"papetoai", "haapiti"})
    press(w.areas, "areaDelete")
    assert stack.count() == 1
    group = s.tables["random_area_selection"]["groups"][3]["second"]
    assert group == ["afareaitu", "teavaro", "paopao", "roll_again", "roll_again", "roll_again"]
    assert rast_findings(qtbot, w) == []
    stack.undo()
    assert dumps(s) == text
