"""Edits of the map's layers: terrain, areas, edges, cell properties, set-up zones and cell features.

Scope: painting terrain and areas cell by cell (a stroke's steps merge into one edit), setting
edge features, a cell's properties, a side's set-up zone, and adding, removing and replacing
the features that stand on cells (a named site renamed is a replaced feature).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .edit_base import Edit, EditError, check_cells, check_ids, check_side
from .model import CellFeature, EdgeKey, Props, Scenario


@dataclass(frozen=True)
class PaintTerrain(Edit):
    cells: tuple[int, ...]
    terrain: tuple[str, ...]  # one per cell
    scope: ClassVar[str] = "terrain"
    text: ClassVar[str] = "Paint terrain"

    def _apply(self, scenario: Scenario) -> Edit:
        check_cells(scenario, self.cells)
        if len(self.terrain) != len(self.cells):
            raise EditError("one terrain per cell")
        check_ids(*set(self.terrain))
        layer = scenario.terrain
        old = tuple(layer[c] for c in self.cells)
        for c, t in zip(self.cells, self.terrain):
            layer[c] = t
        return PaintTerrain(self.cells[::-1], old[::-1])

    def merge(self, later: Edit) -> Edit | None:
        if isinstance(later, PaintTerrain):
            return PaintTerrain(self.cells + later.cells, self.terrain + later.terrain)
        return None


@dataclass(frozen=True)
class PaintArea(Edit):
    cells: tuple[int, ...]
    areas: tuple[str | None, ...]
    scope: ClassVar[str] = "areas"
    text: ClassVar[str] = "Paint area"

    def _apply(self, scenario: Scenario) -> Edit:
        check_cells(scenario, self.cells)
        if len(self.areas) != len(self.cells):
            raise EditError("one area per cell")
        for a in self.areas:
            if a is not None and a not in scenario.areas:
                raise EditError(f"there is no area {a!r}")
        layer = scenario.cell_area
        old = tuple(layer[c] for c in self.cells)
        for c, a in zip(self.cells, self.areas):
            layer[c] = a
        return PaintArea(self.cells[::-1], old[::-1])

    def merge(self, later: Edit) -> Edit | None:
        if isinstance(later, PaintArea):
            return PaintArea(self.cells + later.cells, self.areas + later.areas)
        return None


@dataclass(frozen=True)
class SetEdgeFeatures(Edit):
    """Set the whole feature tuple of some edges (an empty tuple clears an edge)."""

    edges: tuple[EdgeKey, ...]
    features: tuple[tuple[str, ...], ...]
    scope: ClassVar[str] = "edges"
    text: ClassVar[str] = "Edit edges"

    def touched_cells(self) -> tuple[int, ...]:
        return tuple(c for e in self.edges for c in e)

    def _apply(self, scenario: Scenario) -> Edit:
        grid = scenario.grid
        keys = []
        if len(self.features) != len(self.edges):
            raise EditError("one feature tuple per edge")
        check_ids(*{f for feats in self.features for f in feats})
        for a, b in self.edges:
            if not grid.are_neighbours(a, b):
                raise EditError(f"cells {a} and {b} do not share an edge")
            keys.append((a, b) if a < b else (b, a))
        old = tuple(scenario.edges.get(k, ()) for k in keys)
        for k, feats in zip(keys, self.features):
            if feats:
                scenario.edges[k] = tuple(sorted(set(feats)))
            else:
                scenario.edges.pop(k, None)
        return SetEdgeFeatures(tuple(keys[::-1]), old[::-1])

    def merge(self, later: Edit) -> Edit | None:
        if isinstance(later, SetEdgeFeatures):
            return SetEdgeFeatures(self.edges + later.edges, self.features + later.features)
        return None


@dataclass(frozen=True)
class InsertFeature(Edit):
    index: int
    feature: CellFeature
    scope: ClassVar[str] = "features"
    text: ClassVar[str] = "Add feature"

    def touched_cells(self) -> tuple[int, ...]:
        return (self.feature.cell,)

    def _apply(self, scenario: Scenario) -> Edit:
        check_cells(scenario, (self.feature.cell,))
        check_ids(self.feature.kind)
        check_side(scenario, self.feature.side)
        if not 0 <= self.index <= len(scenario.features):
            raise EditError(f"no feature position {self.index}")
        scenario.features.insert(self.index, self.feature)
        return RemoveFeature(self.index)


@dataclass(frozen=True)
class RemoveFeature(Edit):
    index: int
    scope: ClassVar[str] = "features"
    text: ClassVar[str] = "Remove feature"

    def _apply(self, scenario: Scenario) -> Edit:
        if not 0 <= self.index < len(scenario.features):
            raise EditError(f"no feature at position {self.index}")
        feature = scenario.features.pop(self.index)
        return InsertFeature(self.index, feature)


@dataclass(frozen=True)
class ReplaceFeature(Edit):
    """Put another feature in a feature's place (a named site renamed, a side changed)."""

    index: int
    feature: CellFeature
    scope: ClassVar[str] = "features"
    text: ClassVar[str] = "Edit feature"

    def touched_cells(self) -> tuple[int, ...]:
        return (self.feature.cell,)

    def _apply(self, scenario: Scenario) -> Edit:
        if not 0 <= self.index < len(scenario.features):
            raise EditError(f"no feature at position {self.index}")
        check_cells(scenario, (self.feature.cell,))
        check_ids(self.feature.kind)
        check_side(scenario, self.feature.side)
        old = scenario.features[self.index]
        scenario.features[self.index] = self.feature
        return ReplaceFeature(self.index, old)


@dataclass(frozen=True)
class SetCellProps(Edit):
    cell: int
    props: Props | None
    scope: ClassVar[str] = "cells"
    text: ClassVar[str] = "Edit cell properties"

    def touched_cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def _apply(self, scenario: Scenario) -> Edit:
        check_cells(scenario, (self.cell,))
        old = scenario.cell_props.get(self.cell)
        if self.props:
            scenario.cell_props[self.cell] = self.props
        else:
            scenario.cell_props.pop(self.cell, None)
        return SetCellProps(self.cell, old)


@dataclass(frozen=True)
class SetSetupZone(Edit):
    side: str
    cells: frozenset[int] | None
    scope: ClassVar[str] = "zones"
    text: ClassVar[str] = "Edit set-up zone"

    def _apply(self, scenario: Scenario) -> Edit:
        if self.cells is not None:
            check_cells(scenario, tuple(self.cells))
            check_side(scenario, self.side)
        old = scenario.setup_zones.get(self.side)
        if self.cells is None:
            scenario.setup_zones.pop(self.side, None)
        else:
            scenario.setup_zones[self.side] = frozenset(self.cells)
        return SetSetupZone(self.side, old)


def rename_feature(scenario: Scenario, index: int, name: str) -> Edit:
    """A named site (a Home Village, a Marae site…) under another name."""
    f = scenario.features[index]
    return ReplaceFeature(index, CellFeature(f.kind, f.cell, f.side, name, f.props))
