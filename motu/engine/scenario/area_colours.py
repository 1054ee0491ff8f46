"""Area colours that tell neighbours apart: a greedy colouring of the areas' adjacency.

Scope: which areas touch (a cell of one beside a cell of the other), how far apart two colours
look (CIE76 distance in Lab, which follows the eye better than RGB), and choosing for each area
a colour clearly unlike its neighbours'. An area keeps the colour its scenario gives it when that
already stands apart from its neighbours; the others take the first hue of a palette of distinct
hues that does (the one furthest from them all when none does). Busiest areas choose first
(Welsh and Powell's order), so a few hues go round any map of districts.
"""
from __future__ import annotations

import numpy as np

from .model import Scenario

# Distinct hues in light and mid tones, which read as fills and bands over the terrain colours
# (ColorBrewer's Set3, its grey last, then a few of Paired's darker tones).
DISTINCT = ("#8dd3c7", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#bc80bd", "#ffed6f", "#fccde5",
            "#bebada", "#ccebc5", "#1f78b4", "#33a02c", "#e31a1c", "#ff7f00", "#6a3d9a", "#d9d9d9")
CLEARLY_APART = 20.0  # CIE76 distance: two colours this far apart read as different at a glance


def area_neighbours(s: Scenario) -> dict[str, set[str]]:
    """Each area's neighbours: the areas one of its cells touches."""
    ids = list(s.areas)
    out: dict[str, set[str]] = {a: set() for a in ids}
    if not ids or s.grid.size == 0:
        return out
    index = {a: i for i, a in enumerate(ids)}
    codes = np.fromiter((index.get(a, -1) if a is not None else -1 for a in s.cell_area), dtype=np.int64,
                        count=s.grid.size)
    pairs = np.asarray(s.grid.edge_array(), dtype=np.int64).reshape(-1, 2)
    a, b = codes[pairs[:, 0]], codes[pairs[:, 1]]
    keep = (a >= 0) & (b >= 0) & (a != b)
    for x, y in set(zip(a[keep].tolist(), b[keep].tolist())):
        out[ids[x]].add(ids[y])
        out[ids[y]].add(ids[x])
    return out


def _lab(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def colour_distance(c1: str, c2: str) -> float:
    """How far apart two #rrggbb colours look (CIE76)."""
    return sum((p - q) ** 2 for p, q in zip(_lab(c1), _lab(c2))) ** 0.5


def _valid(colour: str | None) -> bool:
    h = (colour or "").lstrip("#")
    return colour is not None and colour.startswith("#") and len(h) == 6 and all(c in "0123456789abcdefABCDEF" for c in h)


def distinct_colours(s: Scenario, keep: bool = True, fixed: bool = False,
                     palette: tuple[str, ...] = DISTINCT) -> dict[str, str]:
    """A colour for every area, clearly unlike each neighbour's. `keep`: an area's own colour stays where
    it already stands apart; `fixed`: every area's own colour stays, and only areas without one are chosen
    for (how the editor shows areas the file gives no colour)."""
    near = area_neighbours(s)
    position = {a: i for i, a in enumerate(s.areas)}
    chosen: dict[str, str] = {a: r.color for a, r in s.areas.items() if fixed and _valid(r.color)}
    order = sorted((a for a in s.areas if a not in chosen), key=lambda a: (-len(near[a]), position[a]))
    for a in order:
        taken = [chosen[n] for n in near[a] if n in chosen]
        own = s.areas[a].color
        candidates = ([own] if keep and _valid(own) else []) + [p for p in palette if p != own]

        def apart(c: str) -> float:
            return min((colour_distance(c, t) for t in taken), default=float("inf"))
        chosen[a] = next((c for c in candidates if apart(c) >= CLEARLY_APART), None) or max(candidates, key=apart)
    return {a: chosen[a] for a in s.areas}


def fresh_colour(s: Scenario, palette: tuple[str, ...] = DISTINCT) -> str:
    """A colour for a new area, which has no neighbours yet: the palette's hue the fewest areas look like."""
    used = [a.color for a in s.areas.values() if _valid(a.color)]
    return min(palette, key=lambda p: (sum(colour_distance(p, u) < CLEARLY_APART for u in used), palette.index(p)))


__all__ = ["area_neighbours", "colour_distance", "distinct_colours", "fresh_colour", "DISTINCT", "CLEARLY_APART"]
