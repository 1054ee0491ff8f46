"""Print-and-play SVG, PNG and PDF of every shipped scenario, read back: cells, numbers, pages, sizes."""
import glob
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from motu.editor.export.print_qt import export_print, png_size
from motu.engine.io.native import load_path
from motu.engine.io.print_layout import PrintError, PrintOptions, layout, tiles_needed
from motu.engine.io.print_layout import sheets as print_sheets
from motu.engine.io.print_map import catalogue_of, land_cells, map_scene, printed_cells
from motu.engine.io.print_counters import counters

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))
NS = {"s": "http://www.w3.org/2000/svg"}


def _pages(paths):
    return [ET.parse(p).getroot() for p in paths]


def _by_class(root, tag, cls):
    return [e for e in root.iter("{http://www.w3.org/2000/svg}" + tag) if e.get("class") == cls]


@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p) for p in SCENARIOS])
def test_svg_of_every_shipped_scenario_has_every_cell_number_legend_and_counter(path, tmp_path):
    s = load_path(path)
    result = export_print(s, "svg", str(tmp_path / "map.svg"))
    roots = _pages(result.paths)
    assert len(roots) == result.pages == len(layout(s))
    assert {int(r.get("data-pages")) for r in roots} == {result.pages}
    # Cropped to the land and a margin: those cells, each with its number.
    labels = {s.label(c) for c in printed_cells(s, catalogue_of(s))}
    seen_cells, seen_numbers = set(), set()
    for root in roots:
        cells = [e.get("data-cell") for e in _by_class(root, "polygon", "cell")]
        assert len(cells) == len(set(cells)), "a page draws each of its cells once"
        seen_cells |= set(cells)
        seen_numbers |= {e.text for e in _by_class(root, "text", "cellnum")}
    # Every land cell is printed; what is left out (beyond the margin, or on a sheet of only sea) is water.
    assert seen_numbers <= seen_cells <= labels
    cat = catalogue_of(s)
    assert {s.label(c) for c in land_cells(s, cat)} <= seen_numbers
    water = {t for t, k in cat.terrain.items() if k.kind == "water"}
    assert all(s.terrain[s.grid.parse_label(c)] in water for c in labels - seen_cells)
    if s.grid.shape == "hex":
        assert all(re.fullmatch(r"\d{4}", n) for n in seen_numbers)  # CCRR
    text = " ".join(e.text or "" for r in roots for e in r.iter("{http://www.w3.org/2000/svg}text"))
    for t in set(s.terrain):
        assert cat.terrain[t].name[:12] in text
    for a in s.areas.values():
        assert a.name in text or not set(s.area_cells()[a.id]) & set(printed_cells(s, cat))
    pieces = [e.get("data-piece") for r in roots for e in _by_class(r, "polygon", "counter")]
    assert sorted(pieces) == sorted(c.piece_id for c in counters(s))
    edges = sum(len(_by_class(r, "polyline", "edge")) for r in roots)
    assert (edges > 0) == bool(s.edges)


