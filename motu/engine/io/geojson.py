"""Export to GeoJSON (RFC 7946): cells, areas, edges, sites and pieces as features.

Scope: the export, and the georeference it rests on. A scenario laid over real coastlines
records in `tables.georeference` how its layout units sit on the Earth (a local
equirectangular projection: the longitude and latitude of the layout origin, the centre of
the first cell; kilometres per layout unit; the standard parallel), and its GeoJSON then has
real longitudes and latitudes (WGS 84, as RFC 7946 says). Without one, coordinates are in a
stated local frame (LOCAL_FRAME, docs/exports.md): layout units with y turned to point north
(1 = a hex's centre-to-corner size, or a square's side, the origin the first cell's centre), a
plane, not the Earth. RFC 7946 has no `crs` member, so the collection says so in its own
`motu` member (`georeferenced: false`, `frame`, `units`) and in its `name`, which GDAL and
QGIS show as the layer's name. Every property is a string, number, boolean or object (an
edge's features are one comma-separated string), so GDAL reads them without a list field.
Coordinates are rounded to what the map needs: a thousandth of a cell (at most 6 decimals,
RFC 7946's advice for degrees). Importing polygons is geojson_import.py.
"""
from __future__ import annotations

import json
import math
import os
from typing import Any, Callable

import numpy as np
import shapely
from shapely.geometry import Polygon, mapping
from shapely.geometry.polygon import orient

from motu.engine.board.geometry import cell_corners, cell_polygons, cells_outline
from motu.engine.scenario.model import Scenario

from .atomic import atomic_path
from .geojson_text import cells_text, points_text
from .formats import Format, Written
from .outlines import area_rings

EARTH_RADIUS_KM = 6371.0088  # mean radius, as tools/maps/geo.py projects with
KM_PER_DEG = math.pi / 180 * EARTH_RADIUS_KM

Transform = Callable[[np.ndarray], np.ndarray]
# The frame of a map without a georeference (RFC 7946 section 4: another system "by prior
# arrangement", which docs/exports.md states), said in the collection's `motu` member.
LOCAL_FRAME = ("local plane, not longitude and latitude: x east and y north in layout units (1 = a hex's "
               "centre to a corner, or a square's side), the origin at the centre of the first cell")
LOCAL_UNITS = "layout units, y north"


class GeoreferenceError(ValueError):
    """`tables.georeference` present but not usable."""


def georeference(s: Scenario) -> dict[str, Any] | None:
    """The scenario's georeference, checked; None when it has none."""
    g = s.tables.get("georeference") if isinstance(s.tables, dict) else None
    if g is None:
        return None
    try:
        lon, lat = (float(v) for v in g["origin"])
        k, sp = float(g["km_per_unit"]), float(g.get("standard_parallel", lat))
        if g.get("projection", "equirectangular") != "equirectangular":
            raise GeoreferenceError(f"tables.georeference: projection {g['projection']!r} is not supported "
                                    "(only equirectangular)")
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, GeoreferenceError):
            raise
        raise GeoreferenceError("tables.georeference needs origin: [lon, lat], km_per_unit and "
                                "standard_parallel (numbers)") from None
    if not (-180 <= lon <= 180 and -90 <= lat <= 90 and k > 0 and abs(sp) < 90):
        raise GeoreferenceError("tables.georeference: origin out of range or km_per_unit not positive")
    return {"origin": (lon, lat), "km_per_unit": k, "standard_parallel": sp}


def decimals_for(cell_size: float) -> int:
    """Decimals that keep a thousandth of a cell (`cell_size` in output units), 6 at most."""
    return int(min(6, max(0, math.ceil(-math.log10(cell_size / 1000)))))


def transform_for(s: Scenario) -> tuple[Transform, bool]:
    """(layout (n, 2) → output (n, 2) coordinates, rounded to what the map needs; georeferenced?)."""
    g = georeference(s)
    if g is None:
        d = decimals_for(1.0)
        return (lambda xy: np.round(np.column_stack([xy[:, 0], -xy[:, 1]]), d) + 0.0), False  # + 0.0: no -0.0
    (lon0, lat0), k, sp = g["origin"], g["km_per_unit"], g["standard_parallel"]
    kx = k / (KM_PER_DEG * math.cos(math.radians(sp)))
    ky = k / KM_PER_DEG
    d = decimals_for(min(kx, ky))
    return (lambda xy: np.round(np.column_stack([lon0 + xy[:, 0] * kx, lat0 - xy[:, 1] * ky]), d) + 0.0), True


