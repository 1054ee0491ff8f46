"""Area control in Tahiti: which side holds each area, and each Marae (15.8).

Scope: control as it follows from the pieces on the map. The base rules 1-14 (how an area is
won) were not found, so this is Motu's reconstruction (docs/rules/tahiti.md, "Area control"):

1. A side with a Village in the area (a `village` counter, or its Home Village site) controls
   it, if no other side has one there. Enemy troops do not take an area whose Village stands.
2. Otherwise a side's Control marker (`control` counter) in the area says who holds it.
3. Otherwise the one side with counting units (Leaders, Shamans, Population, Combat Units)
   there controls it; nobody, or more than one side: neutral (None).
Units inside a Marae compound (piece prop `in_marae: true`) are not counted (15.8).

Maraes (15.8, option rule_15_8_maraes): a fully built `marae` counter is controlled by the
controller of its area, unless enemy Combat Units are in its hex or compound; it appears in
the result under the key `marae:<piece id>`, since it "counts as control of an additional area".
Only the full Maraes a region (or another island) may hold count (maraes.py).
"""
from __future__ import annotations

from collections import defaultdict

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Piece, Scenario

from .data.options import option
from .maraes import marae_rule

MARAE_PREFIX = "marae:"


def prop(cat: Catalogue, kind: str, key: str) -> bool:
    piece = cat.pieces.get(kind)
    return bool(piece is not None and piece.props.get(key))


def in_marae(p: Piece) -> bool:
    """15.8: units placed under the Marae counter, "within the temple compound"."""
    return bool(p.props.get("in_marae"))


def home_villages(scenario: Scenario) -> list[tuple[int, str]]:
    """(cell, side) of every Home Village site that names a side."""
    return [(f.cell, f.side) for f in scenario.features if f.kind == "home_village" and f.side is not None]


def area_control(scenario: Scenario, cat: Catalogue) -> dict[str, str | None]:
    """Area id -> controlling side or None (neutral), for every area of the scenario."""
    return scenario.cached(("tahiti", "control"), lambda: _build_area_control(scenario, cat))


def _build_area_control(scenario: Scenario, cat: Catalogue) -> dict[str, str | None]:
    area = scenario.cell_area
    villages: dict[str, set[str]] = defaultdict(set)
    markers: dict[str, set[str]] = defaultdict(set)
    present: dict[str, set[str]] = defaultdict(set)
    for cell, side in home_villages(scenario):
        if area[cell] is not None:
            villages[area[cell]].add(side)
    for p in scenario.pieces.values():
        if p.cell is None or p.side is None or area[p.cell] is None:
            continue
        a = area[p.cell]
        if prop(cat, p.kind, "village"):
            villages[a].add(p.side)
        elif p.kind == "control":
            markers[a].add(p.side)
        elif prop(cat, p.kind, "counts_for_control") and not in_marae(p):
            present[a].add(p.side)
    out: dict[str, str | None] = {}
    for a in scenario.areas:
        for holders in (villages.get(a), markers.get(a), present.get(a)):
            if holders:
                out[a] = next(iter(holders)) if len(holders) == 1 else None
                break
        else:
            out[a] = None
    return out


def marae_control(scenario: Scenario, cat: Catalogue, areas: dict[str, str | None]) -> dict[str, str | None]:
    """`marae:<id>` -> side or None for every fully built Marae on the map that counts (15.8:
    on a map with more in a region or island than it may hold, the first by piece order)."""
    out: dict[str, str | None] = {}
    full = [m for m in scenario.pieces.values() if m.kind == "marae" and m.cell is not None]
    keep = set(marae_rule(scenario).counted([(m.id, scenario.cell_area[m.cell]) for m in full],
                                            option(scenario, cat, "rule_15_11_moorea_marae")))
    for m in full:
        if m.id not in keep:
            continue
        a = scenario.cell_area[m.cell]
        side = areas.get(a) if a is not None else None
        # "if there are enemy combat units in the hex with the Marae (or in the Marae
        # compound) it is not controlled by any player": the compound is the same hex.
        if side is not None and any(p.cell == m.cell and p.side not in (None, side) and prop(cat, p.kind, "combat")
                                    for p in scenario.pieces.values()):
            side = None
        out[MARAE_PREFIX + m.id] = side
    return out


def control(scenario: Scenario, cat: Catalogue) -> dict[str, str | None]:
    areas = area_control(scenario, cat)
    result = dict(areas)
    if option(scenario, cat, "rule_15_8_maraes"):
        result.update(marae_control(scenario, cat, areas))
    return result
