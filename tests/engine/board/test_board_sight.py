"""Line of sight: Fire in the Fern's diagonal rule by hand, the bitmask code
against an exact Fraction reference, hex lines against hex_linedraw."""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motu.engine.board.grids import HexGrid, Space, SpacesGrid, SquareGrid
from motu.engine.board.hexmath import Hex, hex_linedraw
from motu.engine.board.sight import HexSight, SpacesSight, SquareSight, line_of_sight, square_line


def square_sight(cols, rows, closed_cells):
    g = SquareGrid(cols, rows)
    closed = [False] * g.size
    for col, row in closed_cells:
        closed[g.cell(col, row)] = True
    return g, SquareSight(g, closed)


def test_pure_diagonal_between_two_closed_squares_is_blocked():
    g, s = square_sight(5, 5, [(0, 1), (1, 0)])
    assert not s.visible(g.cell(0, 0), g.cell(2, 2))
    assert not s.visible(g.cell(0, 0), g.cell(1, 1))  # even between neighbours
    assert s.corner_pairs(g.cell(0, 0), g.cell(1, 1)) == [(g.cell(0, 1), g.cell(1, 0))]


def test_one_closed_square_of_the_pair_does_not_block():
    g, s = square_sight(5, 5, [(1, 0), (2, 1)])
    assert s.visible(g.cell(0, 0), g.cell(2, 2))
    assert s.line_cells(g.cell(0, 0), g.cell(2, 2)) == [g.cell(0, 0), g.cell(1, 1), g.cell(2, 2)]


def test_intermediate_closed_square_blocks():
    g, s = square_sight(5, 5, [(1, 1)])
    assert not s.visible(g.cell(0, 0), g.cell(2, 2))
    assert not s.visible(g.cell(1, 0), g.cell(1, 2))
    assert s.visible(g.cell(0, 0), g.cell(2, 0))


def test_ends_never_block():
    g, s = square_sight(5, 5, [(0, 0), (3, 1)])
    assert s.visible(g.cell(0, 0), g.cell(3, 1))
    assert s.visible(g.cell(3, 1), g.cell(3, 1))


def test_shallow_line_through_a_corner():
    # (0,0) -> (3,1) passes through corner (2,1): crosses (1,0) and (2,1), slips between (1,1) and (2,0).
    cells, pairs = square_line(3, 1)
    assert cells == [(0, 0), (1, 0), (2, 1), (3, 1)]
    assert pairs == [((1, 1), (2, 0))]
    g, s = square_sight(5, 3, [(1, 1)])
    assert s.visible(g.cell(0, 0), g.cell(3, 1))
    s.set_block(g.cell(2, 0), True)
    assert not s.visible(g.cell(0, 0), g.cell(3, 1))
    assert not s.visible(g.cell(3, 1), g.cell(0, 0))
    s.set_block(g.cell(1, 1), False)
    assert s.visible(g.cell(0, 0), g.cell(3, 1))


def test_line_without_corners():
    assert square_line(2, 1) == ([(0, 0), (1, 0), (1, 1), (2, 1)], [])
    assert square_line(-2, 1) == ([(0, 0), (-1, 0), (-1, 1), (-2, 1)], [])
    assert square_line(0, -2) == ([(0, 0), (0, -1), (0, -2)], [])


def test_set_blocks_replaces_everything():
    g, s = square_sight(4, 1, [(1, 0)])
    assert not s.visible(0, 3)
    s.set_blocks([False] * 4)
    assert s.visible(0, 3) and not s.is_blocking(1)
    with pytest.raises(ValueError):
        s.set_blocks([False] * 3)


# --- reference: exact geometry with Fractions ------------------------------------------