def _feature(geometry: Any, props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "Feature", "geometry": geometry, "properties": props}


def _clean(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in (None, "", {})}


def cell_rings(s: Scenario, tf: Transform) -> np.ndarray:
    """(cells, k + 1, 2) closed, counter-clockwise rings of every cell in output coordinates."""
    grid = s.grid
    if grid.lattice:
        rings = cell_corners(grid, np.arange(grid.size))
        rings = np.concatenate([rings, rings[:, :1]], axis=1)  # GeoJSON rings repeat their first point
    else:
        rings = shapely.get_coordinates(cell_polygons(grid, range(grid.size))).reshape(grid.size, -1, 2)
    out = tf(rings.reshape(-1, 2)).reshape(rings.shape)
    # RFC 7946: exterior rings counter-clockwise. Flipping y (north up) may have reversed them.
    if _twice_area(out[0]) < 0:
        out = out[:, ::-1, :]
    return out


def cell_labels(s: Scenario) -> list[str]:
    return s.grid.labels()


def _cell_props(s: Scenario, c: int, label: str) -> dict[str, Any]:
    return _clean({"motu": "cell", "cell": label, "terrain": s.terrain[c], "area": s.cell_area[c],
                   "props": dict(s.cell_props.get(c, {}))})


def info(s: Scenario, geo: bool) -> dict[str, Any]:
    grid = s.grid
    out = {"ruleset": s.ruleset, "title": s.title, "grid": grid.to_dict() if grid.lattice else {"shape": grid.shape},
           "units": "degrees" if geo else LOCAL_UNITS, "georeferenced": geo}
    return out if geo else {**out, "frame": LOCAL_FRAME}


def collection_name(s: Scenario, geo: bool) -> str:
    """The collection's `name`, GDAL's layer name: the title, and for a map in its own plane, that it is."""
    title = s.title or "Motu map"
    return title if geo else f"{title} (local plane, not georeferenced)"


def geojson_document(s: Scenario) -> dict[str, Any]:
    """The whole collection as Python data (to_geojson writes the same text, faster)."""
    tf, geo = transform_for(s)
    labels = cell_labels(s)
    feats = [_feature({"type": "Polygon", "coordinates": [ring]}, _cell_props(s, c, labels[c]))
             for c, ring in enumerate(cell_rings(s, tf).tolist())]
    feats += other_features(s, tf)
    return {"type": "FeatureCollection", "name": collection_name(s, geo), "motu": info(s, geo), "features": feats}


def other_features(s: Scenario, tf: Transform) -> list[dict[str, Any]]:
    """Areas, edges, sites and pieces: every feature but the cells."""
    areas = [_feature(geometry, _area_props(s, aid)) for aid, geometry in _area_geometries(s, tf).items()]
    return areas + placed_features(s, tf)


def placed_features(s: Scenario, tf: Transform) -> list[dict[str, Any]]:
    """Edges, sites and pieces."""
    grid = s.grid
    label = grid.label
    feats: list[dict[str, Any]] = []
    placed = sorted({f.cell for f in s.features} | {p.cell for p in s.pieces.values() if p.cell is not None})
    centres = dict(zip(placed, tf(np.array([grid.center(c) for c in placed], dtype=float).reshape(-1, 2)).tolist()))
    for (a, b), fs in s.edges.items():
        seg = tf(np.array(grid.edge_segment(a, b), dtype=float)).tolist()
        feats.append(_feature({"type": "LineString", "coordinates": seg},
                              {"motu": "edge", "edge": grid.edge_label(a, b), "features": ",".join(fs)}))
    for f in s.features:
        feats.append(_feature({"type": "Point", "coordinates": centres[f.cell]},
                              _clean({"motu": "feature", "kind": f.kind, "cell": label(f.cell), "side": f.side,
                                      "name": f.name, "props": dict(f.props)})))
    for pc in s.pieces.values():
        feats.append(_feature({"type": "Point", "coordinates": centres[pc.cell]} if pc.cell is not None else None,
                              _clean({"motu": "piece", "id": pc.id, "kind": pc.kind, "side": pc.side,
                                      "cell": label(pc.cell) if pc.cell is not None else None, "count": pc.count,
                                      "name": pc.name, "props": dict(pc.props)})))
    return feats


