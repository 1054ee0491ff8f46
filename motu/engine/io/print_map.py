"""The printed map of a scenario as shapes in millimetres, at a cell size given in millimetres.

Scope: what one map shows on paper — terrain, the grid, cell numbers (CCRR on
hex maps), hexside symbols, cell features, area borders and names — laid out at
true size, cropped by default to the land and a margin of cells round it (open sea
beyond is not worth paper). Paging is print_layout.py's, writing files
svg_print.py's and motu/editor/export/painter.py's. Pieces are not drawn on the map:
they are on the counter sheet (print_sheets.py), with their starting cells.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from motu.engine.plugins import get_ruleset
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from .print_shapes import Circle, Line, Poly, Shape, Text, edge_reach, edge_shapes, ink_box, ink_on

PAD_MM = 2.0  # white border round the map, so the outermost cells are not cut by the sheet edge
CROP_MARGIN_CELLS = 1  # cells of sea kept round the land when the map is cropped
AREA_BORDER = "#7a1010"
LINK = "#6f6f6f"
UNKNOWN_TERRAIN = "#ff00ff"


@dataclass
class MapScene:
    """A laid-out map: shapes in mm with (0, 0) at the map's top left, and how layout units map to mm."""

    width: float
    height: float
    shapes: list[Shape]
    unit_mm: float  # millimetres per grid layout unit
    origin: tuple[float, float]  # mm position of layout point (0, 0)
    cell_mm: float
    land: list[tuple[float, float]] = field(default_factory=list)  # mm centres of land cells (empty: every sheet prints)

    def to_mm(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.unit_mm, self.origin[1] + y * self.unit_mm


def unit_mm(scenario: Scenario, cell_mm: float) -> float:
    """mm per layout unit: a hex's size is measured across its flats (sqrt 3 units), a square's or space's side is 1."""
    return cell_mm / scenario.grid.across


def catalogue_of(scenario: Scenario) -> Catalogue | None:
    try:
        return get_ruleset(scenario.ruleset).catalogue
    except KeyError:
        return None  # a scenario of an unknown rule set still prints, in plain colours


def land_cells(scenario: Scenario, cat: Catalogue | None) -> list[int]:
    """Cells whose terrain is not water, by the catalogue's terrain kinds."""
    if cat is None:
        return []
    water = {t for t, kind in cat.terrain.items() if kind.kind == "water"}
    return [c for c, t in enumerate(scenario.terrain) if t not in water]


def printed_cells(scenario: Scenario, cat: Catalogue | None, whole_map: bool = False) -> list[int]:
    """The cells a print shows: all of them, or (cropped) those within a margin of cells
    round the land's bounding box. Maps of all land or all water, and boards of spaces, print whole."""
    grid = scenario.grid
    everything = list(range(grid.size))
    if whole_map or not grid.lattice:
        return everything
    land = land_cells(scenario, cat)
    if not land or len(land) == grid.size:
        return everything
    centres = np.array([grid.center(c) for c in everything])
    step = grid.across  # centre to neighbouring centre
    lo = centres[land].min(axis=0) - step * (CROP_MARGIN_CELLS + 0.01)
    hi = centres[land].max(axis=0) + step * (CROP_MARGIN_CELLS + 0.01)
    inside = np.all((centres >= lo) & (centres <= hi), axis=1)
    return np.flatnonzero(inside).tolist()


def map_scene(scenario: Scenario, cell_mm: float, whole_map: bool = False) -> MapScene:
    grid = scenario.grid
    k = unit_mm(scenario, cell_mm)
    cat = catalogue_of(scenario)
    cells = printed_cells(scenario, cat, whole_map)
    if len(cells) == grid.size:
        x0, y0, x1, y1 = grid.extent
    else:
        corners = np.array([pt for c in cells for pt in grid.polygon(c)])
        (x0, y0), (x1, y1) = corners.min(axis=0).tolist(), corners.max(axis=0).tolist()
    origin = (PAD_MM - x0 * k, PAD_MM - y0 * k)
    scene = MapScene(round((x1 - x0) * k + 2 * PAD_MM, 3), round((y1 - y0) * k + 2 * PAD_MM, 3), [], k, origin, cell_mm)
    kept = set(cells)
    if not whole_map:  # the sheets to print are those showing land (print_layout.sheets); whole, all of them
        scene.land = [_pt(scene, *grid.center(c)) for c in land_cells(scenario, cat) if c in kept]
    shapes = scene.shapes
    for ia, ib in grid.link_pairs():
        shapes.append(Line((_pt(scene, *grid.center(ia)), _pt(scene, *grid.center(ib))), LINK,
                           max(0.4, 0.04 * cell_mm), cls="link"))
    _cells(scene, scenario, cat, cells)
    _area_borders(scene, scenario, kept)
    _edges(scene, scenario, cat, kept)
    _labels(scene, scenario, cat, cells)
    _features(scene, scenario, cat, kept)
    _area_names(scene, scenario, kept)
    return scene


def terrain_colour(cat: Catalogue | None, terrain: str) -> str:
    kind = cat.terrain.get(terrain) if cat else None
    return kind.color if kind else UNKNOWN_TERRAIN


def _pt(scene: MapScene, x: float, y: float) -> tuple[float, float]:
    px, py = scene.to_mm(x, y)
    return round(px, 3), round(py, 3)


def _cells(scene: MapScene, s: Scenario, cat: Catalogue | None, cells: list[int]) -> None:
    grid = s.grid
    line = max(0.12, 0.008 * scene.cell_mm)
    if not grid.lattice:
        line *= 3  # spaces stand apart: a firm outline reads as a tile
    for c in cells:
        pts = tuple(_pt(scene, x, y) for x, y in grid.polygon(c))
        scene.shapes.append(Poly(pts, terrain_colour(cat, s.terrain[c]), "#333333", line, cls="cell",
                                 data=(("data-cell", grid.label(c)), ("data-terrain", s.terrain[c]))))


def _area_borders(scene: MapScene, s: Scenario, kept: set[int]) -> None:
    if not s.areas:
        return
    area = s.cell_area
    w = max(0.5, 0.035 * scene.cell_mm)
    for a, b in s.grid.edge_array().tolist():
        if area[a] == area[b] or (a not in kept and b not in kept):
            continue
        p, q = s.grid.edge_segment(a, b)
        if p == q:
            continue  # squares meeting at a corner share no side
        scene.shapes.append(Line((_pt(scene, *p), _pt(scene, *q)), AREA_BORDER, w, cls="area-border"))


def _edges(scene: MapScene, s: Scenario, cat: Catalogue | None, kept: set[int]) -> None:
    grid = s.grid
    for (a, b), feats in s.edges.items():
        if a not in kept and b not in kept:
            continue
        p, q = grid.edge_segment(a, b)
        pa, pb = _pt(scene, *p), _pt(scene, *q)
        if pa == pb:  # spaces: a bar across the link, as the editor draws it
            ca, cb = _pt(scene, *grid.center(a)), _pt(scene, *grid.center(b))
            mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
            dx, dy = cb[0] - ca[0], cb[1] - ca[1]
            n = math.hypot(dx, dy) or 1.0
            h = 0.3 * scene.cell_mm
            pa, pb = (mx - dy / n * h, my + dx / n * h), (mx + dy / n * h, my - dx / n * h)
        length = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
        for f in feats:
            kind = cat.edges.get(f) if cat else None
            scene.shapes += edge_shapes(pa, pb, kind.color if kind else "#000000", f, length)


def _labels(scene: MapScene, s: Scenario, cat: Catalogue | None, cells: list[int]) -> None:
    """Cell numbers: top centre of a hex (CCRR), top left of a square, under a space; moved in
    from the sides, in every cell alike, as far as the map's hexside symbols reach (number_shift)."""
    grid = s.grid
    size = max(1.3, 0.11 * scene.cell_mm)
    ax, bx, ay, by, anchor = grid.label_anchor()
    dx, dy = number_shift(scene, s, size) if cells else (0.0, 0.0)
    for c in cells:
        cx, cy = _pt(scene, *grid.center(c))
        ink = ink_on(terrain_colour(cat, s.terrain[c]))
        half = scene.cell_mm / 2
        x, y = cx + ax * half + bx * size + dx, cy + ay * half + by * size + dy
        scene.shapes.append(Text(round(x, 3), round(y, 3), grid.label(c), size, ink, anchor, cls="cellnum"))
        if name := grid.name(c):
            scene.shapes.append(Text(cx, round(cy + size * 0.4, 3), name, size, ink, cls="spacename"))


NUMBER_CLEARANCE_MM = 0.3  # white kept between a cell number and the nearest ink of a side's symbol


def number_shift(scene: MapScene, s: Scenario, size: float) -> tuple[float, float]:
    """How far every cell number moves in from its place so that no hexside symbol the map draws
    (a reef's zigzag, a stream's wave, a palisade's ticks, an area border) can touch it, on any
    side of any cell. The number moves, not the symbol: a reef cut short round a number would show
    a gap, and a gap in a reef is a pass. Every cell's number moves alike, so numbers stay where
    the eye looks for them; a map without such symbols keeps them where they were. (0, 0) on
    boards of spaces, whose bars lie across links, not along a space's sides."""
    grid = s.grid
    if not grid.lattice or not grid.size:
        return 0.0, 0.0
    corners = [scene.to_mm(x, y) for x, y in grid.polygon(0)]
    side = math.dist(corners[0], corners[1])
    reach = max((edge_reach(f, side) for f in {f for feats in s.edges.values() for f in feats}), default=0.0)
    if s.areas:
        reach = max(reach, max(0.5, 0.035 * scene.cell_mm) / 2)
    if reach <= 0:
        return 0.0, 0.0
    need = reach + NUMBER_CLEARANCE_MM
    cx, cy = scene.to_mm(*grid.center(0))
    ax, bx, ay, by, anchor = grid.label_anchor()
    half = scene.cell_mm / 2
    x, y = cx + ax * half + bx * size, cy + ay * half + by * size
    widest = max((grid.label(c) for c in range(min(grid.size, 10_000))), key=len)
    x0, y0, x1, y1 = ink_box(Text(x, y, widest, size, anchor=anchor))
    # The sides as inward normals: the number's box is clear when each corner is `need` inside every side.
    n = len(corners)
    sides = []
    for i in range(n):
        (px, py), (qx, qy) = corners[i], corners[(i + 1) % n]
        length = math.hypot(qx - px, qy - py) or 1.0
        nx, ny = -(qy - py) / length, (qx - px) / length
        if nx * (cx - px) + ny * (cy - py) < 0:
            nx, ny = -nx, -ny
        sides.append((px, py, nx, ny))
    box_x, box_y = (x0 + x1) / 2, (y0 + y1) / 2
    ux, uy = cx - box_x, cy - box_y
    far = math.hypot(ux, uy) or 1.0
    ux, uy = ux / far, uy / far

    def room(t: float) -> float:
        pts = [(bx_ + ux * t, by_ + uy * t) for bx_ in (x0, x1) for by_ in (y0, y1)]
        return min(nx * (qx - px) + ny * (qy - py) for px, py, nx, ny in sides for qx, qy in pts)

    best = max((room(k * 0.05), k * 0.05) for k in range(int(far / 0.05) + 1))
    t = next((k * 0.05 for k in range(int(far / 0.05) + 1) if room(k * 0.05) >= need), best[1])
    return round(ux * t, 3), round(uy * t, 3)


def _features(scene: MapScene, s: Scenario, cat: Catalogue | None, kept: set[int]) -> None:
    by_cell: dict[int, list] = {}
    for f in s.features:
        if f.cell not in kept:
            continue
        by_cell.setdefault(f.cell, []).append(f)
    r = 0.16 * scene.cell_mm
    for cell, feats in by_cell.items():
        cx, cy = _pt(scene, *s.grid.center(cell))
        n = len(feats)
        for i, f in enumerate(feats):
            x = round(cx + (i - (n - 1) / 2) * 2.2 * r, 3)
            y = round(cy + 0.12 * scene.cell_mm, 3)
            kind = cat.features.get(f.kind) if cat else None
            symbol = kind.symbol if kind else "?"
            side = s.sides.get(f.side) if f.side else None
            ring = (side.color if side and side.color else "#1a1a1a")
            ink = "#1f5f99" if "stream" in f.kind else "#1a1a1a"
            scene.shapes.append(Circle(x, y, round(r, 3), "#fffdf0", ring, max(0.2, 0.02 * scene.cell_mm), cls="feature"))
            scene.shapes.append(Text(x, round(y + r * 0.45, 3), symbol, round(r * 1.25, 3), ink, bold=True, cls="feature-symbol"))


def _area_names(scene: MapScene, s: Scenario, kept: set[int]) -> None:
    size = max(2.0, 0.17 * scene.cell_mm)
    for area_id, cells in s.area_cells().items():
        cells = [c for c in cells if c in kept]
        if not cells:
            continue
        centres = [s.grid.center(c) for c in cells]
        mx = sum(p[0] for p in centres) / len(centres)
        my = sum(p[1] for p in centres) / len(centres)
        # The area's own cell nearest its centroid: a crescent-shaped district keeps its name inside it.
        x, y = min(centres, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        px, py = _pt(scene, x, y)
        name = s.areas[area_id].name or area_id if area_id in s.areas else area_id
        scene.shapes.append(Text(px, round(py + 0.36 * scene.cell_mm, 3), name, size, AREA_BORDER, bold=True,
                                 italic=True, halo="#ffffff", cls="area-name"))
