"""Drawing primitives for printed output, in millimetres, and the hexside symbols made of them.

Scope: the few shapes a printed map, legend or counter sheet is made of (polygon,
polyline, circle, text), colour helpers, and the symbol lines drawn along a cell
side (a reef's zigzag, a stream's wave, a palisade's ticks). The SVG writer
(svg_print.py) and the raster writer (raster_print.py) both draw these, so the
printed map and the VASSAL board image show the same thing.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Union

from motu.engine.resources import resource_path

Point = tuple[float, float]
# The font every print renderer is asked for; its widths are motu/resources/fonts/ (tools/font_advances.py).
FONT_FAMILIES = ("DejaVu Sans", "Liberation Sans", "Arial", "Helvetica", "sans-serif")
MIN_TEXT_MM = 0.9  # below this, text on a counter is cut short rather than shrunk further


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    cls: str = ""
    data: tuple[tuple[str, str], ...] = ()  # extra attributes for readers (data-cell…)
    opacity: float = 1.0  # of the fill (an area's tint)


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    stroke: str
    width: float
    dash: tuple[float, ...] = ()
    cls: str = ""


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None
    stroke: str | None = None
    width: float = 0.0
    cls: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    fill: str = "#222222"
    anchor: str = "middle"  # start | middle | end
    bold: bool = False
    italic: bool = False
    halo: str | None = None  # a light outline that keeps text readable over any terrain
    cls: str = ""


Shape = Union[Poly, Line, Circle, Text]


@dataclass
class Block:
    """A run of shapes laid out in a box of `height` mm, origin at its top left."""

    height: float
    shapes: list[Shape] = field(default_factory=list)


def bbox(shape: Shape) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a shape, roughly for text: enough to skip what a page cannot show."""
    if isinstance(shape, (Poly, Line)):
        xs = [p[0] for p in shape.points]
        ys = [p[1] for p in shape.points]
        w = getattr(shape, "width", 0.0)
        return min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w
    if isinstance(shape, Circle):
        return shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r
    w = text_width(shape.text, shape.size, shape.bold)
    x0 = shape.x - {"start": 0.0, "middle": w / 2, "end": w}[shape.anchor]
    return x0, shape.y - shape.size, x0 + w, shape.y + shape.size * 0.3


def ink_box(text: Text) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) a line of text inks in the print font: its advance width, from the top of
    capitals and figures (0.76 em above the baseline) to the foot of descenders (0.24 em below)."""
    w = text_width(text.text, text.size, text.bold)
    x0 = text.x - {"start": 0.0, "middle": w / 2, "end": w}[text.anchor]
    return x0, text.y - 0.76 * text.size, x0 + w, text.y + 0.24 * text.size


def moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A copy of a shape shifted by (dx, dy)."""
    if isinstance(shape, (Poly, Line)):
        return replace(shape, points=tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in shape.points))
    return replace(shape, x=round(shape.x + dx, 3), y=round(shape.y + dy, 3))


@lru_cache(maxsize=1)
def _advances() -> dict[str, dict[str, float]]:
    with open(resource_path("fonts", "dejavu-sans-advances.json"), encoding="utf-8") as fh:
        return json.load(fh)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A line's width in the print font (DejaVu Sans, kerning aside), from its advance widths:
    layout needs it without a font engine. A character the table lacks counts as a wide one."""
    table = _advances()["bold" if bold else "regular"]
    return size * sum(table.get(ch, 0.75) for ch in text)


def fit_text(text: str, width: float, size: float, bold: bool = False,
             smallest: float = MIN_TEXT_MM) -> tuple[str, float]:
    """(text, size) that fit `width`: the size shrunk as far as `smallest` (never below), then
    the text cut with an ellipsis. What a counter or a legend row prints."""
    w = text_width(text, size, bold)
    if w <= width:
        return text, size
    shrunk = max(min(smallest, size), size * width / w)
    if text_width(text, shrunk, bold) <= width:
        return text, shrunk
    while len(text) > 1 and text_width(text + "…", shrunk, bold) > width:
        text = text[:-1]
    text = text.rstrip() + "…"
    while shrunk > 0.05 and text_width(text, shrunk, bold) > width:  # even one letter and … is too wide
        shrunk *= 0.9
    return text, shrunk


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except (ValueError, IndexError):
        return 255, 0, 255


def is_dark(colour: str) -> bool:
    r, g, b = rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 < 0.5


def ink_on(colour: str) -> str:
    """Text colour that reads on a fill."""
    return "#ffffff" if is_dark(colour) else "#1a1a1a"


def edge_style(kind: str) -> str:
    """How a hexside feature is drawn, by what its id says: printed maps' usual symbols."""
    k = kind.lower()
    if "reef" in k:
        return "zigzag"
    if "stream" in k or "river" in k or "creek" in k:
        return "wave"
    if any(w in k for w in ("palisade", "wall", "fence")):
        return "ticks"
    if any(w in k for w in ("portage", "road", "track", "trail", "path")):
        return "dashed"
    return "solid"


