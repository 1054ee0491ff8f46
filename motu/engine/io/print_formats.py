"""The print-and-play formats: SVG, PNG and PDF pages of the map, its legend and its counters.

Scope: declaring the three (`FORMATS`, listed by registry.py): their names and endings, that
they are paged (`--whole-map` applies) and which files each writes before any is written
(SVG and PNG pages: OUT itself for one page, else OUT-p01…; PDF: one file of many pages; a PNG
of the map: OUT alone). What a user chose (paper, cell size, resolution, and for PNG one image
of the map or the pages: formats.ExportOptions) becomes the layout's PrintOptions here. The
pages are print_layout.py's; svg_print.py writes SVG. PNG and PDF are drawn by Qt: their
drawing half, motu/editor/export/print_qt.py's page printer, reaches the save as
`ExportOptions.draw`, and without it they are refused.
"""
from __future__ import annotations

from typing import Callable

from motu.engine.scenario.model import Scenario

from .formats import ExportOptions, Format, Written, needs_drawing
from .print_layout import PrintError, PrintOptions
from .svg_print import export_svg, print_paths

# (scenario, path, options) -> every file written: the drawing half of PNG and PDF.
PagePrinter = Callable[[Scenario, str, ExportOptions], list[str]]
PNG_KINDS = ("map", "pages")  # one image of the map, or the print's pages


def print_options(options: ExportOptions) -> PrintOptions:
    """The layout's options for what an export was given."""
    return PrintOptions(cell_mm=options.cell_mm, paper=options.paper, whole_map=options.whole_map)


def _page_files(s: Scenario, path: str, options: ExportOptions) -> list[str]:
    return print_paths(s, path, print_options(options))


def _png_files(s: Scenario, path: str, options: ExportOptions) -> list[str]:
    if options.png not in PNG_KINDS:
        raise PrintError(f"a PNG export writes {' or '.join(PNG_KINDS)}, not {options.png!r}")
    return _page_files(s, path, options) if options.png == "pages" else [path]


def _save_svg(s: Scenario, path: str, options: ExportOptions) -> Written:
    return Written(tuple(export_svg(s, path, print_options(options))))


def _drawn(format_id: str):
    def save(s: Scenario, path: str, options: ExportOptions) -> Written:
        if options.draw is None:
            raise ValueError(needs_drawing(next(f for f in FORMATS if f.id == format_id)))
        return Written(tuple(options.draw(s, path, options)))
    return save


FORMATS = (
    Format("svg", "Print-and-play SVG (map sheets, legend, counters)", (".svg",), save=_save_svg,
           files=_page_files, paged=True),
    Format("png", "PNG image (the map in one image, or print-and-play pages)", (".png",), save=_drawn("png"),
           files=_png_files, paged=True, needs_qt=True),
    Format("pdf", "Print-and-play PDF (map sheets, legend, counters)", (".pdf",), save=_drawn("pdf"),
           paged=True, needs_qt=True),
)

__all__ = ["FORMATS", "PNG_KINDS", "PagePrinter", "print_options"]
