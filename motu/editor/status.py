"""The status bar's cell text: the cell's label, its terrain, its area, and what stands in it."""
from __future__ import annotations

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario


def cell_text(s: Scenario, cat: Catalogue, cell: int) -> str:
    """As `0304  Clear  ·  Westbay  ·  Village site Pare, 2 pieces`, in the rulebook's words."""
    parts = [s.grid.label(cell)]
    t = cat.terrain.get(s.terrain[cell])
    parts[0] += "  " + (t.name if t else s.terrain[cell])
    area = s.areas.get(s.cell_area[cell] or "")
    if area is not None:
        parts.append(area.name)
    things = []
    for f in s.features_at(cell):
        kind = cat.features.get(f.kind)
        things.append(((kind.name if kind else f.kind) + (f" {f.name}" if f.name else "")).strip())
    stack = s.pieces_at(cell)
    if len(stack) == 1:
        p = stack[0]
        kind = cat.pieces.get(p.kind)
        things.append(p.name or (kind.name if kind else p.kind))
    elif stack:
        things.append(f"{len(stack)} pieces")
    edges = sorted({cat.edges[f].name if f in cat.edges else f for n in s.grid.neighbour_array[cell].tolist() if n >= 0
                    for f in s.edge_features(cell, n)})
    things += edges
    if things:
        parts.append(", ".join(things))
    return "  ·  ".join(parts)
