"""Legible at first sight (issue 30): the table opens where its counters read, with a zoom bar; Fern's
counters stand out on bush and a hidden unit reads as hidden to its own side; long legal actions and
stack names wrap; the Tahiti portage shows at fit zoom in the editor."""
import os
import sys

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QToolButton

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

from playtest_support import ROOT, table  # noqa: E402

from motu.editor.canvas.counters import LEGIBLE_PX, counter_rect, counter_texts, edge_colours, paint_counter  # noqa: E402


def shown(qtbot, name, seed=7):
    w = table(qtbot, name, seed, show=True)
    w.resize(1400, 900)
    w.stop_auto()
    QApplication.processEvents()
    qtbot.wait(50)  # the window's first opening of the map has run
    return w


def counter_px(w) -> float:
    return counter_rect(w.map_item.geo.cell_rect(0)).width() * w.view.zoom()


def fit_zoom(view) -> float:
    rect = view.map_item.boundingRect()
    return min(view.viewport().width() / rect.width(), view.viewport().height() / rect.height())


@pytest.mark.parametrize("name", ["tahiti.yaml", "fern-ambush.yaml"])
def test_the_table_opens_where_every_text_on_a_counter_reads(qtbot, name):
    w = shown(qtbot, name)
    assert w.view.zoom() > 1.5 * fit_zoom(w.view), "closer in than the whole map (Tahiti: 20-pixel hexes)"
    px = counter_px(w)
    faces = [f for fs in w.map_item._faces_by_cell.values() for f in fs]
    for face in faces:
        texts = counter_texts(face, px, px)
        assert all(font.pixelSize() >= LEGIBLE_PX for _, font, _ in texts), (face.label, px)
        assert texts[-1][2] == face.label or not texts[-1][2].endswith("…")
    # the stacks of the seat on view are in sight
    side = w.side_on_view()
    own = [c for c, sides in w.map_item._sides_at.items() if side in sides]
    shown_rect = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert own and any(shown_rect.contains(w.map_item.geo.centre(c)) for c in own)


def zoom_buttons(view):
    bar = view.zoom_bar
    assert bar.isVisible()
    return {b.objectName(): b for b in bar.findChildren(QToolButton)}, bar.percent


def check_zoom_bar(qtbot, view):
    buttons, percent = zoom_buttons(view)
    assert set(buttons) == {"zoomIn", "zoomOut", "zoomFit"}
    z = view.zoom()
    qtbot.mouseClick(buttons["zoomIn"], Qt.LeftButton)
    assert view.zoom() == pytest.approx(z * 1.25)
    assert percent.text() == f"{view.zoom() * 100:.0f} %"
    qtbot.mouseClick(buttons["zoomOut"], Qt.LeftButton)
    qtbot.mouseClick(buttons["zoomOut"], Qt.LeftButton)
    assert view.zoom() == pytest.approx(z / 1.25)
    qtbot.mouseClick(buttons["zoomFit"], Qt.LeftButton)
    assert view.zoom() == pytest.approx(fit_zoom(view), rel=0.05)
    assert percent.text() == f"{view.zoom() * 100:.0f} %"
    port = view.viewport().geometry()
    assert port.contains(view.zoom_bar.geometry()), "the bar sits over the map, whole"


def test_the_tables_map_has_a_zoom_bar_and_keys(qtbot):
    w = shown(qtbot, "tahiti.yaml")
    check_zoom_bar(qtbot, w.view)
    z = w.view.zoom()
    w.actions_["zoom_in"].trigger()
    assert w.view.zoom() == pytest.approx(z * 1.25)
    assert {s.toString() for s in w.actions_["zoom_in"].shortcuts()} >= {"Ctrl++", "Ctrl+="}


def test_the_editors_map_opens_where_names_read_and_has_the_zoom_bar(qtbot, tmp_path):
    from editor_test_support import make_window
    w = make_window(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "tahiti.yaml"), zoom=1.0)
    w.view.open_map()
    px = counter_rect(w.map_item.geo.cell_rect(0)).width() * w.view.zoom()
    faces = w.map_item.faces()
    for piece in w.document.scenario.pieces.values():
        assert counter_texts(faces.face(piece), px, px)[-1][1].pixelSize() >= LEGIBLE_PX
    assert w.view.zoom() > fit_zoom(w.view)
    check_zoom_bar(qtbot, w.view)


# --- Fern: counters on bush, the hidden veil --------------------------------------------------------

def luminance(colour: str) -> float:
    c = QColor(colour)
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c.redF(), c.greenF(), c.blueF())]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def fern_sides_and_bush():
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    bush = get_ruleset("fern").catalogue.terrain["bush"].color
    return {side.name: side.color for side in s.sides.values()}, bush


def test_every_fern_counter_stands_out_on_bush_by_its_fill_or_a_ring_that_stands_out_from_both():
    sides, bush = fern_sides_and_bush()
    assert contrast(sides["Maori"], bush) < 3  # the Maori's own dark colour alone does not
    for name, fill in sides.items():
        ok = contrast(fill, bush) >= 3 or any(contrast(c, bush) >= 3 and contrast(c, fill) >= 3
                                              for c in edge_colours(fill))
        assert ok, name


