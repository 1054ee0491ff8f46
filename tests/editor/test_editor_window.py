"""The window's habits: shortcuts, docks and their layout, status bar, zoom and pan, Problems,
History, minimap, and exceptions in slots shown and logged with the document left whole."""
import logging
import sys
import threading

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer, qInstallMessageHandler, QtMsgType
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QToolBar

from editor_test_support import Mouse, key, make_window, set_zoom, settings_for, wait_validation, wheel
from motu.engine.scenario import edits as E


@pytest.fixture
def win(qtbot, tmp_path):
    return make_window(qtbot, tmp_path)


def menu_actions(window):
    """Every action a user can reach in the menus (not submenus, separators or recent-file entries)."""
    out = []

    def walk(menu):
        for act in menu.actions():
            if act.isSeparator():
                continue
            if act.menu() is not None:
                if act.menu() is not window.recent_menu:
                    walk(act.menu())
                continue
            out.append(act)

    for act in window.menuBar().actions():
        walk(act.menu())
    return out


# --- shortcuts --------------------------------------------------------------------------------
def test_every_action_has_a_unique_shortcut(win):
    actions = menu_actions(win)
    assert len(actions) >= 30
    named = {a for a in win.findChildren(QAction) if a.objectName() and not a.objectName().startswith("qt_")}
    assert named <= set(actions) | set(win.actions())  # every named action is in a menu
    seen = {}
    for act in set(actions) | set(win.actions()):
        keys = [k.toString() for k in act.shortcuts()]
        if act.property("noShortcut"):  # a choice made once (a palette), not a keystroke
            assert not keys
            continue
        assert keys and all(keys), f"{act.objectName() or act.text()} has no shortcut"
        assert len(set(keys)) == len(keys), f"{act.objectName()} repeats a shortcut: {keys}"
        for k in keys:
            assert k not in seen, f"{k} is both {seen[k]} and {act.objectName()}"
            seen[k] = act.objectName()


def test_standard_shortcuts_have_fallbacks(win):
    def keys(name):
        return [k.toString() for k in win.findChild(QAction, name).shortcuts()]

    # Where the platform has no standard key (Quit on many Linux desktops), the fallback stands.
    assert "Ctrl+Q" in keys("actionQuit")
    assert "Ctrl+Shift+S" in keys("actionSaveAs")
    assert "Ctrl+Z" in keys("actionUndo")
    assert "Ctrl+Shift+Z" in keys("actionRedo")
    for name, std in (("actionNew", QKeySequence.New), ("actionOpen", QKeySequence.Open),
                      ("actionSave", QKeySequence.Save)):
        assert QKeySequence(std).toString() in keys(name)
    assert keys("actionResetZoom") == ["Ctrl+0"]


