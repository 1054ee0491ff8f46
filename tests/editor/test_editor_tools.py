"""Every tool driven by mouse events on the map view's viewport, at the cells' `mapFromScene` positions.

For each tool: what it does to the scenario, that one stroke is exactly one undo
step, and that undo gives back the scenario as it was (redo the edit again).
"""
import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor_test_support import EXAMPLE_SQUARE, Mouse, edge_point, make_window
from motu.engine.board.search import find_path, reach


@pytest.fixture
def win(qtbot, tmp_path):
    return make_window(qtbot, tmp_path)


def use(window, name):
    window.tool_actions[name].trigger()
    assert window.view.tool is window.tools[name]


def snapshot(window):
    return window.document.scenario.copy()


def check_one_step(window, before, count_before):
    """The last stroke made exactly one undo step; undo restores `before`, redo brings the edit back."""
    stack = window.document.undo_stack
    assert stack.count() == count_before + 1
    after = snapshot(window)
    assert after != before
    stack.undo()
    assert window.document.scenario == before
    stack.redo()
    assert window.document.scenario == after
    return after


def test_tool_shortcut_letters_pick_the_tools(win):
    letters = {name: tool.shortcut for name, tool in win.tools.items()}
    assert letters == {"select": "S", "brush": "B", "fill": "F", "area": "A", "edge": "E", "feature": "T",
                       "piece": "P", "zone": "Z", "measure": "M"}
    for name in letters:
        use(win, name)
        assert win.tool_actions[name].isChecked()


# --- terrain brush ------------------------------------------------------------------------------
def test_brush_drag_is_one_undo_step(win):
    m, s, stack = Mouse(win), win.document.scenario, win.document.undo_stack
    use(win, "brush")
    win.pick_terrain("mountain")
    assert win.terrain_box.currentText() == win.map_item.catalogue.terrain["mountain"].name
    before, n = snapshot(win), stack.count()
    m.drag([50, 51, 52])
    assert [s.terrain[c] for c in (50, 51, 52)] == ["mountain"] * 3
    assert s.terrain[62] == before.terrain[62]  # nothing beyond the stroke
    check_one_step(win, before, n)
    assert win.isWindowModified()
    # A second stroke is a second step.
    m.drag([62, 63])
    assert stack.count() == n + 2
    stack.undo()
    stack.undo()
    assert win.document.scenario == before
    assert not win.isWindowModified()


def test_brush_sizes_and_right_button_picks(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "brush")
    win.size_box.setValue(2)
    assert win.settings.brush_size == 2
    win.pick_terrain("lagoon")
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(51)
    grid = s.grid
    painted = {51, *grid.neighbours(51)}
    assert all(s.terrain[c] == "lagoon" for c in painted)
    assert all(s.terrain[c] == before.terrain[c] for c in range(grid.size) if c not in painted)
    check_one_step(win, before, n)
    win.size_box.setValue(3)
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(53)
    ring2 = {c for c in range(grid.size) if grid.distance(53, c) <= 2}
    assert all(s.terrain[c] == "lagoon" for c in ring2)
    check_one_step(win, before, n)
    # Right button takes the terrain under the cursor.
    n = win.document.undo_stack.count()
    m.click(0, Qt.RightButton)
    assert win.settings.terrain == "sea" and win.document.undo_stack.count() == n
    assert win.terrain_box.currentText() == win.map_item.catalogue.terrain["sea"].name


def test_locked_layer_refuses_the_brush(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "brush")
    win.pick_terrain("mountain")
    win.layers.item_for("terrain").setCheckState(2, Qt.Checked)
    assert win.map_item.layers_locked["terrain"]
    m.drag([50, 51])
    assert s.terrain[50] == "coast" and win.document.undo_stack.count() == 0
    assert "locked" in win.statusBar().currentMessage()
    win.layers.item_for("terrain").setCheckState(2, Qt.Unchecked)
    m.drag([50, 51])
    assert s.terrain[50] == "mountain"


