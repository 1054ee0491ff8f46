"""What a Fire in the Fern! scenario designer is told: the order of battle, set-up and table.

Scope: every unit has a leader and sits in a chain of command (§1); no leader
has more attempts than §1 allows; units of 6-12 figures (§1, a warning); a
British base edge and §12's set-up zones (used when the scenario gives no
explicit zone for a side); hidden pieces only where §12 lets them hide; no
palisade beside bush (a warning: Motu's choice, docs/rules/fern.md); known
weapons; both forces present; and victory conditions (a warning).
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from engine.scenario.model import Scenario
from engine.scenario.validation import Finding, finding, register_code

from .board import (
    LEADER_ROLES,
    base_edge_depth,
    nation_of,
    piece_role,
    player_of,
    unit_id_of,
)
from .data import tables
from .model import BRITISH_PLAYER, LEADER, MAORI

UNIT_NO_LEADER = register_code("FERN_UNIT_NO_LEADER", "error", "A unit of figures has no leader (§1).")
NO_COMMAND = register_code("FERN_NO_COMMAND", "error",
                           "A piece names a unit, leader or superior that is not there, leaving it outside any chain of command (§1).")
NOT_UNDER_C_IN_C = register_code("FERN_NOT_UNDER_C_IN_C", "warning",
                                 "A unit's chain of command does not reach its side's C-in-C (§1).")
TOO_MANY_ATTEMPTS = register_code("FERN_TOO_MANY_ATTEMPTS", "error",
                                  "A leader has more activation attempts than §1 allows.")
UNIT_SIZE = register_code("FERN_UNIT_SIZE", "warning", "A unit has fewer than 6 or more than 12 figures (§1).")
NO_BASE_EDGE = register_code("FERN_NO_BASE_EDGE", "error", "The scenario marks no British base edge (§12).")
SETUP_ZONE = register_code("FERN_SETUP_ZONE", "error", "A piece is set up outside its side's §12 set-up zone.")
HIDDEN_IN_OPEN = register_code("FERN_HIDDEN_IN_OPEN", "error",
                               "A piece marked hidden stands where §12 does not let it hide.")
PALISADE_IN_BUSH = register_code("FERN_PALISADE_IN_BUSH", "warning", "A palisade stands on the edge of a bush square.")
BAD_WEAPON = register_code("FERN_BAD_WEAPON", "error", "A unit carries a weapon the rules do not know (§5).")
FORCE_MISSING = register_code("FERN_FORCE_MISSING", "error", "One of the two forces has no unit of figures on the table.")
NO_VICTORY = register_code("FERN_NO_VICTORY", "warning", "The scenario gives no victory conditions (§11).")


def _cells(p) -> list[int]:
    return [] if p.cell is None else [p.cell]


def check_command(s: Scenario, cat) -> Iterable[Finding]:
    figures = [p for p in s.pieces.values() if piece_role(cat, p.kind) == "figures"]
    leaders = {p.id: p for p in s.pieces.values() if piece_role(cat, p.kind) in LEADER_ROLES}
    units: dict[str, list] = {}
    for p in figures:
        units.setdefault(unit_id_of(p), []).append(p)
    led = {str(p.props.get("unit")) for p in leaders.values()
           if LEADER_ROLES[piece_role(cat, p.kind)] == LEADER and "unit" in p.props}
    for p in figures:
        lid = p.props.get("leader")
        if lid is not None and (not isinstance(lid, str) or lid not in leaders):
            yield finding(NO_COMMAND, f"{p.name or p.id} names leader {lid!r}, which is not a leader piece",
                          cells=_cells(p))
    for u, ps in units.items():
        if u not in led and not any(isinstance(p.props.get("leader"), str) and p.props["leader"] in leaders for p in ps):
            yield finding(UNIT_NO_LEADER, f"unit {ps[0].name or u} has no leader: give a leader piece "
                          f"props {{unit: {u}}}", cells=[c for p in ps for c in _cells(p)])
        n = sum(p.count for p in ps)
        if not 6 <= n <= 12:
            yield finding(UNIT_SIZE, f"unit {ps[0].name or u} has {n} figures (the rules suggest 6-12)",
                          cells=[c for p in ps for c in _cells(p)])
        weapon = ps[0].props.get("weapon", cat.pieces[ps[0].kind].props.get("weapon"))
        if not isinstance(weapon, str) or weapon not in tables()["fire_cost"]:
            yield finding(BAD_WEAPON, f"unit {ps[0].name or u} carries {weapon!r}; the weapons are "
                          f"{', '.join(tables()['fire_cost'])}", cells=[c for p in ps for c in _cells(p)])
    c_in_c = {p.side: p.id for p in leaders.values() if LEADER_ROLES[piece_role(cat, p.kind)] == "c_in_c"}
    for p in leaders.values():
        role = LEADER_ROLES[piece_role(cat, p.kind)]
        u = p.props.get("unit")
        if role == LEADER and u is not None and str(u) not in units:
            yield finding(NO_COMMAND, f"leader {p.name or p.id} leads unit {u!r}, which has no figures",
                          cells=_cells(p))
        sup = p.props.get("superior")
        if sup is not None:
            boss = leaders.get(sup) if isinstance(sup, str) else None
            if boss is None or LEADER_ROLES[piece_role(cat, boss.kind)] == LEADER or boss.side != p.side:
                yield finding(NO_COMMAND, f"{p.name or p.id} answers to {sup!r}, which is not a senior officer "
                              "or C-in-C of the same side", cells=_cells(p))
        cap = tables()["attempts"]["leader_max" if role == LEADER else "senior_max"]
        if "attempts" in p.props:
            try:
                attempts = int(p.props["attempts"])
            except (TypeError, ValueError):
                attempts = cap + 1
            allowed = cap
            if role == LEADER and u is not None:
                n = sum(q.count for q in units.get(str(u), []))
                allowed = min(cap, math.ceil(n / tables()["attempts"]["figures_per_attempt"]))
            if attempts > allowed:
                yield finding(TOO_MANY_ATTEMPTS, f"{p.name or p.id} has {p.props['attempts']} activation attempts; "
                              f"§1 allows {allowed}", cells=_cells(p))
        if role == LEADER and p.side in c_in_c:
            seen, at = [], p
            while at is not None and at.id not in seen:
                seen.append(at.id)
                sup = at.props.get("superior")
                at = leaders.get(sup) if isinstance(sup, str) else None
            if c_in_c[p.side] not in seen:
                yield finding(NOT_UNDER_C_IN_C, f"{p.name or p.id}'s chain of command does not reach the C-in-C",
                              cells=_cells(p))


def check_setup(s: Scenario, cat) -> Iterable[Finding]:
    placed = [p for p in s.pieces.values() if piece_role(cat, p.kind) in ("figures", *LEADER_ROLES)]
    forces = {player_of(s, p.side, nation_of(cat, p.side, p.kind, p.props)) for p in placed
              if piece_role(cat, p.kind) == "figures" and p.cell is not None}
    if placed and len(forces) < 2:  # once forces are placed, both need figures on the table (§11)
        yield finding(FORCE_MISSING, "the British force and the Maori each need at least one unit of figures "
                      "on the table")
    british = [p for p in placed if player_of(s, p.side, nation_of(cat, p.side, p.kind, p.props)) == BRITISH_PLAYER]
    depth = base_edge_depth(s)
    if british and depth is None:
        yield finding(NO_BASE_EDGE, "mark the British base edge with base_edge features (side british)")
    pits = {f.cell for f in s.features if f.kind == "rifle_pit"}
    base = {f.cell for f in s.features if f.kind == "base_edge"}
    for p in placed:
        if p.cell is None:
            continue
        nation = nation_of(cat, p.side, p.kind, p.props)
        open_square = s.terrain[p.cell] != "bush"
        if p.props.get("hidden") is True and (nation != MAORI or (open_square and p.cell not in pits)):
            yield finding(HIDDEN_IN_OPEN, f"{p.name or p.id} at {s.label(p.cell)} is marked hidden; only Maori "
                          "in bush or in a rifle pit set up hidden", cells=[p.cell])
        if depth is None or p.side in s.setup_zones:
            continue
        if player_of(s, p.side, nation) == BRITISH_PLAYER:
            if p.cell not in base or not open_square:
                yield finding(SETUP_ZONE, f"{p.name or p.id} at {s.label(p.cell)} is not in a clear square of the "
                              "British base edge", cells=[p.cell])
        elif depth[p.cell] < 2:
            yield finding(SETUP_ZONE, f"{p.name or p.id} at {s.label(p.cell)} is within rows one and two",
                          cells=[p.cell])


def check_table(s: Scenario, cat) -> Iterable[Finding]:
    bad = sorted(k for k, feats in s.edges.items() if "palisade" in feats
                 and (s.terrain[k[0]] == "bush" or s.terrain[k[1]] == "bush"))
    if bad:
        yield finding(PALISADE_IN_BUSH, f"{len(bad)} palisade edge(s) border bush; pa palisades stand in cleared "
                      "ground", edges=bad)
    if not s.victory:
        yield finding(NO_VICTORY, "give victory data (turns, field_at_time_limit); §11 points are counted anyway")


FERN_VALIDATORS = (check_command, check_setup, check_table)
