"""View state that names cells never outlives its document: hover, selection, marks, overlays and tool
previews are reset when a scenario replaces another, and painting never indexes a cell the grid lacks."""
import os

from PySide6.QtWidgets import QApplication

from editor_test_support import EXAMPLE_SQUARE, ROOT, Mouse, make_window

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def test_hover_then_open_a_smaller_map_paints_without_error(qtbot, tmp_path):
    """The crash of File > Open after hovering: the old hover cell painted on the new, smaller grid."""
    w = make_window(qtbot, tmp_path, TAHITI, zoom=1.0)
    mouse = Mouse(w)
    big = w.document.scenario.grid.size - 5
    mouse.hover(big)
    assert w.map_item.hover_cell == big
    assert w.open_path(EXAMPLE_SQUARE)
    w.view.viewport().repaint()  # a paint method that raises fails the test (pytest-qt captures it)
    QApplication.processEvents()
    assert w.map_item.hover_cell is None or w.map_item.hover_cell < w.document.scenario.grid.size


def test_hover_then_new_blank_map_paints_without_error(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI, zoom=1.0)
    mouse = Mouse(w)
    mouse.hover(w.document.scenario.grid.size - 3)
    w.map_item.set_selection(cells={w.document.scenario.grid.size - 1})
    w.map_item.set_problem_cells({w.document.scenario.grid.size - 2})
    from motu.engine.rules.registry import get_ruleset
    w.document.replace(get_ruleset("fern").new_scenario("square", 5, 4), None)
    w.view.viewport().repaint()
    QApplication.processEvents()
    n = w.document.scenario.grid.size
    item = w.map_item
    assert all(c < n for c in item.selected_cells | item.problem_cells)