# --- flood fill ---------------------------------------------------------------------------------
def test_fill_fills_the_connected_region(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "fill")
    win.pick_terrain("clear")
    before, n = snapshot(win), win.document.undo_stack.count()
    old = s.terrain[52]
    assert old == "jungle"
    region, todo = {52}, [52]
    while todo:
        c = todo.pop()
        for nb in s.grid.neighbours(c):
            if nb not in region and before.terrain[nb] == old:
                region.add(nb)
                todo.append(nb)
    m.click(52)
    for c in range(s.grid.size):
        assert s.terrain[c] == ("clear" if c in region else before.terrain[c])
    check_one_step(win, before, n)
    # Filling with the terrain already there does nothing.
    n = win.document.undo_stack.count()
    m.click(52)
    assert win.document.undo_stack.count() == n


# --- area painter and the Areas dock -----------------------------------------------------------
def test_area_painter_paints_and_erases(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "area")
    win.settings.area = "east"
    before, n = snapshot(win), win.document.undo_stack.count()
    m.drag([50, 51, 52])
    assert [s.cell_area[c] for c in (50, 51, 52)] == ["east"] * 3
    check_one_step(win, before, n)
    before, n = snapshot(win), win.document.undo_stack.count()
    m.drag([51, 52], Qt.RightButton)
    assert [s.cell_area[c] for c in (50, 51, 52)] == ["east", None, None]
    check_one_step(win, before, n)


def test_area_painter_needs_an_area(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, EXAMPLE_SQUARE)  # Fern's example has no areas
    assert win.settings.area is None
    use(win, "area")
    Mouse(win).drag([40, 41])
    assert win.document.undo_stack.count() == 0
    assert "area" in win.statusBar().currentMessage().lower()


def _choose_areas(dock, ids):
    tree = dock.tree
    tree.clearSelection()
    for i in range(tree.topLevelItemCount()):
        it = tree.topLevelItem(i)
        it.setSelected(it.data(0, Qt.UserRole) in ids)


def _button(dock, name):
    from PySide6.QtWidgets import QPushButton
    return dock.findChild(QPushButton, name)


def test_areas_dock_new_rename_recolour(win, monkeypatch):
    import motu.editor.docks.areas as areas_mod
    dock, s, stack = win.areas, win.document.scenario, win.document.undo_stack
    monkeypatch.setattr(areas_mod.QInputDialog, "getText", staticmethod(lambda *a, **k: ("Reef flats", True)))
    _button(dock, "areaNew").click()
    qtwait(win)
    assert stack.count() == 1
    new_id = win.settings.area
    assert new_id == "reef_flats" and s.areas[new_id].name == "Reef flats" and dock.tree.topLevelItemCount() == 4
    # The area painter paints the new area.
    use(win, "area")
    Mouse(win).drag([62, 63])
    assert s.cell_area[62] == s.cell_area[63] == new_id
    qtwait(win)
    _choose_areas(dock, {new_id})
    dock.ask_rename = lambda collection, rid: ("Lagoon side", None)  # the name only: the id stays
    _button(dock, "areaRename").click()
    assert s.areas[new_id].name == "Lagoon side"
    qtwait(win)
    _choose_areas(dock, {new_id})
    monkeypatch.setattr(areas_mod.QColorDialog, "getColor", staticmethod(lambda *a, **k: QColor("#123456")))
    _button(dock, "areaColour").click()
    assert s.areas[new_id].color == "#123456"
    assert stack.count() == 4  # new, paint, rename, recolour
    for _ in range(4):
        stack.undo()
    assert new_id not in s.areas and s.cell_area[62] == "west"


def qtwait(win):
    """Let the docks refresh (they may do so one event-loop turn after a change)."""
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()


