"""The playtest map's fan and tokens (motu/editor/playtest/game_map.py, marker_paint.py): the stack under the
pointer fans out whole inside the view, even at the map's edge, and goes away when the pointer
leaves; a hex's Village or Big Log is never hidden under its stack, and two tokens never share a
spot."""
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter

from playtest_support import table

# The playtest's modules make Qt objects as they load: they are imported once the test's QApplication runs.
FAN_PX = 44


def inside(outer: QRectF, inner: QRectF) -> bool:
    return outer.adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(inner)


def fan_layout(*args):
    from motu.editor.playtest.fan import FAN_PX as fan_px, fan_layout as layout
    assert fan_px == FAN_PX
    return layout(*args)


def token_rects(*args):
    from motu.editor.playtest.marker_paint import token_rects as rects
    return rects(*args)


def pile_box(*args):
    from motu.editor.canvas.counters import pile_box as box
    return box(*args)


def check_fan(frame, rects, visible, n):
    assert len(rects) == n
    assert inside(visible, frame)
    for i, r in enumerate(rects):
        assert inside(frame, r)
        assert not any(r.intersects(o) for o in rects[i + 1:]), "counters side by side, not on one another"


def test_a_stack_at_the_left_edge_fans_out_inside_the_view(qapp):
    visible = QRectF(0, 0, 600, 400)
    cell = QRectF(-20, 60, 46, 40)  # a hex half off the view's left edge
    frame, rects = fan_layout(cell, 11, 44, visible)
    check_fan(frame, rects, visible, 11)
    assert len({r.top() for r in rects}) == 1, "one row where one row fits"


def test_a_fan_too_wide_for_the_view_is_laid_out_in_even_rows(qapp):
    visible = QRectF(0, 0, 230, 600)
    frame, rects = fan_layout(QRectF(100, 400, 46, 40), 11, 44, visible)
    check_fan(frame, rects, visible, 11)
    rows = sorted({r.top() for r in rects})
    assert len(rows) == 3
    assert sorted(sum(r.top() == y for r in rects) for y in rows) == [3, 4, 4]


def test_a_fan_with_no_room_above_its_hex_goes_below_it(qapp):
    visible = QRectF(0, 0, 800, 400)
    cell = QRectF(300, 10, 46, 40)
    frame, rects = fan_layout(cell, 5, 44, visible)
    check_fan(frame, rects, visible, 5)
    assert frame.top() >= cell.bottom()
    frame, _ = fan_layout(QRectF(300, 200, 46, 40), 5, 44, visible)
    assert frame.bottom() <= 200, "above the hex where there is room"


def render(w) -> QImage:
    img = QImage(w.view.viewport().size(), QImage.Format_ARGB32)
    p = QPainter(img)
    w.view.render(p)
    p.end()
    return img


@pytest.fixture
def tahiti(qtbot):
    w = table(qtbot, "tahiti.yaml", seed=7, show=True)
    w.resize(1400, 900)
    w.stop_auto()  # nothing moves while a test looks
    qtbot.wait(100)  # the window's first fit has run
    w.view.fit_pending = False
    w.view.resetTransform()
    w.view.scale(1.2, 1.2)  # zoomed in: a hex some 45 pixels across
    return w


def biggest_stack(w) -> int:
    return max(w.map_item._faces_by_cell, key=lambda c: len(w.map_item._faces_by_cell[c]))


def test_the_fan_of_a_stack_at_the_views_edge_shows_every_counter_on_screen(tahiti, monkeypatch):
    from motu.editor.playtest import game_map
    w = tahiti
    cell = biggest_stack(w)
    n = len(w.map_item.stack_faces(cell))
    assert n >= 10
    box = w.map_item.geo.cell_rect(cell)
    vp = w.view.viewport().rect()
    # Scroll the view so that the stack's hex is at its left edge, half a hex from the top.
    w.view.centerOn(box.left() + w.view.mapToScene(vp).boundingRect().width() / 2 - 4,
                    box.top() + w.view.mapToScene(vp).boundingRect().height() / 2 - 8)
    drawn: list[QRectF] = []
    real = game_map.paint_counter

    def spy(p, rect, face, selected=False, scale=1.0):
        drawn.append(p.worldTransform().mapRect(rect))
        real(p, rect, face, selected, scale)
    monkeypatch.setattr(game_map, "paint_counter", spy)
    w.view.tool.move(w.map_item.geo.centre(cell), None)  # the pointer comes to rest on the stack
    assert w.map_item.hover_cell == cell
    render(w)
    fan = [r for r in drawn if abs(r.width() - FAN_PX) < 1]
    assert len(fan) == n, "every counter of the stack in the fan"
    screen = QRectF(0, 0, vp.width(), vp.height())
    assert all(inside(screen, r) for r in fan), [r for r in fan if not inside(screen, r)]


def test_the_fan_is_wiped_when_the_pointer_leaves_the_stack(tahiti, qtbot):
    w = tahiti
    cell = biggest_stack(w)
    w.view.centerOn(w.map_item.geo.centre(cell))
    w.view.tool.move(w.map_item.geo.centre(cell), None)
    qtbot.wait(50)
    visible = w.view.mapToScene(w.view.viewport().rect()).boundingRect().intersected(w.map_item.boundingRect())
    frame, _ = fan_layout(w.map_item.geo.cell_rect(cell), len(w.map_item.stack_faces(cell)),
                          FAN_PX / w.view.transform().m11(), visible)
    centre = w.map_item.geo.centre(cell)
    away = QPointF(centre.x(), centre.y() + 3 * w.map_item.geo.cell_rect(cell).height())  # three hexes down
    assert not w.map_item.stack_faces(w.map_item.cell_at(away))
    with qtbot.waitSignal(w.map_item.scene().changed, timeout=2000) as blocker:
        w.view.tool.move(away, None)
    changed = QRectF()
    for r in blocker.args[0]:
        changed = changed.united(r)
    assert inside(changed, frame), "the whole of the old fan is drawn afresh"


def test_villages_and_logs_under_a_stack_stay_in_sight(tahiti):
    w = tahiti
    item = w.map_item
    crowded = 0
    by_hex: dict = {}
    for centre, rect, key, _, _ in item._token_places:
        by_hex.setdefault(item.cell_at(centre), []).append(rect)
    for cell, rects in by_hex.items():
        box = item.geo.cell_rect(cell)
        faces = item.stack_faces(cell)
        for i, r in enumerate(rects):
            assert inside(box, r), "a token stays in its hex's box"
            assert not any(r.intersects(o) for o in rects[i + 1:]), "two tokens never on one spot"
            if faces:
                assert not r.intersects(pile_box(box, len(faces))), "a token beside the stack, not under it"
        crowded += bool(faces)
    assert crowded >= 4, "each clan's home hex has its stack, its Village and its Big Log"


def test_tokens_of_one_slot_in_one_hex_take_the_next_free_slot(qapp):
    cell = QRectF(0, 0, 120, 104)
    letter, control = {"slot": 3}, {"slot": 3}
    a, b = token_rects(cell, [letter, control])
    assert not a.intersects(b)
    village, log = {"slot": 0}, {"slot": 2}
    pile = QRectF(32, 22, 62, 62)
    rects = token_rects(cell, [village, log, letter], pile)
    for i, r in enumerate(rects):
        assert not r.intersects(pile)
        assert not any(r.intersects(o) for o in rects[i + 1:])
