"""Ctrl+Y redoes as Ctrl+Shift+Z does; Help → Keyboard and Mouse Shortcuts shows the actions by their names
("Undo", not "Undo Paint 3 hexes") and the mouse's gestures on the map: pan, zoom, pick the terrain,
Alt+click to take an edge feature off."""
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from editor_test_support import Mouse, make_window
from motu.editor.help import ShortcutsDialog


def _brush_stroke(w):
    w.tool_actions["brush"].trigger()
    w.settings.terrain = next(t for t in w.map_item.catalogue.terrain if t != w.document.scenario.terrain[40])
    Mouse(w).drag([40, 41, 42])
    return w.document.scenario.copy()


def test_ctrl_y_redoes_as_ctrl_shift_z_does(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    w.activateWindow()
    before = w.document.scenario.copy()
    after = _brush_stroke(w)
    stack = w.document.undo_stack
    for keys in ((Qt.Key_Y, Qt.ControlModifier), (Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)):
        qtbot.keyClick(w.view, Qt.Key_Z, Qt.ControlModifier)
        assert w.document.scenario == before and stack.index() == 0
        qtbot.keyClick(w.view, *keys)
        assert w.document.scenario == after and stack.index() == 1, keys
    assert QKeySequence("Ctrl+Y") in w.redo_action.shortcuts()


def test_the_list_names_actions_not_their_current_undo_text(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    _brush_stroke(w)
    w.document.undo_stack.undo()
    _brush_stroke(w)
    assert w.undo_action.text() == "&Undo Paint terrain"  # what the Edit menu says
    d = ShortcutsDialog(w)
    qtbot.addWidget(d)
    rows = {r[0]: r for r in d.rows}
    assert rows["Undo"][1:] == ("Ctrl+Z", "Edit")
    assert rows["Redo"][2] == "Edit" and "Ctrl+Y" in rows["Redo"][1] and "Ctrl+Shift+Z" in rows["Redo"][1]
    assert not any(r[0].startswith(("Undo ", "Redo ")) for r in d.rows)


def test_the_list_includes_the_mouse_gestures(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    d = ShortcutsDialog(w)
    qtbot.addWidget(d)
    assert d.windowTitle() == "Keyboard and Mouse Shortcuts"
    rows = {(r[0], r[2]): r[1] for r in d.rows}
    assert rows[("Pan the map", "Map")] == "Middle-drag, Space+Drag"
    assert rows[("Zoom at the cursor", "Map")] == "Ctrl+Wheel"
    assert rows[("Pick the terrain under the cursor", "Map: Terrain brush")] == "Right-click"
    assert rows[("Take the edge feature off", "Map: Edge features")] == "Alt+Click, Alt+Drag, Right-click"
    assert rows[("Select a side (an edge)", "Map: Select")] == "Alt+Click"
    # Every tool of the window says what its mouse does.
    assert {w.tools[n].text for n in w.tools} <= {where[len("Map: "):] for _, where in rows if where.startswith("Map: ")}
    # The search finds gestures by what they do and by the mouse.
    d.search.setText("pan")
    assert d.visible_actions() == ["Pan the map"]
    d.search.setText("alt+click")
    assert set(d.visible_actions()) == {"Take the edge feature off", "Select a side (an edge)"}
    # The table shows them.
    texts = [d.table.item(r, 0).text() for r in range(d.table.rowCount())]
    assert "Zoom at the cursor" in texts and d.table.horizontalHeaderItem(1).text() == "Keys or mouse"
