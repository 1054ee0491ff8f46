"""Zones of influence in Tahiti: land zones (7.5) and sea zones (8.4) a side's enemies exert.

Scope: the cells where an enemy zone stops a moving unit of one side. The designer's notes
(FACTS.md) give 7.5's points: Villages and Population have zones; "doubling back" only if
movement starts in a zone. 15.8 adds that units in a Marae compound have none. The rest is
Motu's reading (docs/rules/tahiti.md, "Zones of influence"):

- a land zone is the exerting piece's own hex and the land hexes next to it (on a map finer than
  the game's, the land hexes within one game hex of it: scale.py); Leaders,
  Shamans, Population, Combat Units and Villages (counters, and Home Village sites) exert one;
- a sea zone is a War Canoe's own hex and the hexes next to it a canoe could paddle into
  from there (not across a reef or a land hexside);
- pieces without a side, and pieces of the moving side, exert nothing on it.
"""
from __future__ import annotations

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from .control import home_villages, in_marae, prop
from .geography import coast_land_hexsides, land_flags, water_flags
from .scale import scenario_game_hex


def _enemy(p_side: str | None, side: str) -> bool:
    return p_side is not None and p_side != side


def land_zone(scenario: Scenario, cat: Catalogue, side: str) -> frozenset[int]:
    """Cells in an enemy land zone of influence for units of `side` (7.5, 15.8)."""
    return scenario.cached(("tahiti", "land-zone", side), lambda: _build_land_zone(scenario, cat, side))


def _build_land_zone(scenario: Scenario, cat: Catalogue, side: str) -> frozenset[int]:
    land = land_flags(scenario, cat)
    nb = scenario.grid.neighbour_lists
    sources = {cell for cell, s in home_villages(scenario) if _enemy(s, side)}
    for p in scenario.pieces.values():
        if p.cell is not None and _enemy(p.side, side) and prop(cat, p.kind, "land_zoc") and not in_marae(p):
            sources.add(p.cell)
    zone = {c for c in sources if land[c]}
    edge = set(zone)
    for _ in range(scenario_game_hex(scenario, cat)):  # a game hex: h hexes of this map
        edge = {n for c in edge for n in nb[c] if land[n] and n not in zone}
        zone |= edge
    return frozenset(zone)


def sea_zone(scenario: Scenario, cat: Catalogue, side: str) -> frozenset[int]:
    """Cells in an enemy sea zone of influence for War Canoes of `side` (8.4)."""
    return scenario.cached(("tahiti", "sea-zone", side), lambda: _build_sea_zone(scenario, cat, side))


def _build_sea_zone(scenario: Scenario, cat: Catalogue, side: str) -> frozenset[int]:
    water = water_flags(scenario, cat)
    nb = scenario.grid.neighbour_lists
    blocked = set(coast_land_hexsides(scenario, cat))
    blocked.update(k for k, feats in scenario.edges.items() if "reef" in feats)
    zone = {p.cell for p in scenario.pieces.values()
            if p.cell is not None and _enemy(p.side, side) and prop(cat, p.kind, "sea_zoc")}
    edge = set(zone)
    for _ in range(scenario_game_hex(scenario, cat)):  # a game hex: h hexes of this map
        edge = {n for c in edge for n in nb[c] if n not in zone and (water[n] or scenario.terrain[n] == "coast")
                and (min(c, n), max(c, n)) not in blocked}
        zone |= edge
    return frozenset(zone)