def test_shortcut_keys_reach_the_actions(win, qtbot):
    win.activateWindow()
    qtbot.waitActive(win)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key_B)
    assert win.view.tool is win.tools["brush"]
    qtbot.keyClick(win.view, Qt.Key_M)
    assert win.view.tool is win.tools["measure"]
    win.push(E.SetField("title", "x"))
    qtbot.keyClick(win.view, Qt.Key_Z, Qt.ControlModifier)
    assert win.document.undo_stack.index() == 0
    qtbot.keyClick(win.view, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert win.document.undo_stack.index() == 1
    set_zoom(win, 2.5)
    qtbot.keyClick(win.view, Qt.Key_0, Qt.ControlModifier)
    assert win.view.zoom() == 1.0 and win.zoom_label.text() == "100%"


# --- docks and layout ------------------------------------------------------------------------------
def test_docks_and_toolbars_have_unique_object_names(win):
    docks = win.findChildren(QDockWidget)
    names = [d.objectName() for d in docks]
    assert len(docks) == 10 and all(names) and len(set(names)) == len(names)
    assert {"layersDock", "propertiesDock", "scenarioDock", "areasDock", "problemsDock", "historyDock",
            "minimapDock", "legendDock", "forcesDock", "tablesDock"} == set(names)
    bars = [b.objectName() for b in win.findChildren(QToolBar)]
    assert all(bars) and len(set(bars)) == len(bars)


class QtMessages:
    def __init__(self):
        self.records = []

    def __call__(self, mode, context, message):
        self.records.append((mode, message))

    def warnings(self):
        # The offscreen platform plugin itself says this on every show; it is not about the layout.
        return [m for mode, m in self.records if mode != QtMsgType.QtDebugMsg
                and "does not support propagateSizeHints" not in m]


def test_layout_save_restore_without_warnings(qtbot, tmp_path):
    messages = QtMessages()
    previous = qInstallMessageHandler(messages)
    try:
        a = make_window(qtbot, tmp_path, settings=settings_for(tmp_path, "layout.ini"))
        a.minimap.hide()
        a.removeDockWidget(a.problems)
        a.addDockWidget(Qt.RightDockWidgetArea, a.problems)
        a.problems.show()
        screen = a.screen().availableGeometry()  # restoreGeometry keeps a window on its screen
        a.resize(min(760, screen.width() - 40), min(560, screen.height() - 40))
        QApplication.processEvents()
        a.save_layout()
        a.settings_store.sync()
        b = make_window(qtbot, tmp_path, show=False, settings=settings_for(tmp_path, "layout.ini"))
        b.show()
        qtbot.waitExposed(b)
        QApplication.processEvents()
        assert b.minimap.isHidden()
        assert b.dockWidgetArea(b.problems) == Qt.RightDockWidgetArea
        assert b.dockWidgetArea(b.layers) == Qt.LeftDockWidgetArea
        assert b.size() == a.size()
        # Closing saves the layout too.
        a.ask_save_changes = lambda: "discard"
        a.addDockWidget(Qt.BottomDockWidgetArea, a.problems)
        assert a.close()
        c = make_window(qtbot, tmp_path, show=False, settings=settings_for(tmp_path, "layout.ini"))
        assert c.dockWidgetArea(c.problems) == Qt.BottomDockWidgetArea
    finally:
        qInstallMessageHandler(previous)
    assert messages.warnings() == []


# --- status bar, zoom, pan -------------------------------------------------------------------------
def test_status_bar_names_the_cell_under_the_cursor(win):
    m, s = Mouse(win), win.document.scenario
    m.hover(51)
    assert win.cell_label.text().split("  ·  ") == [f"{s.grid.label(51)}  Clear", "Westbay"]
    assert win.map_item.hover_cell == 51
    # Current after every edit, in the rulebook's words.
    win.push(E.PaintTerrain((51,), ("jungle",)))
    QApplication.processEvents()
    assert win.cell_label.text().split("  ·  ")[0] == f"{s.grid.label(51)}  Jungle"
    m.hover(0)
    assert win.cell_label.text() == f"{s.grid.label(0)}  Open sea"
    geo = win.map_item.geo
    off_map = geo.bounds.topLeft() + QPointF(3, 3)
    assert win.map_item.cell_at(off_map) is None
    m.hover(off_map)
    assert win.cell_label.text() == "" and win.map_item.hover_cell is None


def test_ctrl_wheel_zooms_at_the_cursor(win):
    view, m = win.view, Mouse(win)
    set_zoom(win, 2.0)
    view.centerOn(win.map_item.geo.centre(65))  # mid-map: no scroll bar stops the view
    pos = m.pos(65) + QPointF(7, -5)
    under = view.mapToScene(pos.toPoint())
    wheel(view.viewport(), pos, 120)
    assert view.zoom() == pytest.approx(2.0 * 1.25)
    assert win.zoom_label.text() == "250%"
    after = view.mapToScene(pos.toPoint())
    assert abs(after.x() - under.x()) <= 2 and abs(after.y() - under.y()) <= 2
    wheel(view.viewport(), pos, -240)
    assert view.zoom() == pytest.approx(2.0 / 1.25)
    after = view.mapToScene(pos.toPoint())
    assert abs(after.x() - under.x()) <= 2 and abs(after.y() - under.y()) <= 2
    # Without Ctrl the wheel scrolls and leaves the zoom alone.
    z = view.zoom()
    wheel(view.viewport(), pos, -120, Qt.NoModifier)
    assert view.zoom() == z
    # Limits.
    for _ in range(40):
        wheel(view.viewport(), pos, 120)
    assert view.zoom() == pytest.approx(8.0)
    win.findChild(QAction, "actionResetZoom").trigger()
    assert view.zoom() == 1.0 and win.zoom_label.text() == "100%"


def _scroll(view):
    return view.horizontalScrollBar().value(), view.verticalScrollBar().value()


def test_middle_button_and_space_pan(win):
    view, m = win.view, Mouse(win)
    set_zoom(win, 3.0)
    view.centerOn(win.map_item.geo.centre(65))
    QApplication.processEvents()
    win.select_tool("brush")
    win.pick_terrain("mountain")
    before_terrain = list(win.document.scenario.terrain)
    vp = view.viewport()
    start = QPointF(vp.width() / 2, vp.height() / 2)
    x0, y0 = _scroll(view)
    m.send(QEvent.MouseButtonPress, start, Qt.MiddleButton, Qt.MiddleButton)
    m.send(QEvent.MouseMove, start + QPointF(-40, -30), Qt.NoButton, Qt.MiddleButton)
    m.send(QEvent.MouseButtonRelease, start + QPointF(-40, -30), Qt.MiddleButton, Qt.NoButton)
    assert _scroll(view) == (x0 + 40, y0 + 30)
    # Space held: the left button pans instead of painting.
    key(view, Qt.Key_Space, release=False)
    m.send(QEvent.MouseButtonPress, start, Qt.LeftButton, Qt.LeftButton)
    m.send(QEvent.MouseMove, start + QPointF(25, 20), Qt.NoButton, Qt.LeftButton)
    m.send(QEvent.MouseButtonRelease, start + QPointF(25, 20), Qt.LeftButton, Qt.NoButton)
    key(view, Qt.Key_Space, press=False)
    assert _scroll(view) == (x0 + 15, y0 + 10)
    assert win.document.scenario.terrain == before_terrain and win.document.undo_stack.count() == 0
    # Space released: the left button paints again.
    m.click(65)
    assert win.document.scenario.terrain[65] == "mountain"


# --- problems ------------------------------------------------------------------------------------------
def test_problems_dock_finds_marks_selects_and_centres(win, qtbot, monkeypatch):
    dock, item, view = win.problems, win.map_item, win.view
    wait_validation(qtbot, win)
    assert dock.findings == [] and item.problem_cells == set()
    threads = []
    rules = win.document.rules
    real_validate = rules.validate
    monkeypatch.setattr(rules, "validate", lambda s: threads.append(threading.current_thread()) or real_validate(s))
    set_zoom(win, 3.0)
    with qtbot.waitSignal(dock.findingsChanged, timeout=10_000):
        assert win.push(E.PaintTerrain((50,), ("nonsense",)))  # validation follows edits by itself
    wait_validation(qtbot, win)
    assert threads and all(t is not threading.main_thread() for t in threads)  # off the GUI thread
    [finding] = dock.findings
    assert finding.code == "UNKNOWN_TERRAIN" and tuple(finding.cells) == (50,)
    assert item.problem_cells == {50}
    model = dock.tree.model()
    assert model.rowCount() == 1
    texts = [str(model.index(0, col).data()) for col in range(model.columnCount())]
    assert "UNKNOWN_TERRAIN" in texts and win.document.scenario.grid.label(50) in texts
    assert dock.summary.text().startswith("1 error, 0 warnings")
    # Clicking the row selects its cells and centres the map on them.
    view.centerOn(win.map_item.geo.centre(win.document.scenario.grid.size - 1))
    QApplication.processEvents()
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    rect = dock.tree.visualRect(model.index(0, 1))
    qtbot.mouseClick(dock.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert item.selected_cells == {50}
    centre = view.mapToScene(view.viewport().rect().center())
    target = item.geo.centre(50)
    assert abs(centre.x() - target.x()) < 2 and abs(centre.y() - target.y()) < 2
    # Undoing the fault clears the finding and the mark.
    with qtbot.waitSignal(dock.findingsChanged, timeout=10_000):
        win.document.undo_stack.undo()
    wait_validation(qtbot, win)
    assert dock.findings == [] and item.problem_cells == set()


# --- history ------------------------------------------------------------------------------------------
def test_history_dock_lists_steps_and_jumps(win):
    uv = win.undo_view
    assert uv.stack() is win.document.undo_stack
    win.push(E.SetField("title", "One"), "Edit title")
    win.push(E.PaintTerrain((50,), ("mountain",)), "Paint terrain")
    model = uv.model()
    assert model.rowCount() == 3  # <opened> and two steps
    assert [model.index(r, 0).data() for r in range(3)] == ["<opened>", "Edit title", "Paint terrain"]
    uv.setCurrentIndex(model.index(0, 0))
    assert win.document.undo_stack.index() == 0 and win.document.scenario.title != "One"
    assert not win.isWindowModified()


# --- minimap ------------------------------------------------------------------------------------------
def test_minimap_shows_the_viewport_and_click_centres(win):
    mini = win.minimap.view
    view = win.view
    set_zoom(win, 3.0)
    view.centerOn(win.map_item.geo.centre(0))
    QApplication.processEvents()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert mini.visible_rect() == visible
    target_scene = win.map_item.geo.centre(66)
    pos = QPointF(mini.mapFromScene(target_scene))
    from PySide6.QtGui import QMouseEvent
    vp = mini.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.MouseButtonPress, pos, QPointF(vp.mapToGlobal(pos.toPoint())),
                                           Qt.LeftButton, Qt.LeftButton, Qt.NoModifier))
    QApplication.processEvents()
    centre = view.mapToScene(view.viewport().rect().center())
    # The minimap is small: one of its pixels is several scene units.
    tolerance = 2 / mini.transform().m11() + 2
    assert abs(centre.x() - target_scene.x()) < tolerance and abs(centre.y() - target_scene.y()) < tolerance
    assert mini.visible_rect().contains(target_scene)


