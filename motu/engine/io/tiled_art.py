"""What the Tiled export's tile images show, as print shapes: one tile per terrain, area and counter.

Scope: the tilesets a Motu map brings to Tiled, so Tiled shows the map as Motu draws it — a
tile per terrain (the cell in the terrain's colour, with its token as symbol), a tile per
area (the cell in the area's tint, laid over the terrain as the editor tints it), a tile per
counter face (the counter in its side's colour with its symbol, name and count, for the
pieces' tile objects) and one per cell feature's look (its symbol in a disc, as print draws
it) — and each set laid out as one atlas image. Counters and features are drawn at the size
the map shows them, every word at least MIN_TEXT_PX, so they read in Tiled at 100 %. The shapes are in tile pixels; motu/editor/export/tiled_qt.py
draws them (painter.py), and tiled_map.py names the images in the map.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from motu.engine.board.grids import Grid
from motu.engine.scenario.model import Scenario

from .print_counters import Counter
from .print_map import catalogue_of, terrain_colour
from .print_shapes import Circle, Poly, Shape, Text, fit_text, ink_on, moved

# The editor's area tint (motu/editor/canvas/render.py): the area's colour over the terrain at 90/255,
# and its palette for areas that name no colour.
AREA_TINT = 90 / 255
AREA_PALETTE = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#800000", "#aaffc3", "#808000")
MIN_TEXT_PX = 8  # the smallest word on a counter or feature tile, at 100 % in Tiled
FEATURE_PX = 16  # a cell feature's disc, its image and its tile object alike
GRID_LINE = "#333333"


@dataclass(frozen=True)
class TileSheet:
    """One tileset's tiles as shapes, and how they sit in its atlas image."""

    name: str  # terrain | areas | counters
    tile_width: int
    tile_height: int
    tiles: list[list[Shape]]  # each tile's shapes, in pixels from the tile's top left

    @property
    def columns(self) -> int:
        return max(1, min(len(self.tiles), 16))

    @property
    def rows(self) -> int:
        return max(1, math.ceil(len(self.tiles) / self.columns))

    @property
    def count(self) -> int:
        """The tiles the atlas image holds, the last row's empty places too: Tiled counts a
        tileset's tiles from its image, so the map says as many (else Tiled renumbers the
        tilesets after it when it saves the map)."""
        return self.columns * self.rows

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.tile_width, self.rows * self.tile_height

    def atlas(self) -> list[Shape]:
        """Every tile's shapes moved to its place in the atlas, row by row."""
        out: list[Shape] = []
        for i, shapes in enumerate(self.tiles):
            dx, dy = (i % self.columns) * self.tile_width, (i // self.columns) * self.tile_height
            out += [moved(s, dx, dy) for s in shapes]
        return out


def area_colour(s: Scenario, area_id: str) -> str:
    a = s.areas.get(area_id)
    if a is not None and a.color:
        return a.color
    ids = list(s.areas)
    return AREA_PALETTE[(ids.index(area_id) if area_id in ids else len(ids)) % len(AREA_PALETTE)]


def cell_outline(grid: Grid, tile_w: int, tile_h: int, pixels) -> tuple[tuple[float, float], ...]:
    """The cell's outline in tile pixels (a hex's corners land on whole pixels: tiled_pixels.pixel_transform)."""
    if grid.shape != "hex":  # Tiled's orthogonal tiles are the cells' squares
        return ((0.0, 0.0), (float(tile_w), 0.0), (float(tile_w), float(tile_h)), (0.0, float(tile_h)))
    cx, cy = grid.center(0)
    ox, oy = pixels(cx, cy)
    return tuple((round(px - ox + tile_w / 2, 3), round(py - oy + tile_h / 2, 3))
                 for px, py in (pixels(x, y) for x, y in grid.polygon(0)))


def terrain_tile(outline, colour: str, symbol: str, tile_w: int, tile_h: int) -> list[Shape]:
    size = round(min(tile_w, tile_h) * 0.3)
    text, size = fit_text(symbol, tile_w * 0.5, size, bold=True)
    return [Poly(outline, colour, GRID_LINE, 0.6),
            Text(tile_w / 2, tile_h / 2 + size * 0.36, text, size, ink_on(colour), bold=True)]


def feature_tile(symbol: str, ring: str) -> list[Shape]:
    """A cell feature as print draws it (print_map._features): its symbol in a light disc ringed in its side's colour."""
    r = FEATURE_PX / 2
    text, size = fit_text(symbol, FEATURE_PX * 0.7, max(MIN_TEXT_PX, FEATURE_PX * 0.6), bold=True, smallest=MIN_TEXT_PX)
    ink = "#1f5f99" if symbol == "~" else "#1a1a1a"
    return [Circle(r, r, r - 1, "#fffdf0", ring, 2.0), Text(r, r + size * 0.36, text, size, ink, bold=True)]


def counter_tile(c: Counter, size: int) -> list[Shape]:
    """A counter as the map shows it, `size` pixels wide: a square in its side's colour, its
    symbol large, its name below and its count (x3) along the top, each word at least
    MIN_TEXT_PX (cut short with … rather than shrunk below it)."""
    ink = ink_on(c.fill)
    pad = max(1.0, size * 0.05)
    room = size - 2 * pad
    small = max(MIN_TEXT_PX, size * 0.22)
    out: list[Shape] = [Poly(((0, 0), (size, 0), (size, size), (0, size)), c.fill, "#1a1a1a", 1.0)]
    symbol, size_symbol = fit_text(c.symbol, room, max(MIN_TEXT_PX, size * 0.36), bold=True, smallest=MIN_TEXT_PX)
    out.append(Text(size / 2, size * 0.58, symbol, size_symbol, ink, bold=True))
    name, size_name = fit_text(c.name, room, small, smallest=MIN_TEXT_PX)
    out.append(Text(size / 2, size - pad - size_name * 0.15, name, size_name, ink))
    if c.count > 1:
        count, size_count = fit_text(f"x{c.count}", room, small, smallest=MIN_TEXT_PX)
        out.append(Text(size - pad, pad + size_count * 0.8, count, size_count, ink, anchor="end"))
    return out


def feature_key(s: Scenario, kind: str, side: str | None) -> tuple[str, str]:
    """(symbol, ring colour) of a cell feature: features that look alike share a tile."""
    cat = catalogue_of(s)
    k = cat.features.get(kind) if cat else None
    d = s.sides.get(side) if side else None
    return (k.symbol if k else "?", d.color if d is not None and d.color else "#1a1a1a")


def sheets(s: Scenario, terrains: list[str], areas: list[str], faces: list[Counter],
           tile_w: int, tile_h: int, pixels, features: list[tuple[str, str]] = ()) -> list[TileSheet]:
    """The terrain, areas, counters and features tilesets, in the order the map lists them."""
    cat = catalogue_of(s)
    grid = s.grid
    outline = cell_outline(grid, tile_w, tile_h, pixels)
    tokens = {**({t: k.token for t, k in cat.terrain.items()} if cat else {}), **(s.terrain_tokens or {})}
    # Boards of spaces have no tile layers, but their tilesets still show each terrain and area.
    out = [TileSheet("terrain", tile_w, tile_h,
                     [terrain_tile(outline, terrain_colour(cat, t), tokens.get(t) or t[:1], tile_w, tile_h) for t in terrains]),
           TileSheet("areas", tile_w, tile_h, [[Poly(outline, area_colour(s, a), opacity=AREA_TINT)] for a in areas])]
    side = counter_px(grid, tile_w, tile_h)
    out.append(TileSheet("counters", side, side, [counter_tile(f, side) for f in faces]))
    out.append(TileSheet("features", FEATURE_PX, FEATURE_PX, [feature_tile(sym, ring) for sym, ring in features]))
    return out


def counter_px(grid: Grid, tile_w: int, tile_h: int) -> int:
    """A counter's size on the map, and its image's: small enough that its bottom-left corner,
    where Tiled anchors a tile object, stays inside the cell it stands in (a hex: at 0.6 of
    the hex's side below and left of its centre, the corner is still inside)."""
    if grid.shape == "hex":
        return max(4, round(min(tile_w, tile_h) * 0.68))
    return round(min(tile_w, tile_h) * 0.7)


__all__ = ["AREA_TINT", "AREA_PALETTE", "FEATURE_PX", "MIN_TEXT_PX", "TileSheet", "area_colour", "counter_tile",
           "feature_key", "sheets", "counter_px"]
