"""Print-and-play SVG: each page of print_layout.py as an SVG file in millimetres.

Scope: writing Pages as SVG text, naming the files (OUT.svg when everything fits
one page, else OUT-p01.svg, OUT-p02.svg…, numbered so a file list sorts them in page
order; PNG pages are named alike); print_formats.py declares the `svg` format. SVG user
units are millimetres, so a 19 mm hex prints at 19 mm. PNG and PDF are the same pages
drawn by Qt (motu/editor/export/painter.py), with the same font and sizes.
"""
from __future__ import annotations

import os
from xml.sax.saxutils import escape, quoteattr

from motu.engine.scenario.model import Scenario

from .atomic import write_atomic
from .print_layout import Page, PrintOptions, layout
from .print_shapes import FONT_FAMILIES, Circle, Line, Poly, Shape

FONT = ", ".join(f"'{f}'" if " " in f else f for f in FONT_FAMILIES)


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _cls(cls: str) -> str:
    return f' class="{cls}"' if cls else ""


def shape_svg(s: Shape) -> str:
    if isinstance(s, Poly):
        data = "".join(f" {k}={quoteattr(v)}" for k, v in s.data)
        stroke = f' stroke="{s.stroke}" stroke-width="{_n(s.width)}" stroke-linejoin="round"' if s.stroke else ""
        opacity = f' fill-opacity="{_n(s.opacity)}"' if s.opacity < 1 else ""
        return f'<polygon{_cls(s.cls)}{data} points="{_pts(s.points)}" fill="{s.fill or "none"}"{opacity}{stroke}/>'
    if isinstance(s, Line):
        dash = f' stroke-dasharray="{" ".join(_n(d) for d in s.dash)}"' if s.dash else ""
        cap = "butt" if s.dash else "round"
        return (f'<polyline{_cls(s.cls)} points="{_pts(s.points)}" fill="none" stroke="{s.stroke}" '
                f'stroke-width="{_n(s.width)}" stroke-linecap="{cap}" stroke-linejoin="round"{dash}/>')
    if isinstance(s, Circle):
        stroke = f' stroke="{s.stroke}" stroke-width="{_n(s.width)}"' if s.stroke else ""
        return f'<circle{_cls(s.cls)} cx="{_n(s.x)}" cy="{_n(s.y)}" r="{_n(s.r)}" fill="{s.fill or "none"}"{stroke}/>'
    style = (f'x="{_n(s.x)}" y="{_n(s.y)}" font-family="{FONT}" font-size="{_n(s.size)}" text-anchor="{s.anchor}"'
             + (' font-weight="bold"' if s.bold else "") + (' font-style="italic"' if s.italic else ""))
    out = ""
    if s.halo:  # drawn first, as its own element: SVG Tiny renderers know no paint-order
        out = (f'<text class="halo" {style} fill="{s.halo}" stroke="{s.halo}" stroke-width="{_n(s.size * 0.28)}" '
               f'stroke-linejoin="round">{escape(s.text)}</text>')
    return out + f'<text{_cls(s.cls)} {style} fill="{s.fill}">{escape(s.text)}</text>'


def page_svg(page: Page, total: int) -> str:
    w, h = page.width, page.height
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(w)}mm" height="{_n(h)}mm" '
           f'viewBox="0 0 {_n(w)} {_n(h)}" data-page="{page.number}" data-pages="{total}" data-kind="{page.kind}">',
           f"<title>{escape(page.title)} - page {page.number} of {total}</title>",
           f'<rect x="0" y="0" width="{_n(w)}" height="{_n(h)}" fill="#ffffff"/>']
    if page.map_clip is not None:
        x, y, cw, ch = page.map_clip
        out.append(f'<defs><clipPath id="map-clip"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(cw)}" height="{_n(ch)}"/>'
                   "</clipPath></defs>")
        dx, dy = page.map_offset
        out.append(f'<g class="map" clip-path="url(#map-clip)"><g transform="translate({_n(dx)},{_n(dy)})">')
        out += [shape_svg(s) for s in page.map_shapes]
        out.append("</g></g>")
        # White over the margins as well, for SVG Tiny viewers that ignore clip paths.
        for mx, my, mw, mh in ((0, 0, w, y), (0, y + ch, w, h - y - ch), (0, y, x, ch), (x + cw, y, w - x - cw, ch)):
            if mw > 0 and mh > 0:
                out.append(f'<rect class="margin-mask" x="{_n(mx)}" y="{_n(my)}" width="{_n(mw)}" height="{_n(mh)}" '
                           'fill="#ffffff"/>')
    out += [shape_svg(s) for s in page.shapes]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def page_paths(out_path: str, count: int) -> list[str]:
    """OUT itself for one page; OUT-p01.EXT … OUT-pNN.EXT for more, the numbers zero-padded to
    the page count's width (two digits at least), so a file list sorts them in page order."""
    if count == 1:
        return [out_path]
    stem, ext = os.path.splitext(out_path)
    width = max(2, len(str(count)))
    return [f"{stem}-p{i:0{width}d}{ext}" for i in range(1, count + 1)]


def print_paths(scenario: Scenario, out_path: str, opts: PrintOptions = PrintOptions()) -> list[str]:
    """The files a print export of SVG or PNG pages writes (page_paths of its layout), known
    before any is written; PrintError on options that make no pages."""
    return page_paths(out_path, len(layout(scenario, opts)))


def export_svg(scenario: Scenario, out_path: str, opts: PrintOptions = PrintOptions()) -> list[str]:
    """Write the print-and-play pages as SVG; returns the files written."""
    pages = layout(scenario, opts)
    paths = page_paths(out_path, len(pages))
    for page, path in zip(pages, paths):
        write_atomic(path, page_svg(page, len(pages)))
    return paths


__all__ = ["export_svg", "page_svg", "page_paths", "print_paths", "shape_svg"]
