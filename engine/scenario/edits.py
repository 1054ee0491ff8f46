"""Reversible edits: the only way a scenario changes.

Each Edit is a small frozen value. `edit.apply(scenario)` changes the scenario
in place and returns the Edit that undoes it, so undo/redo, scripting and the
editor's QUndoCommands all share one mechanism. `scope` tells views what kind
of data changed and `cells` which cells, so they redraw only that.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from .model import (
    RECORD_COLLECTIONS, SCALAR_FIELDS, Area, CellFeature, EdgeKey, Island, Piece, Props, Region, Scenario, Side,
    is_ident,
)

Record = Island | Region | Area | Side | Piece


class EditError(ValueError):
    """An edit that cannot apply to this scenario (unknown id, cell off the map…)."""


class Edit(ABC):
    scope: ClassVar[str] = "scenario"
    text: ClassVar[str] = "Edit"

    @abstractmethod
    def _apply(self, scenario: Scenario) -> "Edit": ...

    def apply(self, scenario: Scenario) -> "Edit":
        inverse = self._apply(scenario)
        scenario.revision += 1
        scenario.cache.clear()
        return inverse

    def touched_cells(self) -> tuple[int, ...]:
        """The cells whose drawing this edit changes (views repaint only these)."""
        cells = getattr(self, "cells", None)
        return tuple(cells) if cells else ()

    def merge(self, later: "Edit") -> "Edit | None":
        """This edit followed by `later` as one edit, when both belong to one stroke."""
        return None


def apply(scenario: Scenario, edit: Edit) -> Edit:
    return edit.apply(scenario)


def _check_cells(scenario: Scenario, cells: tuple[int, ...]) -> None:
    n = scenario.grid.size
    for c in cells:
        if not (isinstance(c, int) and 0 <= c < n):
            raise EditError(f"cell {c} is off the map")


def _check_ids(*ids: object) -> None:
    for i in ids:
        if not is_ident(i):
            raise EditError(f"{i!r} is not a valid id (letters, digits, _ . : ' -; at most 64)")


def _check_side(scenario: Scenario, side: str | None) -> None:
    if side is not None and side not in scenario.sides:
        raise EditError(f"there is no side {side!r}")


def _check_references(scenario: Scenario, collection: str, record: object) -> None:
    """A record may only point at things that exist, so every scenario can be saved and read back."""
    if isinstance(record, Area):
        if record.region is not None and record.region not in scenario.regions:
            raise EditError(f"there is no region {record.region!r}")
        if record.island is not None and record.island not in scenario.islands:
            raise EditError(f"there is no island {record.island!r}")
    elif isinstance(record, Piece):
        _check_ids(record.kind)
        _check_side(scenario, record.side)
        if record.cell is not None:
            _check_cells(scenario, (record.cell,))
        if record.count < 1:
            raise EditError("a piece counts at least 1")


def _users(scenario: Scenario, collection: str, rid: str) -> str | None:
    """What still refers to a record, if anything (then it cannot be deleted)."""
    if collection == "regions" and any(a.region == rid for a in scenario.areas.values()):
        return "areas belong to it"
    if collection == "islands" and any(a.island == rid for a in scenario.areas.values()):
        return "areas lie on it"
    if collection == "areas" and rid in scenario.cell_area:
        return "cells belong to it"
    if collection == "sides":
        if any(p.side == rid for p in scenario.pieces.values()) or any(f.side == rid for f in scenario.features):
            return "pieces or features belong to it"
        if rid in scenario.setup_zones:
            return "it has a set-up zone"
    return None


@dataclass(frozen=True)
class PaintTerrain(Edit):
    cells: tuple[int, ...]
    terrain: tuple[str, ...]  # one per cell
    scope: ClassVar[str] = "terrain"
    text: ClassVar[str] = "Paint terrain"

    def _apply(self, scenario: Scenario) -> Edit:
        _check_cells(scenario, self.cells)
        if len(self.terrain) != len(self.cells):
            raise EditError("one terrain per cell")
        _check_ids(*set(self.terrain))
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
        _check_cells(scenario, self.cells)
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
        _check_ids(*{f for feats in self.features for f in feats})
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
        _check_cells(scenario, (self.feature.cell,))
        _check_ids(self.feature.kind)
        _check_side(scenario, self.feature.side)
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
        _check_cells(scenario, (self.feature.cell,))
        _check_ids(self.feature.kind)
        _check_side(scenario, self.feature.side)
        old = scenario.features[self.index]
        scenario.features[self.index] = self.feature
        return ReplaceFeature(self.index, old)


@dataclass(frozen=True)
class PutRecord(Edit):
    """Add, replace or (record=None) delete a named record, keeping its place in order."""

    collection: str
    id: str
    record: Record | None
    position: int | None = None  # where a new record goes; None: at the end
    text: ClassVar[str] = "Edit"

    def _apply(self, scenario: Scenario) -> Edit:
        if self.collection not in RECORD_COLLECTIONS:
            raise EditError(f"no collection {self.collection!r}")
        table: dict[str, Any] = getattr(scenario, self.collection)
        keys = list(table)
        old = table.get(self.id)
        old_pos = keys.index(self.id) if old is not None else None
        if self.record is not None and getattr(self.record, "id", None) != self.id:
            raise EditError(f"record id {getattr(self.record, 'id', None)!r} differs from {self.id!r}")
        _check_ids(self.id)
        if self.record is not None:
            _check_references(scenario, self.collection, self.record)
        if self.record is None:
            if old is None:
                raise EditError(f"there is no {self.collection[:-1]} {self.id!r}")
            users = _users(scenario, self.collection, self.id)
            if users:
                raise EditError(f"{self.collection[:-1]} {self.id!r} cannot be deleted: {users}")
            del table[self.id]
        elif old is not None:
            table[self.id] = self.record
        else:
            pos = len(keys) if self.position is None else max(0, min(self.position, len(keys)))
            items = list(table.items())
            items.insert(pos, (self.id, self.record))
            table.clear()
            table.update(items)
        return PutRecord(self.collection, self.id, old, old_pos)

    @property
    def scope(self) -> str:  # type: ignore[override]
        return self.collection


@dataclass(frozen=True)
class SetField(Edit):
    """Replace a whole scenario field: title, briefing, options, victory, tables, ruleset."""

    name: str
    value: Any
    scope: ClassVar[str] = "scenario"
    text: ClassVar[str] = "Edit scenario"

    def _apply(self, scenario: Scenario) -> Edit:
        if self.name not in SCALAR_FIELDS:
            raise EditError(f"no scenario field {self.name!r}")
        want = str if self.name in ("title", "briefing", "ruleset") else dict
        if not isinstance(self.value, want):
            raise EditError(f"{self.name} must be {'text' if want is str else 'a mapping'}")
        if self.name == "ruleset":
            from engine.plugins import ruleset_ids
            if self.value not in ruleset_ids():
                raise EditError(f"unknown rule set {self.value!r}")
        old = getattr(scenario, self.name)
        setattr(scenario, self.name, self.value)
        return SetField(self.name, old)


@dataclass(frozen=True)
class SetCellProps(Edit):
    cell: int
    props: Props | None
    scope: ClassVar[str] = "cells"
    text: ClassVar[str] = "Edit cell properties"

    def touched_cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def _apply(self, scenario: Scenario) -> Edit:
        _check_cells(scenario, (self.cell,))
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
            _check_cells(scenario, tuple(self.cells))
            _check_side(scenario, self.side)
        old = scenario.setup_zones.get(self.side)
        if self.cells is None:
            scenario.setup_zones.pop(self.side, None)
        else:
            scenario.setup_zones[self.side] = frozenset(self.cells)
        return SetSetupZone(self.side, old)


@dataclass(frozen=True)
class Compound(Edit):
    """Several edits as one undo step; applies in order, undoes in reverse."""

    edits: tuple[Edit, ...]
    label: str = "Edit"
    scope: ClassVar[str] = "scenario"

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.label

    def touched_cells(self) -> tuple[int, ...]:
        return tuple(c for e in self.edits for c in e.touched_cells())

    def _apply(self, scenario: Scenario) -> Edit:
        inverses: list[Edit] = []
        try:
            for e in self.edits:
                inverses.append(e._apply(scenario))
        except Exception:
            # Leave the scenario as it was: an edit applies whole or not at all.
            for inv in reversed(inverses):
                inv._apply(scenario)
            raise
        return Compound(tuple(reversed(inverses)), self.label)


@dataclass(frozen=True)
class PieceEdits(Compound):
    """Several pieces changed as one undo step; views redraw the pieces only."""

    scope: ClassVar[str] = "pieces"

    def _apply(self, scenario: Scenario) -> Edit:
        inverse = super()._apply(scenario)
        return PieceEdits(inverse.edits, self.label)


def rename_area(scenario: Scenario, area_id: str, name: str) -> Edit:
    area = scenario.areas[area_id]
    return PutRecord("areas", area_id, Area(area.id, name, area.region, area.island, area.color, area.props))


def rename_region(scenario: Scenario, region_id: str, name: str) -> Edit:
    r = scenario.regions[region_id]
    return PutRecord("regions", region_id, Region(r.id, name, r.props))


def rename_island(scenario: Scenario, island_id: str, name: str) -> Edit:
    i = scenario.islands[island_id]
    return PutRecord("islands", island_id, Island(i.id, name, i.props))


def rename_feature(scenario: Scenario, index: int, name: str) -> Edit:
    """A named site (a Home Village, a Marae site…) under another name."""
    f = scenario.features[index]
    return ReplaceFeature(index, CellFeature(f.kind, f.cell, f.side, name, f.props))


def move_piece(scenario: Scenario, piece_id: str, cell: int | None) -> Edit:
    p = scenario.pieces[piece_id]
    return PutRecord("pieces", piece_id, Piece(p.id, p.kind, p.side, cell, p.count, p.name, p.props))


def remove_area(scenario: Scenario, area_id: str) -> Edit:
    """Delete an area and clear its cells, as one step."""
    cells = tuple(c for c, a in enumerate(scenario.cell_area) if a == area_id)
    return Compound((PaintArea(cells, (None,) * len(cells)), PutRecord("areas", area_id, None)), "Delete area")


__all__ = [
    "Edit", "EditError", "apply", "PaintTerrain", "PaintArea", "SetEdgeFeatures", "InsertFeature",
    "RemoveFeature", "PutRecord", "SetField", "SetCellProps", "SetSetupZone", "Compound", "PieceEdits",
    "rename_area", "move_piece", "remove_area", "ReplaceFeature", "rename_region", "rename_island",
    "rename_feature", "Region", "Island", "Side",
]
