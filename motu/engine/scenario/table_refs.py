"""Ids named in a scenario's tables: which tables name records, and changing what they name.

Scope: the tables whose structure is known (`KNOWN_TABLES`: the Random Area Selection Table names
areas) and the word that fills a slot whose record is gone (`BLANKS`: Roll again); replacing an
id wherever a value holds it (renaming, ids.py); and the tables as they must be when an area goes
(deleted, or merged into another: record_edits.py), so that every Edit that removes an area keeps
the tables right in the same undo step. Pure values: nothing here changes a scenario.
"""
from __future__ import annotations

from typing import Any

from .model import RECORD_COLLECTIONS, Scenario

# Tables whose structure is known: which collection their entries name. Other tables and
# `victory` are free-form: a string equal to an id is changed there only when no record of
# another kind has that id (otherwise it could mean either, and is left alone).
KNOWN_TABLES = {"random_area_selection": "areas"}
# What stands in a known table's slot when the record it named is gone: the Random Area
# Selection Table's "Roll again" (15.12), which may stand in any number of slots.
BLANKS = {"random_area_selection": "roll_again"}
NOT_REFERENCES = {"georeference"}  # tables that never name records


def replace_id(value: Any, old: str, new: str) -> Any:
    """`value` with every string (and mapping key) equal to `old` replaced by `new`; the same
    object when nothing changes, so untouched tables are not rewritten."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        items = [(replace_id(k, old, new), replace_id(v, old, new)) for k, v in value.items()]
        if all(k is k0 and v is v0 for (k, v), (k0, v0) in zip(items, value.items())):
            return value
        return dict(items)
    if isinstance(value, (list, tuple)):
        out = [replace_id(v, old, new) for v in value]
        if all(a is b for a, b in zip(out, value)):
            return value
        return type(value)(out)
    return value


def mentions(value: Any, rid: str) -> bool:
    """Whether `rid` is a value (or a mapping key) anywhere in `value`."""
    if isinstance(value, str):
        return value == rid
    if isinstance(value, dict):
        return any(mentions(k, rid) or mentions(v, rid) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(mentions(v, rid) for v in value)
    return False


def named_elsewhere(s: Scenario, collection: str, rid: str) -> bool:
    """Whether `rid` is also the id of a record of another kind: a free-form string equal to it
    could mean either, so renaming or merging leaves it alone."""
    return any(rid in getattr(s, c) for c in RECORD_COLLECTIONS if c != collection)


def free_form_renamed(tables: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The tables with `old` read as `new` in the free-form ones (not the known tables, whose
    entries name one kind of record, nor those that name none); untouched tables stay the same."""
    return {name: t if name in KNOWN_TABLES or name in NOT_REFERENCES else replace_id(t, old, new)
            for name, t in tables.items()}


def _fill_slots(value: Any, gone: str, fills: list[str]) -> Any:
    """`value` with the entries equal to `gone` (values only: keys are the table's own words)
    taken in order from `fills`, the last one repeating; the same object when nothing changes."""
    if isinstance(value, str):
        if value != gone:
            return value
        return fills.pop(0) if len(fills) > 1 else fills[0]
    if isinstance(value, dict):
        out = {k: _fill_slots(v, gone, fills) for k, v in value.items()}
        return value if all(out[k] is v for k, v in value.items()) else out
    if isinstance(value, (list, tuple)):
        items = [_fill_slots(v, gone, fills) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else type(value)(items)
    return value


def tables_without_area(tables: dict[str, Any], gone: str, heir: str | None = None) -> dict[str, Any]:
    """The scenario's tables once area `gone` is no more. In a known table naming areas, the
    slot that named `gone` goes to `heir` (the area it was merged into) when the table does not
    name the heir already — so the heir keeps one slot, as the table wants each area once — and
    otherwise (or with no heir: a deleted area) reads the table's blank (Roll again). Free-form
    tables are left alone (merge_areas changes them as a rename would). Untouched tables stay
    the same objects."""
    out = dict(tables)
    for name, table in tables.items():
        if KNOWN_TABLES.get(name) != "areas" or name not in BLANKS or not mentions(table, gone):
            continue
        fills = ([heir] if heir is not None and not mentions(table, heir) else []) + [BLANKS[name]]
        out[name] = _fill_slots(table, gone, fills)
    return out


__all__ = ["KNOWN_TABLES", "BLANKS", "NOT_REFERENCES", "free_form_renamed", "mentions", "named_elsewhere", "replace_id",
           "tables_without_area"]
