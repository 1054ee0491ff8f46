"""From real coastlines to a hex map: projection, hex lattice, terrain, lagoon and reef, areas.

Scope: the geometry that `build_tahiti.py` needs, written for any high island with a fringing
reef: project [lon, lat] rings to km, lay a flat-topped odd-q hex lattice over them, classify
each hex (open sea, lagoon, coast, clear, jungle, mountain), find the lagoon/open-sea hexsides
where the reef stands, and cut an island into wedge-shaped districts round a centre. Nothing
here knows Tahiti's names; the data (centres, district boundaries, passes, rivers) is the
builder's. Everything is deterministic: same inputs, same map, so the shipped files can be
rebuilt and compared byte for byte.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from engine.board.geometry import cell_centres, cell_polygons
from engine.board.graph import components
from engine.board.grids import HexGrid

# Local equirectangular projection about a fixed point near Tahiti: at 17.6 deg S the
# error over the 90 km the maps span is far below the coastline's own 0.4 km precision.
LON0, LAT0 = -149.45, -17.65
KM_PER_DEG = math.pi / 180 * 6371.0088  # mean Earth radius
SQRT3 = math.sqrt(3)


def project(lon: float, lat: float) -> tuple[float, float]:
    """[lon, lat] in degrees to (east, north) in km from (LON0, LAT0)."""
    return ((lon - LON0) * KM_PER_DEG * math.cos(math.radians(LAT0)), (lat - LAT0) * KM_PER_DEG)


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """Compass bearing in degrees (0 north, 90 east) from one km point to another."""
    return math.degrees(math.atan2(to[0] - frm[0], to[1] - frm[1])) % 360


@dataclass(frozen=True)
class Lattice:
    """One hex lattice fixed to the ground, so that maps cut from it at different sizes put
    every hex on the same spot. `across_km` is the distance between neighbouring hex centres
    (the wargame 'scale'); (x0, y0) is the km position of lattice column 0, row 0."""

    across_km: float
    x0: float
    y0: float

    @property
    def size_km(self) -> float:  # centre to corner: one layout unit of engine.board.grids.HexGrid
        return self.across_km / SQRT3

    def window(self, west: float, south: float, east: float, north: float) -> Window:
        """The smallest window of whole hexes covering a km box. Its first column is even so
        that odd-q's shifted columns stay the same columns of the lattice."""
        s = self.size_km
        c0 = math.floor((west - self.x0) / (1.5 * s))
        c0 -= c0 % 2
        c1 = math.ceil((east - self.x0) / (1.5 * s))
        r0 = math.floor((self.y0 - north) / (SQRT3 * s))
        r1 = math.ceil((self.y0 - south) / (SQRT3 * s))
        return Window(self, c0, r0, c1 - c0 + 1, r1 - r0 + 1)


@dataclass(frozen=True)
class Window:
    lattice: Lattice
    c0: int
    r0: int
    columns: int
    rows: int

    def grid(self) -> HexGrid:
        return HexGrid(self.columns, self.rows, "flat", "odd-q")

    def _origin(self) -> tuple[float, float]:
        s = self.lattice.size_km
        return self.lattice.x0 + self.c0 * 1.5 * s, self.lattice.y0 - self.r0 * SQRT3 * s

    def to_layout(self, x: float, y: float) -> tuple[float, float]:
        """km (east, north) to the grid's layout units (hex size 1, y pointing south)."""
        ox, oy = self._origin()
        s = self.lattice.size_km
        return (x - ox) / s, (oy - y) / s

    def to_km(self, X: float, Y: float) -> tuple[float, float]:
        ox, oy = self._origin()
        s = self.lattice.size_km
        return ox + X * s, oy - Y * s

    def georeference(self) -> dict:
        """Where the grid lies on the Earth, as `tables.georeference` records it for the GeoJSON
        export (engine/io/geojson.py): [lon, lat] of the layout origin (the centre of the first
        hex), km per layout unit (a hex's centre-to-corner size), and the projection's parallel."""
        x, y = self.to_km(0.0, 0.0)
        lon = LON0 + x / (KM_PER_DEG * math.cos(math.radians(LAT0)))
        lat = LAT0 + y / KM_PER_DEG
        return {"projection": "equirectangular", "origin": [round(lon, 7), round(lat, 7)],
                "km_per_unit": round(self.lattice.size_km, 9), "standard_parallel": LAT0}

    def geometry(self, km_points: list[tuple[float, float]], line: bool = False) -> BaseGeometry:
        pts = [self.to_layout(x, y) for x, y in km_points]
        return LineString(pts) if line else Polygon(pts)

    def cell_at_km(self, x: float, y: float) -> int | None:
        return self.grid().cell_at(*self.to_layout(x, y))


