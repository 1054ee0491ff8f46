"""Pages of a print-and-play scenario: the map at true size cut into sheets, then legend and counters.

Scope: paper sizes, margins, splitting a map larger than the paper into sheets
that overlap by a set width (with crop marks at each sheet's corners and a dashed
line where the neighbouring sheet's overlap begins), leaving out sheets that would
show only sea, and flowing the legend and counter sheet after the map — below it on
the same page when the map fits one sheet with room to spare. Every text is fitted
to the room it has. Writers (svg_print.py, motu/editor/export/painter.py) draw Pages.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from motu.engine.scenario.model import Scenario

from .print_map import MapScene, map_scene
from .print_sheets import counter_blocks, legend_blocks
from .print_shapes import Line, Shape, Text, bbox, fit_text, moved, text_width

PAPERS = {"A5": (148.0, 210.0), "A4": (210.0, 297.0), "A3": (297.0, 420.0), "A2": (420.0, 594.0),
          "Letter": (215.9, 279.4), "Legal": (215.9, 355.6), "Tabloid": (279.4, 431.8)}
MARK = "#555555"


class PrintError(ValueError):
    """Print options that cannot make pages (a cell of no size, margins wider than the paper…)."""


@dataclass(frozen=True)
class PrintOptions:
    cell_mm: float = 19.0  # a hex across its flats, a square's side
    paper: str = "A4"  # a name from PAPERS, or WIDTHxHEIGHT in mm
    margin_mm: float = 10.0
    overlap_mm: float = 10.0
    counter_mm: float = 15.0
    orientation: str = "auto"  # auto | portrait | landscape
    whole_map: bool = False  # False: the land and a margin of cells round it (print_map.printed_cells)


@dataclass
class Page:
    number: int
    width: float
    height: float
    kind: str  # "map" or "sheet"
    shapes: list[Shape] = field(default_factory=list)  # in page mm
    map_shapes: list[Shape] = field(default_factory=list)  # in map mm, drawn shifted by map_offset, clipped
    map_offset: tuple[float, float] = (0.0, 0.0)
    map_clip: tuple[float, float, float, float] | None = None  # x, y, width, height on the page
    title: str = ""


def paper_size(paper: str) -> tuple[float, float]:
    for name, size in PAPERS.items():
        if name.lower() == paper.strip().lower():
            return size
    text = paper.strip().lower().replace(" ", "")
    text = text[:-2] if text.endswith("mm") else text
    try:
        w, h = (float(v.removesuffix("mm")) for v in text.split("x"))
    except ValueError:
        raise PrintError(f"unknown paper {paper!r}: use {', '.join(PAPERS)} or WIDTHxHEIGHT in mm, as 300x200mm") from None
    if not (0 < w < 10_000 and 0 < h < 10_000):  # nan and inf fail too
        raise PrintError(f"paper {paper!r}: give a width and height in mm, each above 0 and below 10 m")
    return w, h


def check(opts: PrintOptions) -> tuple[float, float]:
    """The paper's size in the chosen orientation's portrait form; PrintError on options that make no pages."""
    w, h = paper_size(opts.paper)
    if not (opts.cell_mm >= 2):
        raise PrintError(f"a cell of {opts.cell_mm} mm is too small to print (2 mm at least)")
    if opts.margin_mm < 0 or opts.overlap_mm < 0:
        raise PrintError("margins and overlaps cannot be negative")
    usable = min(w, h) - 2 * opts.margin_mm
    if usable < 20:
        raise PrintError(f"margins of {opts.margin_mm} mm leave less than 20 mm of a {w:g}x{h:g} mm sheet")
    if opts.overlap_mm * 2 >= usable:
        raise PrintError(f"an overlap of {opts.overlap_mm} mm is more than half of the {usable:g} mm a sheet prints")
    if opts.counter_mm < 5 or opts.counter_mm > usable:
        raise PrintError(f"counters of {opts.counter_mm} mm do not fit: 5 to {usable:g} mm")
    if opts.orientation not in ("auto", "portrait", "landscape"):
        raise PrintError(f"orientation must be auto, portrait or landscape, not {opts.orientation!r}")
    return min(w, h), max(w, h)


def tiles_needed(length: float, usable: float, overlap: float) -> int:
    if length <= usable + 1e-6:
        return 1
    return math.ceil((length - overlap) / (usable - overlap) - 1e-9)


def layout(scenario: Scenario, opts: PrintOptions = PrintOptions()) -> list[Page]:
    short, long_ = check(opts)
    scene = map_scene(scenario, opts.cell_mm, opts.whole_map)
    m, o = opts.margin_mm, opts.overlap_mm
    sizes = {"portrait": (short, long_), "landscape": (long_, short)}
    if opts.orientation == "auto":
        pw, ph = min(sizes.values(), key=lambda s: (len(sheets(scene, s[0], s[1], m, o)), s[0]))
    else:
        pw, ph = sizes[opts.orientation]
    pages = map_pages(scenario, scene, pw, ph, m, o)
    flow_sheets(scenario, pages, pw, ph, m, opts)
    return pages


def sheets(scene: MapScene, pw: float, ph: float, m: float, o: float) -> dict[tuple[int, int], int]:
    """(column, row) of each map sheet printed → its sheet number: the tiles of the map that
    show some land (all of them when the scene has no land to go by), numbered row by row."""
    uw, uh = pw - 2 * m, ph - 2 * m
    nx, ny = tiles_needed(scene.width, uw, o), tiles_needed(scene.height, uh, o)
    half = scene.cell_mm / 2
    out: dict[tuple[int, int], int] = {}
    for j in range(ny):
        for i in range(nx):
            ox, oy = i * (uw - o), j * (uh - o)
            if not scene.land or any(ox - half <= x <= ox + uw + half and oy - half <= y <= oy + uh + half
                                     for x, y in scene.land):
                out[(i, j)] = len(out) + 1
    return out


def map_pages(scenario: Scenario, scene: MapScene, pw: float, ph: float, m: float, o: float) -> list[Page]:
    uw, uh = pw - 2 * m, ph - 2 * m
    numbers = sheets(scene, pw, ph, m, o)
    boxes = [(s, bbox(s)) for s in scene.shapes]
    pages = []
    title = scenario.title or "Map"
    for (i, j), n in numbers.items():
        ox, oy = i * (uw - o), j * (uh - o)
        tw, th = min(uw, scene.width - ox), min(uh, scene.height - oy)
        page = Page(n, pw, ph, "map", map_offset=(m - ox, m - oy), map_clip=(m, m, tw, th), title=title)
        page.map_shapes = [s for s, (x0, y0, x1, y1) in boxes
                           if x1 >= ox and x0 <= ox + tw and y1 >= oy and y0 <= oy + th]
        sheet = f" - map sheet {n} of {len(numbers)} (row {j + 1}, column {i + 1})" if len(numbers) > 1 else ""
        if m >= 5:
            text, size = fit_text(f"{title}{sheet} - cells {scene.cell_mm:g} mm", pw - 2 * m - 3, 3.0, smallest=2.0)
            page.shapes.append(Text(m + 3, m - 2.5, text, size, "#333333", "start", cls="page-header"))
        page.shapes += crop_marks(m, m, tw, th, m)
        page.shapes += overlap_marks(m, m, tw, th, o, m, pw, numbers, (i, j))
        pages.append(page)
    return pages


def crop_marks(x: float, y: float, w: float, h: float, margin: float) -> list[Shape]:
    """Short lines in the margin at each corner of the printed map: cut along them."""
    length = min(5.0, margin - 1.5)
    if length < 1:
        return []
    out: list[Shape] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            out.append(Line(((cx + sx, cy), (cx + sx * (1 + length), cy)), MARK, 0.2, cls="crop-mark"))
            out.append(Line(((cx, cy + sy), (cx, cy + sy * (1 + length))), MARK, 0.2, cls="crop-mark"))
    return out


def overlap_marks(x: float, y: float, w: float, h: float, o: float, margin: float, page_width: float,
                  numbers: dict[tuple[int, int], int], at: tuple[int, int]) -> list[Shape]:
    """A dashed line where a neighbouring sheet's copy of the map begins, labelled with that
    sheet's number, for each neighbour that is printed. Labels stay on the page: under the
    map for the sheets left and right, in the right margin for those above and below."""
    out: list[Shape] = []
    if o <= 0:
        return out
    dash = (1.5, 1.0)
    size = min(2.6, max(1.5, margin * 0.3))
    i, j = at

    def label(tx: float, ty: float, text: str, anchor: str, room: float) -> None:
        if text_width(text, size) <= room:  # a margin too narrow for it keeps only the line
            out.append(Text(tx, ty, text, size, MARK, anchor, cls="overlap-label"))

    below = y + h + size * 1.3
    if (i + 1, j) in numbers and w > o:
        lx = x + w - o
        out.append(Line(((lx, y), (lx, y + h)), MARK, 0.25, dash, cls="overlap-mark"))
        label(x + w, below, f"overlaps sheet {numbers[(i + 1, j)]} →", "end", w / 2)
    if (i - 1, j) in numbers:
        lx = x + o
        out.append(Line(((lx, y), (lx, y + h)), MARK, 0.25, dash, cls="overlap-mark"))
        label(x, below, f"← overlaps sheet {numbers[(i - 1, j)]}", "start", w / 2)
    room = page_width - (x + w) - 1.6
    if (i, j + 1) in numbers and h > o:
        ly = y + h - o
        out.append(Line(((x, ly), (x + w, ly)), MARK, 0.25, dash, cls="overlap-mark"))
        label(x + w + 0.8, ly + size * 0.4, f"↓ {numbers[(i, j + 1)]}", "start", room)
    if (i, j - 1) in numbers:
        ly = y + o
        out.append(Line(((x, ly), (x + w, ly)), MARK, 0.25, dash, cls="overlap-mark"))
        label(x + w + 0.8, ly + size * 0.4, f"↑ {numbers[(i, j - 1)]}", "start", room)
    return out


def flow_sheets(scenario: Scenario, pages: list[Page], pw: float, ph: float, m: float, opts: PrintOptions) -> None:
    """The legend then the counters, block by block, each block whole on one page."""
    uw = pw - 2 * m
    blocks = legend_blocks(scenario, uw, opts.cell_mm) + counter_blocks(scenario, uw, opts.counter_mm)
    page: Page | None = None
    y = m
    if len(pages) == 1 and pages[0].map_clip is not None:  # the map fits one sheet: legend below it
        page = pages[0]
        y = m + page.map_clip[3] + 6.0
    title = scenario.title or "Map"
    for block in blocks:
        if page is None or (y + block.height > ph - m and y > m + 1e-6):
            page = Page(len(pages) + 1, pw, ph, "sheet", title=title)
            if m >= 5:
                text, size = fit_text(f"{title} - legend and counters", pw - 2 * m - 3, 3.0, smallest=2.0)
                page.shapes.append(Text(m + 3, m - 2.5, text, size, "#333333", "start", cls="page-header"))
            pages.append(page)
            y = m
        page.shapes += [moved(s, m, y) for s in block.shapes]
        y += block.height


__all__ = ["PAPERS", "PrintError", "PrintOptions", "Page", "paper_size", "layout", "tiles_needed"]