# --- exceptions in slots ---------------------------------------------------------------------------------
@pytest.fixture
def editor_hook(win, monkeypatch):
    from motu.editor.app import install_exception_hook
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    install_exception_hook(lambda: win)
    return sys.excepthook


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_is_logged_and_leaves_the_document(win, qtbot, editor_hook, caplog):
    doc = win.document
    before, count = doc.scenario.copy(), doc.undo_stack.count()

    def failing_slot():
        # A valid edit then an invalid one in one step: the scenario must not keep half of it.
        doc.push(E.Compound((E.PaintTerrain((50,), ("mountain",)), E.PaintTerrain((10_000,), ("sea",))), "Bad"))

    with caplog.at_level(logging.ERROR, logger="motu.editor"):
        QTimer.singleShot(0, failing_slot)
        qtbot.waitUntil(lambda: any("unhandled exception" in r.getMessage() for r in caplog.records), timeout=5000)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "EditError" in text and "off the map" in text and "failing_slot" in text
    assert doc.scenario == before and doc.undo_stack.count() == count and not win.isWindowModified()
    # The editor carries on.
    assert win.push(E.PaintTerrain((50,), ("mountain",)))
    doc.undo_stack.undo()
    assert doc.scenario == before


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_tool_is_shown_in_a_dialog(win, qtbot, editor_hook, monkeypatch, caplog):
    import motu.editor.app as app_mod
    from motu.editor.tools.paint import BrushTool
    shown = []
    monkeypatch.delenv("MOTU_NO_ERROR_DIALOG")
    monkeypatch.setattr(app_mod.QMessageBox, "critical", staticmethod(lambda *a: shown.append(a)))

    def broken(self, cells):
        raise RuntimeError("the brush broke")

    monkeypatch.setattr(BrushTool, "make_edit", broken)
    before = win.document.scenario.copy()
    win.select_tool("brush")
    with caplog.at_level(logging.ERROR, logger="motu.editor"):
        # From the event loop, as a real click comes (an event sent from Python code would raise
        # back into that code instead of reaching the hook).
        QTimer.singleShot(0, lambda: Mouse(win).drag([50, 51]))
        qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    parent, title, message = shown[0][:3]
    assert parent is win and "the brush broke" in message and "unchanged" in message
    assert any("the brush broke" in r.getMessage() for r in caplog.records)
    assert win.document.scenario == before and win.document.undo_stack.count() == 0