def test_a_maori_counter_on_bush_is_drawn_with_its_light_ring(qtbot):
    from motu.engine.scenario.counter_face import CounterFace, ink_for
    sides, bush = fern_sides_and_bush()
    fill = sides["Maori"]
    img = QImage(60, 60, QImage.Format_ARGB32)
    img.fill(QColor(bush))
    p = QPainter(img)
    paint_counter(p, QRectF(10, 10, 40, 40), CounterFace("x", fill, ink_for(fill), "War", "", "10"), False, 1.0)
    p.end()
    row = [img.pixelColor(x, 30).name() for x in range(8, 18)]  # across the counter's left edge
    assert any(contrast(c, bush) >= 3 and contrast(c, fill) >= 3 for c in row), row


def render(w) -> QImage:
    img = QImage(w.view.viewport().size(), QImage.Format_ARGB32)
    p = QPainter(img)
    w.view.render(p)
    p.end()
    return img


def test_a_hidden_maori_group_reads_as_hidden_to_its_own_side(qtbot):
    w = shown(qtbot, "fern-ambush.yaml", seed=5)
    w.seat_boxes[0].setCurrentText("random")
    w.seat_boxes[1].setCurrentText("human")  # the Maori on view, the British a bot (paused)
    w.stop_auto()
    w._refresh()
    assert w.side_on_view() == "maori"
    assert w.map_item.styles["hidden"]["draw"] == "veil"
    hidden = [c for c, faces in w.map_item._faces_by_cell.items()
              if any("hidden" in w.map_item.marks.get(f.piece, ()) for f in faces)]
    assert hidden
    in_view = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert all(in_view.contains(w.map_item.geo.centre(c)) for c in hidden), \
        "the map, as it opened, moved over the stacks of the seat now on view"
    cell = hidden[0]
    w.view.centerOn(w.map_item.geo.centre(cell))
    QApplication.processEvents()
    veiled = render(w)
    marks = dict(w.map_item.marks)
    w.map_item.marks = {k: () for k in marks}
    w.map_item.update()
    plain = render(w)
    w.map_item.marks = marks
    box = w.view.mapFromScene(w.map_item.geo.cell_rect(cell)).boundingRect()
    whites = blacks = 0
    for x in range(box.left(), box.right()):
        for y in range(box.top(), box.bottom()):
            a, b = QColor(veiled.pixel(x, y)), QColor(plain.pixel(x, y))
            if a != b:
                whites += a.lightness() > 235
                blacks += a.lightness() < 30
    assert whites > 40 and blacks > 40, "a dashed frame, white over black, round the hidden pile"
    legend = w.legend.texts()
    assert legend[0].startswith("Hidden"), "the legend names the veil first: it is on the map"


# --- long lines wrap ------------------------------------------------------------------------------

def test_long_legal_actions_and_stack_names_wrap_in_the_panel(qtbot):
    w = shown(qtbot, "tahiti.yaml")
    for lst in (w.legal, w.stack_panel.units):
        assert lst.wordWrap() and lst.horizontalScrollBarPolicy() == Qt.ScrollBarAlwaysOff
    long = "Red clan: choose which units on 1106 move together, then move the stack on 1106 to 1208 by canoe"
    w.legal.addItem(long)
    w.stack_panel.units.addItem("Red Head Chieftain (moved, flipped, in the Marae compound) — Te Porionuu of Pare")
    QApplication.processEvents()
    for lst in (w.legal, w.stack_panel.units):
        item = lst.item(lst.count() - 1)
        rect = lst.visualItemRect(item)
        assert rect.height() >= 2 * lst.fontMetrics().lineSpacing(), "the long line wraps"
        assert rect.right() <= lst.viewport().width()
        assert lst.horizontalScrollBar().maximum() == 0


# --- the portage at fit zoom ----------------------------------------------------------------------

def test_the_papeari_portage_shows_at_fit_zoom_in_the_editor(qtbot, tmp_path):
    from editor_test_support import make_window
    w = make_window(qtbot, tmp_path, os.path.join(ROOT, "scenarios", "tahiti.yaml"), zoom=1.0)
    w.view.fit()
    QApplication.processEvents()
    s = w.document.scenario
    (a, b), = [e for e, feats in s.edges.items() if "portage" in feats]
    p1, p2 = w.map_item.geo.side(a, b)
    mid = w.view.mapFromScene(QPointF((p1.x() + p2.x()) / 2, (p1.y() + p2.y()) / 2))
    img = render(w)
    near_white = sum(QColor(img.pixel(mid.x() + dx, mid.y() + dy)).lightness() > 235
                     for dx in range(-8, 9) for dy in range(-8, 9))
    assert near_white >= 60, "the canoe's white disc, some 16 pixels across"
