"""Motu's own GeoJSON export read back as a map: its grid and each cell's terrain and area.

Scope: a FeatureCollection with a `motu` member, as io/geojson.py writes it. The member names the
rule set and the grid (`motu.grid`); each `"motu": "cell"` feature names its cell, its terrain and
its area. Those are read back, whether the export is georeferenced or in the map's own plane; the
pieces, features, edges and georeference are not (the scenario file is Motu's own format; the
export is for GIS tools). Any other GeoJSON is left to geojson_import (shapes laid on a grid).
Every refusal names the file and a JSON path.
"""
from __future__ import annotations

from typing import Any

from motu.engine.board.grids import GridError, grid_from_dict
from motu.engine.scenario.model import Area, Scenario, is_ident

from .bounded import load_json, read_bytes
from .errors import LoadError

MAX_CELLS = 4_000_000  # as many cells as a Motu grid may have


def _fail(path: str, where: str, message: str) -> LoadError:
    return LoadError(message, path, path=where)


def own_export(path: str, rules: str | None = None) -> Scenario | None:
    """The map a Motu GeoJSON export holds, for the rule set `rules` (default: the one the export
    names); None when the file is not Motu's own export; LoadError when it is, but damaged."""
    doc = load_json(read_bytes(path), path, "GeoJSON")
    own = doc.get("motu") if isinstance(doc, dict) and doc.get("type") == "FeatureCollection" else None
    if not isinstance(own, dict):
        return None
    grid_d = own.get("grid")
    if not isinstance(grid_d, dict) or grid_d.get("shape") not in ("hex", "square"):
        raise _fail(path, "motu.grid", "Motu's export names its hex or square grid here")
    columns, rows = grid_d.get("columns"), grid_d.get("rows")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in (columns, rows)) \
            or columns * rows > MAX_CELLS:
        raise _fail(path, "motu.grid", f"a grid of 1 to {MAX_CELLS:,} cells has whole numbers of columns and rows")
    try:
        grid = grid_from_dict(grid_d)
    except (GridError, KeyError, TypeError, ValueError) as exc:
        raise _fail(path, "motu.grid", str(exc)) from None
    from motu.engine.plugins import get_ruleset
    rules = rules or own.get("ruleset")
    if not isinstance(rules, str):
        raise _fail(path, "motu.ruleset", "the export names no rule set: give --rules ID")
    try:
        rs = get_ruleset(rules)
    except KeyError as exc:
        raise LoadError(str(exc.args[0]), path) from None
    cat = rs.catalogue
    if grid.shape not in cat.grids:
        raise _fail(path, "motu.grid", f"this is a {grid.shape} map; {rs.name} plays on {' or '.join(cat.grids)} grids")
    features = doc.get("features")
    if not isinstance(features, list):
        raise _fail(path, "features", "a FeatureCollection holds a list of features")
    terrain: list[str] = [cat.default_terrain] * grid.size
    cell_area: list[str | None] = [None] * grid.size
    for i, f in enumerate(features):
        props = f.get("properties") if isinstance(f, dict) else None
        if not isinstance(props, dict) or props.get("motu") != "cell":
            continue
        where = f"features[{i}].properties"
        try:
            cell = grid.parse_label(str(props.get("cell")))
        except GridError as exc:
            raise _fail(path, where + ".cell", str(exc)) from None
        kind, area = props.get("terrain"), props.get("area")
        if kind not in cat.terrain:
            raise _fail(path, where + ".terrain", f"{str(kind)[:40]!r} is not {rs.name}'s terrain "
                        f"(it has: {', '.join(cat.terrain)})")
        if area is not None and not is_ident(area):
            raise _fail(path, where + ".area", f"area id {str(area)[:40]!r} is not a word of letters, digits and _ . : ' -")
        terrain[cell], cell_area[cell] = kind, area
    title = own.get("title") if isinstance(own.get("title"), str) else ""
    s = Scenario(ruleset=rs.id, grid=grid, terrain=terrain, cell_area=cell_area, title=title,
                 terrain_tokens={t.id: t.token for t in cat.terrain.values()})
    for area in dict.fromkeys(a for a in cell_area if a is not None):
        s.areas[area] = Area(area, area)
    from .native import dumps, loads
    try:  # checked as Motu's own reader checks a scenario file: what this returns can be saved and opened
        return loads(dumps(s), path)
    except LoadError as exc:
        raise LoadError(f"the export does not make a valid scenario: {exc.message}", path) from None


__all__ = ["own_export"]
