"""Tools as a Tiled user reaches for them: the edge preview is the edge a click takes, drags along sides,
squares without diagonals, feature drags, line and rectangle fills, copy and paste, shortcuts that stay
with the map, and the tools a rule set does without hidden."""
import os
import random

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from editor_test_support import EXAMPLE_HEX, EXAMPLE_SQUARE, ROOT, Mouse, edge_point, key, make_window
from motu.engine.board.grids import HexGrid, SquareGrid
from motu.engine.rules.registry import get_ruleset

FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def blank_window(qtbot, tmp_path, ruleset, grid, zoom=1.5):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=zoom)
    rs = get_ruleset(ruleset)
    s = rs.new_scenario(grid.shape, grid.columns, grid.rows)
    if grid.shape == "hex":
        from motu.engine.scenario.model import blank_scenario
        s = blank_scenario(ruleset, grid, rs.catalogue.default_terrain)
    w.document.replace(s, None)
    from editor_test_support import set_zoom
    set_zoom(w, zoom)
    return w


@pytest.mark.parametrize("ruleset,grid", [
    ("tahiti", HexGrid(10, 8, "flat", "odd-q")),
    ("tahiti", HexGrid(10, 8, "pointy", "odd-r")),
    ("fern", SquareGrid(10, 8)),
])
def test_edge_preview_is_the_edge_the_click_takes(qtbot, tmp_path, ruleset, grid):
    """At 20 random pointer positions: the side highlighted before the click is the side the click edits."""
    w = blank_window(qtbot, tmp_path, ruleset, grid)
    m = Mouse(w)
    w.select_tool("edge")
    geo = w.map_item.geo
    rng = random.Random(13)
    s = w.document.scenario
    done = 0
    while done < 20:
        cell = rng.randrange(s.grid.size)
        c = geo.centre(cell)
        pt = c + QPointF(rng.uniform(-0.9, 0.9) * geo.half[0], rng.uniform(-0.9, 0.9) * geo.half[1])
        if w.map_item.cell_at(pt) is None:
            continue
        m.show(pt)
        m.move(pt)
        preview = set(w.map_item.preview.edges)
        if not preview:
            continue
        [edge] = preview
        before = dict(s.edges)
        # A side that has the feature already is taken off with Alt (a plain click changes nothing there).
        mods = Qt.AltModifier if w.settings.edge_feature in s.edge_features(*edge) else Qt.NoModifier
        m.press(pt, mods=mods)
        m.release(pt, mods=mods)
        changed = {k for k in set(before) | set(s.edges) if before.get(k) != s.edges.get(k)}
        assert changed == {edge}, (s.grid.edge_label(*edge), [s.grid.edge_label(*k) for k in changed])
        if grid.shape == "square":
            a, b = edge
            ca, cb = s.grid.col_row(a), s.grid.col_row(b)
            assert (ca[0] == cb[0]) != (ca[1] == cb[1]), "squares have four sides, never a diagonal"
        done += 1


def test_edge_drag_on_squares_takes_the_sides_along_the_path_and_no_diagonal(qtbot, tmp_path):
    w = blank_window(qtbot, tmp_path, "fern", SquareGrid(16, 12), zoom=1.0)
    m = Mouse(w)
    w.select_tool("edge")
    s = w.document.scenario
    g = s.grid
    # Along the bottom of row 4 from column 3 to column 12, wobbling toward corners on the way.
    pts = [edge_point(w, g.parse_label(f"{c},4"), g.parse_label(f"{c},5")) for c in range(3, 13)]
    count = w.document.undo_stack.count()
    m.drag(pts, steps=6)
    assert w.document.undo_stack.count() == count + 1
    cols = g.columns
    assert all(a % cols == b % cols or a // cols == b // cols for a, b in s.edges)
    want = {tuple(sorted((g.parse_label(f"{c},4"), g.parse_label(f"{c},5")))) for c in range(3, 13)}
    assert want <= set(s.edges)


def test_feature_tool_drags_like_the_brush(qtbot, tmp_path):
    """A base edge of 16 squares is one drag and one undo step (issue 19)."""
    w = make_window(qtbot, tmp_path, EXAMPLE_SQUARE, zoom=1.0)
    m = Mouse(w)
    w.select_tool("feature")
    s = w.document.scenario
    g = s.grid
    w.settings.feature = "track"
    before = len(s.features)
    count = w.document.undo_stack.count()
    row = [g.parse_label(f"{c},3") for c in range(1, g.columns + 1)]
    m.drag([row[0], row[-1]], steps=12)
    assert w.document.undo_stack.count() == count + 1
    assert {f.cell for f in s.features[before:] if f.kind == "track"} == set(row)
    w.document.undo_stack.undo()
    assert len(s.features) == before


@pytest.mark.parametrize("mods,shape", [(Qt.ShiftModifier, "line"), (Qt.ControlModifier, "rect")])
def test_line_and_rectangle_fills_are_one_step_with_a_preview(qtbot, tmp_path, mods, shape):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=1.2)
    m = Mouse(w)
    w.select_tool("brush")
    w.pick_terrain("mountain")
    g = w.document.scenario.grid
    a, b = g.cell(2, 2), g.cell(8, 6)
    m.show(a, b)
    m.press(a, mods=mods)
    m.move(b, buttons=Qt.LeftButton, mods=mods)
    want = set(g.line(a, b) if shape == "line" else g.rectangle(a, b))
    assert w.map_item.preview.cells == want
    assert w.document.scenario.terrain[b] != "mountain" or b in want  # nothing painted before release
    count = w.document.undo_stack.count()
    m.release(b, mods=mods)
    assert w.document.undo_stack.count() == count + 1
    assert {c for c in range(g.size) if w.document.scenario.terrain[c] == "mountain"} >= want
    assert not w.map_item.preview.cells