def _twice_area(ring: np.ndarray) -> float:
    return float(np.sum(ring[:-1, 0] * ring[1:, 1] - ring[1:, 0] * ring[:-1, 1]))


Rings = tuple[np.ndarray, list[tuple[str, list[list[tuple[int, int, bool]]]]]]


def _area_rings(s: Scenario, tf: Transform) -> Rings | None:
    """Every area's polygons on a hex or square map, each a shell then its holes, as
    (start, end, reversed?) ranges into one array of all rings' points (output coordinates,
    closed): shells counter-clockwise, holes clockwise, as RFC 7946 says. None on boards of spaces."""
    grid = s.grid
    if not grid.lattice:
        return None
    ids = _area_ids(s)
    rings = area_rings(grid, _index(s.cell_area, ids)[1])
    if not rings:
        return np.zeros((0, 2)), []
    # All rings closed and transformed in one go, and their winding found in one go.
    closed = [np.concatenate([ring, ring[:1]]) for _, ring, _ in rings]
    ends = np.cumsum([len(r) for r in closed])
    starts = np.concatenate([[0], ends[:-1]])
    pts = tf(np.concatenate(closed))
    cross = np.append(pts[:-1, 0] * pts[1:, 1] - pts[1:, 0] * pts[:-1, 1], 0.0)
    cross[ends - 1] = 0.0  # a ring's last point to the next ring's first is no side
    twice = np.add.reduceat(cross, starts)
    shells: dict[int, list[tuple[int, int, bool]]] = {}
    holes: dict[int, list[tuple[int, int, bool]]] = {}
    for (code, _, outer), a, b, area in zip(rings, starts.tolist(), ends.tolist(), twice.tolist()):
        (shells if outer else holes).setdefault(code, []).append((a, b, (area > 0) != outer))
    out = []
    for code, parts in sorted(shells.items(), key=lambda kv: kv[0]):
        polys = [[p] for p in parts]
        for h in holes.get(code, ()):
            if len(polys) == 1:
                polys[0].append(h)
            else:  # the shell around the hole: the one containing a point just inside it
                inner = Polygon(pts[h[0]:h[1]]).representative_point()
                next(p for p in polys if Polygon(pts[p[0][0]:p[0][1]]).contains(inner)).append(h)
        out.append((ids[code], polys))
    return pts, out


def _area_ids(s: Scenario) -> list[str]:
    return list(s.areas) + sorted(set(dict.fromkeys(s.cell_area)) - set(s.areas) - {None})


def _geometry(polys: list[Any]) -> dict[str, Any]:
    return {"type": "Polygon", "coordinates": polys[0]} if len(polys) == 1 else {"type": "MultiPolygon", "coordinates": polys}


def _area_geometries(s: Scenario, tf: Transform) -> dict[str, dict[str, Any]]:
    """Each area's (Multi)Polygon with its holes, exterior rings counter-clockwise."""
    found = _area_rings(s, tf)
    if found is None:  # boards of spaces: a union of squares
        cells = s.area_cells()
        return {a: _lists(mapping(orient_all(shapely.transform(cells_outline(s.grid, cells[a]), tf))))
                for a in _area_ids(s) if cells.get(a)}
    pts, areas = found
    pts_l = pts.tolist()

    def ring(a: int, b: int, turn: bool) -> list[list[float]]:
        return pts_l[a:b][::-1] if turn else pts_l[a:b]
    return {aid: _geometry([[ring(*r) for r in p] for p in polys]) for aid, polys in areas}


def _area_props(s: Scenario, aid: str) -> dict[str, Any]:
    a = s.areas.get(aid)
    props = {"motu": "area", "id": aid}
    if a is not None:
        props.update(_clean({"name": a.name, "region": a.region, "island": a.island, "color": a.color,
                             "props": dict(a.props)}))
    return props


