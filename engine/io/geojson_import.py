"""Import polygons (GeoJSON, or shapely shapes) onto a new hex or square grid as land and areas.

Scope: how a designer starts a map from a coastline or a district map. Cells whose centre lies
inside any polygon become land (the rule set's first `land` terrain unless told otherwise),
land cells next to water become the rule set's `coast` terrain where it has one, the rest
stay water (its default water terrain); a polygon with a name (the `name` property, or the
one asked for) makes its cells an area of that name, later polygons winning where they
overlap. Longitude/latitude input is projected (local equirectangular, as tools/maps/geo.py
does) and the result records `tables.georeference`, so its GeoJSON export gives real
longitude and latitude again.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np
import shapely
from shapely.geometry import shape as to_shape
from shapely.geometry.base import BaseGeometry

from engine.board.geometry import cell_centres
from engine.board.grids import Grid, GridError, HexGrid, SquareGrid
from engine.scenario.model import Area, Scenario

from .errors import LoadError
from .geojson import KM_PER_DEG

SQRT3 = math.sqrt(3)


@dataclass
class GridChoice:
    """What grid to lay the polygons on. `scale`: distance between neighbouring cell centres,
    in km for longitude/latitude input, in the input's own units otherwise. Give `size`,
    `scale` or both (then the shapes are centred on the grid)."""

    shape: str = "hex"
    size: tuple[int, int] | None = None
    scale: float | None = None
    margin: int = 1
    orientation: str | None = None
    offset: str | None = None


def read_shapes(path: str, name_property: str = "name") -> list[tuple[BaseGeometry, str | None]]:
    """The (Multi)Polygons of a GeoJSON file with the value of their name property."""
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except OSError as exc:
        raise LoadError(f"cannot read: {exc.strerror or exc}", path) from None
    except UnicodeDecodeError:
        raise LoadError("not a GeoJSON file (not UTF-8 text)", path) from None
    except json.JSONDecodeError as exc:
        raise LoadError(f"not valid JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    if not isinstance(doc, dict) or "type" not in doc:
        raise LoadError("not GeoJSON: expected a FeatureCollection, a Feature or a geometry", path)
    feats = doc.get("features") if doc["type"] == "FeatureCollection" else [doc] if doc["type"] == "Feature" \
        else [{"type": "Feature", "geometry": doc, "properties": {}}]
    out: list[tuple[BaseGeometry, str | None]] = []
    for i, f in enumerate(feats or []):
        geom = f.get("geometry") if isinstance(f, dict) else None
        if not geom or geom.get("type") not in ("Polygon", "MultiPolygon", "GeometryCollection"):
            continue
        try:
            g = to_shape(geom)
        except (ValueError, TypeError, AttributeError, shapely.errors.GEOSException) as exc:
            raise LoadError(f"feature {i + 1}: its geometry is not a valid polygon ({exc})", path) from None
        g = shapely.make_valid(g)
        name = (f.get("properties") or {}).get(name_property)
        out.append((g, None if name in (None, "") else str(name)))
    if not out:
        raise LoadError("no Polygon or MultiPolygon features to lay on the grid", path)
    return out


def _looks_geographic(bounds: tuple[float, float, float, float]) -> bool:
    w, s, e, n = bounds
    return -180 <= w <= e <= 180 and -90 <= s <= n <= 90


def _make_grid(choice: GridChoice, columns: int, rows: int) -> Grid:
    if choice.shape == "hex":
        return HexGrid(columns, rows, choice.orientation or "flat", choice.offset)
    if choice.shape == "square":
        return SquareGrid(columns, rows)
    raise GridError(f"polygons go onto a hex or square grid, not {choice.shape!r}")


def _spacing(grid_or_choice: Any) -> float:
    """Distance between neighbouring cell centres in layout units."""
    return SQRT3 if grid_or_choice.shape == "hex" else 1.0


def _cells_for(choice: GridChoice, w: float, h: float) -> tuple[int, int]:
    """Columns and rows to hold a w x h (layout units) box plus the margin on every side."""
    m = 2 * choice.margin
    if choice.shape == "square":
        return math.ceil(w) + 1 + m, math.ceil(h) + 1 + m
    if (choice.orientation or "flat") == "flat":
        return math.ceil(w / 1.5) + 1 + m, math.ceil(h / SQRT3) + 1 + m
    return math.ceil(w / SQRT3) + 1 + m, math.ceil(h / 1.5) + 1 + m


def _slug(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9_]+", "_", name.lower().replace("'", "")).strip("_")[:56] or "area"
    out, n = base, 2
    while out in taken:
        out, n = f"{base}_{n}", n + 1
    return out


def shapes_to_scenario(rules: str, shapes: Iterable[tuple[BaseGeometry, str | None]], choice: GridChoice,
                       land: str | None = None, water: str | None = None, coast: str | None = "",
                       geographic: bool | None = None, title: str = "") -> Scenario:
    """A new scenario with `shapes` laid on a grid: see the module docstring. `coast=None`
    turns coastal cells off; "" picks the rule set's coast terrain, if it has one.
    ValueError (with a message for the designer) when the request cannot be met."""
    from engine.rules.registry import get_ruleset
    rs = get_ruleset(rules)
    cat = rs.catalogue
    if choice.shape not in cat.grids:
        raise ValueError(f"{rs.name} plays on {' or '.join(cat.grids)} grids, not {choice.shape}")
    kinds = {t: k.kind for t, k in cat.terrain.items()}
    land = land or next((t for t, k in kinds.items() if k == "land"), cat.default_terrain)
    water = water or (cat.default_terrain if kinds.get(cat.default_terrain) == "water"
                      else next((t for t, k in kinds.items() if k == "water"), cat.default_terrain))
    if coast == "":
        coast = next((t for t, k in kinds.items() if k == "coast"), None)
    for what, t in (("land", land), ("water", water), ("coast", coast)):
        if t is not None and t not in cat.terrain:
            raise ValueError(f"{what} terrain {t!r} is not {rs.name}'s (it has: {', '.join(cat.terrain)})")
    shapes = [(g, n) for g, n in shapes if not g.is_empty]
    if not shapes:
        raise ValueError("no polygons to lay on the grid")
    union = shapely.union_all([g for g, _ in shapes])
    geographic = _looks_geographic(union.bounds) if geographic is None else geographic
    if geographic:  # to km east and north of the middle of the shapes
        w, s, e, n = union.bounds
        lon0, lat0 = round((w + e) / 2, 7), round((s + n) / 2, 7)
        kx = KM_PER_DEG * math.cos(math.radians(lat0))
        project = lambda xy: np.column_stack([(xy[:, 0] - lon0) * kx, (xy[:, 1] - lat0) * KM_PER_DEG])  # noqa: E731
        shapes = [(shapely.transform(g, project), n) for g, n in shapes]
        union = shapely.transform(union, project)
    w, s, e, n = union.bounds
    if choice.size is None and not choice.scale:
        raise ValueError("give the grid's size (--size CxR), its scale (--scale), or both")
    unit = choice.scale / _spacing(choice) if choice.scale else None  # input units per layout unit
    if choice.size is None:
        columns, rows = _cells_for(choice, (e - w) / unit, (n - s) / unit)
    else:
        columns, rows = choice.size
    grid = _make_grid(choice, columns, rows)
    gx0, gy0, gx1, gy1 = grid.extent
    if unit is None:  # fit the shapes inside the margin
        pad = choice.margin * _spacing(grid)
        room_w, room_h = gx1 - gx0 - 2 * pad, gy1 - gy0 - 2 * pad
        if room_w <= 0 or room_h <= 0:
            raise ValueError(f"a {columns}x{rows} grid has no room inside a margin of {choice.margin}")
        unit = max((e - w) / room_w, (n - s) / room_h) or 1.0
    cx, cy = (w + e) / 2, (s + n) / 2
    gcx, gcy = (gx0 + gx1) / 2, (gy0 + gy1) / 2
    to_layout = lambda xy: np.column_stack([(xy[:, 0] - cx) / unit + gcx, (cy - xy[:, 1]) / unit + gcy])  # noqa: E731

    xy = cell_centres(grid)
    is_land = shapely.contains_xy(shapely.transform(union, to_layout), xy[:, 0], xy[:, 1])
    terrain = np.where(is_land, land, water).astype(object)
    if coast is not None:
        nb = grid.neighbour_array
        padded = np.append(is_land, True)  # off the map is not sea: the map edge makes no coast
        terrain[is_land & (~padded[nb]).any(axis=1)] = coast
    sc = Scenario(ruleset=rs.id, grid=grid, terrain=terrain.tolist(), title=title,
                  terrain_tokens={t.id: t.token for t in cat.terrain.values()})
    ids: dict[str, str] = {}
    for g, name in shapes:
        if name is None:
            continue
        if name not in ids:
            ids[name] = _slug(name, set(ids.values()))
            sc.areas[ids[name]] = Area(ids[name], name)
        inside = shapely.contains_xy(shapely.transform(g, to_layout), xy[:, 0], xy[:, 1])
        for c in np.flatnonzero(inside).tolist():
            sc.cell_area[c] = ids[name]
    if geographic:
        # Where layout (0, 0) is: km from the middle of the shapes, then degrees.
        x0, y0 = (0 - gcx) * unit + cx, cy - (0 - gcy) * unit
        sc.tables["georeference"] = {"projection": "equirectangular",
                                     "origin": [round(lon0 + x0 / kx, 7), round(lat0 + y0 / KM_PER_DEG, 7)],
                                     "km_per_unit": round(unit, 9), "standard_parallel": lat0}
    return sc


def load_geojson(path: str, rules: str, choice: GridChoice, name_property: str = "name", **kw: Any) -> Scenario:
    shapes = read_shapes(path, name_property)
    try:
        return shapes_to_scenario(rules, shapes, choice, **kw)
    except (ValueError, GridError) as exc:
        raise LoadError(str(exc), path) from None
    except KeyError as exc:  # an unknown rule set
        raise LoadError(str(exc.args[0]), path) from None


__all__ = ["GridChoice", "read_shapes", "shapes_to_scenario", "load_geojson"]
