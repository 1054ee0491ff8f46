"""Docks fit their content at the default width (the Scenario dock's tabs, Tahiti's Set-up words, the Areas
list's Region column); in the dark palette the Layers dock's check boxes show, ticked or not; areas that
touch have colours that differ at a glance (Mo'orea's districts were five pinks), and the Areas dock's
Colour Neighbours Apart recolours those that do not, in one undo step."""
import os
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QToolButton

from editor_test_support import ROOT, make_window, settings_for
from motu.editor import preferences
from motu.editor.canvas.style import Style
from motu.engine.scenario.area_colours import CLEARLY_APART, area_neighbours, colour_distance

from test_editor_map_ops import answer

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
BOTH = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")
MOOREA = os.path.join(ROOT, "tools", "maps", "moorea.geojson")


def default_window(qtbot, tmp_path, source=TAHITI, settings=None):
    """A first run: no saved layout, the window at its own default size, the docks at theirs."""
    w = make_window(qtbot, tmp_path, source, show=False, settings=settings)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(50)
    assert (w.width(), w.height()) == (1400, 900)
    return w


def front(qtbot, dock):
    dock.show()
    dock.raise_()
    qtbot.wait(20)


def test_the_scenario_docks_tabs_and_set_up_words_fit_at_the_default_width(qtbot, tmp_path):
    w = default_window(qtbot, tmp_path)
    dock = w.scenario_dock
    front(qtbot, dock)
    bar = dock.tabs.tabBar()
    assert [bar.tabText(i) for i in range(bar.count())] == ["General", "Sides", "Options", "Victory", "Set-up", "Tables"]
    assert not [b for b in bar.findChildren(QToolButton) if b.isVisible()], "no scroll arrows: every tab shows"
    assert bar.tabRect(bar.count() - 1).right() <= bar.width()
    for i in range(dock.tabs.count()):
        dock.tabs.setCurrentIndex(i)
        qtbot.wait(10)
        area = dock.tabs.widget(i)
        assert isinstance(area, QScrollArea)
        assert area.horizontalScrollBar().maximum() == 0, f"the {bar.tabText(i)} tab scrolls sideways"
    # Every option's words show whole: wrapped across the dock, no row squeezed below its text's height.
    dock.tabs.setCurrentIndex(2)
    qtbot.wait(10)
    options = dock.tabs.widget(2)
    labels = [lab for lab in options.widget().findChildren(QLabel) if lab.text()]
    assert len(labels) == len(w.map_item.catalogue.options)
    for lab in labels:
        assert lab.height() >= lab.heightForWidth(lab.width()) - 1, lab.text()
        assert lab.width() > options.viewport().width() / 2 or lab.sizeHint().width() < lab.width() + 2, lab.text()
    # Tahiti's Set-up words wrap within the dock: the rule set's note and the long labels of its fields.
    dock.tabs.setCurrentIndex(4)
    qtbot.wait(10)
    setup = dock.tabs.widget(4)
    labels = {lab.text(): lab for lab in setup.widget().findChildren(QLabel)}
    for start in (w.map_item.catalogue.set_up.text, "Players, 1 to 4", "Home Villages drawn at random"):
        lab = next(lab for text, lab in labels.items() if text.startswith(start))
        right = lab.mapTo(setup.viewport(), lab.rect().topRight()).x()
        assert lab.wordWrap() and right <= setup.viewport().width(), (start, right, setup.viewport().width())


def test_the_areas_list_shows_its_region_column_whole_at_the_default_width(qtbot, tmp_path):
    w = default_window(qtbot, tmp_path)
    front(qtbot, w.areas)
    tree = w.areas.tree
    header = tree.header()
    longest = max((tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount())),
                  key=tree.fontMetrics().horizontalAdvance)
    assert longest == "Porionu'u and Aharoa (north and east)"
    assert header.sectionSize(1) >= tree.fontMetrics().horizontalAdvance(longest)
    right = header.sectionPosition(3) + header.sectionSize(3)
    assert right <= tree.viewport().width() and tree.horizontalScrollBar().maximum() == 0
    # The map keeps the largest share of the window: the right-hand docks stop at about a third of it.
    assert w.view.width() > max(w.areas.width(), w.layers.width()) and w.areas.width() <= 0.36 * w.width() + 8