def test_areas_dock_merge_split_region_island(win):
    dock, s, stack = win.areas, win.document.scenario, win.document.undo_stack
    west = [c for c, a in enumerate(s.cell_area) if a == "west"]
    east = [c for c, a in enumerate(s.cell_area) if a == "east"]
    before = snapshot(win)
    # Merge: the first chosen area (tree order) takes the cells of the others.
    _choose_areas(dock, {"west", "east"})
    assert dock.chosen_ids() == ["west", "east"]
    _button(dock, "areaMerge").click()
    assert "east" not in s.areas and all(s.cell_area[c] == "west" for c in west + east)
    assert stack.count() == 1
    stack.undo()
    assert s == before
    qtwait(win)
    # Split: the selected cells become a new area of the same region and island.
    use(win, "select")
    m = Mouse(win)
    m.click(50)
    m.click(51, mods=Qt.ShiftModifier)
    assert win.map_item.selected_cells == {50, 51}
    _button(dock, "areaSplit").click()
    new_id = s.cell_area[50]
    assert new_id not in ("west", None) and s.cell_area[51] == new_id
    assert s.areas[new_id].region == "north" and s.areas[new_id].island == "example"
    assert stack.count() == 1 and stack.index() == 1  # the undone merge is gone; the split is one step
    qtwait(win)
    # The Areas dock lists the new area by itself (a Compound edit reports the scope "scenario").
    listed = [dock.tree.topLevelItem(i).data(0, Qt.UserRole) for i in range(dock.tree.topLevelItemCount())]
    assert listed == list(s.areas) and new_id in listed
    # Assign to a region and an island.
    _choose_areas(dock, {new_id})
    south_index = list(s.regions).index("south") + 1
    dock.region.setCurrentIndex(south_index)
    dock.region.activated.emit(south_index)
    assert s.areas[new_id].region == "south"
    qtwait(win)
    _choose_areas(dock, {new_id})
    dock.island.setCurrentIndex(0)
    dock.island.activated.emit(0)
    assert s.areas[new_id].island is None
    assert stack.count() == 3
    for _ in range(3):
        stack.undo()
    assert s == before


# --- edges ------------------------------------------------------------------------------------
def test_edge_tool_click_adds_and_alt_click_or_right_button_removes(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "edge")
    assert win.settings.edge_feature == "reef"
    assert [win.edge_box.itemText(i) for i in range(win.edge_box.count())] == \
        [e.name for e in win.map_item.catalogue.edges.values()]
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(edge_point(win, 51, 52))
    assert s.edge_features(51, 52) == ("reef",)
    check_one_step(win, before, n)
    # Another feature from the catalogue joins the first.
    win.edge_box.setCurrentIndex(1)
    win.edge_box.activated.emit(1)
    assert win.settings.edge_feature == "portage"
    m.click(edge_point(win, 52, 51))
    assert s.edge_features(51, 52) == ("portage", "reef")
    # A plain click on an edge that has the feature changes nothing; Alt+click takes it off, as the right button does.
    n = win.document.undo_stack.count()
    m.click(edge_point(win, 51, 52))
    assert s.edge_features(51, 52) == ("portage", "reef") and win.document.undo_stack.count() == n
    m.click(edge_point(win, 51, 52), mods=Qt.AltModifier)
    assert s.edge_features(51, 52) == ("reef",)
    win.edge_box.setCurrentIndex(0)
    win.edge_box.activated.emit(0)
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(edge_point(win, 51, 52), Qt.RightButton)
    assert s.edge_features(51, 52) == ()
    check_one_step(win, before, n)


def test_edge_tool_drag_is_one_step(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "edge")
    before, n = snapshot(win), win.document.undo_stack.count()
    pairs = [(51, 52), (63, 64), (64, 52)]
    m.drag([edge_point(win, a, b) for a, b in pairs])
    for a, b in pairs:
        assert "reef" in s.edge_features(a, b)
    check_one_step(win, before, n)


def test_edge_tool_on_squares(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, EXAMPLE_SQUARE)
    s = win.document.scenario
    use(win, "edge")
    assert list(win.map_item.catalogue.edges) == ["stream", "palisade"]
    win.edge_box.setCurrentIndex(1)
    win.edge_box.activated.emit(1)
    before, n = snapshot(win), win.document.undo_stack.count()
    Mouse(win).click(edge_point(win, 40, 41))
    assert s.edge_features(40, 41) == ("palisade",)
    check_one_step(win, before, n)


# --- cell features ----------------------------------------------------------------------------
def test_feature_tool(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "feature")
    cat = win.map_item.catalogue
    assert [win.feature_box.itemText(i) for i in range(win.feature_box.count())] == [f.name for f in cat.features.values()]
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(63)
    added = [f for f in s.features if f.cell == 63]
    assert [(f.kind, f.side) for f in added] == [("village_site", None)]
    check_one_step(win, before, n)
    m.click(63)  # the same feature twice is one feature
    assert len([f for f in s.features if f.cell == 63]) == 1
    # A feature that belongs to a side takes the chosen side.
    idx = list(cat.features).index("home_village")
    win.feature_box.setCurrentIndex(idx)
    win.feature_box.activated.emit(idx)
    win.side_box.setCurrentIndex(1)
    win.side_box.activated.emit(1)
    assert win.settings.side == "blue"
    m.click(64)
    assert [(f.kind, f.side) for f in s.features if f.cell == 64] == [("home_village", "blue")]
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(64, Qt.RightButton)
    assert not [f for f in s.features if f.cell == 64]
    check_one_step(win, before, n)


