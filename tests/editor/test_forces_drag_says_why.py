"""A drag the rules refuse in the Forces dock says why, through Qt's own drag path: the model's
canDropMimeData (what the view asks while the drag is over a row) and the view's drag events, not
only the dock's drop(). Qt never offers a refused drop to dropMimeData, so the reason is said while
over the row (with the no-drop cursor: the move is not accepted) and again when the drag ends there."""
import os

from PySide6.QtCore import QItemSelectionModel, QPointF, Qt
from PySide6.QtGui import QCursor, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from motu.editor.document import Document
from editor_test_support import ROOT, copy_example, forces_window

FERN_AMBUSH = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")
UNIT_UNDER_OFFICER = "a Regulars cannot be put under a Senior officer"
OTHER_SIDE = "Rawiri and Major Hartley are on different sides"


def opened(qtbot, tmp_path, source=FERN_AMBUSH):
    return forces_window(qtbot, tmp_path, Document.open(copy_example(tmp_path, source)))


def said(w) -> str:
    return w.statusBar().currentMessage()


def dragged(w, *ids):
    m = w.forces.model
    return m.mimeData([m.index_of_piece(p) for p in ids])


def over(w, pid) -> QPointF:
    """The middle of a piece's row, in the tree's viewport: a drop there lands on the row."""
    tree = w.forces.tree
    index = w.forces.model.index_of_piece(pid)
    tree.scrollTo(index)
    return QPointF(tree.visualRect(index).center())


def drag_over(w, data, pid) -> QDragMoveEvent:
    """The events a drag sends the view as it comes in and moves over a row; the last move, answered."""
    viewport = w.forces.tree.viewport()
    at = over(w, pid)
    QApplication.sendEvent(viewport, QDragEnterEvent(at.toPoint(), Qt.MoveAction, data, Qt.LeftButton,
                                                     Qt.NoModifier))
    move = QDragMoveEvent(at.toPoint(), Qt.MoveAction, data, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, move)
    return move


def let_go(w, *ids) -> None:
    """The drag ends with nothing dropped, as it does over a row that refused it: Qt's startDrag of the
    selected rows returns at once on this platform, as QDrag.exec does after such a drag."""
    tree = w.forces.tree
    m = w.forces.model
    tree.selectionModel().clearSelection()
    for p in ids:
        tree.selectionModel().select(m.index_of_piece(p), QItemSelectionModel.Select | QItemSelectionModel.Rows)
    tree.startDrag(Qt.MoveAction)


def test_the_model_refuses_with_the_reason_while_over_the_row_and_when_dropped(qtbot, tmp_path):
    w = opened(qtbot, tmp_path)
    m = w.forces.model
    major = m.index_of_piece("major")
    assert not m.canDropMimeData(dragged(w, "b-coy"), Qt.MoveAction, -1, -1, major)
    assert said(w) == f"Cannot drop here: {UNIT_UNDER_OFFICER}"
    assert not m.canDropMimeData(dragged(w, "rawiri"), Qt.MoveAction, -1, -1, major)
    assert said(w) == f"Cannot drop here: {OTHER_SIDE}"
    assert not m.dropMimeData(dragged(w, "rawiri"), Qt.MoveAction, -1, -1, major)
    assert said(w) == f"Not done: {OTHER_SIDE}"
    # What a drop that is taken would do is said as well, and done by dropMimeData.
    lt_b = m.index_of_piece("lt-b")
    assert m.canDropMimeData(dragged(w, "militia"), Qt.MoveAction, -1, -1, lt_b)
    assert said(w) == "Drop here to put Taranaki Militia under Lt Ferris"
    assert w.document.undo_stack.count() == 0
    m.dropMimeData(dragged(w, "militia"), Qt.MoveAction, -1, -1, lt_b)
    assert w.document.scenario.pieces["militia"].props["leader"] == "lt-b"
    assert w.document.undo_stack.undoText() == "Put Taranaki Militia under Lt Ferris"


def test_a_refused_drag_over_a_row_is_not_accepted_and_says_why_then_and_when_let_go(qtbot, tmp_path):
    w = opened(qtbot, tmp_path)
    viewport = w.forces.tree.viewport()
    for pid, why in (("b-coy", UNIT_UNDER_OFFICER), ("rawiri", OTHER_SIDE)):
        move = drag_over(w, dragged(w, pid), "major")
        assert not move.isAccepted(), "the view refuses the drop: Qt shows the no-drop cursor"
        assert said(w) == f"Cannot drop here: {why}"
        # Let go there: Qt sends the view a leave, not a drop, with the pointer still over the row.
        QCursor.setPos(viewport.mapToGlobal(over(w, "major").toPoint()))
        QApplication.sendEvent(viewport, QDragLeaveEvent())
        let_go(w, pid)
        assert said(w) == f"Not done: {why}", "the reason stays when the drag ends over that row"
    assert w.document.undo_stack.count() == 0


def test_a_drag_taken_elsewhere_or_leaving_forgets_the_refusal(qtbot, tmp_path):
    w = opened(qtbot, tmp_path)
    viewport = w.forces.tree.viewport()
    data = dragged(w, "militia")
    drag_over(w, data, "major")
    assert said(w).startswith("Cannot drop here:")
    move = drag_over(w, data, "lt-b")  # on to a leader who can take the unit
    assert move.isAccepted()
    assert said(w) == "Drop here to put Taranaki Militia under Lt Ferris"
    at = over(w, "lt-b")
    drop = QDropEvent(at, Qt.MoveAction, data, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(viewport, drop)
    let_go(w, "militia")
    assert w.document.scenario.pieces["militia"].props["leader"] == "lt-b"
    assert said(w) == "Put Taranaki Militia under Lt Ferris", "no refusal left over from the row passed"
    # Over a refused row, then out of the tree: nothing is said to be refused when it ends.
    drag_over(w, dragged(w, "b-coy"), "major")
    QCursor.setPos(w.mapToGlobal(w.view.geometry().center()))  # over the map
    QApplication.sendEvent(viewport, QDragLeaveEvent())
    let_go(w, "b-coy")
    assert said(w) == ""
    assert w.document.undo_stack.count() == 1