# --- terrain ---------------------------------------------------------------------------------

WATER = ("sea", "lagoon")
LAND = ("coast", "clear", "jungle", "mountain")


def land_fraction(grid: HexGrid, land: BaseGeometry) -> np.ndarray:
    polys = cell_polygons(grid, range(grid.size))
    hex_area = 1.5 * SQRT3  # a regular hexagon of side 1
    return shapely.area(shapely.intersection(polys, land)) / hex_area


def depth_km(window: Window, land: BaseGeometry) -> np.ndarray:
    """Distance from each hex centre to the coastline, in km: the stand-in for height,
    since the islands rise from a coastal plain to a mountain centre."""
    xy = cell_centres(window.grid())
    pts = shapely.points(xy[:, 0], xy[:, 1])
    return shapely.distance(pts, land.boundary) * window.lattice.size_km


def classify(window: Window, land: BaseGeometry, heights: list[tuple[BaseGeometry, float, float]],
             water_below: float = 0.12) -> list[str]:
    """Terrain of every hex.

    A hex less than `water_below` land is water: the coastline at 1:10m is only good to
    0.4 km, so slivers would make coastal hexes where there is only sea. The outer ring of
    land hexes (those with a water neighbour) is coast, where canoes land and coastal
    villages stand; this makes every coastal hex touch water, which the rules need. Inland,
    height grows with distance from the sea: `heights` gives, for each part of the land (a
    polygon in layout units, holding hex centres), the depths in km where clear gives way to
    jungle and jungle to mountain. Water touching land is lagoon (the reef runs about one
    hex offshore); the rest is open sea.
    """
    grid = window.grid()
    nb = grid.neighbour_array
    frac = land_fraction(grid, land)
    depth = depth_km(window, land)
    is_land = frac >= water_below
    padded = np.append(is_land, True)  # off-map counts as land so map edges never make coast
    has_water_nb = (~padded[nb]).any(axis=1)
    xy = cell_centres(grid)
    clear_to, jungle_to = np.full(grid.size, np.inf), np.full(grid.size, np.inf)
    for part, clear_km, mountain_km in heights:
        inside = shapely.contains_xy(part, xy[:, 0], xy[:, 1])
        clear_to[inside], jungle_to[inside] = clear_km, mountain_km
    out = []
    for c in range(grid.size):
        if not is_land[c]:
            land_nb = any(n >= 0 and is_land[n] for n in nb[c])
            out.append("lagoon" if land_nb else "sea")
        elif has_water_nb[c]:
            out.append("coast")
        elif depth[c] < clear_to[c]:
            out.append("clear")
        elif depth[c] < jungle_to[c]:
            out.append("jungle")
        else:
            out.append("mountain")
    return out


