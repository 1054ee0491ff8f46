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

import math
import re
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np
import shapely
from shapely.geometry import shape as to_shape
from shapely.geometry.base import BaseGeometry

from motu.engine.board.geometry import cell_centres
from motu.engine.board.grids import Grid, GridError, HexGrid, SquareGrid
from motu.engine.scenario.model import Area, Scenario

from .bounded import load_json, read_bytes
from .errors import LoadError, json_path, one_line
from .geojson import KM_PER_DEG


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


# --- reading and checking the file (what shapes it holds, in longitude/latitude or plane units) ---

_GEOGRAPHIC = ("CRS84", "EPSG:4326", "OGC:1.3:CRS84", "EPSG::4326")
# Far beyond any map (Web Mercator reaches ±20,037,508 m), and near enough to 0 that a shape's
# vertices keep their precision when laid on a grid (at 2**53 neighbouring vertices merge and
# rings no longer close).
MAX_COORDINATE = 1e9
_POLYGONS = ("Polygon", "MultiPolygon", "GeometryCollection")
_GEOMETRIES = _POLYGONS + ("Point", "MultiPoint", "LineString", "MultiLineString")
# Limits (docs/format.md): a coastline Motu lays on a grid of at most a million cells needs neither
# more detail nor more shapes, and past them a file took seconds to minutes to read.
MAX_GEOJSON_BYTES = 8 * 1024 * 1024
MAX_FEATURES = 10_000


@dataclass
class ShapeFile:
    """What a GeoJSON file holds for Motu: its named polygons, and whether they are longitude
    and latitude (True: RFC 7946, or a `crs` transformed to it; None: the file does not say)."""

    shapes: list[tuple[BaseGeometry, str | None]]
    geographic: bool | None = None
    crs: str | None = None


def _fail(path: str, where: tuple[Any, ...], message: str) -> LoadError:
    return LoadError(message, path, path=json_path(where))


def _check_positions(coords: Any, depth: int, path: str, where: tuple[Any, ...]) -> None:
    """coordinates nest `depth` lists deep down to positions of two or three numbers."""
    if depth == 0:
        if not isinstance(coords, list) or not 2 <= len(coords) <= 3 or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in coords):
            raise _fail(path, where, "a position is a list of two or three numbers (longitude, latitude[, height])")
        if any(abs(v) > MAX_COORDINATE for v in coords):
            raise _fail(path, where, f"the position {coords} lies beyond ±{MAX_COORDINATE:,.0f}, farther than any map")
        return
    if not isinstance(coords, list):
        raise _fail(path, where, "coordinates should be a list")
    for i, c in enumerate(coords):
        _check_positions(c, depth - 1, path, where + (i,))
    if depth == 1 and where and coords and len(coords) < 4:
        raise _fail(path, where, f"a polygon ring needs at least four positions, not {len(coords)}")


def _check_geometry(geom: Any, path: str, where: tuple[Any, ...]) -> bool:
    """True for a polygon geometry Motu lays on a grid; False for others (points, lines) it skips."""
    if not isinstance(geom, dict) or not isinstance(geom.get("type"), str):
        raise _fail(path, where, "a geometry is an object with a \"type\"")
    kind = geom["type"]
    if kind not in _GEOMETRIES:
        raise _fail(path, where + ("type",), f"{kind[:40]!r} is not a GeoJSON geometry type")
    if kind == "GeometryCollection":
        parts = geom.get("geometries")
        if not isinstance(parts, list):
            raise _fail(path, where + ("geometries",), "a GeometryCollection holds a list of geometries")
        return any([_check_geometry(g, path, where + ("geometries", i)) for i, g in enumerate(parts)])
    if kind not in _POLYGONS:
        return False
    _check_positions(geom.get("coordinates"), 2 if kind == "Polygon" else 3, path, where + ("coordinates",))
    return True


def _crs_name(doc: dict[str, Any], path: str) -> str | None:
    crs = doc.get("crs")
    if crs is None:
        return None
    name = crs.get("properties", {}).get("name") if isinstance(crs, dict) and crs.get("type") == "name" \
        and isinstance(crs.get("properties"), dict) else None
    if not isinstance(name, str) or not name:
        raise _fail(path, ("crs",), "a crs names its system, as {\"type\": \"name\", \"properties\": "
                    "{\"name\": \"EPSG:3857\"}}; linked systems are not read")
    return name


