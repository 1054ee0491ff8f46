"""Print read by tools Motu did not write: librsvg (rsvg-convert) draws the SVG pages as Qt draws
the PDF, word for word within 5 %, and poppler (pdftotext) finds every counter's text inside its
counter at every counter size offered.

rsvg-convert renders an SVG page to PDF through cairo and pango, a standard SVG renderer with
its own text layout; pdftotext -bbox gives each word's box in either PDF. Skips when the tools
are missing and cannot be installed (tools/install-test-tools.sh); CI (MOTU_REQUIRE_TILED=1)
fails instead.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from html import unescape

import pytest

from motu.editor.export.print_qt import export_print
from motu.engine.io.native import load_path
from motu.engine.io.print_layout import PrintOptions, check, layout
from motu.engine.io.print_shapes import Poly

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PT = 72 / 25.4  # PDF points per millimetre
TOOLS = [t for t in ("rsvg-convert", "pdftotext") if shutil.which(t) is None]
if TOOLS and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail(f"{', '.join(TOOLS)} missing but CI needs them: run tools/install-test-tools.sh as root", pytrace=False)
pytestmark = pytest.mark.skipif(bool(TOOLS), reason=f"{', '.join(TOOLS)} not installed (tools/install-test-tools.sh)")
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def words(pdf: str, page: int | None = None) -> list[tuple[str, float, float, float, float]]:
    """(text, x0, y0, x1, y1) in points of every word pdftotext finds, in its reading order."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    html = subprocess.run(["pdftotext", *pages, "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout
    return [(unescape(m[4]), float(m[0]), float(m[1]), float(m[2]), float(m[3])) for m in _WORD.findall(html)]


def _long_named():
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    first = next(iter(s.pieces.values()))
    s.pieces[first.id] = type(first)(**{**first.__dict__, "name": "Tu-nui-e-a'a-i-te-atua of Porionu'u", "count": 12})
    return s


@pytest.mark.parametrize("which", ["map", "sheet"])
def test_librsvg_draws_each_svg_page_as_the_pdf_shows_it(which, tmp_path):
    s = _long_named()
    pdf = export_print(s, "pdf", str(tmp_path / "t.pdf"))
    svgs = export_print(s, "svg", str(tmp_path / "t.svg")).paths
    kinds = [p.kind for p in layout(s)]
    n = kinds.index(which) + 1
    theirs = str(tmp_path / "rsvg.pdf")
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", theirs, svgs[n - 1]], check=True, timeout=120)
    ours, rsvg = words(pdf.paths[0], n), words(theirs)
    assert len(ours) > 20 and sorted(w[0] for w in ours) == sorted(w[0] for w in rsvg)
    left = list(rsvg)
    for text, *a in ours:  # each word with librsvg's same word nearest it
        match = min((w for w in left if w[0] == text), key=lambda w: abs(w[1] - a[0]) + abs(w[2] - a[1]))
        left.remove(match)
        b = match[1:]
        wa, wb = a[2] - a[0], b[2] - b[0]
        ha, hb = a[3] - a[1], b[3] - b[1]
        assert abs(wa - wb) <= 0.05 * wb + 0.05, (text, wa, wb)  # the same width: the same size and font
        assert abs(ha - hb) <= 0.05 * hb, (text, ha, hb)
        assert abs((a[0] + a[2]) - (b[0] + b[2])) / 2 <= 0.05 * wb + 0.3, (text, a, b)  # in the same place


@pytest.mark.parametrize("counter_mm", [5.0, 9.0, 15.0, 40.0])
def test_counter_text_stays_inside_its_counter_at_every_size(counter_mm, tmp_path):
    s = _long_named()
    opts = PrintOptions(counter_mm=counter_mm)
    check(opts)
    pages = layout(s, opts)
    pdf = export_print(s, "pdf", str(tmp_path / "c.pdf"), counter_mm=counter_mm).paths[0]
    inside = 0
    for page in (p for p in pages if p.kind == "sheet"):
        boxes = [tuple(v * PT for v in (sh.points[0][0], sh.points[0][1], sh.points[2][0], sh.points[2][1]))
                 for sh in page.shapes if isinstance(sh, Poly) and sh.cls == "counter"]
        for text, x0, y0, x1, y1 in words(pdf, page.number):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            box = next((b for b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]), None)
            if box is None:
                continue  # a heading or legend line
            inside += 1
            tol = 0.02 * counter_mm * PT
            assert box[0] - tol <= x0 and x1 <= box[2] + tol and box[1] - tol <= y0 and y1 <= box[3] + tol, \
                (text, counter_mm, (x0, y0, x1, y1), box)
    assert inside >= 3 * len(s.pieces)  # symbol, name and start cell of every counter were found
