"""Tahiti movement: land movement (foot) and sea movement of War Canoes (canoe).

Scope: turning the catalogue's costs, the scenario's options, the pieces on the map and this
turn's conditions into one MovementProfile per (unit kind, side, conditions). What a rule
changes, and where:

- land costs: catalogue `move.foot`; mountain from the option `mountain_cost` (TEC not found);
- sea movement: catalogue `move.canoe` per hex, divided by 3 hexes per MP (15.13: "one full
  movement point (usually three hexes)"); canoes paddle sea, lagoon and coastal hexes;
- the map's scale (scale.py): on a map of h hexes to a game hex, a hex costs 1/h of those and
  zones reach h hexes (a move that starts in a zone walks out as the generic search lets it:
  the game's h zone steps are reach.py's);
  reef hexsides block except at passes (hexsides without reef); coastal hexes join only across
  a hexside that touches water — a land hexside needs a portage (15.7);
- reef movement (15.6): a lagoon hex may be entered only along an area the mover's side
  controls; the Arioi canoe treats every area as controlled;
- portage (15.7): 2 MP for the land hexside plus the coastal hex beyond; refused if either
  hex is in an enemy land or sea zone; control of Papeari is not needed;
- zones of influence (7.5 / 8.4): entering an enemy zone stops movement; option
  rule_7_5_doubling_back decides how a unit that starts in one may leave;
- storm (event 14-15), rain (52-53: stream hexes closed), truce (44-45: no entering
  enemy-controlled areas; a unit starting inside one may move within it and out of it, as in
  the game: the one thing a profile takes from the start, see `truce_open_area`), the Arioi's
  area (15.6: no entering hexes with enemy Combat Units).

Without a side, the side-dependent rules (zones, reef control, truce, Arioi hexes) are not
applied: the answer is what the terrain alone allows.
"""
from __future__ import annotations

import math
from motu.engine.board.search import MovementProfile
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from ..control import area_control, prop
from ..data.bound import data_of
from ..data.options import Conditions, option
from ..geography import COAST, LAGOON, coast_land_hexsides, water_area
from ..scale import scenario_game_hex
from ..zones import land_zone, sea_zone

INF = math.inf


def _edge_costs(scenario: Scenario, cat: Catalogue, movement_class: str) -> dict[tuple[int, int], float]:
    """Extra costs of hexside features from the catalogue (reef: cannot cross)."""
    out: dict[tuple[int, int], float] = {}
    for key, feats in scenario.edges.items():
        extra = sum(cat.edges[f].cross_cost(movement_class) for f in feats if f in cat.edges and f != "portage")
        if extra:
            out[key] = extra
    return out


def truce_open_area(scenario: Scenario, cat: Catalogue, side: str | None, cond: Conditions,
                    start: int | None) -> str | None:
    """The enemy-held area a truce leaves open to a unit of `side` starting at `start`: its own.

    44-45 forbids movement *into* enemy-controlled territory; a stack already inside an enemy-held
    area is not moving into it, so it may move within it and out of it (docs/rules/tahiti.md,
    "Movement Phase", the game's reading). None when the start changes nothing -- no truce, no
    side, no start, or a start outside every enemy-held area -- so those share one profile.
    The start's area is the one it lies along (a lagoon hex: its shore's), as in the game."""
    if not cond.truce or side is None or start is None:
        return None
    a = water_area(scenario, cat)[start]
    return a if a is not None and area_control(scenario, cat).get(a) not in (None, side) else None


def _closed_cells(scenario: Scenario, cat: Catalogue, side: str | None, cond: Conditions,
                  along: list[str | None], open_area: str | None = None) -> set[int]:
    """Cells no unit may enter this turn, whatever its class. `open_area`: see truce_open_area."""
    closed: set[int] = set()
    if cond.rain_mp is not None:  # 52-53: "no movement is allowed in all hexes containing a stream"
        closed.update(f.cell for f in scenario.features if f.kind == "stream")
    if side is not None and cond.arioi is not None:
        # 15.6: "Units may not enter a hex containing enemy combat units in the area."
        closed.update(p.cell for p in scenario.pieces.values()
                      if p.cell is not None and p.side not in (None, side) and prop(cat, p.kind, "combat")
                      and scenario.cell_area[p.cell] == cond.arioi)
    if side is not None and cond.truce:
        # 44-45: "movement into enemy controlled territory is prohibited for this turn".
        held = area_control(scenario, cat)
        shut = {a for a, who in held.items() if who not in (None, side) and a != open_area}
        if shut:
            closed.update(c for c, a in enumerate(along) if a in shut)
    return closed


def _doubling_back(scenario: Scenario, cat: Catalogue, zone: frozenset[int],
                   edges: dict[tuple[int, int], float]) -> None:
    """Option rule_7_5_doubling_back = step_out_first: a unit starting in an enemy zone must
    step out of every zone first. Entering a zone ends movement, so the only move from one
    zone hex straight into another is a start's first step: closing those hexsides does it."""
    if option(scenario, cat, "rule_7_5_doubling_back") != "step_out_first":
        return
    nb = scenario.grid.neighbour_lists
    for u in zone:
        for v in nb[u]:
            if v > u and v in zone:
                edges[(u, v)] = INF


