"""Grids: labels, neighbours for every hex layout, edges, distances, spaces."""
import pytest

from motu.engine.board.grids import GridError, HexGrid, Space, SpacesGrid, SquareGrid, square_distance


def labels(grid, cells):
    return sorted(grid.label(c) for c in cells)


def test_hex_labels():
    g = HexGrid(10, 10)
    assert g.label(g.cell(2, 3)) == "0304"
    assert g.parse_label("0304") == g.cell(2, 3)
    assert g.parse_label(" 1010 ") == g.size - 1
    for bad in ("304", "abcd", "1101", "0011", "03-4"):
        with pytest.raises(GridError):
            g.parse_label(bad)
    big = HexGrid(120, 9)
    assert big.label(0) == "00101"


def test_square_labels():
    g = SquareGrid(10, 10)
    assert g.label(g.cell(2, 3)) == "3,4"
    assert g.parse_label("3, 4") == g.cell(2, 3)
    for bad in ("3;4", "0,1", "11,1", "3", "a,b"):
        with pytest.raises(GridError):
            g.parse_label(bad)


@pytest.mark.parametrize("orientation, offset, expected", [
    # Column 2 row 2 (label 0202): odd column in q layouts, odd row in r layouts.
    ("flat", "odd-q", ["0102", "0103", "0201", "0203", "0302", "0303"]),
    ("flat", "even-q", ["0101", "0102", "0201", "0203", "0301", "0302"]),
    ("pointy", "odd-r", ["0102", "0201", "0203", "0302", "0301", "0303"]),
    ("pointy", "even-r", ["0101", "0102", "0103", "0201", "0203", "0302"]),
])
def test_hex_neighbours_odd_cell(orientation, offset, expected):
    g = HexGrid(5, 5, orientation, offset)
    assert labels(g, g.neighbours(g.parse_label("0202"))) == sorted(expected)


@pytest.mark.parametrize("orientation, offset, expected", [
    # Column 3 row 3 (label 0303): even column / row.
    ("flat", "odd-q", ["0202", "0203", "0302", "0304", "0402", "0403"]),
    ("flat", "even-q", ["0203", "0204", "0302", "0304", "0403", "0404"]),
    ("pointy", "odd-r", ["0202", "0203", "0204", "0302", "0304", "0403"]),
    ("pointy", "even-r", ["0203", "0302", "0304", "0402", "0403", "0404"]),
])
def test_hex_neighbours_even_cell(orientation, offset, expected):
    g = HexGrid(5, 5, orientation, offset)
    assert labels(g, g.neighbours(g.parse_label("0303"))) == sorted(expected)


def test_hex_corner_and_distance():
    g = HexGrid(5, 5)
    assert labels(g, g.neighbours(0)) == ["0102", "0201"]
    assert g.distance(g.parse_label("0101"), g.parse_label("0505")) == 6
    for a in range(g.size):
        for b in g.neighbours(a):
            assert g.distance(a, b) == 1 and a in g.neighbours(b)


def test_hex_orientation_checks():
    with pytest.raises(GridError):
        HexGrid(3, 3, "flat", "odd-r")
    with pytest.raises(GridError):
        HexGrid(3, 3, "sideways")


def test_square_neighbours_and_distance():
    g = SquareGrid(4, 3)
    assert labels(g, g.neighbours(0)) == ["1,2", "2,1", "2,2"]
    assert len(g.neighbours(g.cell(1, 1))) == 8
    assert square_distance((0, 0), (3, 2)) == 4
    assert square_distance((0, 0), (3, 0)) == 3
    assert square_distance((2, 2), (1, 1)) == 1
    assert g.distance(g.cell(0, 0), g.cell(3, 2)) == 4


def test_edges():
    g = SquareGrid(2, 2)
    edges = g.edge_array()
    assert len(edges) == 6 and (edges[:, 0] < edges[:, 1]).all()
    assert g.parse_edge("2,2/1,1") == (0, 3)
    assert g.edge_label(3, 0) == "1,1/2,2"
    h = HexGrid(3, 3)
    with pytest.raises(GridError):
        h.parse_edge("0101/0103")
    with pytest.raises(GridError):
        h.parse_edge("0101")
    assert len(h.edge_array()) == sum(len(h.neighbours(c)) for c in h.cells()) // 2


def tiki():
    ids = [f"{c}{r}" for r in (1, 2, 3) for c in "abc"]
    spaces = [Space(i, x, y) for i, (x, y) in zip(ids, [(x, y) for y in range(3) for x in range(3)])]
    links = [(f"{c}{r}", f"{chr(ord(c) + 1)}{r}") for r in (1, 2, 3) for c in "ab"]
    links += [(f"{c}{r}", f"{c}{r + 1}") for r in (1, 2) for c in "abc"]
    return SpacesGrid(spaces, links)


def test_spaces_board():
    g = tiki()
    assert g.size == 9
    assert g.distance(g.parse_label("a1"), g.parse_label("c3")) == 4
    assert labels(g, g.neighbours(g.parse_label("b2"))) == ["a2", "b1", "b3", "c2"]
    with pytest.raises(GridError):
        g.parse_label("d4")
    with pytest.raises(GridError):
        SpacesGrid([Space("a", 0, 0)], [("a", "b")])


def test_neighbour_lists_match_array():
    for g in (HexGrid(7, 5), HexGrid(6, 4, "pointy", "even-r"), SquareGrid(5, 4), tiki()):
        nb = g.neighbour_array
        assert g.neighbour_lists == tuple(tuple(int(n) for n in row if n >= 0) for row in nb)
