"""Drafting an island from its coastline: a new map (`motu import`), or one more island on an
open map (`motu map add-island`), as ordinary map data the designer then edits.

Scope: a coastline in longitude/latitude (with the points a designer marks on it: reef passes,
district boundaries, villages) laid on a hex grid by a georeference — the map's own when it
has one, so that the new land lies on the map's hexes at its real place — and turned, by the
rule set's island recipe (`motu/resources/rulesets/<id>/island.yaml`), into: land where a hex is at
least `land_fraction` land; coast, the ring of land touching water; inland bands by distance
from the sea (coast, clear, jungle, mountain for Tahiti); a lagoon ring with the reef on its
outer hexsides and a pass at each marked point; suggested areas (equal wedges from the centre,
wedges from marked district points, or the cells round marked villages) grouped into a region
of their own; village sites at marked villages. The plan and the recipe are island_plan.py;
reading the GeoJSON file is island_file.py; the geometry is coastline_geometry.py; suggested
areas are coastline_areas.py; the Edits are motu/engine/scenario/map_ops.py.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from motu.engine.board.geometry import cell_centres
from motu.engine.board.grids import Grid, GridError, HexGrid
from motu.engine.scenario.edits import Compound, Edit
from motu.engine.scenario.georef import TABLE, Georef
from motu.engine.scenario.ids import id_from_name
from motu.engine.scenario.map_ops import MapPatch, centre_at, grow_to_fit, lay_patch, patch_edits
from motu.engine.scenario.model import Area, CellFeature, Island, Region, Scenario

from . import coastline_areas as areas_
from .coastline_geometry import boundary_distance, depth_bounds, land_fraction, near_boundary
from .island_plan import AREA_MODES, PALETTE, RECIPE_FILE, Band, IslandPlan, Place, Recipe, recipe


@dataclass
class Draft:
    patch: MapPatch
    summary: dict[str, Any] = field(default_factory=dict)


class DraftError(ValueError):
    """An island that cannot be drafted as asked; the message is for the designer."""


def _layout_geometry(geom: BaseGeometry, geo: Georef) -> BaseGeometry:
    return shapely.transform(geom, geo.to_layout)


# --- the draft -------------------------------------------------------------------------------

def draft_island(s: Scenario, plan: IslandPlan, geo: Georef, recipe_: Recipe) -> Draft:
    """The island as a MapPatch on `s` as it stands (the island's cells must be open sea).
    DraftError when the land misses the map, overlaps its land, or a marked point is off."""
    grid = s.grid
    if not grid.lattice:
        raise DraftError("islands are drafted on hex or square maps")
    land = _layout_geometry(plan.land, geo)
    shapely.prepare(land)
    xy = cell_centres(grid)
    inside = shapely.contains_xy(land, xy[:, 0], xy[:, 1])
    near = np.flatnonzero(near_boundary(grid, land))
    frac = land_fraction(grid, land, xy, inside, near, boundary_distance(land, xy[near]))
    threshold = recipe_.land_fraction if plan.land_fraction is None else plan.land_fraction
    is_land = frac >= threshold
    cells = np.flatnonzero(is_land)
    if len(cells) == 0:
        raise DraftError("no hex is land: the coastline misses the map, or is smaller than a hex "
                         f"(at least {threshold:.0%} of a hex must be land)")
    nb = grid.neighbour_array
    padded = np.append(is_land, True)  # off the map counts as land: a map edge makes no coast
    coast = is_land & (~padded[nb]).any(axis=1)
    width = recipe_.lagoon_width if plan.lagoon_width is None else plan.lagoon_width
    if width < 0:
        raise DraftError("the lagoon's width is a number of hexes, 0 or more")
    lagoon = np.zeros(grid.size, dtype=bool)
    ring = is_land.copy()
    for _ in range(max(0, width)):
        grown = np.append(ring, False)[nb].any(axis=1) | ring
        lagoon |= grown & ~is_land
        ring = grown
    t = np.array(s.terrain, dtype=object)
    no_area = np.equal(np.array(s.cell_area, dtype=object), None)
    sea = t == recipe_.open_sea
    water_ok = sea | (t == recipe_.lagoon)
    bad = np.flatnonzero((is_land & ~(sea & no_area)) | (lagoon & ~(water_ok & no_area))
                         | (np.append(is_land, False)[nb].any(axis=1) & ~is_land & ~lagoon & ~water_ok))
    if len(bad):
        from motu.engine.scenario.validation import describe_cells
        raise DraftError(f"the island would overlap the map's land, lagoon or areas at {describe_cells(s, bad.tolist())}: "
                         "place it on open sea")
    # Inland terrain by depth (km from the sea): exact where it decides the band.
    level = _inland_levels(plan, recipe_, geo, land, xy, np.flatnonzero(is_land & ~coast))
    names = np.full(grid.size, recipe_.coast, dtype=object)
    names[level[0]] = np.array(recipe_.inland, dtype=object)[np.minimum(level[1], len(recipe_.inland) - 1)]
    names[lagoon] = recipe_.lagoon
    mine = np.flatnonzero(is_land | lagoon)
    new_t: dict[int, str] = dict(zip(mine.tolist(), names[mine].tolist()))
    patch = MapPatch(terrain=new_t)
    final = t.copy()
    final[mine] = names[mine]
    # The reef on the lagoon's outer hexsides, a pass at each marked point.
    reef_n = passes_n = 0
    if plan.reef and recipe_.reef and width > 0:
        e = grid.edge_array()
        u, v = e[:, 0], e[:, 1]
        lu, lv = lagoon[u], lagoon[v]
        su, sv = final[u] == recipe_.open_sea, final[v] == recipe_.open_sea
        sides = e[(lu & sv) | (lv & su)]
        gaps = {pass_side(grid, xy, final, lagoon, is_land, geo.point(*p), recipe_.open_sea) for p in plan.passes}
        for a, b in sides.tolist():
            if (a, b) not in gaps:
                patch.edges[(a, b)] = (recipe_.reef,)
        reef_n, passes_n = len(patch.edges), len(gaps)
    region_name = plan.region or plan.name
    counts = Counter(new_t.values())
    summary = {"land": int(len(cells)), "coast": int(coast.sum()), "lagoon": int(lagoon.sum()),
               "reef": reef_n, "passes": passes_n, **{name: counts[name] for name in recipe_.inland}}
    _suggest_areas(s, plan, geo, recipe_, xy, cells.tolist(), final, patch, region_name)
    summary["areas"] = [r.name for c, r in patch.records if c == "areas"]
    return Draft(patch, summary)


def _inland_levels(plan: IslandPlan, recipe_: Recipe, geo: Georef, land: BaseGeometry, xy: np.ndarray,
                   inland: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(inland cells, the index of each one's inland terrain): clear, jungle, mountain by the
    bands' limits on the distance from the sea. Distances are bounded cheaply and measured
    exactly only where a limit falls between the bounds."""
    k = geo.km_per_unit
    n_limits = len(recipe_.inland) - 1
    lo, hi = depth_bounds(land, xy[inland])

    def exact(which: np.ndarray) -> None:
        if len(which):
            lo[which] = hi[which] = boundary_distance(land, xy[inland[which]])
    default = next((list(b.limits_km) for b in plan.bands if b.zone is None), None)
    if default is None:  # the recipe's fractions of the deepest inland hex
        deep = np.flatnonzero(hi >= hi.max() - (hi - lo).max()) if len(hi) else hi
        exact(deep)
        deepest = float(hi[deep].max()) * k if len(deep) else 0.0
        default = [f * deepest for f in recipe_.band_fractions]
    lim = np.tile(np.array((default + [np.inf] * n_limits)[:n_limits], dtype=float), (len(inland), 1))
    for band in plan.bands:
        if len(band.limits_km) != n_limits:
            raise DraftError(f"inland bands need {n_limits} limits ({', '.join(recipe_.inland[:-1])} end), "
                             f"not {len(band.limits_km)}")
        if band.zone is not None:
            zone = _layout_geometry(band.zone, geo)
            lim[shapely.contains_xy(zone, xy[inland, 0], xy[inland, 1])] = band.limits_km
    lim /= k  # to layout units
    exact(np.flatnonzero(((lim > lo[:, None]) & (lim <= hi[:, None])).any(axis=1)))
    return inland, (lo[:, None] >= lim).sum(axis=1)


def pass_side(grid: Grid, xy: np.ndarray, terrain: np.ndarray, lagoon: np.ndarray, land: np.ndarray,
              p: tuple[float, float], open_sea: str) -> tuple[int, int]:
    """The pass nearest a layout point: the lagoon hex nearest it that touches open sea, and
    across its reef the open-sea neighbour farthest from land (straight out through the reef)."""
    nb = grid.neighbour_array
    sea = np.append(terrain == open_sea, False)
    edge = np.flatnonzero(lagoon & sea[nb].any(axis=1))
    if not len(edge):
        raise DraftError("a pass is marked, but the lagoon touches no open sea")
    c = areas_.nearest_cell(xy, edge, p)
    land_xy = xy[np.flatnonzero(land)]

    def off_land(n: int) -> float:  # rounded: lattice ties go to the lower cell, wherever the map starts
        return round(float(((land_xy - xy[n]) ** 2).sum(axis=1).min()), 6)
    out = [n for n in nb[c].tolist() if n >= 0 and sea[n]]
    n = max(out, key=lambda n: (off_land(n), -n))
    return (min(c, n), max(c, n))


def _suggest_areas(s: Scenario, plan: IslandPlan, geo: Georef, recipe_: Recipe, xy: np.ndarray, cells: list[int],
                   terrain: np.ndarray, patch: MapPatch, region_name: str) -> None:
    island_id = id_from_name(plan.name, s.islands, fallback="island")
    patch.records.append(("islands", Island(island_id, plan.name)))
    mode = plan.areas
    if plan.wedges is not None and plan.wedges < 1:
        raise DraftError("there must be at least one wedge")
    if mode not in AREA_MODES:
        raise DraftError(f"areas: {mode!r} is not one of {', '.join(AREA_MODES)}")
    if mode == "auto":
        mode = "villages" if plan.villages else "districts" if plan.districts else "wedges"
    if mode == "none":
        return
    region_id = id_from_name(region_name, s.regions, fallback="region")
    patch.records.append(("regions", Region(region_id, region_name)))
    centre = geo.point(*plan.centre) if plan.centre else _centroid(plan, geo)
    colours: dict[str, str | None] = {}
    if mode == "wedges":
        count = plan.wedges or max(1, min(12, round(len(cells) / max(1, recipe_.area_hexes))))
        parts = areas_.equal_wedges(xy, cells, centre, count)
        words = areas_.compass_names([m for m, _ in parts]) if len(parts) > 1 else [""]
        named = [f"{plan.name} {w}".strip() for w in words]
        assign = {c: named[i] for i, (_, part) in enumerate(parts) for c in part}
    elif mode == "districts":
        if not plan.districts:
            raise DraftError("areas by districts need district points (where each district begins on the coast)")
        starts = areas_.clockwise(centre, [(d.name, geo.point(d.lon, d.lat)) for d in plan.districts])
        assign = areas_.wedges(xy, cells, centre, starts)
        named = [d.name for d in plan.districts]
        colours = {d.name: d.color for d in plan.districts}
    else:
        if not plan.villages:
            raise DraftError("areas by villages need village points")
        named = [v.name for v in plan.villages]
        assign = areas_.nearest_place(xy, cells, [(v.name, geo.point(v.lon, v.lat)) for v in plan.villages])
        colours = {v.name: v.color for v in plan.villages}
    if len(set(named)) != len(named):
        raise DraftError(f"two {mode} have the same name: {', '.join(sorted({n for n in named if named.count(n) > 1}))}")
    layer: list[str | None] = [None] * s.grid.size
    for c, name in assign.items():
        layer[c] = name
    areas_.make_connected(s.grid, layer)
    present = {a for a in layer if a is not None}
    taken = set(s.areas)
    ids: dict[str, str] = {}
    for i, name in enumerate(n for n in named if n in present):
        ids[name] = id_from_name(name, taken, fallback="area")
        taken.add(ids[name])
        colour = colours.get(name) or PALETTE[(len(s.areas) + i) % len(PALETTE)]
        patch.records.append(("areas", Area(ids[name], name, region_id, island_id, colour)))
    for c, name in enumerate(layer):
        if name is not None:
            patch.areas[c] = ids[name]
    if mode == "villages" and recipe_.village_feature:
        _village_sites(s, plan, geo, xy, terrain, patch, ids, layer, recipe_.village_feature)


def _centroid(plan: IslandPlan, geo: Georef) -> tuple[float, float]:
    c = _layout_geometry(plan.land, geo).centroid
    return float(c.x), float(c.y)


def _village_sites(s: Scenario, plan: IslandPlan, geo: Georef, xy: np.ndarray, terrain: np.ndarray, patch: MapPatch,
                   ids: dict[str, str], layer: list[str | None], kind: str) -> None:
    from motu.engine.plugins import get_ruleset
    allowed = get_ruleset(s.ruleset).catalogue.features.get(kind)
    ok = set(allowed.terrain) if allowed is not None and allowed.terrain else None
    for v in plan.villages:
        cells = [c for c, a in enumerate(layer) if a == v.name and (ok is None or terrain[c] in ok)]
        if cells:
            patch.features.append(CellFeature(kind, areas_.nearest_cell(xy, cells, geo.point(v.lon, v.lat)), name=v.name))


def describe_draft(d: dict[str, Any]) -> str:
    """A draft's summary for people: `79 land hexes (33 coast, 16 clear, ...), 39 lagoon, 82 reef
    hexsides, 2 passes; 5 areas: Fare, Maeva, ...` (what `motu import` and the editor say)."""
    inland = ", ".join(f"{v} {k}" for k, v in d.items() if k not in ("land", "coast", "lagoon", "reef", "passes", "areas"))
    areas = d.get("areas") or []
    return (f"{d['land']} land hexes ({d['coast']} coast, {inland}), {d['lagoon']} lagoon, {d['reef']} reef hexsides, "
            f"{d['passes']} passes; {len(areas)} area{'s' * (len(areas) != 1)}" + (f": {', '.join(areas)}" if areas else ""))


# --- a new map, or one more island -----------------------------------------------------------

def _land_box(plan: IslandPlan, geo: Georef, margin: float) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = _layout_geometry(plan.land, geo).bounds
    return x0 - margin, y0 - margin, x1 + margin, y1 + margin


def _units(grid: Grid, hex_km: float) -> float:
    """km per layout unit for cells `hex_km` apart (hex centres are sqrt(3) units apart)."""
    return hex_km if grid.across == 1.0 else hex_km / grid.across  # squares: hex_km as given, as the file writes it


def placed_km_per_unit(s: Scenario, hex_km: float) -> float:
    """The layout unit of an island added to `s` on a hex: the map's georeference's, else that of
    cells `hex_km` apart."""
    own = Georef.of(s)
    return own.km_per_unit if own is not None else _units(s.grid, hex_km)


def new_map(rules: str, plan: IslandPlan, hex_km: float | None = None, margin_km: float | None = None,
            like: Scenario | None = None, lattice: Georef | None = None, shape: str | None = None,
            orientation: str | None = None, offset: str | None = None, title: str = "") -> tuple[Scenario, Draft]:
    """A new scenario holding the island, with open sea `margin_km` round its land. The hexes
    lie on `like`'s lattice (its georeference, grid and hex size: maps that can then be merged
    hex for hex), on `lattice` (a georeference whose layout origin is a hex centre), or on a new
    one about the island."""
    from motu.engine.plugins import get_ruleset
    rs = get_ruleset(rules)
    rec = recipe(rules)
    if rec is None:
        raise DraftError(f"{rs.name} has no island recipe (motu/resources/rulesets/{rules}/{RECIPE_FILE})")
    if like is not None:
        lattice = Georef.of(like)
        if lattice is None:
            raise DraftError("the map to match has no georeference (tables.georeference)")
        proto: Grid = like.grid
    else:
        proto = rs.new_scenario(shape or None, 1, 1).grid if orientation is None else HexGrid(1, 1, orientation, offset)
    if lattice is None:
        w, s_, e, n = plan.land.bounds
        lattice = Georef.around((w + e) / 2, (s_ + n) / 2, _units(proto, hex_km or rec.hex_km),
                                parallel=round((s_ + n) / 2, 4))
    elif like is None and hex_km is not None and not math.isclose(lattice.km_per_unit, _units(proto, hex_km)):
        raise DraftError("the lattice's hex size differs from the one asked")
    margin = (rec.margin_hexes * (hex_km or lattice.km_per_unit * proto.across)
              if margin_km is None else margin_km) / lattice.km_per_unit
    c0, r0, c1, r1 = proto.window(*_land_box(plan, lattice, margin))
    try:
        s = rs.new_scenario(proto.shape, c1 - c0 + 1, r1 - r0 + 1, title or plan.name)
    except GridError as exc:
        raise DraftError(f"{exc}: use bigger hexes or a smaller margin") from None
    if proto.lattice and not s.grid.same_lattice(proto):  # the rule set's default hex layout is not the one asked
        s = _regrid(s, proto.resized(s.grid.columns, s.grid.rows))
    geo = lattice.moved(*centre_at(proto, c0, r0))
    s.tables[TABLE] = geo.table()
    geo = Georef.of(s)  # as the file will hold it
    draft = draft_island(s, plan, geo, rec)
    lay_patch(s, draft.patch)  # a new scenario: what patch_edits would do, without the undo
    return s, draft


def _regrid(s: Scenario, grid: Grid) -> Scenario:
    return Scenario(ruleset=s.ruleset, grid=grid, terrain=[s.terrain[0]] * grid.size, title=s.title,
                    sides=s.sides, terrain_tokens=s.terrain_tokens)


def centred_georef(plan: IslandPlan, km_per_unit: float) -> Georef:
    """The island's own projection about its bounding box, its layout origin on the land's
    centroid: on a grid with a hex centre at the origin the island's centre is that hex's (what
    add_island lays on a hex, and the editor previews)."""
    w, s_, e, n = plan.land.bounds
    local = Georef.around((w + e) / 2, (s_ + n) / 2, km_per_unit)
    mid = _layout_geometry(plan.land, local).centroid
    return local.moved(mid.x, mid.y)


def add_island(s: Scenario, plan: IslandPlan, at: int | None = None, margin_km: float | None = None) -> tuple[Edit, Draft]:
    """One Edit adding the island to `s`: at its real place when `s` is georeferenced and `at`
    is None, else with the island's centre on cell `at`; the map grows (west and north in the
    hex layout's steps) to keep `margin_km` of sea round the land."""
    rec = recipe(s.ruleset)
    if rec is None:
        from motu.engine.plugins import get_ruleset
        raise DraftError(f"{get_ruleset(s.ruleset).name} has no island recipe")
    own = Georef.of(s)
    grid = s.grid
    if not grid.lattice:
        raise DraftError("islands are added to hex or square maps")
    if at is None:
        if own is None:
            raise DraftError("the map has no georeference (tables.georeference): say where the island goes")
        geo = own
    else:
        k = placed_km_per_unit(s, rec.hex_km)
        cx, cy = centre_at(grid, *grid.col_row(at))
        geo = centred_georef(plan, k).moved(-cx, -cy)  # its centroid on the centre of `at`
    margin_units = (rec.margin_hexes * grid.across if margin_km is None
                    else margin_km / geo.km_per_unit)
    grow = grow_to_fit(s, *grid.window(*_land_box(plan, geo, margin_units)), fill=rec.open_sea)
    work = s
    if grow is not None:
        work = s.copy()
        grow.apply(work)
        dx, dy = centre_at(work.grid, grow.left, grow.top)
        ox, oy = centre_at(grid, 0, 0)
        geo = Georef.of(work) if at is None else geo.moved(ox - dx, oy - dy)
    draft = draft_island(work, plan, geo, rec)
    edits = ([grow] if grow else []) + patch_edits(work, draft.patch)
    return Compound(tuple(edits), f"Add island {plan.name}"), draft


__all__ = ["Recipe", "recipe", "Band", "Place", "IslandPlan", "Draft", "DraftError", "draft_island", "new_map",
           "describe_draft",
           "add_island", "boundary_distance", "land_fraction", "pass_side", "AREA_MODES"]
