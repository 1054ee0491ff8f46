"""What grids answer: lines, rectangles, brush footprints, rings, flood fills, coordinates for
moving shapes, labels, and the lattice a map is resized and merged on. Cells worked out by hand
(hexes with Red Blob's formulas, flat odd-q unless said)."""
import math

import pytest

from motu.engine.board.grids import GridError, HexGrid, Space, SpacesGrid, SquareGrid
from motu.engine.board.hexmath import Hex, hex_ring


def at(grid, *labels):
    return [grid.parse_label(t) for t in labels]


def names(grid, cells):
    return [grid.label(c) for c in cells]


def track():
    """a - b - c in a row, d off to the side joined to c."""
    spaces = [Space("a", 0, 0, "Alpha"), Space("b", 2, 0), Space("c", 4, 0), Space("d", 4, 2)]
    return SpacesGrid(spaces, [("a", "b"), ("b", "c"), ("c", "d")])


# --- lines and rectangles (Shift- and Ctrl-drag) ---------------------------------------------

def test_hex_line_along_a_row_of_a_flat_map_is_straight():
    # Axial (0,0) to (4,-2): each lerp step rounds to the next column's hex of row 1.
    g = HexGrid(5, 5)
    assert names(g, g.line(*at(g, "0101", "0501"))) == ["0101", "0201", "0301", "0401", "0501"]
    assert names(g, g.line(*at(g, "0101", "0103"))) == ["0101", "0102", "0103"]
    assert names(g, g.line(*at(g, "0303", "0303"))) == ["0303"]


def test_hex_line_steps_from_neighbour_to_neighbour():
    g = HexGrid(9, 7, "pointy", "even-r")
    a, b = at(g, "0102", "0906")
    line = g.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == g.distance(a, b) + 1
    assert all(g.are_neighbours(p, q) for p, q in zip(line, line[1:]))


def test_square_line_rounds_half_steps_to_even():
    # (0,0) to (4,2): rows at t = 1/4, 2/4, 3/4 are 0.5, 1, 1.5, which round to 0, 1, 2.
    g = SquareGrid(5, 5)
    assert names(g, g.line(*at(g, "1,1", "5,3"))) == ["1,1", "2,1", "3,2", "4,3", "5,3"]


def test_rectangle_is_row_by_row_between_two_corners():
    g = SquareGrid(5, 5)
    assert names(g, g.rectangle(*at(g, "4,2", "2,3"))) == ["2,2", "3,2", "4,2", "2,3", "3,3", "4,3"]
    h = HexGrid(5, 5)
    assert names(h, h.rectangle(*at(h, "0202", "0303"))) == ["0202", "0302", "0203", "0303"]


def test_spaces_have_no_lines_or_rectangles_but_the_two_ends():
    g = track()
    a, d = at(g, "a", "d")
    assert g.line(a, d) == [a, d] and g.rectangle(a, d) == [a, d] and g.line(a, a) == [a]


# --- brush footprints, rings, flood fill ------------------------------------------------------

def test_footprint_grows_ring_by_ring():
    g = HexGrid(5, 5)
    c = g.parse_label("0303")
    assert g.footprint(c, 1) == [c]
    two = g.footprint(c, 2)
    assert two[0] == c and sorted(names(g, two[1:])) == ["0202", "0203", "0302", "0304", "0402", "0403"]
    assert len(g.footprint(c, 3)) == 19
    s = SquareGrid(4, 4)
    assert sorted(names(s, s.footprint(0, 2))) == ["1,1", "1,2", "2,1", "2,2"]  # a corner: four of nine
    assert names(track(), track().footprint(1, 2)) == ["b", "a", "c"]


def test_hex_ring_walks_round_from_direction_four():
    # 0303 is axial (2, 1); the ring starts at (2, 1) + (-1, 1) = 0203 and walks east first.
    g = HexGrid(5, 5)
    c = g.parse_label("0303")
    assert names(g, g.ring(c, 1)) == ["0203", "0304", "0403", "0402", "0302", "0202"]
    assert g.ring(c, 0) == [c]
    assert len(hex_ring(Hex(0, 0), 3)) == 18


