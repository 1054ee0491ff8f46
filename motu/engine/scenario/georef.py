"""Where a map lies on the Earth: the scenario's `tables.georeference`, as a value.

Scope: reading and writing the georeference record (docs/format.md: a local equirectangular
projection given by the longitude and latitude of the layout origin — the centre of the first
cell —, kilometres per layout unit and the standard parallel), projecting longitude/latitude
to the grid's layout units and back, and moving the origin when cells are added or removed
on the west or north, so that every cell stays on the same ground. The GeoJSON export reads
the same record (motu/engine/io/geojson.py); the coastline import lays new land by it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

EARTH_RADIUS_KM = 6371.0088  # mean radius
KM_PER_DEG = math.pi / 180 * EARTH_RADIUS_KM
TABLE = "georeference"


@dataclass(frozen=True)
class Georef:
    """Layout (x, y), y pointing south, to [lon, lat]: lon = lon0 + x * k / (KM_PER_DEG * cos(parallel)),
    lat = lat0 - y * k / KM_PER_DEG, with k = km_per_unit."""

    lon: float
    lat: float
    km_per_unit: float
    parallel: float

    @classmethod
    def from_table(cls, g: Any) -> "Georef | None":
        """The record of `tables.georeference`, or None when it is missing or not usable."""
        try:
            if g.get("projection", "equirectangular") != "equirectangular":
                return None
            lon, lat = (float(v) for v in g["origin"])
            k = float(g["km_per_unit"])
            sp = float(g.get("standard_parallel", lat))
        except (AttributeError, KeyError, TypeError, ValueError):
            return None
        if not (-180 <= lon <= 180 and -90 <= lat <= 90 and k > 0 and abs(sp) < 90):
            return None
        return cls(lon, lat, k, sp)

    @classmethod
    def of(cls, scenario: Any) -> "Georef | None":
        tables = scenario.tables if isinstance(scenario.tables, dict) else {}
        return cls.from_table(tables[TABLE]) if TABLE in tables else None

    @classmethod
    def around(cls, lon: float, lat: float, km_per_unit: float, east_km: float = 0.0, north_km: float = 0.0,
               parallel: float | None = None) -> "Georef":
        """The georeference whose origin lies east_km and north_km from (lon, lat), in the
        projection about that point's parallel (or `parallel`)."""
        sp = lat if parallel is None else parallel
        return cls(lon + east_km / (KM_PER_DEG * math.cos(math.radians(sp))), lat + north_km / KM_PER_DEG,
                   km_per_unit, sp)

    def table(self) -> dict[str, Any]:
        return {"projection": "equirectangular", "origin": [round(self.lon, 7), round(self.lat, 7)],
                "km_per_unit": round(self.km_per_unit, 9), "standard_parallel": self.parallel}

    @property
    def _kx(self) -> float:
        return self.km_per_unit / (KM_PER_DEG * math.cos(math.radians(self.parallel)))

    @property
    def _ky(self) -> float:
        return self.km_per_unit / KM_PER_DEG

    def to_layout(self, lonlat: np.ndarray) -> np.ndarray:
        """(n, 2) [lon, lat] to (n, 2) layout units."""
        lonlat = np.asarray(lonlat, dtype=float).reshape(-1, 2)
        return np.column_stack([(lonlat[:, 0] - self.lon) / self._kx, (self.lat - lonlat[:, 1]) / self._ky])

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.to_layout(np.array([[lon, lat]]))[0]
        return float(x), float(y)

    def to_lonlat(self, xy: np.ndarray) -> np.ndarray:
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        return np.column_stack([self.lon + xy[:, 0] * self._kx, self.lat - xy[:, 1] * self._ky])

    def moved(self, x: float, y: float) -> "Georef":
        """The georeference of a grid whose layout origin sits at this one's (x, y)."""
        return Georef(self.lon + x * self._kx, self.lat - y * self._ky, self.km_per_unit, self.parallel)


__all__ = ["EARTH_RADIUS_KM", "KM_PER_DEG", "TABLE", "Georef"]
