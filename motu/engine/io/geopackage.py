"""Export to GeoPackage (OGC 12-128r18, version 1.3), for QGIS and other GIS tools: one layer per kind.

Scope: the `gpkg` format. A GeoPackage is an SQLite database with three tables the standard
names (spatial reference systems, contents, geometry columns) and one table per layer whose
geometry column holds the standard's geometry blob: a short header (magic "GP", version, flags,
the SRS id, the bounding box) before the geometry's well-known binary, which shapely writes. So
Python's sqlite3 and shapely write it, with no GDAL. The layers hold what the GeoJSON export's
features hold (geojson.py builds the geometries and properties, in the same coordinates):
`cells` (polygons), `areas` (multipolygons, holes kept), `edges` (lines), `features` and `pieces`
(points; a reserve piece has no geometry). A georeferenced map is in WGS 84 longitude and
latitude (EPSG 4326); a map without a georeference is in the GeoPackage's "undefined Cartesian"
system (srs_id -1), Motu's local frame (geojson.LOCAL_FRAME), which each layer's description states.
"""
from __future__ import annotations

import json
import sqlite3
import struct
from typing import Any, Iterable

import numpy as np
import shapely
from shapely.geometry import shape

from motu.engine.scenario.model import Scenario

from .atomic import atomic_path
from .formats import Format, Written
from .geojson import LOCAL_FRAME, cell_labels, cell_rings, other_features, transform_for

NOT_GEOREFERENCED_GPKG = ("the map has no georeference: its layers are in its own local plane (layout units, y north; "
                          "an undefined Cartesian system, as each layer's description says), not longitude and latitude")
APPLICATION_ID = 0x47504B47  # "GPKG"
USER_VERSION = 10300  # GeoPackage 1.3.0
WGS84 = 4326
UNDEFINED_CARTESIAN = -1
_WGS84_WKT = ('GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],'
              'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],'
              'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],'
              'AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]')
# The three systems every GeoPackage lists (the standard's table 5 and requirement 11).
_SYSTEMS = [("WGS 84 geodetic", WGS84, "EPSG", 4326, _WGS84_WKT, "longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid"),
            ("Undefined cartesian SRS", UNDEFINED_CARTESIAN, "NONE", -1, "undefined", "undefined cartesian coordinate reference system"),
            ("Undefined geographic SRS", 0, "NONE", 0, "undefined", "undefined geographic coordinate reference system")]

_SCHEMA = """
CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY,
  organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name), CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
"""

# Each layer: its geometry type and its columns (property, SQL type), in the GeoJSON features' words.
LAYERS: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    # layer: (GeoJSON `motu` kind, geometry type, columns)
    "cells": ("cell", "POLYGON", (("cell", "TEXT"), ("terrain", "TEXT"), ("area", "TEXT"), ("props", "TEXT"))),
    "areas": ("area", "MULTIPOLYGON", (("id", "TEXT"), ("name", "TEXT"), ("region", "TEXT"), ("island", "TEXT"),
                                        ("color", "TEXT"), ("props", "TEXT"))),
    "edges": ("edge", "LINESTRING", (("edge", "TEXT"), ("features", "TEXT"))),
    "features": ("feature", "POINT", (("kind", "TEXT"), ("cell", "TEXT"), ("side", "TEXT"), ("name", "TEXT"),
                                      ("props", "TEXT"))),
    "pieces": ("piece", "POINT", (("id", "TEXT"), ("kind", "TEXT"), ("side", "TEXT"), ("cell", "TEXT"),
                                  ("count", "INTEGER"), ("name", "TEXT"), ("props", "TEXT"))),
}


def geometry_blobs(geoms: np.ndarray, srs_id: int) -> list[bytes | None]:
    """The standard's geometry blobs (its 2.1.3): "GP", version 0, flags (little-endian, an
    [minx, maxx, miny, maxy] envelope), the SRS id, the envelope, then ISO well-known binary."""
    wkb = shapely.to_wkb(geoms, byte_order=1, flavor="iso")
    bounds = shapely.bounds(geoms)
    head = struct.Struct("<2sBBi4d")
    flags = 0b0000_0011  # binary type standard, not empty, envelope [minx, maxx, miny, maxy], little-endian
    return [None if g is None else head.pack(b"GP", 0, flags, srs_id, b[0], b[2], b[1], b[3]) + w
            for g, w, b in zip(geoms.tolist(), wkb.tolist(), bounds.tolist())]


