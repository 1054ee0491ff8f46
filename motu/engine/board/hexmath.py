"""Hexagon arithmetic in Red Blob Games' vocabulary.

Axial/cube coordinates (`q`, `r`, `s = -q - r`) for computing; the four offset
layouts (`odd-q`, `even-q`, `odd-r`, `even-r`) for storing and showing; a
`Layout` for pixels. Names follow https://www.redblobgames.com/grids/hexagons/
verbatim so the code reads like the reference it comes from.
"""
from __future__ import annotations

import math
from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


class FractionalHex(NamedTuple):
    q: float
    r: float
    s: float


# Axial directions, counter-clockwise from "east" / "south-east".
HEX_DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)

OFFSETS = ("odd-q", "even-q", "odd-r", "even-r")


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_direction(direction: int) -> Hex:
    return HEX_DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    return hex_add(h, hex_direction(direction))


def hex_scale(h: Hex, factor: int) -> Hex:
    return Hex(h.q * factor, h.r * factor)


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes `radius` steps from `center`: start `radius` steps in direction 4, then walk
    `radius` steps in each of the six directions."""
    if radius <= 0:
        return [center]
    results = []
    h = hex_add(center, hex_scale(hex_direction(4), radius))
    for i in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, i)
    return results


def hex_length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    return hex_length(hex_subtract(a, b))


def hex_round(h: FractionalHex) -> Hex:
    qi, ri, si = round(h.q), round(h.r), round(h.s)
    q_diff, r_diff, s_diff = abs(qi - h.q), abs(ri - h.r), abs(si - h.s)
    if q_diff > r_diff and q_diff > s_diff:
        qi = -ri - si
    elif r_diff > s_diff:
        ri = -qi - si
    return Hex(int(qi), int(ri))


def hex_lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    return FractionalHex(a.q * (1 - t) + b.q * t, a.r * (1 - t) + b.r * t, a.s * (1 - t) + b.s * t)


# The nudge keeps a line that runs exactly along a hexside on one consistent side.
_NUDGE_A = (1e-6, 2e-6, -3e-6)
_NUDGE_B = (1e-6, 2e-6, -3e-6)


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    n = hex_distance(a, b)
    a_nudge = FractionalHex(a.q + _NUDGE_A[0], a.r + _NUDGE_A[1], a.s + _NUDGE_A[2])
    b_nudge = FractionalHex(b.q + _NUDGE_B[0], b.r + _NUDGE_B[1], b.s + _NUDGE_B[2])
    step = 1.0 / max(n, 1)
    return [hex_round(hex_lerp(a_nudge, b_nudge, step * i)) for i in range(n + 1)]


# --- offset coordinates -------------------------------------------------------

def _offset_sign(offset: str) -> int:
    if offset not in OFFSETS:
        raise ValueError(f"unknown hex offset {offset!r}; expected one of {', '.join(OFFSETS)}")
    return -1 if offset.startswith("odd") else 1


def qoffset_from_cube(h: Hex, offset: str) -> tuple[int, int]:
    """Axial → (col, row) for the column offsets `odd-q` / `even-q`."""
    sign = _offset_sign(offset)
    col = h.q
    row = h.r + (h.q + sign * (h.q & 1)) // 2
    return col, row


def qoffset_to_cube(col: int, row: int, offset: str) -> Hex:
    sign = _offset_sign(offset)
    q = col
    r = row - (col + sign * (col & 1)) // 2
    return Hex(q, r)


def roffset_from_cube(h: Hex, offset: str) -> tuple[int, int]:
    """Axial → (col, row) for the row offsets `odd-r` / `even-r`."""
    sign = _offset_sign(offset)
    col = h.q + (h.r + sign * (h.r & 1)) // 2
    row = h.r
    return col, row


def roffset_to_cube(col: int, row: int, offset: str) -> Hex:
    sign = _offset_sign(offset)
    q = col - (row + sign * (row & 1)) // 2
    r = row
    return Hex(q, r)


def offset_to_axial(col: int, row: int, offset: str) -> Hex:
    if offset.endswith("q"):
        return qoffset_to_cube(col, row, offset)
    return roffset_to_cube(col, row, offset)


def axial_to_offset(h: Hex, offset: str) -> tuple[int, int]:
    if offset.endswith("q"):
        return qoffset_from_cube(h, offset)
    return roffset_from_cube(h, offset)


# --- pixels ---------------------------------------------------------------------

class Orientation(NamedTuple):
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_SQRT3 = math.sqrt(3.0)
LAYOUT_POINTY = Orientation(_SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0,
                            _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
LAYOUT_FLAT = Orientation(3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3,
                          2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0)


class Layout(NamedTuple):
    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float]


def hex_to_pixel(layout: Layout, h: Hex) -> tuple[float, float]:
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size[0]
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size[1]
    return x + layout.origin[0], y + layout.origin[1]


def pixel_to_hex(layout: Layout, x: float, y: float) -> FractionalHex:
    m = layout.orientation
    px = (x - layout.origin[0]) / layout.size[0]
    py = (y - layout.origin[1]) / layout.size[1]
    q = m.b0 * px + m.b1 * py
    r = m.b2 * px + m.b3 * py
    return FractionalHex(q, r, -q - r)


def hex_corner_offset(layout: Layout, corner: int) -> tuple[float, float]:
    angle = 2.0 * math.pi * (layout.orientation.start_angle + corner) / 6
    return layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle)


def polygon_corners(layout: Layout, h: Hex) -> list[tuple[float, float]]:
    cx, cy = hex_to_pixel(layout, h)
    return [(cx + dx, cy + dy) for dx, dy in (hex_corner_offset(layout, i) for i in range(6))]
