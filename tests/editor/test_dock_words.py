"""Words the Problems and Scenario docks show: counts in good English, the rule set by its name,
long text fields read from their start (motu/editor/docks/problems.py, motu/editor/docks/scenario.py)."""
import os

from PySide6.QtWidgets import QLabel, QLineEdit

from editor_test_support import ROOT, make_window, wait_validation
from motu.engine.scenario.validation import Finding

FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def test_counted_words():
    from motu.editor.docks.problems import counted
    assert [counted(n, "error") for n in (0, 1, 2)] == ["0 errors", "1 error", "2 errors"]


def test_problems_summary_says_one_error_and_one_warning(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    wait_validation(qtbot, w)
    dock = w.problems
    dock._done(dock._generation, [Finding("X_ONE", "error", "one"), Finding("X_TWO", "warning", "two"),
                                  Finding("X_THREE", "warning", "three")], 0.002)
    assert dock.summary.text().startswith("1 error, 2 warnings (")
    dock._done(dock._generation, [Finding("X_ONE", "error", "one"), Finding("X_TWO", "error", "two"),
                                  Finding("X_THREE", "warning", "three")], 0.002)
    assert dock.summary.text().startswith("2 errors, 1 warning (")


def test_scenario_dock_names_the_rule_set_without_its_id(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, FERN)
    label = w.scenario_dock.findChild(QLabel, "scenarioRuleSet")
    assert label.text() == w.document.rules.name
    assert "(fern)" not in label.text() and "fern" in label.toolTip()


def test_victory_note_shows_its_start(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, FERN)
    w.scenario_dock.raise_()
    form = w.scenario_dock.findChild(QLineEdit, "form_note")
    assert form.text().startswith("§11: casualties inflicted")
    assert form.cursorPosition() == 0
    title = w.scenario_dock.findChild(QLineEdit, "scenarioTitle")
    assert title.cursorPosition() == 0