def test_dark_palette_check_boxes_of_the_layers_dock_show(qtbot, tmp_path):
    store = settings_for(tmp_path)
    store.setValue("view/palette", "dark")
    w = make_window(qtbot, tmp_path, TAHITI, settings=store)
    try:
        assert preferences.is_dark(w.palette())
        tree = w.layers.tree
        front(qtbot, w.layers)
        image = tree.viewport().grab().toImage()
        item = w.layers.item_for("terrain")
        assert item.checkState(1) == Qt.Checked and item.checkState(2) == Qt.Unchecked
        for column in (1, 2):
            rect = tree.visualRect(tree.indexFromItem(item, column))
            light = max(image.pixelColor(x, y).lightness() for x in range(rect.left(), rect.right())
                        for y in range(rect.top(), rect.bottom()))
            assert light > 120, f"column {column}: the box is no lighter than {light} on a dark base"
    finally:
        preferences.set_palette(w, "system")


def _neighbours_differ(s, colours, areas=None):
    near = area_neighbours(s)
    pairs = {tuple(sorted((a, b))) for a in (areas or s.areas) for b in near[a]}
    return {p: round(colour_distance(colours[p[0]], colours[p[1]])) for p in pairs
            if colour_distance(colours[p[0]], colours[p[1]]) < CLEARLY_APART}


def test_moorea_districts_differ_from_their_neighbours(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, BOTH)
    s = w.document.scenario
    moorea = [a for a, r in s.areas.items() if r.island == "moorea"]
    shown = {a: c.name() for a, c in w.map_item.style.area.items()}
    assert len(moorea) == 5 and _neighbours_differ(s, shown, moorea) == {}
    assert len({shown[a] for a in moorea}) == 5
    # Imported from its coastline, as the newcomer did: the same.
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: MOOREA)
    answer(w, monkeypatch, lambda d: None, qtbot)
    assert w.map_ops.import_coastline()
    s = w.document.scenario
    assert _neighbours_differ(s, {a: c.name() for a, c in w.map_item.style.area.items()}) == {}


def test_areas_without_a_colour_are_shown_apart_from_their_neighbours(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    bare = s.copy()
    bare.areas = {a: replace(r, color=None) for a, r in s.areas.items()}
    style = Style.build(bare, w.map_item.catalogue)
    assert _neighbours_differ(bare, {a: c.name() for a, c in style.area.items()}) == {}


def test_colour_neighbours_apart_is_one_undo_step(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    before = {a: r.color for a, r in s.areas.items()}
    clashes = _neighbours_differ(s, before)
    assert ("mahina", "pare") in clashes  # two light blues side by side
    n = w.document.undo_stack.count()
    w.areas.findChild(QPushButton, "areaColour Neighbours Apart").click()
    after = {a: r.color for a, r in s.areas.items()}
    assert _neighbours_differ(s, after) == {} and w.document.undo_stack.count() == n + 1
    assert {a for a in s.areas if after[a] != before[a]} <= {a for p in clashes for a in p}  # the others keep theirs
    assert {a: c.name() for a, c in w.map_item.style.area.items()} == after  # the map shows them
    assert "so that neighbours differ" in w.statusBar().currentMessage()
    w.document.undo_stack.undo()
    assert {a: r.color for a, r in s.areas.items()} == before
    # Nothing to do says so, and makes no step.
    w.document.undo_stack.redo()
    w.areas.findChild(QPushButton, "areaColour Neighbours Apart").click()
    assert w.document.undo_stack.count() == n + 1
    assert w.statusBar().currentMessage() == "Every area's colour already differs clearly from its neighbours'."


def test_a_new_area_takes_a_hue_few_areas_have(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    s = w.document.scenario
    aid = w.areas.new_area("Tiny")
    colour = s.areas[aid].color
    assert colour and all(colour_distance(colour, r.color) >= CLEARLY_APART for a, r in s.areas.items() if a != aid)
