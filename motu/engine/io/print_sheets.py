"""The legend and the counter sheet of a printed scenario, as blocks of shapes to flow onto pages.

Scope: what the terrain colours, hexside symbols, features and area borders of the
printed map mean, and one counter per piece of the scenario, grouped by side
(print_counters.py draws each). A scenario without pieces gets one counter of each
piece kind its rule set knows, so a sheet is never blank.
"""
from __future__ import annotations

from motu.engine.scenario.model import Scenario

from .print_counters import MIN_TEXT_MM, Counter, counter_layout, counter_shapes, side_groups
from .print_map import AREA_BORDER, catalogue_of, terrain_colour
from .print_shapes import Block, Circle, Line, Poly, Text, edge_shapes, fit_text, moved

ROW_MM = 7.0
COLUMN_MM = 62.0
GAP_MM = 2.5


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
    entries.append((scenario.grid.numbering, [Text(6.5, 4.6, scenario.label(0), 2.6)]))
    per_row = max(1, int(width // COLUMN_MM))
    title = scenario.title or "Map"
    text, size = fit_text(f"Legend: {title}", width, 4.2, bold=True)
    blocks = [Block(9.0, [Text(0.0, 6.0, text, size, anchor="start", bold=True, cls="legend-title")])]
    for i in range(0, len(entries), per_row):
        shapes: list = []
        for j, (label, sample) in enumerate(entries[i:i + per_row]):
            dx = j * COLUMN_MM
            shapes += [moved(s, dx, 0.0) for s in sample]
            text, size = fit_text(label, COLUMN_MM - 16.0, 3.0, smallest=2.2)
            shapes.append(Text(dx + 15.0, 4.8, text, size, anchor="start", cls="legend-label"))
        blocks.append(Block(ROW_MM, shapes))
    blocks.append(Block(3.0))
    return blocks


def counter_size(group: list[Counter], asked: float, widest: float) -> float:
    """The counters' printed size: the size asked, or the smallest larger one (by half
    millimetres, up to `widest`) at which every counter's texts read whole at 6 pt or more."""
    size = asked
    while size < widest and not all(counter_layout(c, size, MIN_TEXT_MM) is not None for c in group):
        size = min(widest, size + 0.5)
    return size


def counter_blocks(scenario: Scenario, width: float, counter_mm: float = 15.0) -> list[Block]:
    groups = side_groups(scenario)
    size = counter_size([c for _, _, g in groups for c in g], counter_mm, width)
    title = "Counters" if size == counter_mm else f"Counters ({size:g} mm, not {counter_mm:g}: their names read at 6 pt)"
    text, tsize = fit_text(title, width, 4.2, bold=True)
    blocks = [Block(9.0, [Text(0.0, 6.0, text, tsize, anchor="start", bold=True, cls="counters-title")])]
    per_row = max(1, int((width + GAP_MM) // (size + GAP_MM)))
    for sid, heading, group in groups:
        text, tsize = fit_text(heading, width, 3.4, bold=True)
        blocks.append(Block(7.0, [Text(0.0, 5.0, text, tsize, anchor="start", bold=True, cls="side-heading")]))
        for i in range(0, len(group), per_row):
            shapes: list = []
            for j, c in enumerate(group[i:i + per_row]):
                shapes += counter_shapes(c, j * (size + GAP_MM), 0.0, size, MIN_TEXT_MM)
            blocks.append(Block(size + GAP_MM, shapes))
    return blocks


_HEX_SWATCH = ((3.0, 3.5), (4.75, 0.5), (8.25, 0.5), (10.0, 3.5), (8.25, 6.5), (4.75, 6.5))
_SQUARE_SWATCH = ((3.5, 0.5), (9.5, 0.5), (9.5, 6.5), (3.5, 6.5))


def _swatch(scenario: Scenario, colour: str) -> Poly:
    """A terrain's swatch in the legend, shaped as the map's cells: six corners a hexagon, else a square."""
    pts = _HEX_SWATCH if len(scenario.grid.polygon(0)) == 6 else _SQUARE_SWATCH
    return Poly(pts, colour, "#333333", 0.2, cls="swatch")


__all__ = ["legend_blocks", "counter_blocks"]
