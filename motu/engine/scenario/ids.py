"""Ids that follow names, and renaming an id everywhere it is used, as one Edit.

Scope: `id_from_name` turns a designer's name ("Mo'orea", "Te Porionu'u", "Maeva") into a valid,
unused id (`moorea`, `te_porionuu`, `maeva`); `rename_id` changes the id of an island, region,
area, side or piece and every reference to it — cells of an area, areas of a region or island,
pieces and features of a side, set-up zones, the Random Area Selection Table, other tables,
victory, and props that name it — in one undoable Edit (a Compound of the ordinary Edits, so
undo puts back every byte).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Iterable

from .edits import (
    Compound, Edit, EditError, InsertFeature, PaintArea, PutRecord, RemoveFeature, SetField,
)
from .model import RECORD_COLLECTIONS, Scenario, is_ident
from .table_refs import KNOWN_TABLES, NOT_REFERENCES, named_elsewhere, replace_id as _replace

MAX_ID = 64


def id_from_name(name: str, taken: Iterable[str] = (), fallback: str = "id") -> str:
    """A valid id made from a name: letters without accents, lower case, words joined by
    underscores, apostrophes and glottal stops dropped (Mo'orea -> moorea); unique among
    `taken` by a numeric suffix (faaa, faaa_2, ...)."""
    text = unicodedata.normalize("NFKD", str(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"['\u2018\u2019\u02bb\u02bc`]", "", text.lower())
    base = re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:MAX_ID - 4].rstrip("_") or fallback
    return unique_id(base, taken)


def unique_id(base: str, taken: Iterable[str]) -> str:
    taken = set(taken)
    out, n = base, 2
    while out in taken:
        out, n = f"{base}_{n}", n + 1
    return out


def left_alone(s: Scenario, collection: str, old: str) -> list[str]:
    """Free-form places (tables, victory) that hold the string `old` but that rename_id leaves,
    because `old` is also the id of a record of another kind: the designer should look."""
    if not named_elsewhere(s, collection, old):
        return []
    out = [f"tables.{name}" for name, t in s.tables.items()
           if name not in NOT_REFERENCES and name not in KNOWN_TABLES and _replace(t, old, old + "\0") is not t]
    if _replace(s.victory, old, old + "\0") is not s.victory:
        out.append("victory")
    return out


def _renamed_tables(s: Scenario, collection: str, old: str, new: str) -> dict[str, Any]:
    free = not named_elsewhere(s, collection, old)
    out = {}
    for name, table in s.tables.items():
        kind = KNOWN_TABLES.get(name)
        if name in NOT_REFERENCES or (kind is None and not free) or (kind is not None and kind != collection):
            out[name] = table
        else:
            out[name] = _replace(table, old, new)
    return out


def rename_id(s: Scenario, collection: str, old: str, new: str) -> Edit:
    """One Edit renaming record `old` of `collection` to `new` with all its references."""
    if collection not in RECORD_COLLECTIONS:
        raise EditError(f"no collection {collection!r}")
    table: dict[str, Any] = getattr(s, collection)
    what = collection[:-1]
    if old not in table:
        raise EditError(f"there is no {what} {old!r}")
    if not is_ident(new):
        raise EditError(f"{new!r} is not a valid id (letters, digits, _ . : ' -; at most 64)")
    if new == old:
        return Compound((), f"Rename {what}")
    if new in table:
        raise EditError(f"there is already {'an' if what[0] in 'aeiou' else 'a'} {what} {new!r}")
    free = not named_elsewhere(s, collection, old)
    rec = _with(table[old], id=new)
    if collection == "pieces" and free:
        rec = _with(rec, props=_replace(rec.props, old, new))
    edits: list[Edit] = [PutRecord(collection, new, rec, list(table).index(old))]
    if collection == "areas":
        cells = tuple(c for c, a in enumerate(s.cell_area) if a == old)
        if cells:
            edits.append(PaintArea(cells, (new,) * len(cells)))
        if old in s.area_tokens:
            edits.append(RenameKey("area_tokens", old, new))
    elif collection in ("regions", "islands"):
        field = collection[:-1]
        edits += [PutRecord("areas", a.id, _with(a, **{field: new})) for a in s.areas.values()
                  if getattr(a, field) == old]
    for p in s.pieces.values():  # a side's pieces; props naming the record (a Fern unit's leader, ...)
        if collection == "pieces" and p.id == old:
            continue
        q = _with(p, side=new) if collection == "sides" and p.side == old else p
        props = _replace(q.props, old, new) if free else q.props
        q = q if props is q.props else _with(q, props=props)
        if q is not p:
            edits.append(PutRecord("pieces", p.id, q))
    for i, f in enumerate(s.features):
        g = _with(f, side=new) if collection == "sides" and f.side == old else f
        props = _replace(g.props, old, new) if free else g.props
        g = g if props is g.props else _with(g, props=props)
        if g is not f:
            edits += [RemoveFeature(i), InsertFeature(i, g)]
    if collection == "sides" and old in s.setup_zones:
        edits.append(RenameKey("setup_zones", old, new))
    edits.append(PutRecord(collection, old, None))
    tables = _renamed_tables(s, collection, old, new)
    if any(tables[k] is not v for k, v in s.tables.items()):
        edits.append(SetField("tables", tables))
    if free:
        victory = _replace(s.victory, old, new)
        if victory is not s.victory:
            edits.append(SetField("victory", victory))
    return Compound(tuple(edits), f"Rename {what} {old} to {new}")


def _with(record: Any, **changes: Any) -> Any:
    return replace(record, **changes)


@dataclass(frozen=True)
class RenameKey(Edit):
    """A key of the scenario's `area_tokens` (presentation: an area keeps its letter in the file)
    or `setup_zones` (a side's zone) renamed in place, keeping its position among the others."""

    field: str
    old: str
    new: str
    text: ClassVar[str] = "Rename"

    @property
    def scope(self) -> str:  # type: ignore[override]
        return "areas" if self.field == "area_tokens" else "zones"

    def _apply(self, scenario: Scenario) -> Edit:
        if self.field not in ("area_tokens", "setup_zones"):
            raise EditError(f"no scenario field {self.field!r} keyed by ids")
        table = getattr(scenario, self.field)
        if self.old not in table or self.new in table:
            raise EditError(f"cannot move {self.field} {self.old!r} to {self.new!r}")
        setattr(scenario, self.field, {self.new if k == self.old else k: v for k, v in table.items()})
        return RenameKey(self.field, self.new, self.old)


def rename(s: Scenario, collection: str, old: str, new_id: str | None = None, name: str | None = None) -> Edit:
    """One Edit giving a record a new name (when `name`) and the id `new_id` (default: the id
    the name makes), every reference updated: what renaming an area in the editor does."""
    table = getattr(s, collection, None)
    if table is None or old not in table:
        raise EditError(f"there is no {collection[:-1]} {old!r}")
    first: list[Edit] = []
    work = s
    if name is not None and name != table[old].name:
        first.append(PutRecord(collection, old, _with(table[old], name=name)))
        work = s.copy()
        first[0].apply(work)
    if new_id is None:
        new_id = id_from_name(getattr(work, collection)[old].name, set(table) - {old}, fallback=collection[:-1])
    second = rename_id(work, collection, old, new_id)
    return Compound(tuple(first) + (second,), second.text)


def ids_from_names(s: Scenario, collections: Iterable[str] = ("islands", "regions", "areas")) -> Edit:
    """One Edit giving every island, region and area the id its name makes, where it differs
    (Maeva's `area1` becomes `maeva`)."""
    edits: list[Edit] = []
    work = s.copy()
    for collection in collections:
        for rid in list(getattr(work, collection)):
            rec = getattr(work, collection)[rid]
            others = set(getattr(work, collection)) - {rid}
            want = id_from_name(rec.name, others, fallback=collection[:-1])
            if want != rid:
                e = rename_id(work, collection, rid, want)
                e.apply(work)
                edits.append(e)
    return Compound(tuple(edits), "Ids from names")


__all__ = ["id_from_name", "unique_id", "rename_id", "rename", "left_alone", "ids_from_names", "RenameKey", "KNOWN_TABLES"]
