"""Copy, cut and paste of a selection of cells: terrain, area, cell features, pieces and the edges between them.

A clip stores each cell by its offset from the first selected cell, in coordinates where
moving keeps a shape (axial on hexes, column and row on squares), so a copied island
pastes as the same island anywhere. The paste tool shows the clip under the cursor; a
click pastes it as one undo step; Esc or the right button puts the tool back.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from motu.engine.scenario import edits as E
from motu.engine.scenario.model import CellFeature, Piece, Scenario

from ..canvas.map_item import Preview
from .base import Tool


@dataclass
class Clip:
    cells: list[tuple[tuple[int, int], str, str | None]] = field(default_factory=list)  # offset, terrain, area
    features: list[tuple[tuple[int, int], CellFeature]] = field(default_factory=list)
    pieces: list[tuple[tuple[int, int], Piece]] = field(default_factory=list)
    edges: list[tuple[tuple[int, int], tuple[int, int], tuple[str, ...]]] = field(default_factory=list)


def copy_cells(s: Scenario, cells) -> Clip | None:
    """What the selected cells hold, relative to the first of them; None where cells cannot move (spaces)."""
    cells = sorted(c for c in set(cells) if 0 <= c < s.grid.size)
    coords = s.grid.coords
    if not cells or coords(cells[0]) is None:
        return None
    x0, y0 = coords(cells[0])
    rel = {c: (coords(c)[0] - x0, coords(c)[1] - y0) for c in cells}
    clip = Clip()
    clip.cells = [(rel[c], s.terrain[c], s.cell_area[c]) for c in cells]
    clip.features = [(rel[f.cell], f) for f in s.features if f.cell in rel]
    clip.pieces = [(rel[p.cell], p) for p in s.pieces.values() if p.cell in rel]
    clip.edges = [(rel[a], rel[b], feats) for (a, b), feats in s.edges.items() if a in rel and b in rel]
    return clip


def target_cells(s: Scenario, clip: Clip, anchor: int) -> dict[tuple[int, int], int]:
    """Where each offset of the clip lands with its first cell on `anchor` (offsets off the map are left out)."""
    base = s.grid.coords(anchor)
    if base is None:
        return {}
    out = {}
    for off, _t, _a in clip.cells:
        c = s.grid.at_coords(base[0] + off[0], base[1] + off[1])
        if c is not None:
            out[off] = c
    return out


def paste_edit(s: Scenario, clip: Clip, anchor: int) -> E.Edit | None:
    """One Compound that pastes the clip at anchor: terrain, areas (that still exist), features,
    pieces (with fresh ids) and edges whose two cells both land on the map."""
    where = target_cells(s, clip, anchor)
    if not where:
        return None
    edits: list[E.Edit] = []
    cells = [where[off] for off, _t, _a in clip.cells if off in where]
    edits.append(E.PaintTerrain(tuple(cells), tuple(t for off, t, _a in clip.cells if off in where)))
    areas = [(where[off], a if a is None or a in s.areas else None) for off, _t, a in clip.cells if off in where]
    edits.append(E.PaintArea(tuple(c for c, _ in areas), tuple(a for _, a in areas)))
    n = len(s.features)
    k = 0
    for off, f in clip.features:
        if off in where:
            side = f.side if f.side is None or f.side in s.sides else None
            edits.append(E.InsertFeature(n + k, CellFeature(f.kind, where[off], side, f.name, f.props)))
            k += 1
    taken = set(s.pieces)
    for off, p in clip.pieces:
        if off not in where:
            continue
        pid = next(f"{p.kind}-{i}" for i in itertools.count(1) if f"{p.kind}-{i}" not in taken)
        taken.add(pid)
        side = p.side if p.side is None or p.side in s.sides else None
        props = {k2: v for k2, v in p.props.items()}
        edits.append(E.PutRecord("pieces", pid, Piece(pid, p.kind, side, where[off], p.count, p.name, props)))
    keys, feats = [], []
    for a, b, fs in clip.edges:
        if a in where and b in where and s.grid.are_neighbours(where[a], where[b]):
            keys.append((where[a], where[b]))
            feats.append(fs)
    if keys:
        edits.append(E.SetEdgeFeatures(tuple(keys), tuple(feats)))
    return E.Compound(tuple(edits), "Paste")


def cut_edit(s: Scenario, cells, default_terrain: str) -> E.Edit | None:
    """Clear the cells: the catalogue's default terrain, no area, no features, pieces or edges inside."""
    cells = sorted(c for c in set(cells) if 0 <= c < s.grid.size)
    if not cells:
        return None
    inside = set(cells)
    edits: list[E.Edit] = [E.PaintTerrain(tuple(cells), (default_terrain,) * len(cells)),
                           E.PaintArea(tuple(cells), (None,) * len(cells))]
    edits += [E.RemoveFeature(i) for i in sorted((i for i, f in enumerate(s.features) if f.cell in inside), reverse=True)]
    edits += [E.PutRecord("pieces", p.id, None) for p in s.pieces.values() if p.cell in inside]
    keys = [k for k in s.edges if k[0] in inside and k[1] in inside]
    if keys:
        edits.append(E.SetEdgeFeatures(tuple(keys), ((),) * len(keys)))
    return E.Compound(tuple(edits), "Cut")


class PasteTool(Tool):
    name, text, icon = "paste", "Paste", "fa5s.paste"
    shortcut = ""
    hint = "Paste: the copied cells follow the cursor; click to paste them, Esc or the right button to stop."

    def __init__(self, ctx):
        super().__init__(ctx)
        self.clip: Clip | None = None
        self.back_to = "select"

    def start(self, clip: Clip, back_to: str) -> None:
        self.clip = clip
        self.back_to = back_to

    def reset(self) -> None:
        super().reset()

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        cell = self.item.cell_at(pos)
        if self.clip is None or cell is None:
            self.item.set_preview(None)
            return
        where = target_cells(self.document.scenario, self.clip, cell)
        self.item.set_preview(Preview(set(where.values()), color="#00c8ff", fill=True))

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        if e.button() == Qt.RightButton:
            self.ctx.select_tool(self.back_to)
            return
        cell = self.item.cell_at(pos)
        if cell is None or self.clip is None or self.locked():
            return
        edit = paste_edit(self.document.scenario, self.clip, cell)
        if edit is not None and self.ctx.push(edit, "Paste"):
            where = target_cells(self.document.scenario, self.clip, cell)
            self.item.set_selection(cells=set(where.values()), pieces=set(), edges=set())
            self.ctx.status(f"Pasted {len(where)} cells at {self.document.scenario.grid.label(cell)}")

    def key(self, e: QKeyEvent) -> bool:
        if e.key() == Qt.Key_Escape:
            self.ctx.select_tool(self.back_to)
            return True
        return False

    def leave(self) -> None:
        self.item.set_preview(None)
