"""Docks and the tool options bar fit what they show: a long selection is counted and wraps, names are
not cut, and a rule set's docks list only what it uses."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel

from editor_test_support import ROOT, make_window

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")
PEARLS = os.path.join(ROOT, "scenarios", "pearls.yaml")


def _select_cells(w, cells):
    w.map_item.set_selection(cells=set(cells), pieces=set(), edges=set())
    w.selection_changed()


def test_many_selected_cells_are_counted_and_wrap_within_a_narrow_dock(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, source=TAHITI)
    w.resizeDocks([w.properties], [300], Qt.Horizontal)
    s = w.document.scenario
    cells = [s.grid.parse_label(f"{c:02d}{r:02d}") for c in range(15, 25) for r in range(18, 20)]
    _select_cells(w, cells)
    qtbot.wait(50)
    area = w.properties.widget()
    label = w.properties.findChild(QLabel, "propSelection")
    assert label.text().startswith("20 cells\n") and label.wordWrap()
    assert all(s.grid.label(c) in label.toolTip() for c in cells)  # the full list, in the tooltip
    assert area.horizontalScrollBar().maximum() == 0, "no sideways scrolling"
    viewport = area.viewport().width()
    for name in ("propTerrain", "propArea"):
        box = w.properties.findChild(QComboBox, name)
        right = box.mapTo(area.viewport(), box.rect().topRight()).x()
        assert box.isVisible() and right <= viewport, (name, right, viewport)


def test_one_cell_is_named_without_a_count(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, source=TAHITI)
    _select_cells(w, [w.document.scenario.grid.parse_label("1914")])
    assert w.properties.findChild(QLabel, "propSelection").text() == "1914"


def test_tool_option_boxes_show_their_longest_name_whole(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, source=TAHITI)  # opened first on Tahiti, then on the pearl game
    assert w.open_path(PEARLS)
    qtbot.wait(50)
    box = w.terrain_box
    longest = max((box.itemText(i) for i in range(box.count())), key=box.fontMetrics().horizontalAdvance)
    assert longest == "Island of Tahiti"
    assert box.sizeHint().width() >= box.fontMetrics().horizontalAdvance(longest) + 20


def test_layers_dock_header_is_whole_and_lists_only_the_layers_the_rules_use(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, source=TAHITI)
    tree = w.layers.tree
    header = tree.header()
    assert header.sectionSize(2) >= header.fontMetrics().horizontalAdvance("Locked") + 8
    shown = lambda: [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())
                     if not tree.topLevelItem(i).isHidden()]
    assert "Areas" in shown() and "Zones" in shown()
    assert w.open_path(TIKI)
    assert "Areas" not in shown() and "Zones" not in shown() and "Terrain" in shown() and "Labels" in shown()
    assert w.open_path(TAHITI)
    assert "Areas" in shown() and "Zones" in shown()


def test_legend_has_no_area_borders_for_a_rule_set_without_areas(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, source=TIKI)
    names = [name for _, _, name in w.legend.entries()]
    assert "Area border" not in names and "Region or island border" not in names
    assert w.open_path(TAHITI)
    names = [name for _, _, name in w.legend.entries()]
    assert "Area border" in names and "Region or island border" in names
