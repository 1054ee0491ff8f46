"""A coastline file for the island draft: the land's polygons and the points a designer marks.

Scope: reading a GeoJSON file (RFC 7946, longitude/latitude) into an IslandPlan's parts. The
polygons, whatever their properties, are the island's land (read by geojson_import.read_shapes,
which checks the file); the first one with a name names the island. Point features mark, by
their `motu` property (docs/authoring-moorea.md):

- `"motu": "pass"` — a pass through the reef, at the point (just outside the reef);
- `"motu": "district"` (with a `name`) — where a district begins on the coast: the districts
  are wedges from the centre, clockwise;
- `"motu": "village"` (with a `name`) — a village: its area is the land nearest it, and a
  village site stands on its hex;
- `"motu": "centre"` — the point the wedges turn round (default: the land's centroid).

`color` on a district or village point gives its area's colour. Other points are ignored.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from .bounded import load_json, read_bytes
from .errors import LoadError
from .island_plan import IslandPlan, Place
from .geojson_import import read_shapes

ROLES = ("pass", "district", "village", "centre")


@dataclass
class IslandFile:
    land: BaseGeometry
    name: str | None
    passes: list[tuple[float, float]] = field(default_factory=list)
    districts: list[Place] = field(default_factory=list)
    villages: list[Place] = field(default_factory=list)
    centre: tuple[float, float] | None = None


def _point(geom: object) -> tuple[float, float] | None:
    if not isinstance(geom, dict) or geom.get("type") != "Point":
        return None
    c = geom.get("coordinates")
    if not (isinstance(c, list) and len(c) >= 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                        and math.isfinite(v) for v in c[:2])):
        return None
    return float(c[0]), float(c[1])


def read_island(path: str, name_property: str = "name") -> IslandFile:
    """The island's parts from a GeoJSON file; LoadError (file, what is wrong) when it cannot."""
    shapes = read_shapes(path, name_property)
    land = shapely.union_all([g for g, _ in shapes])
    w, s, e, n = land.bounds
    if not (-180 <= w <= e <= 180 and -90 <= s <= n <= 90):
        raise LoadError("the island draft needs longitude and latitude (GeoJSON's own coordinates); "
                        "for plane units use --plain", path)
    out = IslandFile(land, next((name for _, name in shapes if name), None))
    doc = load_json(read_bytes(path), path)  # read_shapes has read it once through the same bounded layer
    feats = doc.get("features") if doc.get("type") == "FeatureCollection" else [doc] if doc.get("type") == "Feature" else []
    for i, f in enumerate(feats or []):
        props = f.get("properties") if isinstance(f, dict) else None
        role = props.get("motu") if isinstance(props, dict) else None
        if role is None:
            continue
        p = _point(f.get("geometry"))
        if role not in ROLES or p is None:
            raise LoadError(f"feature {i + 1}: 'motu: {role}' marks a Point as one of {', '.join(ROLES)}", path)
        name = props.get(name_property)
        colour = props.get("color") if isinstance(props.get("color"), str) else None
        if role == "pass":
            out.passes.append(p)
        elif role == "centre":
            out.centre = p
        else:
            if not isinstance(name, str) or not name.strip():
                raise LoadError(f"feature {i + 1}: a {role} point needs a '{name_property}'", path)
            (out.districts if role == "district" else out.villages).append(Place(name.strip(), p[0], p[1], colour))
    return out


def plan_from_file(f: IslandFile, name: str | None = None, passes: tuple = (), **options: Any) -> IslandPlan:
    """The IslandPlan for a coastline file: its land, name, marked points (with `passes` more),
    and the designer's other choices (`options`: IslandPlan's fields)."""
    return IslandPlan(f.land, name or f.name or "Island", passes=tuple(f.passes) + tuple(passes), centre=f.centre,
                      districts=tuple(f.districts), villages=tuple(f.villages), **options)


__all__ = ["IslandFile", "read_island", "plan_from_file", "ROLES"]
