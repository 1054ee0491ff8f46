"""Small hand-drawn Tahiti maps for the rule tests (flat hexes, odd-q, labels CCRR).

In a map of one row each hex touches only the hexes left and right of it, which keeps
expected reaches checkable by hand."""
from __future__ import annotations

from motu.engine.board.grids import HexGrid
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Area, CellFeature, Piece, Region, Scenario, Side

TOKENS = {"~": "sea", "l": "lagoon", "c": "coast", ".": "clear", "j": "jungle", "m": "mountain"}
RULES = get_ruleset("tahiti")


def build(terrain: list[str], areas: list[str] | None = None, *, edges: dict[str, list[str]] | None = None,
          features: list[tuple] = (), pieces: list[tuple] = (), options: dict | None = None,
          regions: dict[str, list[str]] | None = None) -> Scenario:
    """terrain / areas: rows of space-separated tokens (areas: a letter per area, '.' for none).
    features: (kind, label[, side]); pieces: (id, kind, side, label[, props])."""
    rows = [r.split() for r in terrain]
    grid = HexGrid(len(rows[0]), len(rows), "flat", "odd-q")
    s = Scenario(ruleset="tahiti", grid=grid, terrain=[TOKENS[t] for r in rows for t in r],
                 options=dict(options or {}))
    for side in ("red", "blue"):
        s.sides[side] = Side(side, side.title())
    if areas:
        cell_area = [None if t == "." else t for r in areas for t in r.split()]
        s.cell_area = cell_area
        regions = regions or {"r": sorted({a for a in cell_area if a})}
        for rid, members in regions.items():
            s.regions[rid] = Region(rid, rid.upper())
            for a in members:
                s.areas[a] = Area(a, f"Area {a.upper()}", region=rid)
    for feat, labels in (edges or {}).items():
        for text in labels:
            key = grid.parse_edge(text)
            s.edges[key] = s.edges.get(key, ()) + (feat,)
    for f in features:
        s.features.append(CellFeature(f[0], grid.parse_label(f[1]), f[2] if len(f) > 2 else None))
    for p in pieces:
        pid, kind, side, label = p[:4]
        s.pieces[pid] = Piece(pid, kind, side, grid.parse_label(label), props=p[4] if len(p) > 4 else {})
    return s


def cell(s: Scenario, label: str) -> int:
    return s.grid.parse_label(label)


def reach_labels(s: Scenario, start: str, mp: float, kind: str | None = None, side: str | None = None,
                 **conditions) -> dict[str, float]:
    from motu.engine.board.search import reach
    profile = RULES.movement_profile(s, kind, side, conditions)
    mp = RULES.movement_allowance(s, kind, mp, conditions)
    return {s.label(c): round(v, 6) for c, v in reach(profile, cell(s, start), mp).items()}


def codes(s: Scenario) -> list[str]:
    return [f.code for f in RULES.validate(s)]


def found(s: Scenario, code: str):
    return [f for f in RULES.validate(s) if f.code == code]
