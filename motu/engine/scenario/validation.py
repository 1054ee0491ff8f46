"""The validation framework: findings, their codes, and running validators.

A validator is a function (scenario, catalogue) → findings. Every code is
registered with one sentence that says what it means; docs/validation.md lists
them all and a test keeps the two in step.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .catalogue import Catalogue
from .model import EdgeKey, Scenario

SEVERITIES = ("error", "warning", "info")

CODES: dict[str, tuple[str, str]] = {}  # code → (severity, sentence)
SUPERSEDES: dict[str, set[str]] = {}  # code → the codes it says more precisely (one finding per fact)


def register_code(code: str, severity: str, sentence: str) -> str:
    if severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {SEVERITIES}")
    known = CODES.get(code)
    if known is not None and known != (severity, sentence):
        raise ValueError(f"validation code {code} registered twice with different meanings")
    CODES[code] = (severity, sentence)
    return code


def supersede(code: str, weaker: str) -> None:
    """A rule set's code says a common check's fact more precisely: where both find the same place, only
    `code` is reported (an area without a region is one finding, not an error and a warning)."""
    SUPERSEDES.setdefault(code, set()).add(weaker)


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    message: str
    cells: tuple[int, ...] = ()
    edges: tuple[EdgeKey, ...] = ()
    areas: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()  # the pieces it is about (the Forces dock marks them)
    # Where in the scenario's tables it is, when it is about one: the table's name, then the keys
    # and list indexes down to the entry (a Random Area Selection Table slot: name, "groups", 3,
    # "second", 3), so that a view can show the table, and the entry.
    table: tuple[str | int, ...] = ()
    # Where in the file it is, when it is about one value there: the keys and list indexes from
    # the document's top down to it (a region's prop: "regions", 0, "props", "marae_limit"), so
    # that a reader of the file can give its line and column.
    path: tuple[str | int, ...] = ()

    def to_json(self, scenario: Scenario) -> dict[str, Any]:
        label = scenario.grid.label
        out = {"code": self.code, "severity": self.severity, "message": self.message,
               "cells": [label(c) for c in self.cells], "areas": list(self.areas),
               "edges": [scenario.grid.edge_label(a, b) for a, b in self.edges], "pieces": list(self.pieces)}
        if self.table:
            out["table"] = list(self.table)
        if self.path:
            out["path"] = list(self.path)
        return out

    def where(self, scenario: Scenario) -> str:
        """The place a one-line report names: the record a value in the file belongs to (a
        region's property: the region), else the first cell, edge or area, else the table."""
        record = self.record(scenario)
        if record:
            return record
        if self.cells:
            return scenario.grid.label(self.cells[0])
        if self.edges:
            return scenario.grid.edge_label(*self.edges[0])
        if self.areas:
            return self.areas[0]
        if self.table:
            return f"{str(self.table[0]).replace('_', ' ').capitalize()} table"
        return "-"

    def record(self, scenario: Scenario) -> str:
        """The name of the island, region, area or side whose value in the file it is about, or ""."""
        return _record_name(scenario, self.path) if self.path else ""


def _record_name(scenario: Scenario, path: tuple) -> str:
    """The name of the island, region, area or side a document path leads into, or ""."""
    if len(path) < 2 or path[0] not in ("islands", "regions", "areas", "sides") or not isinstance(path[1], int):
        return ""
    records = list(getattr(scenario, str(path[0])).values())
    return records[path[1]].name if 0 <= path[1] < len(records) else ""


def finding(code: str, message: str, *, cells: Iterable[int] = (), edges: Iterable[EdgeKey] = (),
            areas: Iterable[str] = (), pieces: Iterable[str] = (), table: Iterable[str | int] = (),
            path: Iterable[str | int] = ()) -> Finding:
    """A finding of a registered code, with the code's own severity."""
    severity = CODES[code][0]
    return Finding(code, severity, message, tuple(cells), tuple(edges), tuple(areas), tuple(pieces), tuple(table),
                   tuple(path))


Validator = Callable[[Scenario, Catalogue], Iterable[Finding]]

_ORDER = {s: i for i, s in enumerate(SEVERITIES)}


def run_validators(scenario: Scenario, catalogue: Catalogue, validators: Iterable[Validator]) -> list[Finding]:
    found: list[Finding] = []
    for v in validators:
        found.extend(v(scenario, catalogue))
    places = {(w, f.cells, f.edges, f.areas) for f in found for w in SUPERSEDES.get(f.code, ())}
    if places:
        found = [f for f in found if (f.code, f.cells, f.edges, f.areas) not in places]
    found.sort(key=lambda f: (_ORDER[f.severity], f.code, f.cells[:1], f.areas[:1]))
    return found


def describe_cells(scenario: Scenario, cells: Iterable[int], limit: int = 6) -> str:
    cells = list(cells)
    text = ", ".join(scenario.grid.label(c) for c in cells[:limit])
    if len(cells) > limit:
        text += f" and {len(cells) - limit} more"
    return text
