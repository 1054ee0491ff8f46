"""The legend and the counter sheet of a printed scenario, as blocks of shapes to flow onto pages.

Scope: what the terrain colours, hexside symbols, features and area borders of the
printed map mean, and one counter per piece of the scenario (grouped by side, with
its symbol, name, strength count and starting cell). A scenario without pieces
gets one counter of each piece kind its rule set knows, so a sheet is never blank.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.board.grids import HexGrid, SquareGrid
from engine.scenario.model import Scenario

from .print_map import AREA_BORDER, catalogue_of, terrain_colour
from .print_shapes import Block, Circle, Line, Poly, Text, edge_shapes, ink_on, moved, text_width

ROW_MM = 7.0
COLUMN_MM = 62.0
GAP_MM = 2.5


@dataclass(frozen=True)
class Counter:
    piece_id: str
    side: str | None
    symbol: str
    name: str
    count: int
    start: str  # starting cell label, "" when off the map


def counters(scenario: Scenario) -> list[Counter]:
    cat = catalogue_of(scenario)
    out = []
    for p in scenario.pieces.values():
        kind = cat.pieces.get(p.kind) if cat else None
        out.append(Counter(p.id, p.side, kind.symbol if kind else "?", p.name or (kind.name if kind else p.kind),
                           p.count, scenario.label(p.cell) if p.cell is not None else ""))
    if not out and cat:
        out = [Counter(k.id, None, k.symbol, k.name, 1, "") for k in cat.pieces.values()]
    return out


def side_groups(scenario: Scenario) -> list[tuple[str, str, list[Counter]]]:
    """(side id, heading, counters) in the scenario's side order; pieces of no side last."""
    groups: dict[str | None, list[Counter]] = {}
    for c in counters(scenario):
        groups.setdefault(c.side if c.side in scenario.sides else None, []).append(c)
    out = []
    for sid, side in scenario.sides.items():
        if sid in groups:
            out.append((sid, side.name or sid, groups[sid]))
    if None in groups:
        heading = "Markers and neutral pieces" if scenario.pieces else "One of each piece kind (the scenario has none)"
        out.append(("", heading, groups[None]))
    return out


def legend_blocks(scenario: Scenario, width: float, cell_mm: float) -> list[Block]:
    cat = catalogue_of(scenario)
    entries: list[tuple[str, list]] = []
    used_terrain = list(dict.fromkeys(scenario.terrain))
    for t in used_terrain:
        kind = cat.terrain.get(t) if cat else None
        entries.append((kind.name if kind else t, [_swatch(scenario, terrain_colour(cat, t))]))
    for f in dict.fromkeys(f for feats in scenario.edges.values() for f in feats):
        kind = cat.edges.get(f) if cat else None
        entries.append((kind.name if kind else f, edge_shapes((1.0, 3.5), (12.0, 3.5), kind.color if kind else "#000", f, 11.0)))
    for f in dict.fromkeys(f.kind for f in scenario.features):
        kind = cat.features.get(f) if cat else None
        entries.append((kind.name if kind else f, [Circle(6.5, 3.5, 2.6, "#fffdf0", "#1a1a1a", 0.25),
                                                  Text(6.5, 4.7, kind.symbol if kind else "?", 3.2, bold=True)]))
    if scenario.areas:
        entries.append(("Area border, area name", [Line(((1.0, 3.5), (12.0, 3.5)), AREA_BORDER, 0.7)]))
    entries.append((_numbering_note(scenario), [Text(6.5, 4.6, scenario.label(0), 2.6)]))
    per_row = max(1, int(width // COLUMN_MM))
    title = scenario.title or "Map"
    blocks = [Block(9.0, [Text(0.0, 6.0, f"Legend: {title}", 4.2, anchor="start", bold=True, cls="legend-title")])]
    for i in range(0, len(entries), per_row):
        shapes: list = []
        for j, (label, sample) in enumerate(entries[i:i + per_row]):
            dx = j * COLUMN_MM
            shapes += [moved(s, dx, 0.0) for s in sample]
            shapes.append(Text(dx + 15.0, 4.8, _fit(label, COLUMN_MM - 16.0, 3.0), 3.0, anchor="start", cls="legend-label"))
        blocks.append(Block(ROW_MM, shapes))
    blocks.append(Block(3.0))
    return blocks


def counter_blocks(scenario: Scenario, width: float, counter_mm: float = 15.0) -> list[Block]:
    blocks = [Block(9.0, [Text(0.0, 6.0, "Counters", 4.2, anchor="start", bold=True, cls="counters-title")])]
    per_row = max(1, int((width + GAP_MM) // (counter_mm + GAP_MM)))
    for sid, heading, group in side_groups(scenario):
        side = scenario.sides.get(sid)
        fill = side.color if side and side.color else "#d8d2c0"
        blocks.append(Block(7.0, [Text(0.0, 5.0, heading, 3.4, anchor="start", bold=True, cls="side-heading")]))
        for i in range(0, len(group), per_row):
            shapes: list = []
            for j, c in enumerate(group[i:i + per_row]):
                shapes += counter_shapes(c, j * (counter_mm + GAP_MM), 0.0, counter_mm, fill)
            blocks.append(Block(counter_mm + GAP_MM, shapes))
    return blocks


def counter_shapes(c: Counter, x: float, y: float, size: float, fill: str) -> list:
    """One counter: a square in its side's colour, the symbol large, name below, count and start cell small."""
    ink = ink_on(fill)
    s = size
    out: list = [Poly(((x, y), (x + s, y), (x + s, y + s), (x, y + s)), fill, "#1a1a1a", 0.25, cls="counter",
                      data=(("data-piece", c.piece_id),))]
    out.append(Text(x + s / 2, y + s * 0.56, c.symbol, s * 0.3, ink, bold=True, cls="counter-symbol"))
    small = s * 0.13
    out.append(Text(x + s / 2, y + s * 0.88, _fit(c.name, s * 0.92, small), small, ink, cls="counter-name"))
    if c.count > 1:
        out.append(Text(x + s - s * 0.06, y + small * 1.2, f"x{c.count}", small, ink, anchor="end", cls="counter-count"))
    if c.start:
        out.append(Text(x + s * 0.06, y + small * 1.2, c.start, small, ink, anchor="start", cls="counter-start"))
    return out


def _fit(text: str, width: float, size: float) -> str:
    if text_width(text, size) <= width:
        return text
    n = max(1, int(width / (0.52 * size)) - 1)
    return text[:n] + "…"


def _swatch(scenario: Scenario, colour: str) -> Poly:
    if isinstance(scenario.grid, HexGrid):
        pts = ((3.0, 3.5), (4.75, 0.5), (8.25, 0.5), (10.0, 3.5), (8.25, 6.5), (4.75, 6.5))
    else:
        pts = ((3.5, 0.5), (9.5, 0.5), (9.5, 6.5), (3.5, 6.5))
    return Poly(pts, colour, "#333333", 0.2, cls="swatch")


def _numbering_note(scenario: Scenario) -> str:
    if isinstance(scenario.grid, HexGrid):
        return "Hex number: column, then row"
    if isinstance(scenario.grid, SquareGrid):
        return "Square: column,row"
    return "Space name"


__all__ = ["Counter", "counters", "side_groups", "legend_blocks", "counter_blocks", "counter_shapes"]
