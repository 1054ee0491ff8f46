"""Counter text on paper is 6 pt or more and never cut, measured in the PDF by poppler.

pdftotext -bbox gives each word's box in points; a word's box is as high as the font's ascent
plus descent (1.164 em in DejaVu Sans, the print font), so a word's size is its box's height
over that, which the test checks on the counter sheet's own title, whose size the layout
knows. Every word inside a counter's square must come to 6 pt or more, no word may end in an
ellipsis, and every word the counters were given must be there: nothing was cut. Skips when
poppler is missing and cannot be installed (tools/install-test-tools.sh); CI
(MOTU_REQUIRE_TILED=1) fails instead.
"""
from __future__ import annotations

import glob
import os
import shutil
import unicodedata

import pytest

from motu.editor.export.print_qt import export_print
from motu.engine.io.native import load_path
from motu.engine.io.print_layout import PrintOptions, layout
from motu.engine.io.print_shapes import Poly, Text

from .test_print_readers import PT, ROOT, words

if shutil.which("pdftotext") is None and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("pdftotext missing but CI needs it: run tools/install-test-tools.sh as root", pytrace=False)
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed")
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))
EM_HEIGHT = 1.164  # DejaVu Sans: ascent 0.928 + descent 0.236 of an em


def counter_words(pdf: str, pages) -> list[tuple[str, float]]:
    """(word, size in points) of every word pdftotext finds inside a counter's square."""
    out = []
    for page in pages:  # a map that fits one sheet has its counters below it
        boxes = [tuple(v * PT for v in (sh.points[0][0], sh.points[0][1], sh.points[2][0], sh.points[2][1]))
                 for sh in page.shapes if isinstance(sh, Poly) and sh.cls == "counter"]
        for text, x0, y0, x1, y1 in words(pdf, page.number):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in boxes):
                out.append((unicodedata.normalize("NFKC", text), (y1 - y0) / EM_HEIGHT))  # "ﬂ": poppler's ligature
    return out


def long_named():
    s = load_path(os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml"))
    first = s.pieces["40th"]
    s.pieces[first.id] = type(first)(**{**first.__dict__, "name": "Tu-nui-e-a'a-i-te-atua of Porionu'u's own company"})
    return s


def test_a_word_s_size_is_its_box_over_the_font_s_height(tmp_path):
    # The rule the test measures by, checked on a text whose size the layout knows: the sheet's title.
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    pages = layout(s)
    pdf = export_print(s, "pdf", str(tmp_path / "f.pdf")).paths[0]
    sheet = next(p for p in pages if p.kind == "sheet")
    title = next(t for t in sheet.shapes if isinstance(t, Text) and t.cls == "counters-title")
    [(_, *box)] = [w for w in words(pdf, sheet.number) if w[0] == "Counters"]
    assert (box[3] - box[1]) / EM_HEIGHT == pytest.approx(title.size * PT, rel=0.02)


@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p) for p in SCENARIOS])
def test_no_counter_text_is_under_six_points_nor_cut(path, tmp_path):
    s = load_path(path)
    pages = layout(s)
    pdf = export_print(s, "pdf", str(tmp_path / "c.pdf")).paths[0]
    found = counter_words(pdf, pages)
    assert found, "the counter sheet's words were found"
    small = [(w, round(size, 2)) for w, size in found if size < 5.95]
    assert small == [], small
    assert not any("…" in w for w, _ in found)
    given = [w for p in pages for t in p.shapes
             if isinstance(t, Text) and t.cls.startswith("counter-") for w in t.text.split()]
    assert sorted(w for w, _ in found) == sorted(given)  # every word given is printed whole


@pytest.mark.parametrize("paper, counter_mm", [("Letter", 15.0), ("A4", 12.0), ("Legal", 25.0)])
def test_long_names_on_any_paper_and_counter_size_read_at_six_points(paper, counter_mm, tmp_path):
    s = long_named()
    pages = layout(s, PrintOptions(paper=paper, counter_mm=counter_mm))
    pdf = export_print(s, "pdf", str(tmp_path / "c.pdf"), paper=paper, counter_mm=counter_mm).paths[0]
    found = counter_words(pdf, pages)
    assert min(size for _, size in found) >= 5.95
    assert not any("…" in w for w, _ in found)
    assert {"General", "Cameron", "Company", "43rd", "Constabulary"} <= {w for w, _ in found}  # whole, not "Camer…"