def _to_lonlat(name: str, path: str) -> Any:
    """A function taking (n, 2) arrays in the crs `name` to longitude and latitude."""
    try:
        import pyproj
    except ImportError:  # the installed app leaves pyproj out (31 MB): it reads WGS 84 only
        raise _fail(path, ("crs",), f"the coordinate system {name[:80]!r} needs map projections, which this "
                    "installation of Motu does not have: save the file in WGS 84 (longitude, latitude, as "
                    "RFC 7946 asks), or import it with Motu installed by pip") from None
    try:
        source = pyproj.CRS.from_user_input(name)
        t = pyproj.Transformer.from_crs(source, pyproj.CRS.from_user_input("OGC:CRS84"), always_xy=True)
    except Exception as exc:  # pyproj's errors for names it does not know
        raise _fail(path, ("crs",), f"the coordinate system {name[:80]!r} is not one Motu can transform "
                    f"to longitude and latitude ({str(exc).splitlines()[0][:120]})") from None

    def project(xy: np.ndarray) -> np.ndarray:
        x, y = t.transform(xy[:, 0], xy[:, 1])
        out = np.column_stack([x, y])
        if not np.isfinite(out).all():
            raise ValueError(f"some coordinates lie where {name} has no longitude and latitude")
        return out
    return project


def read_geojson(path: str, name_property: str = "name", to_lonlat: bool = True) -> ShapeFile:
    """The (Multi)Polygons of a GeoJSON file with the value of their name property, checked:
    every refusal names the file and the place (line and column for JSON syntax, a JSON path
    for a wrong shape). A `crs` other than longitude/latitude is transformed to it when
    `to_lonlat` (or refused when it cannot be)."""
    raw = read_bytes(path, MAX_GEOJSON_BYTES, what="the GeoJSON file")
    if raw.count(b'"Feature"') > MAX_FEATURES:  # counted before the parse: at least that many features
        raise LoadError(f"more than {MAX_FEATURES:,} features; Motu imports at most {MAX_FEATURES:,}", path)
    doc = load_json(raw, path, "GeoJSON")
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise LoadError("not GeoJSON: expected a FeatureCollection, a Feature or a geometry", path)
    kind = doc["type"]
    if kind == "FeatureCollection":
        feats, base = doc.get("features"), ("features",)
        if not isinstance(feats, list):
            raise _fail(path, base, "a FeatureCollection holds a list of features")
        if len(feats) > MAX_FEATURES:
            raise _fail(path, base, f"more than {MAX_FEATURES:,} features; Motu imports at most {MAX_FEATURES:,}")
    elif kind == "Feature":
        feats, base = [doc], ()
    else:
        feats, base = [{"type": "Feature", "geometry": doc, "properties": {}}], ()
    name = _crs_name(doc, path)
    geographic: bool | None = None
    project = None
    own = doc.get("motu")
    if isinstance(own, dict) and own.get("georeferenced") is False:  # Motu's export of a map in its own plane
        geographic = False
    if name is not None and to_lonlat:
        if any(name.upper().endswith(g) for g in _GEOGRAPHIC):
            geographic = True
        else:
            project, geographic = _to_lonlat(name, path), True
    out: list[tuple[BaseGeometry, str | None]] = []
    for i, f in enumerate(feats):
        where = base + (i,) if kind == "FeatureCollection" else ()
        if not isinstance(f, dict):
            raise _fail(path, where, "a feature is an object")
        geom, props = f.get("geometry"), f.get("properties")
        if props is not None and not isinstance(props, dict):
            raise _fail(path, where + ("properties",), "a feature's properties are an object or null")
        geom_where = where + ("geometry",) if kind in ("FeatureCollection", "Feature") else ()
        if geom is None or not _check_geometry(geom, path, geom_where):
            continue
        try:
            g = to_shape(geom)
            if project is not None:
                g = shapely.transform(g, project)
            g = shapely.make_valid(g)
        except (ValueError, TypeError, AttributeError, shapely.errors.GEOSException) as exc:
            raise _fail(path, where, f"its geometry is not a valid polygon ({one_line(str(exc))[:160]})") from None
        label = (props or {}).get(name_property)
        out.append((g, None if label in (None, "") else str(label)))
    if not out:
        raise LoadError("no Polygon or MultiPolygon features to lay on the grid", path)
    if geographic:
        union = shapely.union_all([g for g, _ in out])
        if not union.is_empty and not _looks_geographic(union.bounds):
            raise LoadError(f"the file says its coordinates are longitude and latitude ({name}), but they reach "
                            f"{', '.join(f'{v:g}' for v in union.bounds)}", path)
    return ShapeFile(out, geographic, name)


def motu_member(path: str) -> dict[str, Any] | None:
    """The `motu` foreign member of a collection Motu exported (its rule set, grid, and whether it
    is georeferenced), or None for any other GeoJSON; read through the bounded layer."""
    doc = load_json(read_bytes(path), path, "GeoJSON")
    own = doc.get("motu") if isinstance(doc, dict) else None
    return own if isinstance(own, dict) else None


