"""Map operation budgets (issue 20): drafting an island from a 2,000-point coastline onto a
100,000-cell map, and resizing a 100,000-cell map.

The draft is compared with shapely's own work on the same map (the land inside the coastline,
one vectorised containment test of every hex centre: the floor of any draft); the resize with
copying the map's two per-cell layers, the floor of moving every cell.
"""
from __future__ import annotations

import math
import statistics
import time

import numpy as np
import shapely
from shapely.geometry import Polygon

from motu.engine.board.geometry import cell_centres
from motu.engine.io.coastline import IslandPlan, new_map
from motu.engine.scenario.georef import KM_PER_DEG, Georef
from motu.engine.scenario.map_ops import resize_map

from .big_map import big_hex_scenario
from .foundation import _median_ms

HEX_KM = 0.745  # with this hex size the coastline below makes a map of about 316 x 316 hexes


def coastline(points: int = 2000) -> Polygon:
    """A high island some 190 x 215 km with a ragged coast of `points` vertices, in [lon, lat]."""
    t = np.linspace(0, 2 * np.pi, points, endpoint=False)
    r = 1 + 0.08 * np.sin(7 * t) + 0.04 * np.cos(23 * t) + 0.02 * np.sin(91 * t)
    east, north = 92 * r * np.cos(t), 104 * r * np.sin(t)
    lat0 = -17.6
    lon = -149.5 + east / (KM_PER_DEG * math.cos(math.radians(lat0)))
    return Polygon(np.c_[lon, lat0 + north / KM_PER_DEG])


def run(repeat: int = 5) -> list[dict]:
    land = coastline()
    passes = tuple(land.exterior.coords[i] for i in (0, 500, 1000, 1500))
    plan = IslandPlan(land, "Big Island", passes=passes)
    s, draft = new_map("tahiti", plan, hex_km=HEX_KM)
    cells = s.grid.size
    importing = _median_ms(lambda: new_map("tahiti", plan, hex_km=HEX_KM), repeat)
    xy = cell_centres(s.grid)
    shape = shapely.transform(land, Georef.of(s).to_layout)
    floor = _median_ms(lambda: shapely.contains_xy(shape, xy[:, 0], xy[:, 1]), repeat)

    big = big_hex_scenario()
    size = (big.grid.columns, big.grid.rows, big.grid.size)
    samples = []
    for _ in range(repeat + 1):  # the first call builds what later ones share (the grid's arrays)
        edit = resize_map(big, 2, 2, 2, 2)
        t0 = time.perf_counter()
        undo = edit.apply(big)
        samples.append((time.perf_counter() - t0) * 1000)
        undo.apply(big)
    resizing = statistics.median(samples[1:])
    copy = _median_ms(lambda: (list(big.terrain), list(big.cell_area)), repeat)
    return [
        {"issue": 20, "what": f"import a 2,000-point coastline onto {s.grid.columns}x{s.grid.rows} hexes "
                              f"({cells:,} cells, {draft.summary['land']:,} land)",
         "median": importing, "unit": "ms", "budget": 1000, "ratio": importing / floor,
         "ratio_to": "shapely containment of every hex centre"},
        {"issue": 20, "what": "shapely containment of every hex centre (reference)", "median": floor, "unit": "ms"},
        {"issue": 20, "what": f"resize {size[0]}x{size[1]} hexes ({size[2]:,} cells, 500 areas) by 2 on every side",
         "median": resizing, "unit": "ms", "budget": 300, "ratio": resizing / copy, "ratio_to": "copying its two layers"},
        {"issue": 20, "what": "copying the terrain and area layers (reference)", "median": copy, "unit": "ms"},
    ]