def reef_sides(grid: HexGrid, terrain: list[str], passes: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every hexside between lagoon and open sea, except the passes: the reef ring."""
    out = []
    for a, b in map(tuple, grid.edge_array()):
        pair = {terrain[a], terrain[b]}
        key = (min(a, b), max(a, b))
        if pair == {"lagoon", "sea"} and key not in passes:
            out.append(key)
    return sorted(out)


def pass_side(window: Window, terrain: list[str], x: float, y: float) -> tuple[int, int]:
    """The pass nearest a km point: the lagoon hex nearest it, and across its reef the
    open-sea neighbour farthest from land (straight out through the reef)."""
    grid = window.grid()
    xy = cell_centres(grid)
    X, Y = window.to_layout(x, y)
    lagoon = [c for c in range(grid.size) if terrain[c] == "lagoon"
              and any(terrain[n] == "sea" for n in grid.neighbours(c))]
    c = min(lagoon, key=lambda c: ((xy[c, 0] - X) ** 2 + (xy[c, 1] - Y) ** 2, c))
    land = [n for n in range(grid.size) if terrain[n] in LAND]
    def off_land(n: int) -> float:
        return min((xy[n, 0] - xy[m, 0]) ** 2 + (xy[n, 1] - xy[m, 1]) ** 2 for m in land)
    sea = [n for n in grid.neighbours(c) if terrain[n] == "sea"]
    n = max(sea, key=lambda n: (off_land(n), -n))
    return (min(c, n), max(c, n))


# --- areas -----------------------------------------------------------------------------------

def wedges(window: Window, cells: list[int], centre: tuple[float, float],
           starts: list[tuple[str, tuple[float, float]]]) -> dict[int, str]:
    """Cut `cells` into districts that run from the coast up to a centre, as Tahiti's do.
    `starts` lists (area, km point on the coast where it begins) clockwise; a hex belongs to
    the area whose sector, seen from `centre`, holds the hex's centre."""
    bearings = [bearing(centre, p) for _, p in starts]
    first = bearings[0]
    offs = [(b - first) % 360 for b in bearings]
    if offs != sorted(offs):
        raise ValueError("district boundaries are not in clockwise order")
    xy = cell_centres(window.grid())
    out = {}
    for c in cells:
        off = (bearing(centre, window.to_km(*xy[c])) - first) % 360
        i = max(k for k, o in enumerate(offs) if o <= off)
        out[c] = starts[i][0]
    return out


def make_connected(grid: HexGrid, cell_area: list[str | None], pinned: set[int] = frozenset()) -> None:
    """Give every stray piece of an area (not its largest) to the neighbouring area it shares
    most hexsides with, until each area is one piece. Wedges cut on a hex grid leave a few
    such strays along their rays. `pinned` cells (rivers, sites) are never moved."""
    ids = sorted({a for a in cell_area if a is not None})
    code = {a: i for i, a in enumerate(ids)}
    for _ in range(50):
        codes = np.array([-1 if a is None else code[a] for a in cell_area])
        labels = components(grid, codes)
        moved = False
        for a in ids:
            cells = np.flatnonzero(codes == code[a])
            comps, counts = np.unique(labels[cells], return_counts=True)
            if len(comps) < 2:
                continue
            # Keep the biggest piece (ties: the one holding a pinned cell, then the first).
            keep = max(comps, key=lambda k: (counts[list(comps).index(k)],
                                             any(c in pinned for c in cells[labels[cells] == k]), -k))
            for c in cells[labels[cells] != keep]:
                if c in pinned:
                    continue
                votes: dict[str, int] = {}
                for n in grid.neighbours(int(c)):
                    other = cell_area[n]
                    if other is not None and other != a:
                        votes[other] = votes.get(other, 0) + 1
                if votes:
                    cell_area[c] = max(sorted(votes), key=lambda k: votes[k])
                    moved = True
        if not moved:
            return
    raise RuntimeError("areas did not settle into connected pieces")


def hexes_on_line(window: Window, line: LineString, allowed: set[int]) -> list[int]:
    """Hexes (among `allowed`) a river line runs through for more than a fifth of a hex side,
    so that grazing a corner does not count; in cell order."""
    grid = window.grid()
    polys = cell_polygons(grid, range(grid.size))
    lengths = shapely.length(shapely.intersection(polys, line))
    return [c for c in range(grid.size) if lengths[c] > 0.2 and c in allowed]


def nearest(window: Window, cells: list[int], x: float, y: float) -> int:
    """The cell among `cells` whose centre is nearest a km point (ties: lowest cell)."""
    xy = cell_centres(window.grid())
    X, Y = window.to_layout(x, y)
    return min(cells, key=lambda c: ((xy[c, 0] - X) ** 2 + (xy[c, 1] - Y) ** 2, c))


def half_plane(a: tuple[float, float], b: tuple[float, float], left: bool, reach: float = 1e4) -> Polygon:
    """The side of the line through a and b that is on the left (or right) walking from a to b,
    as a big polygon (layout units: y points south, so 'left' is as seen on the map)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm * reach, dy / norm * reach
    nx, ny = (uy, -ux) if left else (-uy, ux)
    p0, p1 = (a[0] - ux, a[1] - uy), (a[0] + ux, a[1] + uy)
    return Polygon([p0, p1, (p1[0] + nx, p1[1] + ny), (p0[0] + nx, p0[1] + ny)])


def point_in(poly: BaseGeometry, X: float, Y: float) -> bool:
    return poly.contains(Point(X, Y))
