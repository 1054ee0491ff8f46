"""Area names never cover each other: at Mo'orea's opening zoom "Paopao" and "Teavaro" would, so the
smaller area's name moves, shrinks or waits; zoomed in, both show at their own places."""
from __future__ import annotations

import itertools
import os

from PySide6.QtGui import QFont, QFontMetricsF

from editor_test_support import ROOT, make_window

MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")


def _frame(w):
    return w.view.viewport().grab().toImage()


def _placed(w):
    """{area name: scene rect} of the names drawn at the view's zoom, once every name is placed."""
    names = w.map_item.names()
    for _ in range(20):
        _frame(w)
        if all(a in names.placed for a in names.priority if names.boxes[a].intersects(w.view.mapToScene(
                w.view.viewport().rect()).boundingRect())):
            break
    s = w.document.scenario
    return {s.areas[a].name: spot[1] for a, spot in names.placed.items() if spot is not None}


def test_names_do_not_overlap_at_the_opening_zoom_and_separate_when_zoomed_in(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, MOOREA)
    w.resize(1400, 900)
    qtbot.wait(20)
    w.view.fit()
    shown = _placed(w)
    assert len(shown) >= 6
    for (a, ra), (b, rb) in itertools.combinations(shown.items(), 2):
        assert not ra.intersects(rb), (a, b)
    s = w.document.scenario
    names = w.map_item.names()
    paopao = next(a for a in s.areas if s.areas[a].name == "Paopao")
    teavaro = next(a for a in s.areas if s.areas[a].name == "Teavaro")
    pt_p, pt_t = names.point(paopao)[0], names.point(teavaro)[0]
    # Where polylabel puts them, at this zoom, the two names would overlap: the smaller area's gave way.
    zoom = names._zoom
    font = QFont()
    font.setBold(True)
    font.setPixelSize(names.base_size(zoom))
    fm = QFontMetricsF(font)
    half_widths = (fm.horizontalAdvance("Paopao") + fm.horizontalAdvance("Teavaro")) / 2 / zoom
    assert abs(pt_p.x() - pt_t.x()) < half_widths and abs(pt_p.y() - pt_t.y()) < fm.height() / zoom
    assert names.cell_counts[paopao] < names.cell_counts[teavaro] and shown["Teavaro"].center() == pt_t
    assert "Paopao" not in shown or shown["Paopao"].center() != pt_p
    w.view.zoom_at(3.0, w.view.mapFromScene((pt_p + pt_t) / 2).toPointF())
    close = _placed(w)
    assert "Paopao" in close and "Teavaro" in close
    assert close["Paopao"].center() == pt_p and close["Teavaro"].center() == pt_t  # at their own places
    for (a, ra), (b, rb) in itertools.combinations(close.items(), 2):
        assert not ra.intersects(rb), (a, b)