def test_area_painter_rectangle(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=1.2)
    m = Mouse(w)
    aid = w.areas.new_area("Block")
    w.select_tool("area")
    g = w.document.scenario.grid
    a, b = g.cell(1, 1), g.cell(4, 3)
    m.show(a, b)
    m.press(a, mods=Qt.ControlModifier)
    m.move(b, buttons=Qt.LeftButton, mods=Qt.ControlModifier)
    m.release(b, mods=Qt.ControlModifier)
    assert {c for c, x in enumerate(w.document.scenario.cell_area) if x == aid} == set(g.rectangle(a, b))


def test_new_area_is_selected_and_painted_next(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=1.2)
    m = Mouse(w)
    first = next(iter(w.document.scenario.areas))
    w.areas.select_area(first)
    w.areas._ask_name = lambda title, current, new=False: "Maeva"  # what the designer types
    aid = w.areas.new_area()
    assert aid == "maeva" and w.document.scenario.areas[aid].name == "Maeva"  # the id follows the name
    assert w.areas.chosen_ids() == [aid] and w.settings.area == aid
    w.select_tool("area")
    m.click(33)
    assert w.document.scenario.cell_area[33] == aid


def test_copy_paste_round_trip(qtbot, tmp_path):
    """Copy a patch with terrain, area, feature and pieces; paste it elsewhere; the paste is one step
    and the pasted cells hold what the copied ones held; undo takes it all back."""
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=1.0)
    m = Mouse(w)
    s = w.document.scenario
    g = s.grid
    from motu.engine.scenario import edits as E
    from motu.engine.scenario.model import CellFeature, Piece
    src = [g.cell(c, r) for c in (1, 2, 3) for r in (1, 2)]
    w.push(E.PaintTerrain((src[0], src[3]), ("mountain", "jungle")))
    w.push(E.InsertFeature(len(s.features), CellFeature("village_site", src[1])))
    w.push(E.PutRecord("pieces", "p1", Piece("p1", "militia", next(iter(s.sides)), src[2], 1)))
    w.map_item.set_selection(cells=src)
    assert w.copy()
    before = s.copy()
    assert w.paste() and w.view.tool is w.paste_tool
    anchor = g.cell(7, 5)  # even column offset on odd-q: the shape must keep its shape
    m.hover(anchor)
    assert len(w.map_item.preview.cells) == len(src)
    count = w.document.undo_stack.count()
    m.click(anchor)
    assert w.document.undo_stack.count() == count + 1
    dq = g.axial(anchor).q - g.axial(src[0]).q
    dr = g.axial(anchor).r - g.axial(src[0]).r
    from motu.engine.board.hexmath import Hex
    for c in src:
        h = g.axial(c)
        t = g.cell_of_hex(Hex(h.q + dq, h.r + dr))
        assert s.terrain[t] == before.terrain[c] and s.cell_area[t] == before.cell_area[c]
        assert [f.kind for f in s.features_at(t)] == [f.kind for f in before.features_at(c)]
        assert [p.kind for p in s.pieces_at(t)] == [p.kind for p in before.pieces_at(c)]
    assert len(s.pieces) == len(before.pieces) + sum(len(before.pieces_at(c)) for c in src)
    w.document.undo_stack.undo()
    assert w.document.scenario == before
    key(w.view, Qt.Key_Escape)
    assert w.view.tool is w.tools["select"]


def test_cut_clears_the_cells_in_one_step(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX, zoom=1.0)
    s = w.document.scenario
    cells = [50, 51, 52]
    w.map_item.set_selection(cells=cells)
    count = w.document.undo_stack.count()
    assert w.cut()
    assert w.document.undo_stack.count() == count + 1
    assert all(s.terrain[c] == w.map_item.catalogue.default_terrain and s.cell_area[c] is None for c in cells)


def test_tool_shortcuts_belong_to_the_map_not_to_a_docks_type_ahead(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_HEX)
    w.activateWindow()
    qtbot.waitActive(w)
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key_E)
    assert w.view.tool is w.tools["edge"]
    w.select_tool("select")
    w.areas.show()
    w.areas.raise_()
    w.areas.tree.setFocus()
    QApplication.processEvents()
    qtbot.keyClick(w.areas.tree, Qt.Key_E)
    assert w.view.tool is w.tools["select"], "E typed in the areas list must not change the tool"
    for name, act in w.tool_actions.items():
        assert not act.icon().isNull(), name
        assert f"({w.tools[name].shortcut})" in act.toolTip()


def test_tools_and_panels_fern_does_without_are_hidden(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, FERN)
    assert not w.tool_actions["area"].isVisible()
    assert not any(a.isVisible() for a in w.option_actions["movement_points"])
    assert w.areas.isHidden()
    w.open_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    assert w.tool_actions["area"].isVisible()
    assert all(a.isVisible() for a in w.option_actions["movement_points"])
    assert not w.areas.isHidden()


def test_status_bar_follows_edits_under_the_pointer(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, EXAMPLE_SQUARE, zoom=1.5)
    m = Mouse(w)
    g = w.document.scenario.grid
    cell = g.parse_label("3,3")
    m.hover(cell)
    w.select_tool("brush")
    w.pick_terrain("bush")
    m.click(cell)
    QApplication.processEvents()
    assert w.cell_label.text().startswith("3,3  Bush")
