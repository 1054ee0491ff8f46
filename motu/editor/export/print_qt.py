"""Print-and-play PNG and PDF: the engine's pages drawn by Qt, the same pages the SVG holds.

Scope: `export_print` (one call for SVG, PNG or PDF) and the drawing half of the engine's
`png` and `pdf` formats (`print_pages`, given them by motu/editor/export/__init__.py). Layout is the engine's (motu/engine/io/print_*.py); the SVG is written by
svg_print.py, and PNG and PDF are the same shapes drawn by painter.py (fractional font
sizes, the print font's widths), so the three agree. PDF is vector, one page per sheet;
PNG pages are one file per page, like SVG; a PNG of the map (`export_map_png`, what a `.png`
export writes unless pages are asked for) is the map alone in one image, at the cell size
and resolution asked for.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMarginsF, QSaveFile, QSizeF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPdfWriter

from motu.engine.io.formats import ExportOptions
from motu.engine.io.print_layout import Page, PrintError, PrintOptions, check, layout
from motu.engine.io.print_map import map_scene
from motu.engine.io.svg_print import page_paths, page_svg
from motu.engine.scenario.model import Scenario

from .painter import draw_page, draw_shapes, ensure_app, new_painter

KINDS = ("svg", "png", "pdf")
DPI_RANGE = (30, 1200)
MAX_PIXELS = 400_000_000  # a map image larger than this is refused: about 1.6 GB of memory to draw


@dataclass(frozen=True)
class PrintResult:
    paths: list[str]
    pages: int
    map_sheets: int


def export_print(scenario: Scenario, kind: str, out_path: str, hex_mm: float = 19.0, paper: str = "A4",
                 margin_mm: float = 10.0, overlap_mm: float = 10.0, counter_mm: float = 15.0,
                 dpi: int = 150, orientation: str = "auto", whole_map: bool = False) -> PrintResult:
    """Write the map (split into overlapping sheets when larger than the paper), legend and counter sheet.

    `hex_mm` is a hex's width across its flats, or a square's side. The map is cropped to
    its land and a margin of cells unless `whole_map`; sheets of only sea are left out. SVG and PNG
    write OUT itself when everything fits one page, else OUT-p01, OUT-p02… (page_paths); PDF
    writes one file with a page per sheet. PrintError on options that make no pages.
    """
    if kind not in KINDS:
        raise PrintError(f"print output is {', '.join(KINDS)}, not {kind!r}")
    if kind == "png":
        check_dpi(dpi)
    opts = PrintOptions(hex_mm, paper, margin_mm, overlap_mm, counter_mm, orientation, whole_map)
    pages = layout(scenario, opts)
    sheets = sum(1 for p in pages if p.kind == "map")
    if kind == "svg":
        from motu.engine.io.atomic import write_atomic
        paths = page_paths(out_path, len(pages))
        for path, page in zip(paths, pages):
            write_atomic(path, page_svg(page, len(pages)))
        return PrintResult(paths, len(pages), sheets)
    ensure_app()
    if kind == "png":
        paths = page_paths(out_path, len(pages))
        for page, path in zip(pages, paths):
            _write_png(page, dpi, path)
        return PrintResult(paths, len(pages), sheets)
    _write_pdf(pages, out_path, scenario.title)
    return PrintResult([out_path], len(pages), sheets)


def check_dpi(dpi: float) -> None:
    if not (DPI_RANGE[0] <= dpi <= DPI_RANGE[1]):
        raise PrintError(f"a PNG resolution of {dpi:g} dpi is outside {DPI_RANGE[0]} to {DPI_RANGE[1]}")


def png_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    return round(width_mm / 25.4 * dpi), round(height_mm / 25.4 * dpi)


def export_map_png(scenario: Scenario, out_path: str, cell_mm: float = 19.0, dpi: int = 150,
                   whole_map: bool = False) -> list[str]:
    """The map alone (no legend, no counters) in one PNG: every cell printed (cropped to the land
    and a margin unless `whole_map`) at `cell_mm` a cell and `dpi`. PrintError on options that
    make no image or one too large to draw."""
    check_dpi(dpi)
    check(PrintOptions(cell_mm=cell_mm))  # the cell size's own limits, as pages have them
    scene = map_scene(scenario, cell_mm, whole_map)
    w, h = png_size(scene.width, scene.height, dpi)
    if w * h > MAX_PIXELS:
        raise PrintError(f"a {w} x {h} pixel image is too large to draw; lower the resolution ({dpi} dpi) "
                         f"or the cell size ({cell_mm:g} mm)")
    ensure_app()
    image = _image(w, h, dpi)
    painter = new_painter(image)
    painter.scale(w / scene.width, h / scene.height)
    draw_shapes(painter, scene.shapes)
    painter.end()
    _save_image(image, out_path)
    return [out_path]


def _image(w: int, h: int, dpi: int) -> QImage:
    image = QImage(w, h, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    dpm = round(dpi / 0.0254)
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    return image


def _save_image(image: QImage, path: str) -> None:
    out = QSaveFile(path)  # atomic: a failed export leaves the old file
    if not out.open(QSaveFile.WriteOnly) or not image.save(out, "PNG") or not out.commit():
        raise OSError(f"cannot write {path}: {out.errorString()}")


def _write_png(page: Page, dpi: int, path: str) -> None:
    w, h = png_size(page.width, page.height, dpi)
    image = _image(w, h, dpi)
    painter = new_painter(image)
    draw_page(painter, page, w / page.width)
    painter.end()
    _save_image(image, path)


def _write_pdf(pages: list[Page], path: str, title: str) -> None:
    out = QSaveFile(path)
    if not out.open(QSaveFile.WriteOnly):
        raise OSError(f"cannot write {path}: {out.errorString()}")
    writer = QPdfWriter(out)
    writer.setTitle(title or "Motu map")
    writer.setCreator("Motu")
    writer.setResolution(600)
    first = pages[0]
    writer.setPageLayout(QPageLayout(QPageSize(QSizeF(first.width, first.height), QPageSize.Millimeter),
                                     QPageLayout.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = new_painter(writer)
    for i, page in enumerate(pages):
        if i:
            writer.newPage()
        # The whole sheet in device pixels: page millimetres scale to the paper exactly.
        draw_page(painter, page, writer.width() / page.width)
    painter.end()
    if not out.commit():
        raise OSError(f"cannot write {path}: {out.errorString()}")


def print_pages(kind: str):
    """The page printer of the `png` or `pdf` format (print_formats.PagePrinter): the paper, cell
    size and resolution the export was given; for PNG one image of the map unless pages were asked
    for. Every file written."""
    def draw(scenario: Scenario, path: str, options: ExportOptions = ExportOptions()) -> list[str]:
        if kind == "png" and options.png == "map":
            return export_map_png(scenario, path, options.cell_mm, options.dpi, options.whole_map)
        return export_print(scenario, kind, path, hex_mm=options.cell_mm, paper=options.paper, dpi=options.dpi,
                            whole_map=options.whole_map).paths
    return draw


__all__ = ["DPI_RANGE", "KINDS", "PrintResult", "check_dpi", "export_map_png", "export_print", "ensure_app", "png_size",
           "print_pages"]
