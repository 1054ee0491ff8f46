"""Geometry the Tahiti builder needs beyond Motu's own coastline import.

Scope: the fixed projection and hex lattice the bundled Tahiti maps are cut from (so that both
maps put a hex on the same ground), the half-plane that parts Tahiti Iti from Tahiti Nui, and
the hexes a river line runs through. Laying the coastline on hexes (land, coast, inland bands,
lagoon, reef and passes), wedge districts and connecting them are Motu's import, used as a
designer uses it: motu/engine/io/coastline.py and motu/engine/io/coastline_areas.py.
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from motu.engine.board.geometry import cell_polygons
from motu.engine.board.grids import Grid
from motu.engine.scenario.georef import KM_PER_DEG, Georef

# Local equirectangular projection about a fixed point near Tahiti: at 17.6 deg S the
# error over the 90 km the maps span is far below the coastline's own 0.4 km precision.
LON0, LAT0 = -149.45, -17.65
SQRT3 = math.sqrt(3)


def project(lon: float, lat: float) -> tuple[float, float]:
    """[lon, lat] in degrees to (east, north) in km from (LON0, LAT0)."""
    return ((lon - LON0) * KM_PER_DEG * math.cos(math.radians(LAT0)), (lat - LAT0) * KM_PER_DEG)


def lattice(across_km: float, x0_km: float, y0_km: float) -> Georef:
    """A hex lattice fixed to the ground: hexes `across_km` apart, one hex centred (x0, y0) km
    east and north of (LON0, LAT0). Maps cut from it at different sizes put every hex on the
    same spot."""
    return Georef.around(LON0, LAT0, across_km / SQRT3, x0_km, y0_km, parallel=LAT0)


def half_plane(a: tuple[float, float], b: tuple[float, float], left: bool, reach: float = 1e4) -> Polygon:
    """The side of the line through a and b that is on the left (or right) walking from a to b,
    as a big polygon (layout units: y points south, so 'left' is as seen on the map)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm * reach, dy / norm * reach
    nx, ny = (uy, -ux) if left else (-uy, ux)
    p0, p1 = (a[0] - ux, a[1] - uy), (a[0] + ux, a[1] + uy)
    return Polygon([p0, p1, (p1[0] + nx, p1[1] + ny), (p0[0] + nx, p0[1] + ny)])


def hexes_on_line(grid: Grid, line: LineString, allowed: set[int]) -> list[int]:
    """Hexes (among `allowed`) a river line (layout units) runs through for more than a fifth
    of a hex side, so that grazing a corner does not count; in cell order."""
    polys = cell_polygons(grid, range(grid.size))
    lengths = shapely.length(shapely.intersection(polys, line))
    return [c for c in range(grid.size) if lengths[c] > 0.2 and c in allowed]


def point_in(poly: BaseGeometry, X: float, Y: float) -> bool:
    return poly.contains(Point(X, Y))


def layout_line(geo: Georef, lonlat: list[tuple[float, float]]) -> LineString:
    return LineString(geo.to_layout(np.array(lonlat)))
