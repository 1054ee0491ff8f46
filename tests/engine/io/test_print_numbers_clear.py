"""No hexside symbol is drawn over a cell number on a printed map: every reef zigzag, stream wave,
palisade's ticks and area border, as the lines the print renderers stroke (each buffered by half its
pen), misses every cell number's ink box, in every shipped scenario and at several cell sizes."""
import glob
import os

import pytest
from shapely import STRtree, box
from shapely.geometry import LineString

from motu.engine.io.native import load_path
from motu.engine.io.print_map import map_scene, number_shift
from motu.engine.io.print_shapes import Line, Text, edge_reach, edge_shapes, ink_box

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))


def overlaps(scene):
    """(number, symbol class) of every cell number some side's symbol inks over."""
    numbers = [s for s in scene.shapes if isinstance(s, Text) and s.cls == "cellnum"]
    strokes = [LineString(s.points).buffer(s.width / 2) for s in scene.shapes
               if isinstance(s, Line) and s.cls in ("edge", "area-border") and len(s.points) > 1]
    kinds = [s.cls for s in scene.shapes if isinstance(s, Line) and s.cls in ("edge", "area-border") and len(s.points) > 1]
    tree = STRtree(strokes)
    out = []
    for t in numbers:
        ink = box(*ink_box(t))
        out += [(t.text, kinds[i]) for i in tree.query(ink, predicate="intersects")]
    return out


@pytest.mark.parametrize("cell_mm", [12.0, 19.0, 30.0])
@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p) for p in SCENARIOS])
def test_no_side_symbol_is_drawn_over_a_cell_number(path, cell_mm):
    scene = map_scene(load_path(path), cell_mm, whole_map=True)
    assert overlaps(scene) == []


def test_tahiti_reefs_no_longer_cross_the_numbers_they_crossed():
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    scene = map_scene(s, 19.0)
    numbers = {t.text for t in scene.shapes if isinstance(t, Text) and t.cls == "cellnum"}
    assert {"0905", "0805", "0706"} <= numbers
    reefs = [(a, b) for (a, b), feats in s.edges.items() if "reef" in feats]
    assert any("0905" in (s.label(a), s.label(b)) for a, b in reefs)  # the reef is there, beside the number
    assert overlaps(scene) == []


def test_a_map_without_side_symbols_keeps_its_numbers_in_place():
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    s.edges.clear()
    s.areas.clear()
    assert number_shift(map_scene(s, 19.0), s, 2.09) == (0.0, 0.0)


@pytest.mark.parametrize("kind", ["reef", "stream", "palisade", "portage", "wall"])
def test_the_reach_kept_clear_is_the_symbol_s_own(kind):
    # The room kept for a symbol is measured on the symbol: every point it strokes lies within it.
    reach = edge_reach(kind, 11.0)
    lines = [s for s in edge_shapes((0.0, 0.0), (11.0, 0.0), "#000", kind, 11.0) if isinstance(s, Line)]
    assert reach == pytest.approx(max(abs(y) + s.width / 2 for s in lines for _, y in s.points))
    assert 0.2 < reach < 3.0
