"""Tahiti map validation: what a Tahiti map must be for the rules to work on it.

Scope: checks run after the common ones (motu/engine/scenario/checks.py), each with one registered
code (docs/validation.md). Errors: land outside every area, an area in no region, coastal hexes touching no water, misplaced reefs,
lagoons not enclosed, misplaced portages (15.7), two clans in one home area, areas no unit can
reach from a Home Village, a bad Random Area Selection Table (15.12), more full Maraes in a region
or on another island than 15.8 allows. Warnings: a one-hex
inland area, a region of one area. Pieces and sites on the wrong terrain are the common
PIECE_BAD_TERRAIN / FEATURE_BAD_TERRAIN, from the catalogue's `terrain` lists.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable

import numpy as np
from scipy.sparse.csgraph import connected_components

from motu.engine.board.graph import adjacency_matrix, components
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, describe_cells, finding, register_code, supersede

from ..data import rast
from ..control import home_villages
from ..data.options import Conditions, option
from ..maraes import marae_rule
from ..geography import COAST, LAGOON, SEA, is_land, is_water, land_flags, neighbour_any, terrain_mask, terrain_names
from ..movement.profiles import canoe_profile, foot_profile
from .play import PLAY_VALIDATORS

LAND_HEX_NO_AREA = register_code("LAND_HEX_NO_AREA", "error", "A land hex belongs to no area.")
TAHITI_AREA_NO_REGION = register_code("TAHITI_AREA_NO_REGION", "error", "A Tahiti area belongs to no region.")
supersede(TAHITI_AREA_NO_REGION, "AREA_NO_REGION")
MARAE_OVER_LIMIT = register_code("MARAE_OVER_LIMIT", "error", "A region, or another island, holds more full Maraes than 15.8 allows (one a region, plus one on Mo'orea).")
COAST_NO_WATER = register_code("COAST_NO_WATER", "error", "A coastal hex touches no sea or lagoon hex.")
REEF_MISPLACED = register_code("REEF_MISPLACED", "error", "A reef hexside does not lie between a lagoon hex and an open-sea hex.")
LAGOON_NOT_ENCLOSED = register_code("LAGOON_NOT_ENCLOSED", "error", "A lagoon touches no coast, or no reef parts it from the open sea.")
PORTAGE_MISPLACED = register_code("PORTAGE_MISPLACED", "error", "A portage is not a land hexside between two coastal hexes (15.7).")
HOME_AREA_SHARED = register_code("HOME_AREA_SHARED", "error", "Home Villages of two clans are in the same area.")
AREA_UNREACHABLE = register_code("AREA_UNREACHABLE", "error", "An area cannot be reached by land or by War Canoe from a Home Village.")
RAST_BAD = register_code("RAST_BAD", "error", "The Random Area Selection Table does not name every area exactly once in the seed's two-dice shape.")
AREA_ONE_INLAND_HEX = register_code("AREA_ONE_INLAND_HEX", "warning", "An area is a single hex with no coast.")
REGION_ONE_AREA = register_code("REGION_ONE_AREA", "warning", "A region has only one area, on a map with areas enough for two in each.")


def check_land_and_regions(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    land = terrain_mask(s, {t for t in terrain_names(s) if is_land(cat, t)})
    no_area = np.equal(np.array(s.cell_area, dtype=object), None)
    lost = np.flatnonzero(land & no_area).tolist()
    if lost:
        yield finding(LAND_HEX_NO_AREA, f"{len(lost)} land hex{'es' * (len(lost) > 1)} in no area: "
                      f"{describe_cells(s, lost)}", cells=lost)
    for a in s.areas.values():
        if a.region is None or a.region not in s.regions:
            yield finding(TAHITI_AREA_NO_REGION, f"area {a.name} belongs to no region (Tahiti areas make up "
                          "its regions, 15.8)", areas=[a.id])
    members: dict[str, list[str]] = defaultdict(list)
    for a in s.areas.values():
        if a.region is not None:
            members[a.region].append(a.id)
    for rid, region in s.regions.items():
        # One area is suspicious only where the map has areas enough to give each region two
        # (the seed: 17 areas in 3 regions); a small example map may well have one.
        if len(members.get(rid, ())) == 1 and len(s.areas) >= 2 * len(s.regions):
            yield finding(REGION_ONE_AREA, f"region {region.name} has only one area, "
                          f"{s.areas[members[rid][0]].name}", areas=members[rid])
    for aid, n in Counter(s.cell_area).items():
        if n == 1 and aid in s.areas and s.terrain[s.cell_area.index(aid)] != COAST:
            c = s.cell_area.index(aid)
            yield finding(AREA_ONE_INLAND_HEX, f"area {s.areas[aid].name} is the single hex {s.label(c)}, "
                          "with no coast", cells=[c], areas=[aid])


def check_maraes(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """15.8 (maraes.py): the full Marae counters on the map, at most one a region (its
    `marae_limit`) and one on each other island; part-built ones and Marae sites are unlimited."""
    full = [m for m in s.pieces.values() if m.kind == "marae" and m.cell is not None]
    rule = marae_rule(s)
    other = option(s, cat, "rule_15_11_moorea_marae")
    for group, ids in sorted(rule.over([(m.id, s.cell_area[m.cell]) for m in full], other).items()):
        cells = [s.pieces[i].cell for i in ids]
        kind, key = group
        where = {"region": lambda k: f"region {s.regions[k].name}", "island": lambda k: f"island {_island_name(s, k)}",
                 "area": lambda k: f"area {s.areas[k].name}"}[kind](key)
        yield finding(MARAE_OVER_LIMIT, f"{where} holds {len(ids)} full Maraes ({describe_cells(s, cells)}); "
                      f"15.8 allows {rule.limit(group, other)} (part-built ones are unlimited)", cells=cells)


def _island_name(s: Scenario, island: str) -> str:
    return s.islands[island].name if island in s.islands else island


def check_shore(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    t = s.terrain
    water = terrain_mask(s, {x for x in terrain_names(s) if is_water(cat, x)})
    coast = terrain_mask(s, {COAST})
    dry = np.flatnonzero(coast & ~neighbour_any(s, water)).tolist()
    if dry:
        yield finding(COAST_NO_WATER, f"coastal hex{'es' * (len(dry) > 1)} touching no sea or lagoon: "
                      f"{describe_cells(s, dry)}", cells=dry)
    for (a, b), feats in sorted(s.edges.items()):
        if "reef" in feats and {t[a], t[b]} != {LAGOON, SEA}:
            yield finding(REEF_MISPLACED, f"reef {s.grid.edge_label(a, b)} lies between {t[a]} and {t[b]}, "
                          "not between lagoon and open sea", edges=[(a, b)])
        if "portage" in feats and not (t[a] == t[b] == COAST):
            yield finding(PORTAGE_MISPLACED, f"portage {s.grid.edge_label(a, b)} is not a land hexside between "
                          "two coastal hexes", edges=[(a, b)])
    yield from _lagoons(s, cat)


def _lagoons(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    t = s.terrain
    lagoon = terrain_mask(s, {LAGOON})
    if not lagoon.any():
        return
    labels = components(s.grid, np.where(lagoon, 0, -1))
    land = land_flags(s, cat)
    nb = s.grid.neighbour_lists
    shore: dict[int, bool] = defaultdict(bool)
    open_sides: dict[int, bool] = defaultdict(bool)
    reefed: dict[int, bool] = defaultdict(bool)
    first: dict[int, int] = {}
    for c in np.flatnonzero(lagoon).tolist():
        body = int(labels[c])
        first.setdefault(body, c)
        for n in nb[c]:
            if land[n]:
                shore[body] = True
            elif t[n] == SEA:
                if "reef" in s.edge_features(c, n):
                    reefed[body] = True
                else:
                    open_sides[body] = True
    for body, c in sorted(first.items(), key=lambda kv: kv[1]):
        if not shore[body]:
            why = "touches no coast"
        elif open_sides[body] and not reefed[body]:
            why = "has no reef between it and the open sea"
        else:
            continue
        yield finding(LAGOON_NOT_ENCLOSED, f"the lagoon at {s.label(c)} {why}", cells=[c])


def check_home_villages(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    homes = home_villages(s)
    by_area: dict[str, dict[str, int]] = defaultdict(dict)
    for cell, side in homes:
        a = s.cell_area[cell]
        if a is not None:
            by_area[a].setdefault(side, cell)
    for a, sides in by_area.items():
        if len(sides) > 1:
            name = s.areas[a].name if a in s.areas else a
            yield finding(HOME_AREA_SHARED, f"area {name} holds the Home Villages of {', '.join(sides)}",
                          cells=list(sides.values()), areas=[a])
    yield from _reachability(s, cat, homes)


def _reachability(s: Scenario, cat: Catalogue, homes: list[tuple[int, str]]) -> Iterable[Finding]:
    """Areas joined to each Home Village by land moves or canoe moves (embarking on a coastal hex),
    on terrain alone: no zones, control, storms. Costs are symmetric, so components suffice."""
    if not homes or not s.areas:
        return
    foot = foot_profile(s, cat, None, Conditions())
    canoe = canoe_profile(s, cat, "war_canoe", None, Conditions())
    fe = np.isfinite(np.asarray(foot.enter_cost))
    ce = np.isfinite(np.asarray(canoe.enter_cost))
    n = s.grid.size
    blocked_foot = np.array(sorted(u * n + v for (u, v), c in foot.edge_cost.items() if u < v and c == np.inf),
                            dtype=np.int64)
    blocked_canoe = np.array(sorted(u * n + v for (u, v), c in canoe.edge_cost.items() if u < v and c == np.inf),
                             dtype=np.int64)

    def keep(u: np.ndarray, v: np.ndarray) -> np.ndarray:
        key = u.astype(np.int64) * n + v
        by_foot = fe[u] & fe[v] & ~np.isin(key, blocked_foot)
        by_canoe = ce[u] & ce[v] & ~np.isin(key, blocked_canoe)
        return by_foot | by_canoe

    _, labels = connected_components(adjacency_matrix(s.grid, keep), directed=False)
    comp_areas: dict[int, set[str]] = defaultdict(set)
    for c, a in enumerate(s.cell_area):
        if a is not None:
            comp_areas[int(labels[c])].add(a)
    cut_off: dict[str, list[str]] = defaultdict(list)
    on_map = {a for a, cells in s.area_cells().items() if cells}
    for cell, side in homes:
        seen = comp_areas[int(labels[cell])]
        for a in s.areas:
            if a not in seen and a in on_map:
                cut_off[a].append(f"{side} ({s.label(cell)})")
    for a, whose in cut_off.items():
        yield finding(AREA_UNREACHABLE, f"area {s.areas[a].name} cannot be reached from the Home Village of "
                      f"{', '.join(whose)}", areas=[a])


def check_rast(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    table = s.tables.get(rast.TABLE)
    if table is None:
        return
    wrong, slots = rast.check(s, table)
    if wrong:
        # The areas it names twice or leaves out are on the map (their cells); a slot that names
        # no area is only in the table: the finding says which.
        yield finding(RAST_BAD, f"Random Area Selection Table: {'; '.join(wrong)}", areas=rast.misnamed(s, table),
                      table=slots[0] if slots else (rast.TABLE,))


TAHITI_VALIDATORS = (check_land_and_regions, check_maraes, check_shore, check_home_villages, check_rast,
                     *PLAY_VALIDATORS)