def _column(v: Any) -> Any:
    """A property as a column's value: free-form props as JSON text, as GDAL writes JSON fields."""
    if isinstance(v, dict):
        return json.dumps(v, ensure_ascii=False) if v else None
    return v


def _rows(features: Iterable[dict[str, Any]], columns: tuple[tuple[str, str], ...]) -> list[tuple[Any, ...]]:
    return [tuple(_column(f["properties"].get(name)) for name, _ in columns) for f in features]


def save_geopackage(s: Scenario, path: str) -> Written:
    """The scenario as a GeoPackage, one layer per kind, written beside `path` and renamed over it."""
    tf, geo = transform_for(s)
    srs = WGS84 if geo else UNDEFINED_CARTESIAN
    title = s.title or "Motu map"
    frame = "longitude and latitude (WGS 84)" if geo else LOCAL_FRAME
    rings = cell_rings(s, tf)
    # The cells' rows straight from the scenario's lists (100,000 of them: no dict per cell).
    cell_rows = list(zip(cell_labels(s), s.terrain, s.cell_area,
                         [_column(dict(s.cell_props[c])) if c in s.cell_props else None for c in range(s.grid.size)]))
    by_kind: dict[str, list[dict[str, Any]]] = {kind: [] for kind, _, _ in LAYERS.values()}
    for f in other_features(s, tf):
        by_kind[f["properties"]["motu"]].append(f)
    with atomic_path(path) as tmp:
        db = sqlite3.connect(tmp)
        try:
            db.execute("PRAGMA journal_mode = OFF")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {USER_VERSION}")
            db.executescript(_SCHEMA)
            db.executemany("INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)", _SYSTEMS)
            for table, (kind, gtype, columns) in LAYERS.items():
                if kind == "cell":
                    rows = cell_rows
                    geoms = shapely.polygons(rings) if len(rings) else np.array([], dtype=object)
                else:
                    rows = _rows(by_kind[kind], columns)
                    geoms = np.array([None if f["geometry"] is None else _multi(shape(f["geometry"]), gtype)
                                      for f in by_kind[kind]], dtype=object)
                _layer(db, table, gtype, columns, srs, geoms, rows, f"{title}: {table} ({frame})")
            db.commit()
        finally:
            db.close()
    return Written((path,), () if geo else (NOT_GEOREFERENCED_GPKG,))


def _multi(g: Any, gtype: str) -> Any:
    return shapely.MultiPolygon([g]) if gtype == "MULTIPOLYGON" and g.geom_type == "Polygon" else g


def _layer(db: sqlite3.Connection, table: str, gtype: str, columns: tuple[tuple[str, str], ...], srs: int,
           geoms: np.ndarray, rows: list[tuple[Any, ...]], description: str) -> None:
    cols = ", ".join(f'"{name}" {kind}' for name, kind in columns)
    db.execute(f'CREATE TABLE "{table}" (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom {gtype}, {cols})')
    blobs = geometry_blobs(geoms, srs) if len(geoms) else []
    marks = ", ".join("?" * (len(columns) + 1))
    db.executemany(f'INSERT INTO "{table}" (geom, {", ".join(chr(34) + n + chr(34) for n, _ in columns)}) VALUES ({marks})',
                   [(b, *row) for b, row in zip(blobs, rows)])
    present = geoms[shapely.is_geometry(geoms)] if len(geoms) else geoms
    box = shapely.total_bounds(present).tolist() if len(present) else [None] * 4
    db.execute("INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, "
               "srs_id) VALUES (?, 'features', ?, ?, ?, ?, ?, ?, ?)", (table, table, description, *box, srs))
    db.execute("INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, ?, 0, 0)", (table, gtype, srs))


FORMATS = (Format("gpkg", "GeoPackage (a layer per kind, for QGIS)", (".gpkg",),
                  save=lambda s, path, options: save_geopackage(s, path)),)

__all__ = ["FORMATS", "LAYERS", "geometry_blobs", "save_geopackage"]
