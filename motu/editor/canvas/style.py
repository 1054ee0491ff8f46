"""The map's colours: one palette per terrain, area, side and edge, shared by every way the map is drawn.

Chunk images (zoomed out) and vector cells (zoomed in) both take a cell's colour from
`CellColours.rgba`, so a terrain has one colour at every zoom. Areas are not mixed into
terrain colours unless the area painter asks for full fills; they are drawn as borders
and a tinted band (areas.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from motu.engine.scenario.area_colours import distinct_colours
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.map_key import MapKey, map_key
from motu.engine.scenario.model import Scenario

UNKNOWN = QColor("#ff00ff")
BORDER = (40, 30, 30)
FILL_ALPHA = 90  # of 255: the area colour's share of a cell while areas are filled
BAND_ALPHA = 150  # of 255: the tint band inside an area's border


@dataclass
class Style:
    terrain: dict[str, QColor] = field(default_factory=dict)
    area: dict[str, QColor] = field(default_factory=dict)
    side: dict[str, QColor] = field(default_factory=dict)
    edge: dict[str, QColor] = field(default_factory=dict)
    key: MapKey | None = None
    dark: bool = False  # the window's palette: what the canvas around the map and overlay text use

    @classmethod
    def build(cls, scenario: Scenario, cat: Catalogue, dark: bool = False) -> "Style":
        st = cls(dark=dark)
        st.terrain = {t.id: QColor(t.color) for t in cat.terrain.values()}
        # An area the file gives no colour takes one unlike its neighbours' (a greedy colouring).
        chosen = distinct_colours(scenario, fixed=True) if any(not a.color for a in scenario.areas.values()) else {}
        for a in scenario.areas.values():
            st.area[a.id] = QColor(a.color or chosen[a.id])
        st.edge = {e.id: QColor(e.color) for e in cat.edges.values()}
        for s in scenario.sides.values():
            st.side[s.id] = QColor(s.color or "#444444")
        st.key = map_key(cat)
        return st

    def terrain_brush(self, terrain: str) -> QBrush:
        c = self.terrain.get(terrain)
        return QBrush(c) if c is not None else QBrush(UNKNOWN, Qt.DiagCrossPattern)

    def side_colour(self, side: str | None) -> QColor:
        return QColor(self.side.get(side or "", QColor("#555555")))

    def background(self) -> QColor:
        return QColor("#2b2b2b") if self.dark else QColor("#e9e6df")

    def ink(self) -> QColor:
        """Text and marks drawn on the map itself (on terrain colours, which stay light or dark)."""
        return QColor(20, 20, 20)

    def grid_pen(self) -> QPen:
        pen = QPen(QColor(0, 0, 0, 70), 0)
        pen.setCosmetic(True)
        return pen


def _rgba(c: QColor) -> list[int]:
    return [c.red(), c.green(), c.blue(), 255]


def _dark(rgb: np.ndarray) -> np.ndarray:
    """Per row of 8-bit RGB: whether the colour is dark (by its luma)."""
    rgb = rgb.astype(np.float32)
    return (0.299 * rgb[:, 0] + 0.587 * rgb[:, 1] + 0.114 * rgb[:, 2]) < 110


class CellColours:
    """Each cell's colour, area, region and island as arrays (index n stands for "no cell here")."""

    def __init__(self, s: Scenario, style: Style, fill_areas: bool = False):
        self.fill_areas = fill_areas
        self.terrain_ids = list(style.terrain)
        self.area_ids = list(s.areas)
        self._tindex = {t: i for i, t in enumerate(self.terrain_ids)}
        self._aindex = {a: i for i, a in enumerate(self.area_ids)}
        self.terrain_rgba = np.array([_rgba(style.terrain[t]) for t in self.terrain_ids] + [_rgba(UNKNOWN)],
                                     dtype=np.uint16)
        self.area_rgba = np.array([_rgba(style.area.get(a, UNKNOWN)) for a in self.area_ids] + [[0, 0, 0, 0]],
                                  dtype=np.uint16)
        regions = {r: i for i, r in enumerate(s.regions)}
        islands = {r: i for i, r in enumerate(s.islands)}
        # Per area: its region and island as numbers (-1: none), so borders between them can be found per pixel.
        self.area_region = np.array([regions.get(a.region, -1) for a in s.areas.values()] + [-1, -2], dtype=np.int32)
        self.area_island = np.array([islands.get(a.island, -1) for a in s.areas.values()] + [-1, -2], dtype=np.int32)
        n = s.grid.size
        unknown = len(self.terrain_ids)
        # map() with dict.get: the fastest way from a million strings to a million numbers.
        self.terrain = np.array(list(map(self._tindex.get, s.terrain, repeat(unknown, n))), dtype=np.int32)
        aindex = dict(self._aindex)
        aindex[None] = -1
        self.area = np.array(list(map(aindex.get, s.cell_area, repeat(-1, n))) + [-2], dtype=np.int32)
        self._region: np.ndarray | None = None
        self._island: np.ndarray | None = None
        self.rgba = np.zeros((n + 1, 4), dtype=np.uint8)
        self._rgb_keys: list[int] | None = None
        self._dark: np.ndarray | None = None
        self.refresh(np.arange(n))

    def refresh(self, cells: np.ndarray) -> None:
        base = self.terrain_rgba[self.terrain[cells]]
        if self.fill_areas:
            area = self.area[cells]
            tint = self.area_rgba[np.where(area >= 0, area, len(self.area_ids))]
            base = np.where((area >= 0)[:, None], (base * (255 - FILL_ALPHA) + tint * FILL_ALPHA) // 255, base)
        base = base.copy()
        base[:, 3] = 255
        self.rgba[cells] = base.astype(np.uint8)
        few = len(cells) < 5000  # a few edited cells: follow them
        if self._rgb_keys is not None and few:
            c = base[:, :3].astype(np.uint32)
            for cell, key in zip(np.asarray(cells).tolist(), ((c[:, 0] << 16) | (c[:, 1] << 8) | c[:, 2]).tolist()):
                self._rgb_keys[cell] = key
        else:
            self._rgb_keys = None
        if self._dark is not None and few:
            self._dark[cells] = _dark(base[:, :3].astype(np.uint8))
        else:
            self._dark = None

    def rgb_keys(self) -> list[int]:
        """Each cell's colour as one 0xRRGGBB integer in a plain list (the vector painter's fast path)."""
        if self._rgb_keys is None:
            c = self.rgba[:, :3].astype(np.uint32)
            self._rgb_keys = ((c[:, 0] << 16) | (c[:, 1] << 8) | c[:, 2]).tolist()
        return self._rgb_keys

    def dark_cells(self) -> np.ndarray:
        """Per cell: whether its colour is dark (cell numbers are drawn light on it)."""
        if self._dark is None:
            self._dark = _dark(self.rgba[:, :3])
        return self._dark

    def set_cells(self, s: Scenario, cells) -> bool:
        """Follow a few edited cells; False when a new terrain or area needs a full rebuild."""
        for c in cells:
            t, a = s.terrain[c], s.cell_area[c]
            if t not in self._tindex or (a is not None and a not in self._aindex):
                return False
            self.terrain[c] = self._tindex[t]
            self.area[c] = -1 if a is None else self._aindex[a]
        self._region = self._island = None
        self.refresh(np.fromiter(cells, dtype=np.int64))
        return True

    def _per_cell(self, table: np.ndarray) -> np.ndarray:
        return table[np.where(self.area >= 0, self.area, len(self.area_ids) + (self.area == -2))]

    def cell_region(self) -> np.ndarray:
        """Per cell (plus the "no cell" entry): its area's region number (kept until an area changes)."""
        if self._region is None:
            self._region = self._per_cell(self.area_region)
        return self._region

    def cell_island(self) -> np.ndarray:
        if self._island is None:
            self._island = self._per_cell(self.area_island)
        return self._island