def _area_texts(s: Scenario, tf: Transform) -> list[str]:
    """The area features as JSON text, the same json.dumps writes for them: each distinct
    coordinate formatted once, each ring one join."""
    found = _area_rings(s, tf)
    if found is None:
        return [_dump(_feature(g, _area_props(s, aid))) for aid, g in _area_geometries(s, tf).items()]
    pts, areas = found
    point = points_text(pts)

    def ring(a: int, b: int, turn: bool) -> str:
        return "[" + ",".join(point[a:b][::-1] if turn else point[a:b]) + "]"
    out = []
    for aid, polys in areas:
        rings = ["[" + ",".join(ring(*r) for r in p) + "]" for p in polys]
        geometry = (f'{{"type":"Polygon","coordinates":{rings[0]}}}' if len(rings) == 1
                    else f'{{"type":"MultiPolygon","coordinates":[{",".join(rings)}]}}')
        out.append(f'{{"type":"Feature","geometry":{geometry},"properties":{_dump(_area_props(s, aid))}}}')
    return out


def orient_all(shape: Any) -> Any:
    if shape.geom_type == "Polygon":
        return orient(shape, 1.0)
    return shapely.MultiPolygon([orient(part, 1.0) for part in shape.geoms])


def _lists(geom: Any) -> Any:
    """shapely's mapping() gives tuples; JSON wants lists (and the test compares lists)."""
    if isinstance(geom, dict):
        return {k: _lists(v) for k, v in geom.items()}
    if isinstance(geom, (list, tuple)):
        return [_lists(v) for v in geom]
    return geom


def _dump(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _index(values: list[Any], order: list[Any] | None = None) -> tuple[list[Any], np.ndarray]:
    """(distinct values, in `order` or as first met; each value's place among them), with None at -1 when `order` is given."""
    if order is None:
        order = list(dict.fromkeys(values))
        at = {v: i for i, v in enumerate(order)}
    else:
        at = {None: -1, **{v: i for i, v in enumerate(order)}}
    return order, np.fromiter(map(at.__getitem__, values), dtype=np.int64, count=len(values))


def _cell_tails(s: Scenario) -> list[str]:
    """Each cell's properties after its label, closing its Feature, as JSON text: cells of
    one terrain and area share one string."""
    def tail(props: dict[str, Any]) -> str:
        body = _dump(_clean(props))[1:-1]
        return ("," + body if body else "") + "}}"
    terrains, t_code = _index(s.terrain)
    areas, a_code = _index(s.cell_area)
    key = t_code * len(areas) + a_code
    text = np.empty(len(terrains) * len(areas), dtype=object)
    for k in np.unique(key).tolist():  # only the pairs the map has
        text[k] = tail({"terrain": terrains[k // len(areas)], "area": areas[k % len(areas)]})
    out = text[key].tolist()
    for c in s.cell_props:  # named cells: their props too
        out[c] = tail({"terrain": s.terrain[c], "area": s.cell_area[c], "props": dict(s.cell_props[c])})
    return out


def _cells_text(s: Scenario, tf: Transform) -> list[str]:
    """Every cell's Feature as JSON text, one to a line (geojson_text.py): the same text
    json.dumps would write, ten times faster."""
    grid = s.grid
    labels = None if grid.lattice else cell_labels(s)
    return cells_text(grid, cell_rings(s, tf), labels, _cell_tails(s))


def geojson_chunks(s: Scenario) -> list[str]:
    """The GeoJSON text in pieces, to be written one after another (to_geojson joins them)."""
    tf, geo = transform_for(s)
    # One feature to a line: diffable, and quick (json's C encoder only runs without indent).
    cells = _cells_text(s, tf)
    others = ",\n".join(_area_texts(s, tf) + [_dump(f) for f in placed_features(s, tf)])
    head = (f'{{"type":"FeatureCollection","name":{_dump(collection_name(s, geo))},"motu":{_dump(info(s, geo))},'
            f'"features":[\n')
    return [head, *cells, ",\n" if cells and others else "", others, "\n]}\n"]


def to_geojson(s: Scenario) -> str:
    return "".join(geojson_chunks(s))


NOT_GEOREFERENCED = ("the map has no georeference: coordinates are in its own local plane (layout units, y north; "
                     "the file's motu.frame says so), not longitude and latitude")


def save_geojson(s: Scenario, path: str) -> Written:
    with atomic_path(path) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.writelines(geojson_chunks(s))
            fh.flush()
            os.fsync(fh.fileno())
    return Written((path,), () if georeference(s) is not None else (NOT_GEOREFERENCED,))


# Export only: reading polygons back needs a grid and a rule set (geojson_import.py, `motu import`).
FORMATS = (Format("geojson", "GeoJSON", (".geojson",), save=lambda s, path, options: save_geojson(s, path)),)
