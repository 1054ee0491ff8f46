"""Print shapes (print_shapes.py) drawn into a PNG with Pillow, for images made without Qt.

Scope: the VASSAL module's board and counter images (engine/io/vassal.py), which
the engine makes without Qt. Pillow comes with pywargame. Print-and-play PNG and
PDF are drawn by Qt from the SVG instead (editor/export/print_qt.py).
"""
from __future__ import annotations

import io
import math
from functools import lru_cache

from .print_shapes import Circle, Line, Poly, Shape, Text, rgb

_ANCHOR = {"start": "ls", "middle": "ms", "end": "rs"}


@lru_cache(maxsize=64)
def _font(px: int):
    from PIL import ImageFont
    return ImageFont.load_default(size=max(6, px))


def render_png(shapes: list[Shape], width_mm: float, height_mm: float, px_per_mm: float,
               background: str = "#ffffff") -> bytes:
    """PNG bytes of the shapes on a width x height mm canvas at px_per_mm."""
    from PIL import Image, ImageDraw
    w, h = max(1, round(width_mm * px_per_mm)), max(1, round(height_mm * px_per_mm))
    image = Image.new("RGB", (w, h), rgb(background))
    draw = ImageDraw.Draw(image)
    k = px_per_mm
    for s in shapes:
        if isinstance(s, Poly):
            pts = [(x * k, y * k) for x, y in s.points]
            draw.polygon(pts, fill=rgb(s.fill) if s.fill else None,
                         outline=rgb(s.stroke) if s.stroke else None, width=max(1, round(s.width * k)) if s.stroke else 0)
        elif isinstance(s, Line):
            width = max(1, round(s.width * k))
            for seg in _dashes(s.points, s.dash):
                draw.line([(x * k, y * k) for x, y in seg], fill=rgb(s.stroke), width=width, joint="curve")
        elif isinstance(s, Circle):
            box = [(s.x - s.r) * k, (s.y - s.r) * k, (s.x + s.r) * k, (s.y + s.r) * k]
            draw.ellipse(box, fill=rgb(s.fill) if s.fill else None, outline=rgb(s.stroke) if s.stroke else None,
                         width=max(1, round(s.width * k)) if s.stroke else 0)
        elif isinstance(s, Text):
            px = round(s.size * k * 1.1)
            halo = {"stroke_width": max(1, round(px * 0.12)), "stroke_fill": rgb(s.halo)} if s.halo else {}
            draw.text((s.x * k, s.y * k), s.text, fill=rgb(s.fill), font=_font(px), anchor=_ANCHOR[s.anchor], **halo)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def _dashes(points, dash):
    """A polyline as the runs its dash pattern draws (the whole line when it has none)."""
    if not dash:
        return [list(points)]
    runs, run, on, left, i = [], [points[0]], True, dash[0], 0
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                run.append(p)
                runs.append(run)
            run = [p]
            on = not on
            i += 1
            left = dash[i % len(dash)]
        left -= seg - pos
        run.append((x1, y1))
    if on and len(run) > 1:
        runs.append(run)
    return runs


__all__ = ["render_png"]