def read_shapes(path: str, name_property: str = "name") -> list[tuple[BaseGeometry, str | None]]:
    """The (Multi)Polygons of a GeoJSON file with the value of their name property."""
    return read_geojson(path, name_property).shapes


def _looks_geographic(bounds: tuple[float, float, float, float]) -> bool:
    w, s, e, n = bounds
    return -180 <= w <= e <= 180 and -90 <= s <= n <= 90


def _make_grid(choice: GridChoice, columns: int, rows: int) -> Grid:
    if choice.shape == "hex":
        return HexGrid(columns, rows, choice.orientation or "flat", choice.offset)
    if choice.shape == "square":
        return SquareGrid(columns, rows)
    raise GridError(f"polygons go onto a hex or square grid, not {choice.shape!r}")


def layout_scale(choice: GridChoice) -> float:
    """The scale at which one input unit is one layout unit (a hex's centre to a corner, a
    square's side): Motu's export of a map in its own plane laid back as it was."""
    return _make_grid(choice, 1, 1).across


def _cells_for(choice: GridChoice, w: float, h: float) -> tuple[int, int]:
    """Columns and rows to hold a w x h (layout units) box plus the margin on every side."""
    dx, dy = _make_grid(choice, 1, 1).pitch
    m = 2 * choice.margin
    return math.ceil(w / dx) + 1 + m, math.ceil(h / dy) + 1 + m


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
    from motu.engine.plugins import get_ruleset
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
    if choice.margin < 0:
        raise ValueError(f"the margin is a number of cells from 0, not {choice.margin}")
    if choice.scale is not None and not (math.isfinite(choice.scale) and choice.scale > 0):
        raise ValueError(f"the scale is a distance above 0, not {choice.scale}")
    if choice.size is None and not choice.scale:
        raise ValueError("give the grid's size (--size CxR), its scale (--scale), or both")
    unit = choice.scale / _make_grid(choice, 1, 1).across if choice.scale else None  # input units per layout unit
    if choice.size is None:
        columns, rows = _cells_for(choice, (e - w) / unit, (n - s) / unit)
    else:
        columns, rows = choice.size
    grid = _make_grid(choice, columns, rows)
    gx0, gy0, gx1, gy1 = grid.extent
    if unit is None:  # fit the shapes inside the margin
        pad = choice.margin * grid.across
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
    taken: set[str] = set()
    named: list[tuple[BaseGeometry, str]] = []
    for g, name in shapes:
        if name is None:
            continue
        if name not in ids:
            ids[name] = _slug(name, taken)
            taken.add(ids[name])
            sc.areas[ids[name]] = Area(ids[name], name)
        named.append((shapely.transform(g, to_layout), ids[name]))
    if named:
        # The cells whose centre each named shape holds, in one query of a tree of the centres: a
        # scan of every cell per shape made 10,000 islets take minutes. Where shapes overlap, the
        # one listed last takes the cell, as the file lists them.
        tree = shapely.STRtree(shapely.points(xy))
        shape_at, cell_at = tree.query([g for g, _ in named], predicate="contains")
        order = np.argsort(shape_at, kind="stable")
        for k, c in zip(shape_at[order].tolist(), cell_at[order].tolist()):
            sc.cell_area[c] = named[k][1]
    if geographic:
        # Where layout (0, 0) is: km from the middle of the shapes, then degrees.
        x0, y0 = (0 - gcx) * unit + cx, cy - (0 - gcy) * unit
        sc.tables["georeference"] = {"projection": "equirectangular",
                                     "origin": [round(lon0 + x0 / kx, 7), round(lat0 + y0 / KM_PER_DEG, 7)],
                                     "km_per_unit": round(unit, 9), "standard_parallel": lat0}
    return sc


def load_geojson(path: str, rules: str, choice: GridChoice, name_property: str = "name", **kw: Any) -> Scenario:
    read = read_geojson(path, name_property, to_lonlat=kw.get("geographic") is not False)
    if read.geographic is not None and kw.get("geographic") is None:  # the file says (a crs, or Motu's own export)
        kw["geographic"] = read.geographic
    try:
        return shapes_to_scenario(rules, read.shapes, choice, **kw)
    except (ValueError, GridError) as exc:
        raise LoadError(str(exc), path) from None
    except shapely.errors.GEOSException as exc:  # shapes GEOS cannot lay on the grid
        raise LoadError(f"the shapes cannot be laid on a grid ({one_line(str(exc))[:160]})", path) from None
    except KeyError as exc:  # an unknown rule set
        raise LoadError(str(exc.args[0]), path) from None


__all__ = ["GridChoice", "ShapeFile", "read_geojson", "motu_member", "layout_scale", "read_shapes", "shapes_to_scenario", "load_geojson"]