def test_a_refused_edit_changes_nothing_and_adds_no_step(win):
    """An EditError from a push leaves the scenario, the history and the unsaved mark as they were."""
    before = win.document.scenario.copy()
    assert not win.push(E.PaintTerrain((10_000,), ("sea",)))
    assert "Not done" in win.statusBar().currentMessage()
    assert win.document.undo_stack.count() == 0 and not win.isWindowModified()
    assert win.document.scenario == before


def test_chunk_images_after_edits_equal_freshly_drawn_ones(qtbot, tmp_path):
    """Zoomed out, edits recolour a window of the cached chunk image; the result must match a full redraw."""
    import numpy as np

    from motu.editor.canvas.chunks import ChunkCache
    from motu.editor.canvas.style import CellColours
    from motu.engine.scenario.edits import PaintArea, PaintTerrain
    from editor_test_support import make_window as _make

    win = _make(qtbot, tmp_path)
    view = win.view
    view.fit()
    view.zoom_at(0.2, view.viewport().rect().center().toPointF())
    view.viewport().repaint()
    item = win.map_item
    assert item.cache.images, "zoomed out, the map is drawn from chunk images"
    s = win.document.scenario
    cells = tuple(range(0, s.grid.size, 7))[:12]
    win.push(PaintTerrain(cells, ("jungle",) * len(cells)))
    area = next(iter(s.areas))
    win.push(PaintArea(cells[:5], (area,) * 5))
    view.viewport().repaint()
    fresh = ChunkCache(item.geo)
    colours = CellColours(s, item.style)
    for level, ch in list(item.cache.images):
        img = item.cache.image(level, ch, item.colours(), item.layers_visible)  # as the next frame draws it
        assert np.array_equal(fresh.image(level, ch, colours, item.layers_visible).rgba, img.rgba)
