"""The typed properties of a scenario's records (islands, regions, areas, sides), checked.

Scope: the validator every rule set runs on the `props` of its records against its
catalogue's `record_props:` declarations (declarations.py): a value of the wrong type or
outside its limits is one finding (`RECORD_PROP_TYPE`), naming the record by its name, and
carrying its place in the file (`Finding.path`), so `motu validate` gives its line and column.
A property no declaration names is the designer's own and is kept as written, unchecked; a
rule set that reads one declares it (Tahiti: a region's `marae_limit`, 15.8).
"""
from __future__ import annotations

from typing import Iterable

from .catalogue import Catalogue
from .declarations import value_problem
from .model import Scenario
from .validation import Finding, finding, register_code

RECORD_PROP_TYPE = register_code("RECORD_PROP_TYPE", "error",
                                 "A region's, area's, island's or side's property has a value of the wrong type or "
                                 "outside its limits.")

WORD = {"islands": "island", "regions": "region", "areas": "area", "sides": "side"}


def check_record_props(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    for table, specs in cat.record_props.items():
        if not specs:
            continue
        for i, record in enumerate(getattr(s, table).values()):
            for prop, spec in specs.items():
                v = record.props.get(prop)
                if v is None:
                    continue
                why = value_problem(spec, v)
                if why is None:
                    continue
                rule = f" ({spec.rule})" if spec.rule[:1].isdigit() else ""
                areas = _areas_of(s, table, record.id)
                yield finding(RECORD_PROP_TYPE, f"{spec.text}{rule}: {WORD[table]} {record.name} has {prop} {v!r}; "
                              f"it {why}", areas=areas, path=(table, i, "props", prop))


def _areas_of(s: Scenario, table: str, rid: str) -> list[str]:
    """The areas a record covers, for a view to show where it is."""
    if table == "areas":
        return [rid]
    if table == "regions":
        return [a.id for a in s.areas.values() if a.region == rid]
    if table == "islands":
        return [a.id for a in s.areas.values() if a.island == rid]
    return []
