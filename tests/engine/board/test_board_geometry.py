"""Cell polygons, area outlines, cells inside a drawn polygon."""
import math

import numpy as np
import pytest
import shapely
from shapely.geometry import MultiPolygon, Polygon, box

from motu.engine.board.geometry import cell_at, cell_polygon, cell_polygons, cells_in_polygon, cells_outline
from motu.engine.board.grids import HexGrid, Space, SpacesGrid, SquareGrid

HEX_AREA = 3 * math.sqrt(3) / 2


def test_cell_polygon_and_cell_at():
    g = SquareGrid(4, 4)
    assert cell_polygon(g, 5).area == 1
    assert cell_at(g, 1.5, 1.2) == 5
    h = HexGrid(4, 4)
    assert cell_polygon(h, 6).area == pytest.approx(HEX_AREA)
    assert cell_at(h, *h.center(6)) == 6


def test_two_adjacent_squares():
    out = cells_outline(SquareGrid(3, 3), [0, 1])
    assert isinstance(out, Polygon) and out.area == 2
    assert out.bounds == (0, 0, 2, 1)


def test_diagonal_squares_and_holes():
    g = SquareGrid(3, 3)
    diag = cells_outline(g, [0, 4])
    assert isinstance(diag, MultiPolygon) and diag.area == 2
    ring = cells_outline(g, [c for c in range(9) if c != 4])
    assert isinstance(ring, Polygon) and ring.area == 8 and len(ring.interiors) == 1
    assert cells_outline(g, []).is_empty


def test_hex_outline_is_one_polygon():
    g = HexGrid(8, 6)
    out = cells_outline(g, range(g.size))
    assert isinstance(out, Polygon) and not out.interiors
    assert out.area == pytest.approx(g.size * HEX_AREA)


@pytest.mark.parametrize("grid", [HexGrid(10, 8), HexGrid(9, 7, "pointy", "even-r"), SquareGrid(9, 7)])
def test_outline_matches_union(grid):
    rng = np.random.default_rng(3)
    for share in (0.2, 0.5, 0.8):
        cells = np.flatnonzero(rng.random(grid.size) < share)
        ours = cells_outline(grid, cells.tolist())
        union = shapely.union_all(cell_polygons(grid, cells), grid_size=1e-7)
        assert ours.is_valid
        assert ours.area == pytest.approx(len(cells) * cell_polygon(grid, 0).area)
        assert ours.symmetric_difference(union).area < 1e-6


def test_spaces_outline():
    g = SpacesGrid([Space("a", 0, 0), Space("b", 3, 0)], [("a", "b")])
    assert cells_outline(g, [0, 1]).area == pytest.approx(2 * 0.9 ** 2)


def test_cells_in_polygon():
    g = SquareGrid(4, 4)
    assert cells_in_polygon(g, box(0, 0, 2, 1)) == [0, 1]
    assert cells_in_polygon(g, box(0.6, 0.6, 0.9, 0.9)) == []
    h = HexGrid(6, 6)
    assert cells_in_polygon(h, cell_polygon(h, 14)) == [14]
    s = SpacesGrid([Space("a", 0, 0), Space("b", 3, 0)], [("a", "b")])
    assert cells_in_polygon(s, box(2, -1, 5, 2)) == [1]