def reference(cols, closed, a, b):
    """(crossed squares ordered along the line, visible?) straight from the definition."""
    ax, ay = a % cols, a // cols
    bx, by = b % cols, b // cols
    x0, y0 = Fraction(2 * ax + 1, 2), Fraction(2 * ay + 1, 2)
    dx, dy = bx - ax, by - ay

    def t_range(p0, d, lo):  # open t-interval where p0 + t d lies in (lo, lo + 1), within [0, 1]
        if d == 0:
            return (Fraction(0), Fraction(1)) if lo < p0 < lo + 1 else None
        t1, t2 = sorted(((lo - p0) / d, (lo + 1 - p0) / d))
        return max(t1, Fraction(0)), min(t2, Fraction(1))

    crossed = []
    for i in range(min(ax, bx), max(ax, bx) + 1):
        for j in range(min(ay, by), max(ay, by) + 1):
            tx, ty = t_range(x0, dx, i), t_range(y0, dy, j)
            if tx is None or ty is None:
                continue
            lo, hi = max(tx[0], ty[0]), min(tx[1], ty[1])
            # Open interiors: a nonempty overlap, or the single point of a degenerate segment.
            if lo < hi or (lo == hi and dx == dy == 0):
                crossed.append(((lo + hi) / 2, j * cols + i))
    crossed.sort()
    cells = [c for _, c in crossed]
    visible = not any(closed[c] for c in cells if c not in (a, b))
    for i in range(min(ax, bx) + 1, max(ax, bx) + 1):  # grid corners on the line
        if dx == 0:
            continue
        t = (i - x0) / dx
        y = y0 + t * dy
        if 0 < t < 1 and y.denominator == 1:
            touching = [(i - 1 + di) + (int(y) - 1 + dj) * cols for di in (0, 1) for dj in (0, 1)]
            others = [c for c in touching if c not in cells]
            assert len(others) == 2
            if all(closed[c] for c in others):
                visible = False
    return cells, visible


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.integers(1, 9), st.data())
def test_bitmask_matches_reference(cols, rows, data):
    n = cols * rows
    closed = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    g = SquareGrid(cols, rows)
    s = SquareSight(g, closed)
    for _ in range(10):
        a = data.draw(st.integers(0, n - 1))
        b = data.draw(st.integers(0, n - 1))
        cells, visible = reference(cols, closed, a, b)
        assert s.line_cells(a, b) == cells
        assert s.visible(a, b) == visible == s.visible(b, a)


def test_dense_board_against_reference():
    import random
    rng = random.Random(5)
    g = SquareGrid(20, 15)
    closed = [rng.random() < 0.3 for _ in range(g.size)]
    s = SquareSight(g, closed)
    for _ in range(2000):
        a, b = rng.randrange(g.size), rng.randrange(g.size)
        assert s.visible(a, b) == reference(20, closed, a, b)[1]


# --- hexes -------------------------------------------------------------------------------

def test_hex_straight_line_blocked_by_middle_hex():
    g = HexGrid(7, 7)
    a, b = g.parse_label("0104"), g.parse_label("0504")
    line = HexSight(g, [False] * g.size).line_cells(a, b)
    assert line[0] == a and line[-1] == b and len(line) == g.distance(a, b) + 1
    blocks = [False] * g.size
    blocks[line[2]] = True
    s = HexSight(g, blocks)
    assert not s.visible(a, b) and not s.visible(b, a)
    off_line = next(c for c in g.cells() if c not in line)
    s.set_blocks([c == off_line or c in (a, b) for c in g.cells()])
    assert s.visible(a, b)


def test_hex_neighbours_always_see_each_other():
    g = HexGrid(5, 5, "pointy")
    s = HexSight(g, [True] * g.size)
    for a in g.cells():
        for b in g.neighbours(a):
            assert s.visible(a, b)
    assert not s.visible(g.parse_label("0101"), g.parse_label("0301"))


@pytest.mark.parametrize("orientation, offset", [
    ("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")])
def test_hex_cached_lines_match_linedraw(orientation, offset):
    import random
    rng = random.Random(orientation + offset)
    g = HexGrid(9, 8, orientation, offset)
    blocks = [rng.random() < 0.3 for _ in range(g.size)]
    s = HexSight(g, blocks)
    for _ in range(500):
        a, b = rng.randrange(g.size), rng.randrange(g.size)
        lo, hi = sorted((a, b))
        start, end = g.axial(lo), g.axial(hi)
        hexes = hex_linedraw(Hex(0, 0), Hex(end.q - start.q, end.r - start.r))
        cells = [g.cell_of_hex(Hex(start.q + h.q, start.r + h.r)) for h in hexes]
        on_map = [c for c in cells if c is not None]
        assert s.line_cells(lo, hi) == on_map and s.line_cells(hi, lo) == on_map[::-1]
        expected = lo == hi or not any(c is not None and blocks[c] for c in cells[1:-1])
        assert s.visible(a, b) == s.visible(b, a) == expected


def test_factory_and_spaces():
    assert isinstance(line_of_sight(SquareGrid(2, 2), [False] * 4), SquareSight)
    assert isinstance(line_of_sight(HexGrid(2, 2), [False] * 4), HexSight)
    g = SpacesGrid([Space("a", 0, 0), Space("b", 5, 0), Space("c", 9, 0)], [("a", "b")])
    s = line_of_sight(g, [True] * 3)
    assert isinstance(s, SpacesSight)
    assert s.visible(0, 2) and s.line_cells(0, 2) == [0, 2] and s.line_cells(1, 1) == [1]