@pytest.mark.parametrize("grid", [HexGrid(6, 5), HexGrid(6, 5, "pointy", "odd-r"), SquareGrid(6, 5), track()],
                         ids=["flat", "pointy", "square", "spaces"])
def test_rings_keep_to_the_map_and_make_up_the_footprint(grid):
    for centre in (0, grid.size // 2):
        rings = [grid.ring(centre, r) for r in range(4)]
        assert sorted(c for ring in rings for c in ring) == sorted(grid.footprint(centre, 4))
        assert all(0 <= c < grid.size for ring in rings for c in ring)


def test_flood_fill_takes_connected_cells_alike():
    # a a b
    # b a b      squares touch at corners too: every a is joined to every other
    # a a a
    g = SquareGrid(3, 3)
    terrain = "aabbabaaa"
    same = lambda t: lambda c: terrain[c] == t  # noqa: E731
    assert g.fill(0, same("a")) == [0, 1, 4, 6, 7, 8]
    assert g.fill(2, same("b")) == [2, 5]
    assert g.fill(3, same("b")) == [3]
    # Flat odd-q: 0101 touches 0201 and 0102 only; with 0102 left out, 0202 is reached through 0201.
    h = HexGrid(2, 2)
    assert names(h, h.fill(0, lambda c: h.label(c) != "0102")) == ["0101", "0201", "0202"]


# --- coordinates for moving shapes; labels -----------------------------------------------------

def test_coordinates_move_a_shape_without_changing_it():
    g = HexGrid(5, 5)
    assert g.coords(g.parse_label("0303")) == (2, 1)  # column 2, row 2 - column 2 // 2
    assert g.label(g.at_coords(3, 1)) == "0403"  # one step east along axial q
    assert g.at_coords(-1, 0) is None
    s = SquareGrid(4, 4)
    assert s.coords(s.parse_label("3,4")) == (2, 3) and s.label(s.at_coords(0, 1)) == "1,2"
    assert track().coords(0) is None and track().at_coords(0, 0) is None


def test_labels_in_one_pass_and_by_parts():
    h = HexGrid(10, 12)
    assert h.labels() == [h.label(c) for c in range(h.size)]
    cols, rows = h.label_parts()
    assert cols[2] + rows[3] == "0304" == h.label(h.cell(2, 3))
    s = SquareGrid(3, 4)
    cols, rows = s.label_parts()
    assert cols[2] + rows[3] == "3,4" == s.label(s.cell(2, 3))
    t = track()
    assert t.labels() == ["a", "b", "c", "d"] and t.label_parts() is None
    assert t.name(0) == "Alpha" and t.name(1) == "" and h.name(0) == ""
    assert h.labels_need_quotes and not s.labels_need_quotes and not t.labels_need_quotes
    assert (h.numbering, s.numbering, t.numbering) == ("Hex number: column, then row", "Square: column,row",
                                                       "Space name")
    assert (h.cells_word, s.cells_word, t.cells_word) == ("hexes", "squares", "spaces")


def test_layers_are_written_by_row_or_on_one_line():
    assert HexGrid(7, 3).text_layout() == (7, 3)
    assert SquareGrid(2, 5).text_layout() == (2, 5)
    assert track().text_layout() == (4, 1)


def test_links_are_drawn_between_spaces_only():
    assert track().link_pairs() == [(0, 1), (1, 2), (2, 3)]
    assert HexGrid(3, 3).link_pairs() == []


# --- the lattice -------------------------------------------------------------------------------

def test_only_hexes_and_squares_are_a_lattice():
    assert HexGrid(2, 2).lattice and SquareGrid(2, 2).lattice and not track().lattice
    with pytest.raises(GridError):
        track().resized(3, 3)
    with pytest.raises(GridError):
        track().offset_centre(0, 0)


def test_resized_keeps_the_kind_and_layout():
    assert HexGrid(5, 5, "pointy", "even-r").resized(7, 3) == HexGrid(7, 3, "pointy", "even-r")
    assert SquareGrid(5, 5).resized(2, 9) == SquareGrid(2, 9)


def test_same_lattice_needs_the_same_kind_and_layout():
    assert HexGrid(3, 3).same_lattice(HexGrid(9, 4))
    assert not HexGrid(3, 3).same_lattice(HexGrid(3, 3, "flat", "even-q"))
    assert not HexGrid(3, 3).same_lattice(SquareGrid(3, 3))
    assert SquareGrid(3, 3).same_lattice(SquareGrid(1, 8))
    assert not track().same_lattice(track())


def test_resize_step_keeps_hexes_on_their_offset():
    assert HexGrid(3, 3).resize_step == (2, 1)  # odd-q: every other column is shoved down
    assert HexGrid(3, 3, "pointy").resize_step == (1, 2)
    assert SquareGrid(3, 3).resize_step == (1, 1) == track().resize_step


def test_centres_and_cells_off_the_map():
    g = HexGrid(3, 3)
    # Column -1 is odd: axial (-1, 1), at x = 1.5 * -1, y = sqrt3/2 * -1 + sqrt3 * 1.
    x, y = g.offset_centre(-1, 0)
    assert (x, y) == pytest.approx((-1.5, math.sqrt(3) / 2))
    assert g.offset_at(-1.5, 0.9) == (-1, 0)
    assert g.offset_centre(1, 2) == pytest.approx(g.center(g.cell(1, 2)))
    s = SquareGrid(3, 3)
    assert s.offset_centre(-1, 4) == (-0.5, 4.5) and s.offset_at(-0.5, 3.2) == (-1, 3)


def test_window_covers_a_box_on_the_lattice():
    # Flat hexes: columns 1.5 apart, rows sqrt3; column -1 rounds down to -2 (two at a time).
    assert HexGrid(3, 3).window(-1.0, 0.0, 3.0, 2.0) == (-2, 0, 2, 2)
    assert SquareGrid(3, 3).window(0.2, 0.2, 2.5, 1.0) == (0, 0, 2, 1)


@pytest.mark.parametrize("grid", [HexGrid(3, 3), HexGrid(3, 3, "pointy", "odd-r"), SquareGrid(3, 3), track()],
                         ids=["flat", "pointy", "square", "spaces"])
def test_cell_measures(grid):
    c = grid.center(0)
    corners = [math.dist(c, p) for p in grid.polygon(0)]
    assert grid.reach == pytest.approx(max(corners))
    p = grid.polygon(0)
    area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(p, p[1:] + p[:1]))) / 2
    assert grid.cell_area == pytest.approx(area)
    if grid.lattice:
        n = grid.neighbours(0)[0] if grid.shape == "hex" else grid.cell(1, 0)
        assert grid.across == pytest.approx(math.dist(c, grid.center(n)))  # centre to neighbouring centre
    else:
        assert grid.across == 1.0


