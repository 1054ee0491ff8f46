"""Hex arithmetic against values worked out by hand from Red Blob's formulas."""
import math

import pytest

from motu.engine.board.hexmath import (
    LAYOUT_FLAT, LAYOUT_POINTY, OFFSETS, Hex, Layout, axial_to_offset, hex_distance, hex_linedraw,
    hex_neighbor, hex_round, hex_to_pixel, offset_to_axial, pixel_to_hex, polygon_corners,
)


def test_distances():
    assert hex_distance(Hex(0, 0), Hex(0, 0)) == 0
    assert hex_distance(Hex(0, 0), Hex(3, -1)) == 3
    assert hex_distance(Hex(0, 0), Hex(2, 2)) == 4
    assert hex_distance(Hex(-2, 5), Hex(1, 1)) == 4  # dq=3, dr=-4, ds=1


def test_neighbours_are_at_distance_one_and_go_round():
    h = Hex(2, -1)
    ring = [hex_neighbor(h, d) for d in range(6)]
    assert ring[0] == Hex(3, -1) and ring[3] == Hex(1, -1)
    assert len(set(ring)) == 6
    assert all(hex_distance(h, n) == 1 for n in ring)
    assert hex_neighbor(h, 6) == ring[0]


def test_linedraw_straight_and_with_nudge():
    assert hex_linedraw(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert hex_linedraw(Hex(0, 0), Hex(3, -3)) == [Hex(0, 0), Hex(1, -1), Hex(2, -2), Hex(3, -3)]
    # Along a hexside the midpoint is a tie; the nudge settles it the same way every time.
    assert hex_linedraw(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    # Red Blob nudge (1e-6, 2e-6, -3e-6): the tie at (0.5, 0.5) rounds q away, giving (0, 1).
    assert hex_linedraw(Hex(0, 0), Hex(1, 1)) == [Hex(0, 0), Hex(0, 1), Hex(1, 1)]
    assert hex_linedraw(Hex(4, 4), Hex(4, 4)) == [Hex(4, 4)]


@pytest.mark.parametrize("offset, col_row, axial", [
    ("odd-q", (1, 0), (1, 0)), ("odd-q", (2, 0), (2, -1)), ("odd-q", (3, 2), (3, 1)),
    ("even-q", (1, 0), (1, -1)), ("even-q", (2, 0), (2, -1)), ("even-q", (3, 2), (3, 0)),
    ("odd-r", (0, 1), (0, 1)), ("odd-r", (0, 2), (-1, 2)), ("odd-r", (2, 3), (1, 3)),
    ("even-r", (0, 1), (-1, 1)), ("even-r", (2, 3), (0, 3)),
])
def test_offset_known_pairs(offset, col_row, axial):
    assert offset_to_axial(*col_row, offset) == Hex(*axial)
    assert axial_to_offset(Hex(*axial), offset) == col_row


@pytest.mark.parametrize("offset", OFFSETS)
def test_offset_round_trip(offset):
    for col in range(-3, 8):
        for row in range(-3, 8):
            assert axial_to_offset(offset_to_axial(col, row, offset), offset) == (col, row)


def test_unknown_offset():
    with pytest.raises(ValueError):
        offset_to_axial(0, 0, "odd-x")


@pytest.mark.parametrize("orientation", [LAYOUT_FLAT, LAYOUT_POINTY])
def test_pixel_round_trip(orientation):
    layout = Layout(orientation, (10.0, 12.0), (3.0, -4.0))
    for q in range(-4, 5):
        for r in range(-4, 5):
            x, y = hex_to_pixel(layout, Hex(q, r))
            assert hex_round(pixel_to_hex(layout, x, y)) == Hex(q, r)
            assert hex_round(pixel_to_hex(layout, x + 3.0, y - 2.0)) == Hex(q, r)


def test_pixel_known_values():
    flat = Layout(LAYOUT_FLAT, (1.0, 1.0), (0.0, 0.0))
    assert hex_to_pixel(flat, Hex(1, 0)) == pytest.approx((1.5, math.sqrt(3) / 2))
    pointy = Layout(LAYOUT_POINTY, (1.0, 1.0), (0.0, 0.0))
    assert hex_to_pixel(pointy, Hex(0, 1)) == pytest.approx((math.sqrt(3) / 2, 1.5))
    corners = polygon_corners(flat, Hex(0, 0))
    assert corners[0] == pytest.approx((1.0, 0.0))
    assert all(math.hypot(x, y) == pytest.approx(1.0) for x, y in corners)
