"""Tahiti map geography derived from terrain and areas: land, water, coast, lagoons, hexsides.

Scope: what the movement, zone, control and validation modules all ask of the map —
which cells are land / open sea / lagoon / coastal, which area a lagoon hex lies "along"
(15.6 reef movement), which hexsides are *land hexsides* (15.7 portage), which areas share a
land boundary (15.12 "adjacent areas"). Results are cached in `scenario.cache`, which
every edit clears.
"""
from __future__ import annotations

import numpy as np

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

SEA, LAGOON, COAST = "sea", "lagoon", "coast"


def is_land(cat: Catalogue, terrain: str) -> bool:
    """Land hexes: what the catalogue calls land or coast (coastal hexes are land with a shore)."""
    kind = cat.terrain.get(terrain)
    return kind is not None and kind.kind in ("land", "coast")


def is_water(cat: Catalogue, terrain: str) -> bool:
    kind = cat.terrain.get(terrain)
    return kind is not None and kind.kind == "water"


def land_flags(scenario: Scenario, cat: Catalogue) -> list[bool]:
    def build():
        per = {t: is_land(cat, t) for t in set(scenario.terrain)}
        return [per[t] for t in scenario.terrain]
    return scenario.cached(("tahiti", "land"), build)


def water_flags(scenario: Scenario, cat: Catalogue) -> list[bool]:
    def build():
        per = {t: is_water(cat, t) for t in set(scenario.terrain)}
        return [per[t] for t in scenario.terrain]
    return scenario.cached(("tahiti", "water"), build)


def _terrain_codes(scenario: Scenario) -> tuple[np.ndarray, list[str]]:
    def build():
        names = sorted(set(scenario.terrain))
        ids = {t: i for i, t in enumerate(names)}
        return np.array(list(map(ids.__getitem__, scenario.terrain)), dtype=np.int32), names
    return scenario.cached(("tahiti", "terrain-codes"), build)


def terrain_names(scenario: Scenario) -> list[str]:
    """The terrains the map uses, sorted."""
    return _terrain_codes(scenario)[1]


def terrain_mask(scenario: Scenario, terrains: set[str]) -> np.ndarray:
    """Boolean array over cells: the cell's terrain is one of `terrains` (vectorised checks)."""
    codes, names = _terrain_codes(scenario)
    return np.array([t in terrains for t in names], dtype=bool)[codes]


def neighbour_any(scenario: Scenario, mask: np.ndarray) -> np.ndarray:
    """For every cell: does any neighbour have `mask` set?"""
    nb = scenario.grid.neighbour_array
    padded = np.append(mask, False)  # index -1 (no neighbour) reads the False pad
    return padded[nb].any(axis=1)


def common_neighbours(scenario: Scenario, a: int, b: int) -> list[int | None]:
    """The two cells at the ends of the a|b hexside; None where the end lies off the map."""
    nb = scenario.grid.neighbour_lists
    shared = sorted(set(nb[a]) & set(nb[b]))
    return shared + [None] * (2 - len(shared))


def is_land_hexside(scenario: Scenario, cat: Catalogue, a: int, b: int) -> bool:
    """A hexside between two land hexes whose both ends are land too: no water touches it, so a
    canoe cannot slip along the shore across it — only portage it (15.7). Off-map ends count
    as water (a map edge is open sea)."""
    land = land_flags(scenario, cat)
    if not (land[a] and land[b]):
        return False
    return all(c is not None and land[c] for c in common_neighbours(scenario, a, b))


def coast_land_hexsides(scenario: Scenario, cat: Catalogue) -> list[tuple[int, int]]:
    """Land hexsides (a < b) between two coastal hexes: War Canoes cannot cross them except by a
    portage. Between coastal hexes whose side touches water, canoes paddle along the shore."""
    def build():
        t = scenario.terrain
        nb = scenario.grid.neighbour_lists
        out = []
        for a, terr in enumerate(t):
            if terr != COAST:
                continue
            for b in nb[a]:
                if b > a and t[b] == COAST and is_land_hexside(scenario, cat, a, b):
                    out.append((a, b))
        return out
    return scenario.cached(("tahiti", "coast-land-hexsides"), build)


def water_area(scenario: Scenario, cat: Catalogue) -> list[str | None]:
    """The area every cell lies along, for reef movement (15.6): a cell painted into an area is
    in it; an unpainted lagoon hex is along the area of the nearest land hex that has one,
    walking through lagoon hexes only (ties: the lowest-numbered land hex). Open sea and
    lagoons cut off from any land stay None. The map engineer may leave lagoons unpainted."""
    def build():
        out = list(scenario.cell_area)
        land = land_flags(scenario, cat)
        nb = scenario.grid.neighbour_lists
        t = scenario.terrain
        owner: dict[int, int] = {}  # lagoon cell -> nearest land cell with an area
        frontier = [c for c in range(len(t)) if land[c] and out[c] is not None]
        src = {c: c for c in frontier}
        while frontier:
            nxt: dict[int, int] = {}
            for u in frontier:
                for v in nb[u]:
                    if t[v] == LAGOON and out[v] is None and v not in owner:
                        s = src[u]
                        if s < nxt.get(v, len(t)):
                            nxt[v] = s
            owner.update(nxt)
            src.update(nxt)
            frontier = sorted(nxt)
        for v, s in owner.items():
            out[v] = scenario.cell_area[s]
        return out
    return scenario.cached(("tahiti", "water-area"), build)


def adjacent_areas(scenario: Scenario, cat: Catalogue) -> dict[str, set[str]]:
    """Areas sharing a land boundary (15.12: "regardless of who controls the area")."""
    def build():
        land = land_flags(scenario, cat)
        area = scenario.cell_area
        out: dict[str, set[str]] = {a: set() for a in scenario.areas}
        for a, b in scenario.grid.edge_array().tolist():
            x, y = area[a], area[b]
            if x != y and x is not None and y is not None and land[a] and land[b]:
                out.setdefault(x, set()).add(y)
                out.setdefault(y, set()).add(x)
        return out
    return scenario.cached(("tahiti", "adjacent-areas"), build)

