"""Print-and-play PNG and PDF: the engine's SVG pages drawn by Qt's SVG renderer.

Scope: `export_print` (one call for SVG, PNG or PDF), a headless QGuiApplication
when none is running (the `motu export` command), and the `png` and `pdf` entries
of the format registry. Layout and drawing are the engine's (engine/io/print_*.py,
svg_print.py): PNG and PDF show exactly what the SVG shows. PDF is vector, one
page per sheet; PNG is one file per page, like SVG.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QMarginsF, QRectF, QSaveFile, QSizeF
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgRenderer

from engine.io import vassal  # noqa: F401  (registers the vmod format beside png and pdf)
from engine.io.print_layout import PrintError, PrintOptions, layout
from engine.io.registry import Format, Written, register_format
from engine.io.svg_print import page_paths, page_svg
from engine.scenario.model import Scenario

KINDS = ("svg", "png", "pdf")
_app: QGuiApplication | None = None


@dataclass(frozen=True)
class PrintResult:
    paths: list[str]
    pages: int
    map_sheets: int


def ensure_app() -> None:
    """Qt needs an application object for fonts; a command-line export has none and maybe no display."""
    global _app
    if QGuiApplication.instance() is not None:
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication([sys.argv[0] if sys.argv else "motu"])


def export_print(scenario: Scenario, kind: str, out_path: str, hex_mm: float = 19.0, paper: str = "A4",
                 margin_mm: float = 10.0, overlap_mm: float = 10.0, counter_mm: float = 15.0,
                 dpi: int = 150, orientation: str = "auto") -> PrintResult:
    """Write the map (split into overlapping sheets when larger than the paper), legend and counter sheet.

    `hex_mm` is a hex's width across its flats, or a square's side. SVG and PNG
    write OUT itself when everything fits one page, else OUT-p1, OUT-p2…; PDF
    writes one file with a page per sheet. PrintError on options that make no pages.
    """
    if kind not in KINDS:
        raise PrintError(f"print output is {', '.join(KINDS)}, not {kind!r}")
    if kind == "png" and not (30 <= dpi <= 1200):
        raise PrintError(f"a PNG resolution of {dpi} dpi is outside 30 to 1200")
    opts = PrintOptions(hex_mm, paper, margin_mm, overlap_mm, counter_mm, orientation)
    pages = layout(scenario, opts)
    svgs = [page_svg(p, len(pages)) for p in pages]
    sheets = sum(1 for p in pages if p.kind == "map")
    if kind == "svg":
        from engine.io.atomic import write_atomic
        paths = page_paths(out_path, len(pages))
        for path, text in zip(paths, svgs):
            write_atomic(path, text)
        return PrintResult(paths, len(pages), sheets)
    ensure_app()
    if kind == "png":
        paths = page_paths(out_path, len(pages))
        for page, path, text in zip(pages, paths, svgs):
            _write_png(text, page.width, page.height, dpi, path)
        return PrintResult(paths, len(pages), sheets)
    _write_pdf(svgs, pages[0].width, pages[0].height, out_path, scenario.title)
    return PrintResult([out_path], len(pages), sheets)


def png_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    return round(width_mm / 25.4 * dpi), round(height_mm / 25.4 * dpi)


def _renderer(svg: str) -> QSvgRenderer:
    r = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not r.isValid():
        raise RuntimeError("Qt could not read the SVG page it was given")
    return r


def _write_png(svg: str, width_mm: float, height_mm: float, dpi: int, path: str) -> None:
    w, h = png_size(width_mm, height_mm, dpi)
    image = QImage(w, h, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    dpm = round(dpi / 0.0254)
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    _renderer(svg).render(painter, QRectF(0, 0, w, h))
    painter.end()
    out = QSaveFile(path)  # atomic: a failed export leaves the old file
    if not out.open(QSaveFile.WriteOnly) or not image.save(out, "PNG") or not out.commit():
        raise OSError(f"cannot write {path}: {out.errorString()}")


def _write_pdf(svgs: list[str], width_mm: float, height_mm: float, path: str, title: str) -> None:
    out = QSaveFile(path)
    if not out.open(QSaveFile.WriteOnly):
        raise OSError(f"cannot write {path}: {out.errorString()}")
    writer = QPdfWriter(out)
    writer.setTitle(title or "Motu map")
    writer.setCreator("Motu")
    writer.setResolution(600)
    writer.setPageLayout(QPageLayout(QPageSize(QSizeF(width_mm, height_mm), QPageSize.Millimeter),
                                     QPageLayout.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    for i, svg in enumerate(svgs):
        if i:
            writer.newPage()
        # The whole page in device pixels: SVG millimetres scale to the sheet exactly.
        _renderer(svg).render(painter, QRectF(0, 0, writer.width(), writer.height()))
    painter.end()
    if not out.commit():
        raise OSError(f"cannot write {path}: {out.errorString()}")


def _save(kind: str):
    def save(scenario: Scenario, path: str) -> Written:
        return Written(tuple(export_print(scenario, kind, path).paths))
    return save


register_format(Format("png", "Print-and-play PNG (150 dpi, map sheets, legend, counters)", (".png",), save=_save("png")))
register_format(Format("pdf", "Print-and-play PDF (map sheets, legend, counters)", (".pdf",), save=_save("pdf")))

__all__ = ["KINDS", "PrintResult", "export_print", "ensure_app", "png_size"]
