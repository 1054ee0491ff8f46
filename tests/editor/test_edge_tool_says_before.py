"""The edge tool says what a click will do before it is made: on a side that has the chosen feature the
hover says that Alt+click (or the right button) removes it, and a plain click changes nothing; Alt+click
and Alt+drag take it off in one undo step. The Problems dock checks again when a pass is made in a reef."""
import os

from PySide6.QtCore import Qt

from editor_test_support import ROOT, Mouse, edge_point, make_window, wait_validation
from motu.engine.scenario import edits as E

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def use_edges(w):
    w.tool_actions["edge"].trigger()
    assert w.view.tool is w.tools["edge"] and w.settings.edge_feature == "reef"


def reef_sides(s):
    return sorted(k for k, f in s.edges.items() if "reef" in f)


def status(w):
    return w.statusBar().currentMessage()


def test_hover_on_a_reef_says_alt_click_removes_it_and_a_plain_click_changes_nothing(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI, zoom=2.0)
    s, m, tool = w.document.scenario, Mouse(w), w.tools["edge"]
    use_edges(w)
    a, b = reef_sides(s)[0]
    label = s.grid.edge_label(a, b)
    m.hover(edge_point(w, a, b))
    assert status(w) == f"{label} has the Reef: Alt+click (or right-click) removes the Reef"
    assert w.map_item.preview.edges == {(a, b)} and w.map_item.preview.color == tool.HAS
    m.move(edge_point(w, a, b), mods=Qt.AltModifier)
    assert status(w) == f"{label}: a click takes the Reef off" and w.map_item.preview.color == tool.REMOVE
    # A plain click: nothing changes, no undo step, and the status bar says how to remove it.
    n = w.document.undo_stack.count()
    m.click(edge_point(w, a, b))
    assert "reef" in s.edge_features(a, b) and w.document.undo_stack.count() == n and not w.isWindowModified()
    assert status(w) == f"{label} has the Reef already: Alt+click (or right-click) removes it."
    # Alt+click takes it off, in one undo step, and says so.
    m.click(edge_point(w, a, b), mods=Qt.AltModifier)
    assert "reef" not in s.edge_features(a, b) and w.document.undo_stack.count() == n + 1
    assert status(w) == "Took the Reef off 1 side (Ctrl+Z puts it back)."
    assert w.document.undo_stack.undoText() == "Remove Reef"
    w.document.undo_stack.undo()
    assert "reef" in s.edge_features(a, b)
    # The right button takes it off too.
    m.click(edge_point(w, a, b), Qt.RightButton)
    assert "reef" not in s.edge_features(a, b)
    # On a side without it, the hover says a click adds it.
    m.hover(edge_point(w, a, b))
    assert status(w) == f"{label}: a click adds the Reef" and w.map_item.preview.color == tool.ADD


def test_alt_drag_takes_the_feature_off_every_side_it_passes_in_one_step(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI, zoom=2.0)
    s, m = w.document.scenario, Mouse(w)
    use_edges(w)
    # Three reef sides that follow one another along the reef.
    sides = reef_sides(s)
    run = [sides[0]]
    for k in sides[1:]:
        if set(k) & set(run[-1]) and len(run) < 3:
            run.append(k)
    assert len(run) >= 2
    n = w.document.undo_stack.count()
    m.drag([edge_point(w, a, b) for a, b in run])  # a plain drag over sides that have it: nothing
    assert all("reef" in s.edge_features(*k) for k in run) and w.document.undo_stack.count() == n
    m.drag([edge_point(w, a, b) for a, b in run], mods=Qt.AltModifier)
    assert all("reef" not in s.edge_features(*k) for k in run)
    assert w.document.undo_stack.count() == n + 1
    w.document.undo_stack.undo()
    assert all("reef" in s.edge_features(*k) for k in run)


def test_a_pass_made_in_a_reef_is_checked_again(qtbot, tmp_path):
    """Tahiti's reef closed all round warns (no pass lets a War Canoe in or out); Alt+click on one reef side
    makes a pass, and the Problems dock checks again and drops the warning."""
    w = make_window(qtbot, tmp_path, TAHITI, zoom=2.0)
    s, m = w.document.scenario, Mouse(w)
    lagoon, sea = "lagoon", "sea"
    open_sides = [(int(a), int(b)) for a, b in s.grid.edge_array()
                  if {s.terrain[a], s.terrain[b]} == {lagoon, sea} and "reef" not in s.edge_features(a, b)]
    assert open_sides, "Tahiti's reef has passes"
    w.push(E.SetEdgeFeatures(tuple(open_sides), tuple(("reef",) for _ in open_sides)))
    wait_validation(qtbot, w)
    assert [f.code for f in w.problems.findings] == ["LAGOON_NO_PASS"]
    use_edges(w)
    a, b = open_sides[0]
    m.click(edge_point(w, a, b), mods=Qt.AltModifier)
    assert "reef" not in s.edge_features(a, b)
    assert w.problems.is_running()  # the change started a new check
    wait_validation(qtbot, w)
    assert w.problems.findings == [] and w.problems.summary.text().startswith("0 errors, 0 warnings")
