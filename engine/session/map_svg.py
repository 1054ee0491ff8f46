"""A scenario's map as SVG with a value per cell: the pictures of balance reports."""
from __future__ import annotations

from html import escape
from typing import Mapping

from engine.scenario.model import Scenario

PX = 12.0  # SVG units per layout unit


def _heat(v: float) -> str:
    """0 → pale yellow, 1 → deep red."""
    v = max(0.0, min(1.0, v))
    r, g, b = 255, int(245 - 200 * v), int(200 - 180 * v)
    return f"#{r:02x}{g:02x}{b:02x}"


def map_svg(s: Scenario, values: Mapping[int, float], title: str, labels: Mapping[int, str] | None = None,
            base: Mapping[str, str] | None = None) -> str:
    """Cells with a value (0..1) are coloured by it; others by `base` (terrain id → colour) or grey."""
    grid = s.grid
    polys = []
    xs, ys = [], []
    for c in range(grid.size):
        pts = [(x * PX, y * PX) for x, y in grid.polygon(c)]
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
        if c in values:
            fill = _heat(values[c])
        else:
            fill = (base or {}).get(s.terrain[c], "#dddddd")
        tip = f"<title>{escape(grid.label(c))}" + (f": {escape(labels[c])}" if labels and c in labels else "") + "</title>"
        polys.append(f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}" fill="{fill}" '
                     f'stroke="#00000022" stroke-width="0.5">{tip}</polygon>')
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    w, h = x1 - x0, y1 - y0
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0 - 20:.1f} {w:.1f} {h + 20:.1f}" '
            f'width="{min(900, w):.0f}"><text x="{x0 + 4:.1f}" y="{y0 - 6:.1f}" font-size="12" '
            f'font-family="sans-serif">{escape(title)}</text>' + "".join(polys) + "</svg>")
