"""Where a Motu map lands in Tiled's pixels: the tile size, the hex stagger, and layout units to pixels.

Scope: the geometry both Tiled directions share — the export (tiled_map.py) places cells,
outlines and objects with it, the import (tiled_import.py) reads positions back through it.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from motu.engine.board.grids import Grid

# Pixels from a hex's centre to a corner: big enough that a counter's and a site's words can be
# read in Tiled at 100 % (tiled_art.py draws them at the size they are shown). Motu's exports
# earlier used 16; a map says its own (hexsidelength), which the import reads (map_side).
HEX_SIDE = 32
SQUARE = 2 * HEX_SIDE
SPACE = 64
# Tiled's orthogonal maps: a square tile for a square, a bigger one for a named space. Tiled
# names its hexagonal maps by stagger, which hex grids alone have (orientation, offset).
_ORTHOGONAL_TILE = {"square": SQUARE, "spaces": SPACE}


def _across(side: float) -> int:
    """A hex's width across the flats, sqrt(3) * side rounded to even pixels: Tiled works in whole, even tile sizes."""
    return 2 * round(side * math.sqrt(3) / 2)


def map_side(doc: dict[str, Any]) -> float:
    """The hex side (half a square's side) a Tiled map was written with: its hexsidelength, or its tiles' width."""
    if doc.get("orientation") == "hexagonal" and doc.get("hexsidelength"):
        return float(doc["hexsidelength"])
    return float(doc.get("tilewidth") or SQUARE) / 2


def map_metrics(grid: Grid, side: float = HEX_SIDE) -> dict[str, Any]:
    """The map's orientation, stagger and tile size, as Tiled's map attributes."""
    if grid.shape == "hex":
        flat = grid.orientation == "flat"
        side = int(side)
        return {"orientation": "hexagonal", "tilewidth": 2 * side if flat else _across(side),
                "tileheight": _across(side) if flat else 2 * side, "hexsidelength": side,
                "staggeraxis": "x" if flat else "y", "staggerindex": grid.offset.split("-")[0]}
    size = _ORTHOGONAL_TILE[grid.shape] if grid.shape == "spaces" else int(2 * side)
    return {"orientation": "orthogonal", "tilewidth": size, "tileheight": size}


def pixel_transform(grid: Grid, side: float = HEX_SIDE) -> tuple[float, float, float, float]:
    """(ax, bx, ay, by) with pixel = (ax * x + bx, ay * y + by) from layout units.

    Tiled places hex column c, row r at (c * column width, r * tile height), shifted half a
    tile along the stagger axis when the column (row) is staggered; Motu puts the centre of
    cell 0 at the layout origin. The scale maps a regular hexagon onto Tiled's
    whole-pixel one, so corners land on whole pixels."""
    if grid.shape == "hex":
        even = grid.offset.startswith("even")
        across = _across(side)
        if grid.orientation == "flat":
            return side, side, across / math.sqrt(3), across / 2 * (2 if even else 1)
        return across / math.sqrt(3), across / 2 * (2 if even else 1), side, side
    size = _ORTHOGONAL_TILE[grid.shape] if grid.shape == "spaces" else 2 * side
    return size, 0.0, size, 0.0


def pixel_array(xy: np.ndarray, t: tuple[float, float, float, float]) -> np.ndarray:
    """Layout points to pixels, to 1/100 px; whole pixels as ints when all are whole (hex
    corners are), as Tiled writes them."""
    ax, bx, ay, by = t
    out = np.round(np.column_stack([ax * xy[:, 0] + bx, ay * xy[:, 1] + by]), 2)
    if np.array_equal(out, np.round(out)):
        return out.astype(np.int64)
    return out


def num(v: float) -> int | float:
    """A pixel coordinate to 1/100 px, whole numbers as ints (as Tiled writes them)."""
    r = round(float(v), 2)
    return int(r) if r.is_integer() else r


class Points:
    """An object's polygon or polyline, its points relative to the object, kept as one (n, 2)
    array of pixels until it is written: the dicts of Tiled's JSON ({"x": …, "y": …}), made
    for the 100,000 corners of a big map's area outlines, cost more than the rest of the map."""

    __slots__ = ("xy",)

    def __init__(self, xy: np.ndarray) -> None:
        self.xy = xy

    def dicts(self) -> list[dict[str, Any]]:
        return [{"x": x, "y": y} for x, y in self.xy.tolist()]

    def __len__(self) -> int:
        return len(self.xy)