def test_label_anchor_places_the_number_in_the_cell():
    assert HexGrid(2, 2).label_anchor() == (0.0, 0.0, -1.0, 1.15, "middle")
    assert HexGrid(2, 2, "pointy").label_anchor() == (0.0, 0.0, -0.62, 0.9, "middle")
    assert SquareGrid(2, 2).label_anchor()[-1] == "start" and track().label_anchor()[2] > 0


def test_diagonal_squares_share_no_side():
    s = SquareGrid(3, 3)
    assert s.shares_side(*at(s, "2,2", "2,3")) and s.shares_side(*at(s, "2,2", "1,2"))
    assert not s.shares_side(*at(s, "2,2", "3,3"))
    h = HexGrid(3, 3)
    assert all(h.shares_side(4, n) for n in h.neighbours(4))
    assert track().shares_side(0, 1)


def test_pitch_is_the_step_from_column_to_column_and_row_to_row():
    flat, pointy, square = HexGrid(3, 3), HexGrid(3, 3, "pointy"), SquareGrid(3, 3)
    for g in (flat, pointy, square):
        dx, dy = g.pitch
        (x0, y0), (x1, _), (_, y2) = g.offset_centre(0, 0), g.offset_centre(2, 0), g.offset_centre(0, 2)
        assert (x1 - x0, y2 - y0) == pytest.approx((2 * dx, 2 * dy))
    assert flat.pitch == pytest.approx((1.5, math.sqrt(3))) and square.pitch == (1.0, 1.0)
    with pytest.raises(GridError):
        track().pitch