def test_a_map_that_fits_one_sheet_is_one_file_with_the_legend_below(tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    out = tmp_path / "tiki.svg"
    result = export_print(s, "svg", str(out))
    assert result.paths == [str(out)] and result.pages == 1 and result.map_sheets == 1
    root = ET.parse(out).getroot()
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert _by_class(root, "text", "legend-title") and _by_class(root, "text", "counters-title")
    assert not _by_class(root, "polyline", "overlap-mark")  # nothing to overlap with


def test_a_large_map_is_cut_into_overlapping_sheets_with_marks(tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    opts = PrintOptions(cell_mm=19.0, paper="A4", margin_mm=10.0, overlap_mm=10.0)
    scene = map_scene(s, 19.0)
    pages = layout(s, opts)
    sheets = [p for p in pages if p.kind == "map"]
    w, h = pages[0].width, pages[0].height
    numbers = print_sheets(scene, w, h, 10, 10)
    # The tiles of the cropped map, less those of only sea.
    assert 1 < len(sheets) == len(numbers) < tiles_needed(scene.width, w - 20, 10) * tiles_needed(scene.height, h - 20, 10)
    assert [p.number for p in sheets] == sorted(numbers.values())
    result = export_print(s, "svg", str(tmp_path / "t.svg"))
    assert [os.path.basename(p) for p in result.paths] == [f"t-p{i:02d}.svg" for i in range(1, result.pages + 1)]
    roots = [ET.parse(p).getroot() for p in result.paths[:len(sheets)]]
    first = roots[0]
    assert len(_by_class(first, "polyline", "crop-mark")) == 8
    assert _by_class(first, "polyline", "overlap-mark")
    # Neighbouring sheets share the overlap: cells under a sheet's right overlap are on its right neighbour too.
    pairs = [(numbers[(i, j)], numbers[(i + 1, j)]) for (i, j) in numbers if (i + 1, j) in numbers]
    assert pairs
    for a, b in pairs:
        one = {e.get("data-cell") for e in _by_class(roots[a - 1], "polygon", "cell")}
        two = {e.get("data-cell") for e in _by_class(roots[b - 1], "polygon", "cell")}
        assert len(one & two) >= 10
        labels = [e.text for e in _by_class(roots[a - 1], "text", "overlap-label")]
        assert f"overlaps sheet {b} →" in labels
    # No sheet is only sea.
    water = {t for t, k in catalogue_of(s).terrain.items() if k.kind == "water"}
    for root in roots:
        assert {e.get("data-terrain") for e in _by_class(root, "polygon", "cell")} - water
    # True size: a hex polygon is 19 mm across its flats in SVG millimetres.
    poly = _by_class(first, "polygon", "cell")[0]
    ys = [float(p.split(",")[1]) for p in poly.get("points").split()]
    assert max(ys) - min(ys) == pytest.approx(19.0, abs=0.01)


def test_png_pages_are_the_paper_size_at_the_chosen_dpi(tmp_path, qapp):
    from PySide6.QtGui import QImage
    s = load_path(os.path.join(ROOT, "scenarios", "example-square.yaml"))
    result = export_print(s, "png", str(tmp_path / "sq.png"), hex_mm=16, dpi=100)
    pages = layout(s, PrintOptions(cell_mm=16))
    assert len(result.paths) == len(pages)
    for path, page in zip(result.paths, pages):
        image = QImage(path)
        assert (image.width(), image.height()) == png_size(page.width, page.height, 100)
        assert round(image.dotsPerMeterX() * 0.0254) == 100
    # The map is drawn: the terrain colour of a cell is on the first page.
    image = QImage(result.paths[0])
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert catalogue_of(s).terrain["bush"].color.lower() in colours


def _pdf_pages(path):
    if shutil.which("pdfinfo"):
        out = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    return len(re.findall(rb"/Type\s*/Page[^s]", open(path, "rb").read()))


def test_pdf_has_one_page_per_sheet(tmp_path, qapp):
    s = load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml"))
    out = str(tmp_path / "ex.pdf")
    result = export_print(s, "pdf", out)
    assert result.paths == [out]
    assert _pdf_pages(out) == result.pages == len(layout(s))
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", out], capture_output=True, text=True).stdout
        assert "(A4)" in info


@pytest.mark.parametrize("kwargs,message", [
    ({"hex_mm": 0}, "too small"), ({"paper": "B7"}, "unknown paper"), ({"overlap_mm": 150}, "more than half"),
    ({"margin_mm": 100}, "leave less than"), ({"counter_mm": 500}, "do not fit"), ({"dpi": 5}, "resolution"),
])
def test_bad_options_get_one_clear_message(kwargs, message, tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    kind = "png" if "dpi" in kwargs else "svg"
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(PrintError, match=message):
        export_print(s, kind, str(out / f"x.{kind}"), **kwargs)
    assert list(out.iterdir()) == []


def test_the_whole_map_prints_on_request_sea_and_all(tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    result = export_print(s, "svg", str(tmp_path / "w.svg"), whole_map=True)
    cells = {e.get("data-cell") for p in result.paths for e in _by_class(ET.parse(p).getroot(), "polygon", "cell")}
    assert cells == {s.label(c) for c in range(s.grid.size)}
    assert result.map_sheets > export_print(s, "svg", str(tmp_path / "c.svg")).map_sheets


def test_custom_paper_and_orientation(tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml"))
    big = layout(s, PrintOptions(paper="300x400"))
    assert [p.kind for p in big][:1] == ["map"] and sum(p.kind == "map" for p in big) == 1
    land = layout(s, PrintOptions(orientation="landscape"))
    assert land[0].width > land[0].height