def foot_profile(scenario: Scenario, cat: Catalogue, side: str | None, cond: Conditions,
                 open_area: str | None = None) -> MovementProfile:
    mountain = float(option(scenario, cat, "mountain_cost"))
    h = scenario_game_hex(scenario, cat)  # the map's hexes to a game hex: each costs 1/h of the game's
    per_terrain = {}
    for t in set(scenario.terrain):
        kind = cat.terrain.get(t)
        cost = kind.enter_cost("foot") if kind is not None else INF
        if t == "mountain" and cost != INF:
            cost = mountain
        per_terrain[t] = cost / h
    enter = [per_terrain[t] for t in scenario.terrain]
    for c in _closed_cells(scenario, cat, side, cond, scenario.cell_area, open_area):
        enter[c] = INF
    edges = _edge_costs(scenario, cat, "foot")
    zone: frozenset[int] = frozenset()
    if side is not None:
        zone = land_zone(scenario, cat, side)
        _doubling_back(scenario, cat, zone, edges)
    return MovementProfile.build(scenario.grid, enter, edges, zone)


def canoe_profile(scenario: Scenario, cat: Catalogue, kind: str | None, side: str | None,
                  cond: Conditions, open_area: str | None = None) -> MovementProfile:
    per_hex = data_of(cat).hexes_per_mp() * scenario_game_hex(scenario, cat)
    arioi = kind is not None and prop(cat, kind, "arioi")
    allowed = None if cond.storm is None else set(data_of(cat).storm_terrain()[cond.storm])
    per_terrain = {}
    for t in set(scenario.terrain):
        k = cat.terrain.get(t)
        cost = k.enter_cost("canoe") / per_hex if k is not None else INF
        per_terrain[t] = cost if allowed is None or t in allowed else INF
    enter = [per_terrain[t] for t in scenario.terrain]
    along = water_area(scenario, cat)
    for c in _closed_cells(scenario, cat, side, cond, along, open_area):
        enter[c] = INF
    # 15.6 reef movement: "only along areas the mover controls". The Arioi canoe: every area.
    reef_free = {cond.arioi} if (cond.arioi is not None and
                                 option(scenario, cat, "rule_15_6_arioi_reef") == "arioi_area") else set()
    if side is not None and not arioi:
        held = area_control(scenario, cat)
        for c, t in enumerate(scenario.terrain):
            if t == LAGOON and enter[c] != INF:
                a = along[c]
                if a is None or (held.get(a) != side and a not in reef_free):
                    enter[c] = INF
    edges = _edge_costs(scenario, cat, "canoe")
    zone: frozenset[int] = frozenset()
    if side is not None and not arioi:  # the Arioi moves "ignoring all Zones of Influence"
        zone = sea_zone(scenario, cat, side)
    portage_ok = option(scenario, cat, "rule_15_7_portage")
    hostile = zone | land_zone(scenario, cat, side) if side is not None and not arioi else frozenset()
    land_sides = set(coast_land_hexsides(scenario, cat))
    for key, feats in scenario.edges.items():
        a, b = key
        if "portage" in feats and portage_ok and scenario.terrain[a] == scenario.terrain[b] == COAST:
            # 15.7: "2 movement points ... to cross the land hex-side, plus the usual cost to
            # enter the coastal hex on the other side"; enemy land or sea zone: no portage.
            ok = a not in hostile and b not in hostile
            edges[key] = edges.get(key, 0.0) + cat.edges["portage"].cross_cost("canoe") if ok else INF
            land_sides.discard(key)
    for key in land_sides:  # coastal hexes joined by land only: no paddling across
        edges[key] = INF
    if zone:
        _doubling_back(scenario, cat, zone, edges)
    return MovementProfile.build(scenario.grid, enter, edges, zone)


def allowance(cond: Conditions, mp: float, ticks: int = 1) -> float:
    """52-53: "All movement is reduced to 2 points" (1 on a 5-6). `ticks`: the finest fraction
    of an MP a cost can be on this map (a sea hex, 1/3 of an MP a game hex): an allowance that
    `motu query` printed, rounded to 6 decimals (2.333333 for 7/3), is read as that fraction."""
    if math.isfinite(mp) and abs(mp * ticks - round(mp * ticks)) <= ticks * 5e-7:
        mp = round(mp * ticks) / ticks
    return mp if cond.rain_mp is None else min(mp, cond.rain_mp)


def cost_ticks(scenario: Scenario, cat: Catalogue) -> int:
    """Into how many parts an MP divides on this map: a sea hex is 1/(3h) MP, a land hex a
    multiple of 1/h (scale.py)."""
    return data_of(cat).hexes_per_mp() * scenario_game_hex(scenario, cat)


def build_profile(scenario: Scenario, cat: Catalogue, movement_class: str, kind: str | None,
                  side: str | None, cond: Conditions, open_area: str | None = None) -> MovementProfile:
    """`open_area`: the enemy-held area a truce leaves open (truce_open_area of the start)."""
    if movement_class == "canoe":
        return canoe_profile(scenario, cat, kind, side, cond, open_area)
    return foot_profile(scenario, cat, side, cond, open_area)

