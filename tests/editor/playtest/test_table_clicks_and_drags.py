"""Moving by hand at the table: a click where the picked stack cannot go lets it go (a stray click
never leaves it picked for a later click to send off), and dragging a counter from its hex to a lit
hex moves it as the two clicks would; in the editor, a drag that starts on a counter, picked or
not, moves it rather than drawing a selection band."""
import sys

from PySide6.QtCore import Qt

sys.path.insert(0, __file__.rsplit("/tests/", 1)[0] + "/tests/editor")
from editor_test_support import Mouse, make_window  # noqa: E402
from playtest_support import table  # noqa: E402


def tahiti_movement(qtbot):
    """Tahiti's first Movement Phase, the Red clan (a human) to move its stack on 2913."""
    w = table(qtbot, "tahiti.yaml", 7, show=True)
    st = w.session.state
    assert st.player_name(st.current_player()) == "Red clan" and w.seat(st.current_player()) == "human"
    assert "Movement Phase" in w.panel.text()
    return w


def closest(w, cells, to):
    """Of `cells`, the one whose centre is nearest to cell `to`'s on the map."""
    geo = w.map_item.geo
    return min(cells, key=lambda c: ((geo.centre(c) - geo.centre(to)).manhattanLength(), c))


def targets_from(w, cell):
    st = w.session.state
    return {dst for a in st.legal_actions() for src, dst in [st.action_cells(a)] if src == cell and dst is not None}


def test_a_click_where_the_picked_stack_cannot_go_lets_it_go(qtbot):
    w = tahiti_movement(qtbot)
    m, label = Mouse(w), w.scenario.grid.parse_label
    home, sea = label("2913"), label("0704")
    lit = targets_from(w, home)
    assert lit and sea not in lit and w.scenario.terrain[sea] == "sea"
    near = closest(w, lit, home)
    before = list(w.session.actions)
    m.show(home)
    m.click(home)
    assert w.selected_cell == home and set(w.map_item.overlay.cells) == lit, "the stack is picked, where it can go lit"
    m.show(sea)
    m.click(sea)  # a stray click on the empty sea
    assert w.stack_panel.caption.text() == "0704: 0 units"
    assert w.selected_cell is None and not w.map_item.overlay.cells and not w.map_item.selected_cells, \
        "the stack on 2913 is let go"
    m.show(near)
    m.click(near)
    assert w.session.actions == before, "the next click does not send the stack off"
    # Picked again, the same click moves it.
    m.show(home)
    m.click(home)
    m.show(near)
    m.click(near)
    if w.session.actions == before:  # several ways there: the game asks which, in a menu
        w.choice_menu.actions()[0].trigger()
    assert len(w.session.actions) > len(before) and w.scenario.label(near) in w.session.log[len(before)].text


def test_a_click_on_another_stack_of_ones_own_picks_that_stack(qtbot):
    w = tahiti_movement(qtbot)
    m, label = Mouse(w), w.scenario.grid.parse_label
    home = label("2913")
    m.show(home)
    m.click(home)
    other = next(c for c in range(w.scenario.grid.size) if c != home and w.map_item.stack_faces(c)
                 and c not in targets_from(w, home))
    m.show(other)
    m.click(other)
    assert w.selected_cell == other and w.map_item.selected_cells == {other}


def test_dragging_a_counter_to_a_lit_hex_moves_it(qtbot):
    w = tahiti_movement(qtbot)
    m, label = Mouse(w), w.scenario.grid.parse_label
    home = label("2913")
    st = w.session.state
    one_way = [dst for dst in targets_from(w, home)
               if len([a for a in st.legal_actions() if st.action_cells(a) == (home, dst)]) == 1]
    to = closest(w, one_way, home)
    before = len(w.session.actions)
    m.show(home, to)
    m.drag([home, to])
    assert len(w.session.actions) > before, "the drag played the move"
    assert w.scenario.label(to) in w.session.log[before].text
    assert w.selected_cell is None


def test_a_drag_let_go_where_the_stack_cannot_go_moves_nothing(qtbot):
    w = tahiti_movement(qtbot)
    m, label = Mouse(w), w.scenario.grid.parse_label
    home = label("2913")
    lit = targets_from(w, home)
    nowhere = closest(w, [c for c in range(w.scenario.grid.size) if c not in lit and c != home], home)
    before = list(w.session.actions)
    m.show(home, nowhere)
    m.drag([home, nowhere])
    assert w.session.actions == before and w.selected_cell is None


def test_the_editor_moves_a_counter_dragged_without_picking_it_first(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.tool_actions["select"].trigger()
    m, item, s = Mouse(win), win.map_item, win.document.scenario
    assert not item.selected_pieces and [p.id for p in s.pieces_at(39)][-1] == "red-pop"
    n = win.document.undo_stack.count()
    m.drag([39, 40])
    assert s.pieces["red-pop"].cell == 40 and s.pieces["red-hc"].cell == 39, "the counter on top was picked up"
    assert item.selected_cells != {39, 40}, "no selection band"
    assert win.document.undo_stack.count() == n + 1
    win.document.undo_stack.undo()
    assert s.pieces["red-pop"].cell == 39
    # A drag from a cell without counters still draws the band; Shift on a counter too.
    empty = next(c for c in range(s.grid.size) if not s.pieces_at(c) and not s.pieces_at(c + 1) and c + 1 < s.grid.size)
    m.drag([empty, empty + 1])
    assert item.selected_cells >= {empty, empty + 1} and win.document.undo_stack.count() == n + 1
    m.drag([39, 40], mods=Qt.ShiftModifier)
    assert s.pieces["red-pop"].cell == 39 and 40 in item.selected_cells
