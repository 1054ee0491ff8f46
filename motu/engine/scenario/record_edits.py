"""Edits of a scenario's named records and whole fields: islands, regions, areas, sides, pieces; title, options.

Scope: adding, replacing and deleting a record in its place in order (a record may only name
things that exist, and one still named cannot go), replacing a whole scenario field, and the
usual record edits made from these: renaming, moving a piece, deleting areas with their cells, merging
areas into one (what named a deleted or merged area in the tables follows: table_refs.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .edit_base import Compound, Edit, EditError, check_cells, check_ids, check_side
from .map_edits import PaintArea
from .model import RECORD_COLLECTIONS, SCALAR_FIELDS, Area, Island, Piece, Region, Scenario, Side
from .table_refs import free_form_renamed, named_elsewhere, replace_id, tables_without_area

Record = Island | Region | Area | Side | Piece


def _check_references(scenario: Scenario, collection: str, record: object) -> None:
    """A record may only point at things that exist, so every scenario can be saved and read back."""
    if isinstance(record, Area):
        if record.region is not None and record.region not in scenario.regions:
            raise EditError(f"there is no region {record.region!r}")
        if record.island is not None and record.island not in scenario.islands:
            raise EditError(f"there is no island {record.island!r}")
    elif isinstance(record, Piece):
        check_ids(record.kind)
        check_side(scenario, record.side)
        if record.cell is not None:
            check_cells(scenario, (record.cell,))
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
        check_ids(self.id)
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
            from motu.engine.plugins import ruleset_ids
            if self.value not in ruleset_ids():
                raise EditError(f"unknown rule set {self.value!r}")
        old = getattr(scenario, self.name)
        setattr(scenario, self.name, self.value)
        return SetField(self.name, old)


def rename_area(scenario: Scenario, area_id: str, name: str) -> Edit:
    area = scenario.areas[area_id]
    return PutRecord("areas", area_id, Area(area.id, name, area.region, area.island, area.color, area.props))


def rename_region(scenario: Scenario, region_id: str, name: str) -> Edit:
    r = scenario.regions[region_id]
    return PutRecord("regions", region_id, Region(r.id, name, r.props))


def rename_island(scenario: Scenario, island_id: str, name: str) -> Edit:
    i = scenario.islands[island_id]
    return PutRecord("islands", island_id, Island(i.id, name, i.props))


def move_piece(scenario: Scenario, piece_id: str, cell: int | None) -> Edit:
    p = scenario.pieces[piece_id]
    return PutRecord("pieces", piece_id, Piece(p.id, p.kind, p.side, cell, p.count, p.name, p.props))


def remove_area(scenario: Scenario, area_id: str) -> Edit:
    """Delete an area and clear its cells, as one step."""
    return remove_areas(scenario, (area_id,))


def remove_areas(scenario: Scenario, area_ids: Iterable[str]) -> Edit:
    """Delete areas and clear their cells, as one step; a slot of the Random Area Selection
    Table that named one reads Roll again (table_refs.py), so the table names no area that is gone."""
    ids = list(dict.fromkeys(area_ids))
    gone = set(ids)
    cells = tuple(c for c, a in enumerate(scenario.cell_area) if a in gone)
    edits: list[Edit] = [PaintArea(cells, (None,) * len(cells))] if cells else []
    edits += [PutRecord("areas", a, None) for a in ids]
    tables = scenario.tables
    for a in ids:
        tables = tables_without_area(tables, a)
    if any(tables[k] is not v for k, v in scenario.tables.items()):
        edits.append(SetField("tables", tables))
    return Compound(tuple(edits), "Delete area")


def merge_areas(scenario: Scenario, keep: str, others: Iterable[str]) -> Edit:
    """Give every cell of the `others` to area `keep` and delete them, as one step. What named
    one of them names `keep` now: in the Random Area Selection Table its slot becomes `keep`'s
    when the table did not name `keep`, else Roll again (each area once, 15.12; table_refs.py);
    in free-form tables and victory the id becomes `keep`'s, as a rename would make it (unless
    the id is also another kind of record's, when it could mean either)."""
    ids = [a for a in dict.fromkeys(others) if a != keep]
    for a in (keep, *ids):
        if a not in scenario.areas:
            raise EditError(f"there is no area {a!r}")
    gone = set(ids)
    cells = tuple(c for c, a in enumerate(scenario.cell_area) if a in gone)
    edits: list[Edit] = [PaintArea(cells, (keep,) * len(cells))] if cells else []
    edits += [PutRecord("areas", a, None) for a in ids]
    tables, victory = scenario.tables, scenario.victory
    for a in ids:
        tables = tables_without_area(tables, a, keep)
        if not named_elsewhere(scenario, "areas", a):
            tables = free_form_renamed(tables, a, keep)
            victory = replace_id(victory, a, keep)
    if any(tables[k] is not v for k, v in scenario.tables.items()):
        edits.append(SetField("tables", tables))
    if victory is not scenario.victory:
        edits.append(SetField("victory", victory))
    return Compound(tuple(edits), "Merge areas")
