"""Map operations (motu/engine/scenario/map_ops.py): resizing on any side with everything moving
with its hex and the georeference keeping the hexes on the same ground; merging another map at
an offset with clashing ids renamed; each one Edit whose undo gives back the same file."""
from __future__ import annotations

import os

import numpy as np
import pytest

from motu.engine.board.geometry import cell_centres
from motu.engine.io.native import dumps, load_path
from motu.engine.scenario.edits import EditError
from motu.engine.scenario.georef import Georef
from motu.engine.scenario.map_ops import ResizeMap, merge_map, offset_between, resize_map

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def _lonlat(s, cells):
    return Georef.of(s).to_lonlat(cell_centres(s.grid)[cells])


def test_resize_on_every_side_moves_everything_with_its_hex():
    s = load_path(TAHITI)
    old = load_path(TAHITI)
    inverse = resize_map(s, left=4, top=3, right=2, bottom=1).apply(s)
    assert (s.grid.columns, s.grid.rows) == (old.grid.columns + 6, old.grid.rows + 4)

    def moved(c):
        col, row = old.grid.col_row(c)
        return s.grid.cell(col + 4, row + 3)
    for c in range(old.grid.size):
        assert (s.terrain[moved(c)], s.cell_area[moved(c)]) == (old.terrain[c], old.cell_area[c])
    # 1106 (Pare's Home Village) is 1509 now: four columns and three rows on.
    assert s.grid.label(moved(old.grid.parse_label("1106"))) == "1509"
    assert [p.cell for p in s.pieces.values()] == [moved(p.cell) for p in old.pieces.values()]
    assert [(f.kind, f.cell, f.name) for f in s.features] == [(f.kind, moved(f.cell), f.name) for f in old.features]
    assert s.edges == {(moved(a), moved(b)): v for (a, b), v in old.edges.items()}
    assert s.cell_props == {moved(c): v for c, v in old.cell_props.items()}
    new_cells = [c for c in range(s.grid.size) if s.grid.col_row(c)[0] < 4 or s.grid.col_row(c)[1] < 3]
    assert {s.terrain[c] for c in new_cells} == {"sea"} and all(s.cell_area[c] is None for c in new_cells)
    # Every hex stays on the same ground: the georeference moved with the cells.
    cells = list(range(0, old.grid.size, 97))
    assert np.abs(_lonlat(s, [moved(c) for c in cells]) - _lonlat(old, cells)).max() < 1e-6
    inverse.apply(s)
    assert dumps(s) == dumps(old)


def test_resize_undo_restores_the_file_byte_for_byte_after_growing_and_cutting():
    s = load_path(HEX)
    text = dumps(s)
    undo = ResizeMap(left=-2, top=0, right=-1, bottom=-1, fill="sea").apply(s)
    assert (s.grid.columns, s.grid.rows) == (9, 9)
    assert s.label(s.pieces["red-canoe"].cell) == "0103"  # was 0303
    assert not any("0105" in s.grid.edge_label(a, b) for a, b in s.edges)  # the reef 0105/0205 was cut off
    undo.apply(s)
    assert dumps(s) == text
    undo = ResizeMap(left=2, top=1, right=3, bottom=2).apply(s)
    undo.apply(s)
    assert dumps(s) == text


def test_cutting_a_hex_with_a_piece_feature_or_props_is_refused_and_changes_nothing():
    s = load_path(HEX)
    text = dumps(s)
    with pytest.raises(EditError, match=r"would cut .*0303.*move or delete them first"):
        ResizeMap(left=-4, fill="sea").apply(s)  # the red canoe's 0303 and the sites of columns 1-4
    assert dumps(s) == text


def test_odd_numbers_of_columns_on_the_west_are_refused_on_flat_hexes():
    s = load_path(HEX)
    with pytest.raises(EditError, match="in an even number"):
        ResizeMap(left=1, fill="sea").apply(s)
    ResizeMap(right=1, bottom=1, top=1, fill="sea").apply(s)  # east, north and south: any number


def test_square_grids_resize_by_any_number():
    s = load_path(FERN)
    text = dumps(s)
    undo = resize_map(s, left=1, top=1).apply(s)
    assert s.grid.columns == load_path(FERN).grid.columns + 1
    undo.apply(s)
    assert dumps(s) == text


def test_merge_a_map_beside_renames_what_clashes_and_undoes():
    s = load_path(HEX)
    other = load_path(HEX)
    text = dumps(s)
    edit, renames = merge_map(s, other, 12, 0)
    undo = edit.apply(s)
    assert (s.grid.columns, s.grid.rows) == (24, 10)
    assert renames[("areas", "west")] == "west_2" and renames[("islands", "example")] == "example_2"
    assert renames[("pieces", "red-hc")] == "red-hc_2" and ("sides", "red") not in renames  # a side is a side
    a = s.areas["west_2"]
    assert (a.name, a.region, a.island) == ("Westbay", "north_2", "example_2")
    shifted = s.grid.parse_label("1604")  # other's 0404 is 12 columns on
    assert s.cell_area[shifted] == "west_2" and s.pieces["red-hc_2"].cell == shifted
    assert s.setup_zones["red"] >= {shifted}
    assert sum(f.kind == "home_village" for f in s.features) == 4
    undo.apply(s)
    assert dumps(s) == text


def test_merging_onto_land_is_refused_and_odd_offsets_too():
    s = load_path(HEX)
    with pytest.raises(EditError, match="the maps overlap at"):
        merge_map(s, load_path(HEX), 2, 1)
    with pytest.raises(EditError, match="even number of columns"):
        merge_map(s, load_path(HEX), 13, 0)


def test_merge_at_the_real_position_needs_the_same_lattice():
    s = load_path(TAHITI)
    other = load_path(TAHITI)
    grown = load_path(TAHITI)
    resize_map(grown, left=6, top=2).apply(grown)
    assert offset_between(grown, other) == (6, 2)  # the same hexes, six columns and two rows on
    assert offset_between(s, other) == (0, 0)
    other.tables["georeference"] = {**other.tables["georeference"], "km_per_unit": 2.0}
    with pytest.raises(ValueError, match="different hex sizes"):
        offset_between(s, other)
