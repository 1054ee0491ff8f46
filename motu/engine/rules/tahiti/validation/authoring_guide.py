"""The authoring guide's map checks for Tahiti (docs/authoring-moorea.md), as findings.

Scope: what a Tahiti map must be hex by hex for the coast, the lagoon and the islands to work
as the rules read them, beyond map_rules.py's checks (which this module does not repeat):

- errors: a lagoon hex painted into an area (areas are land; a lagoon lies along the nearest
  land's area, 15.6, and troops on it must not count for an area); an inland hex (clear,
  jungle, mountain) touching sea or lagoon (land next to water is a coastal hex, where canoes
  land); open sea cut off from the map's open sea (sea inside an island: a lake, or a lagoon
  painted as sea); an area on no island on a map with islands (15.12's events on "all areas
  on the island", expeditions to another island); one piece of land holding two islands'
  areas; more Marae sites on an island other than the Home Villages' than the one Marae 15.8
  allows it ("plus one on Mo'orea");
- warnings: a lagoon with reef on every hexside to the open sea (no pass: no canoe gets in or
  out); an island's areas on pieces of land not joined by land; an area of more than one hex
  with no coastal hex (no canoe lands there; one-hex inland areas are AREA_ONE_INLAND_HEX).

Sites and pieces on terrain their kind cannot stand on are the common FEATURE_BAD_TERRAIN and
PIECE_BAD_TERRAIN, from the catalogue's `terrain` lists.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

import numpy as np

from motu.engine.board.graph import components
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, describe_cells, finding, register_code

from ..geography import COAST, LAGOON, SEA, is_land, land_flags, neighbour_any, terrain_mask, terrain_names
from ..data.tables import load

LAGOON_IN_AREA = register_code("LAGOON_IN_AREA", "error", "A lagoon hex is painted into an area; areas are land, and a lagoon lies along the area of the nearest land (15.6).")
INLAND_TOUCHES_WATER = register_code("INLAND_TOUCHES_WATER", "error", "An inland hex (clear, jungle, mountain) touches sea or lagoon; land next to water is a coastal hex.")
SEA_INSIDE_ISLAND = register_code("SEA_INSIDE_ISLAND", "error", "Open sea is cut off from the open sea round the map (sea inside an island).")
AREA_NO_ISLAND = register_code("AREA_NO_ISLAND", "error", "An area lies on no island, on a map with islands (15.12's island-wide events, expeditions).")
ISLAND_MIXED = register_code("ISLAND_MIXED", "error", "One piece of land holds areas of more than one island.")
ISLAND_MARAE_SITES = register_code("ISLAND_MARAE_SITES", "error", "An island other than the Home Villages' has more Marae sites than the one Marae 15.8 allows it.")
LAGOON_NO_PASS = register_code("LAGOON_NO_PASS", "warning", "A lagoon has reef on every hexside to the open sea: no pass lets a War Canoe in or out.")
ISLAND_SPLIT = register_code("ISLAND_SPLIT", "warning", "An island's areas lie on pieces of land not joined by land.")
AREA_NO_COAST = register_code("AREA_NO_COAST", "warning", "An area of more than one hex has no coastal hex, where War Canoes land.")


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 'es'}"


def check_coast_and_lagoon(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    names = terrain_names(s)
    lagoon = terrain_mask(s, {LAGOON})
    sea = terrain_mask(s, {SEA})
    painted = ~np.equal(np.array(s.cell_area, dtype=object), None)
    wet = np.flatnonzero(lagoon & painted).tolist()
    if wet:
        yield finding(LAGOON_IN_AREA, f"{_plural(len(wet), 'lagoon hex')} painted into an area: {describe_cells(s, wet)}; "
                      "leave lagoons out of areas", cells=wet)
    inland = terrain_mask(s, {t for t in names if is_land(cat, t) and t != COAST})
    dry = np.flatnonzero(inland & neighbour_any(s, lagoon | sea)).tolist()
    if dry:
        yield finding(INLAND_TOUCHES_WATER, f"{_plural(len(dry), 'inland hex')} touching sea or lagoon: "
                      f"{describe_cells(s, dry)}; paint them coastal hexes (or the water land)", cells=dry)
    if sea.any():
        labels = components(s.grid, np.where(sea, 0, -1))
        nb = s.grid.neighbour_array
        edge = (nb < 0).any(axis=1)  # a cell on the map's edge: beyond it is the open ocean
        open_ = set(labels[sea & edge].tolist())
        shut = np.flatnonzero(sea & ~np.isin(labels, list(open_))).tolist()
        bodies: dict[int, list[int]] = defaultdict(list)
        for c in shut:
            bodies[int(labels[c])].append(c)
        for cells in bodies.values():
            yield finding(SEA_INSIDE_ISLAND, f"open sea at {describe_cells(s, cells)} is cut off from the open sea "
                          "round the map: paint it lagoon, or land", cells=cells)
    yield from _passes(s, cat, lagoon, sea)


def _passes(s: Scenario, cat: Catalogue, lagoon: np.ndarray, sea: np.ndarray) -> Iterable[Finding]:
    if not lagoon.any():
        return
    labels = components(s.grid, np.where(lagoon, 0, -1))
    nb = s.grid.neighbour_lists
    reefed: dict[int, int] = defaultdict(int)
    gaps: dict[int, int] = defaultdict(int)
    first: dict[int, int] = {}
    for c in np.flatnonzero(lagoon).tolist():
        body = int(labels[c])
        first.setdefault(body, c)
        for n in nb[c]:
            if sea[n]:
                if "reef" in s.edge_features(c, n):
                    reefed[body] += 1
                else:
                    gaps[body] += 1
    for body, c in sorted(first.items(), key=lambda kv: kv[1]):
        if reefed[body] and not gaps[body]:
            yield finding(LAGOON_NO_PASS, f"the lagoon at {s.label(c)} has reef on all its {reefed[body]} hexsides to "
                          "the open sea: take the reef off one or more to make passes", cells=[c])


def check_islands(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if not s.islands or not s.areas:
        return
    for a in s.areas.values():
        if a.island is None or a.island not in s.islands:
            yield finding(AREA_NO_ISLAND, f"area {a.name} lies on no island; give it its island", areas=[a.id])
    land = np.array(land_flags(s, cat), dtype=bool)
    labels = components(s.grid, np.where(land, 0, -1))
    island_of = {a.id: a.island for a in s.areas.values() if a.island in s.islands}
    pieces: dict[int, dict[str, int]] = defaultdict(dict)  # land piece -> island -> first cell
    for c, a in enumerate(s.cell_area):
        isl = island_of.get(a) if a is not None and land[c] else None
        if isl is not None:
            pieces[int(labels[c])].setdefault(isl, c)
    where: dict[str, list[int]] = defaultdict(list)
    for piece, isls in sorted(pieces.items(), key=lambda kv: min(kv[1].values())):
        if len(isls) > 1:
            cells = sorted(isls.values())
            yield finding(ISLAND_MIXED, f"the land at {describe_cells(s, cells)} is one piece holding areas of "
                          f"{' and '.join(s.islands[i].name for i in sorted(isls, key=isls.get))}", cells=cells)
        for isl, c in isls.items():
            where[isl].append(c)
    for isl, cells in where.items():
        if len(cells) > 1:
            yield finding(ISLAND_SPLIT, f"island {s.islands[isl].name} lies on {len(cells)} pieces of land "
                          f"(at {describe_cells(s, sorted(cells))})", cells=sorted(cells))
    yield from _island_maraes(s, island_of)
    coast = terrain_mask(s, {COAST})
    has_coast: dict[str, bool] = defaultdict(bool)
    size: dict[str, int] = defaultdict(int)
    for c, a in enumerate(s.cell_area):
        if a is not None:
            size[a] += 1
            has_coast[a] |= bool(coast[c])
    for a in s.areas.values():
        if size[a.id] > 1 and not has_coast[a.id]:
            yield finding(AREA_NO_COAST, f"area {a.name} has no coastal hex: no War Canoe lands there", areas=[a.id])


def _island_maraes(s: Scenario, island_of: dict[str, str | None]) -> Iterable[Finding]:
    """15.8: "only one Marae can be constructed in each region ... plus one on Mo'orea": an
    island other than the Home Villages' is one more place for one Marae, whatever its regions."""
    homes = [f.cell for f in s.features if f.kind == "home_village" and f.side]
    main = next((island_of.get(s.cell_area[c]) for c in homes if s.cell_area[c] is not None), None)
    if main is None:
        counts = defaultdict(int)
        for isl in island_of.values():
            counts[isl] += 1
        main = max(sorted(counts), key=counts.get) if counts else None
    limit = int(load("construction")["marae_per_region"])
    sites: dict[str, list[int]] = defaultdict(list)
    for f in s.features:
        a = s.cell_area[f.cell]
        if f.kind == "marae_site" and a is not None and island_of.get(a) not in (None, main):
            sites[island_of[a]].append(f.cell)
    for isl, cells in sites.items():
        if len(cells) > limit:
            yield finding(ISLAND_MARAE_SITES, f"island {s.islands[isl].name} has {len(cells)} Marae sites "
                          f"({describe_cells(s, cells)}); 15.8 allows it {limit}", cells=cells)


MAP_VALIDATORS = (check_coast_and_lagoon, check_islands)