# --- pieces -------------------------------------------------------------------------------------
def test_piece_palette_and_stacks(win):
    m, s = Mouse(win), win.document.scenario
    cat = win.map_item.catalogue
    use(win, "piece")
    assert [win.piece_box.itemText(i) for i in range(win.piece_box.count())] == [p.name for p in cat.pieces.values()]
    idx = list(cat.pieces).index("fighters")
    win.piece_box.setCurrentIndex(idx)
    win.piece_box.activated.emit(idx)
    assert win.settings.piece == "fighters" and win.settings.unit == "fighters"
    before, n = snapshot(win), win.document.undo_stack.count()
    m.click(63)
    m.click(63)
    stack = s.pieces_at(63)
    assert [(p.id, p.kind, p.side) for p in stack] == [("fighters-1", "fighters", "red"), ("fighters-2", "fighters", "red")]
    assert win.document.undo_stack.count() == n + 2  # one step per click
    # The right button takes the top piece off.
    m.click(63, Qt.RightButton)
    assert [p.id for p in s.pieces_at(63)] == ["fighters-1"]
    for _ in range(3):
        win.document.undo_stack.undo()
    assert s == before
    # Adding a piece to a stack that is there already (red-hc, red-pop at 0404).
    m.click(39)
    assert [p.id for p in s.pieces_at(39)] == ["red-hc", "red-pop", "fighters-1"]


# --- set-up zones -----------------------------------------------------------------------------
def test_zone_tool(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "zone")
    win.side_box.setCurrentIndex(1)
    win.side_box.activated.emit(1)
    assert win.settings.side == "blue"
    before, n = snapshot(win), win.document.undo_stack.count()
    m.drag([51, 52, 53])
    assert s.setup_zones["blue"] == before.setup_zones["blue"] | {51, 52, 53}
    assert s.setup_zones["red"] == before.setup_zones["red"]
    check_one_step(win, before, n)
    before, n = snapshot(win), win.document.undo_stack.count()
    m.drag([52, 53], Qt.RightButton)
    assert s.setup_zones["blue"] == before.setup_zones["blue"] - {52, 53}
    check_one_step(win, before, n)


# --- select -------------------------------------------------------------------------------------
def test_select_cells_shift_ctrl_and_rubber_band(win):
    m, item = Mouse(win), win.map_item
    use(win, "select")
    m.click(51)
    assert item.selected_cells == {51} and not item.selected_pieces
    m.click(52, mods=Qt.ShiftModifier)
    assert item.selected_cells == {51, 52}
    m.click(63, mods=Qt.ControlModifier)
    assert item.selected_cells == {51, 52, 63}
    m.click(51, mods=Qt.ControlModifier)
    assert item.selected_cells == {52, 63}
    m.click(64)
    assert item.selected_cells == {64}
    # Rubber band: the cells whose centres lie in the dragged rectangle.
    geo = item.geo
    from PySide6.QtCore import QPointF, QRectF

    def band(c1, c2):
        """Corners 10 units outside two cells' centres: clear of every centre, so rounding to pixels
        cannot move a centre in or out of the band."""
        p, q = geo.centre(c1), geo.centre(c2)
        return (QPointF(min(p.x(), q.x()) - 10, min(p.y(), q.y()) - 10),
                QPointF(max(p.x(), q.x()) + 10, max(p.y(), q.y()) + 10))

    a, b = band(51, 65)
    m.drag([a, b])
    rect = QRectF(a, b).normalized()
    expected = {c for c in range(win.document.scenario.grid.size) if rect.contains(geo.centre(c))}
    assert item.selected_cells == expected and {51, 65} <= expected and len(expected) >= 4
    # Shift extends a rubber band selection.
    m.drag(band(75, 76), mods=Qt.ShiftModifier)
    assert item.selected_cells >= expected | {75, 76}
    assert win.document.undo_stack.count() == 0  # selecting edits nothing