def edge_shapes(p: Point, q: Point, colour: str, kind: str, scale: float) -> list[Shape]:
    """The symbol for one side between two cells; `scale` is the side's printed length in mm."""
    style = edge_style(kind)
    w = max(0.35, 0.05 * scale)
    dark = "#3a2e1f"
    if style == "zigzag":
        pts = _zigzag(p, q, amplitude=0.12 * scale, teeth=6)
        return [Line(pts, dark, w * 2.2, cls="edge"), Line(pts, colour, w * 1.2, cls="edge")]
    if style == "wave":
        return [Line(_wave(p, q, amplitude=0.08 * scale), colour, w * 1.6, cls="edge")]
    if style == "ticks":
        out: list[Shape] = [Line((p, q), colour, w * 1.6, cls="edge")]
        out += [Line(seg, colour, w, cls="edge") for seg in _ticks(p, q, 0.12 * scale, 4)]
        return out
    if style == "dashed":
        return [Line((p, q), "#ffffff", w * 2.6, cls="edge"),
                Line((p, q), colour, w * 1.8, dash=(0.14 * scale, 0.08 * scale), cls="edge")]
    return [Line((p, q), colour, w * 1.8, cls="edge")]


def edge_reach(kind: str, scale: float) -> float:
    """How far the symbol of a side `scale` mm long inks away from the side's line, either way:
    measured on the symbol itself (edge_shapes), so the room kept clear for it never disagrees
    with what is drawn."""
    reach = 0.0
    for shape in edge_shapes((0.0, 0.0), (scale, 0.0), "#000000", kind, scale):
        if isinstance(shape, Line):
            reach = max(reach, max(abs(y) for _, y in shape.points) + shape.width / 2)
    return reach


def _frame(p: Point, q: Point) -> tuple[float, float, float, float, float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    return dx, dy, length, -dy / length, dx / length


def _zigzag(p: Point, q: Point, amplitude: float, teeth: int) -> tuple[Point, ...]:
    dx, dy, _, nx, ny = _frame(p, q)
    pts = []
    n = teeth * 2
    for i in range(n + 1):
        t = i / n
        a = 0.0 if i in (0, n) else (amplitude if i % 2 else -amplitude)
        pts.append((round(p[0] + dx * t + nx * a, 3), round(p[1] + dy * t + ny * a, 3)))
    return tuple(pts)


def _wave(p: Point, q: Point, amplitude: float) -> tuple[Point, ...]:
    dx, dy, _, nx, ny = _frame(p, q)
    pts = []
    n = 24
    for i in range(n + 1):
        t = i / n
        a = amplitude * math.sin(t * 4 * math.pi)
        pts.append((round(p[0] + dx * t + nx * a, 3), round(p[1] + dy * t + ny * a, 3)))
    return tuple(pts)


def _ticks(p: Point, q: Point, length: float, count: int) -> list[tuple[Point, Point]]:
    dx, dy, _, nx, ny = _frame(p, q)
    out = []
    for i in range(count):
        t = (i + 0.5) / count
        x, y = p[0] + dx * t, p[1] + dy * t
        out.append(((round(x, 3), round(y, 3)), (round(x + nx * length, 3), round(y + ny * length, 3))))
    return out