def test_select_pieces_edges_areas_and_move(win):
    m, item, s = Mouse(win), win.map_item, win.document.scenario
    use(win, "select")
    m.click(39)
    assert item.selected_pieces == {"red-pop"}  # the top of the stack
    m.click(44, mods=Qt.ShiftModifier)
    assert item.selected_pieces == {"red-pop", "blue-fighters"}
    m.click(44, mods=Qt.ControlModifier)
    assert item.selected_pieces == {"red-pop"}
    # Dragging a selected piece moves it: one undo step.
    before, n = snapshot(win), win.document.undo_stack.count()
    m.drag([39, 40])
    assert s.pieces["red-pop"].cell == 40 and s.pieces["red-hc"].cell == 39
    check_one_step(win, before, n)
    # Alt+click picks the edge next to the cursor; Shift adds another.
    m.click(edge_point(win, 51, 52), mods=Qt.AltModifier)
    assert item.selected_edges == {(51, 52)} and not item.selected_cells
    m.click(edge_point(win, 63, 64), mods=Qt.AltModifier | Qt.ShiftModifier)
    assert item.selected_edges == {(51, 52), (63, 64)}
    # Double-click selects the whole area and makes it the area painter's area.
    m.double_click(54)
    east = {c for c, a in enumerate(s.cell_area) if a == "east"}
    assert item.selected_cells == east and win.settings.area == "east"


def test_delete_selected_pieces_is_one_step(win):
    m, s = Mouse(win), win.document.scenario
    use(win, "select")
    m.click(39)
    m.click(44, mods=Qt.ShiftModifier)
    before, n = snapshot(win), win.document.undo_stack.count()
    win.findChild(type(win.undo_action), "actionDeleteSelectedPieces").trigger()
    assert "red-pop" not in s.pieces and "blue-fighters" not in s.pieces and "red-hc" in s.pieces
    check_one_step(win, before, n)


# --- measure ------------------------------------------------------------------------------------
def test_measure_range_distance_path_and_sight(win):
    m, item, doc = Mouse(win), win.map_item, win.document
    s = doc.scenario
    use(win, "measure")
    a, b = 39, 66
    m.click(a)
    profile = doc.rules.movement_profile(s, win.settings.unit, win.settings.side)
    costs = reach(profile, a, win.settings.mp)
    assert set(item.overlay.cells) == set(costs) and a in item.overlay.cells
    assert "MP" in win.statusBar().currentMessage()
    m.move(b)  # no button held: the measure follows the cursor
    ov = item.overlay
    assert ov.line == (a, b)
    visible = doc.rules.sight(s).visible(a, b)
    assert ov.line_visible == visible
    path, cost = find_path(profile, a, b, math.inf)
    assert ov.path == path and ov.path[0] == a and ov.path[-1] == b
    text = win.statusBar().currentMessage()
    assert f"distance {s.grid.distance(a, b)}" in text
    assert ("visible" if visible else "blocked") in text
    assert s.grid.label(a) in text and s.grid.label(b) in text
    # A larger MP reaches more cells; the overlay follows the spin box.
    n_cells = len(item.overlay.cells)
    win.mp_box.setValue(8)
    assert len(item.overlay.cells) > n_cells
    assert set(item.overlay.cells) == set(reach(profile, a, 8.0))
    # The right button clears; measuring edits nothing.
    m.click(b, Qt.RightButton)
    assert not item.overlay.cells and item.overlay.line is None
    assert doc.undo_stack.count() == 0
    # Leaving the tool clears its overlay.
    m.click(a)
    use(win, "select")
    assert not item.overlay.cells


def test_areas_dock_delete(win):
    dock, s, stack = win.areas, win.document.scenario, win.document.undo_stack
    before = snapshot(win)
    _choose_areas(dock, {"south"})
    _button(dock, "areaDelete").click()
    assert "south" not in s.areas and "south" not in s.cell_area
    qtwait(win)
    assert [dock.tree.topLevelItem(i).data(0, Qt.UserRole) for i in range(dock.tree.topLevelItemCount())] == ["west", "east"]
    check_one_step(win, before, 0)


def test_hidden_pieces_layer_is_not_selected(win):
    m, item = Mouse(win), win.map_item
    use(win, "select")
    win.layers.item_for("pieces").setCheckState(1, Qt.Unchecked)
    assert item.layers_visible["pieces"] is False
    m.click(39)
    assert item.selected_cells == {39} and item.selected_pieces == set()
    win.layers.item_for("pieces").setCheckState(1, Qt.Checked)
    m.click(39)
    assert item.selected_pieces == {"red-pop"}
