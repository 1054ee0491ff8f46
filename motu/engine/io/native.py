"""Motu's own scenario format, version 1: YAML with layers as rows of tokens.

`scenario_to_document` and `document_to_scenario` translate between the model
and plain data; `dumps`/`loads` add YAML, the schema and file positions. The
layout is documented in docs/format.md; motu/resources/schema/scenario-v1.schema.json
is the published JSON Schema, and loading checks it too.
"""
from __future__ import annotations

import gc
import os
import re
from contextlib import contextmanager
from dataclasses import MISSING, fields
from pathlib import Path as FsPath
from typing import Any, Iterator

import fastjsonschema

from motu.engine.board.grid import MAX_CELLS
from motu.engine.board.grids import Grid, GridError, grid_from_dict
from motu.engine.scenario.model import (
    Area, CellFeature, Island, Piece, Region, Scenario, Side, record_from_fields,
)

from .bounded import position
from .errors import LoadError
from .migrations import migrate
from .native_schema import check_document
from .native_write import NO_AREA, scenario_to_document  # noqa: F401  (scenario_to_document: callers import it from here)
from .schema_check import extra_key, reason, steps
from .safe_yaml import load_yaml
from .yaml_dump import dump_yaml
from .yaml_locate import locate



class FormatError(Exception):
    """A problem at a place in the document: `path` of keys and indexes, optional column offset."""

    def __init__(self, path: tuple[Any, ...], message: str, offset: int | None = None, key: bool = False):
        super().__init__(message)
        self.path = path
        self.message = message
        self.offset = offset
        self.key = key


# --- reading -----------------------------------------------------------------------

# Every field of a Piece with its default (None where it has none, or a fresh {} is made).
_PIECE_FIELDS = {f.name: None if f.default is MISSING else f.default for f in fields(Piece)}


def _parse_cell(grid: Grid, value: Any, path: tuple[Any, ...]) -> int:
    if type(value) is str:  # nearly always: only a label of the wrong type needs the checks below
        try:
            return grid.parse_label(value)
        except GridError as exc:
            raise FormatError(path, str(exc)) from None
    if isinstance(value, int) and not isinstance(value, bool) and grid.labels_need_quotes:
        raise FormatError(path, f"hex label {value} must be quoted ('{value:04d}'), or YAML reads it as a number")
    try:
        return grid.parse_label(str(value))
    except GridError as exc:
        raise FormatError(path, str(exc)) from None


def _read_layer(grid: Grid, layer: dict[str, Any], path: tuple[Any, ...], none_token: str | None) -> tuple[list[Any], dict[str, Any]]:
    legend: dict[str, Any] = {str(k): v for k, v in layer["legend"].items()}
    for tok in legend:
        if not tok or any(ch.isspace() for ch in tok) or tok == none_token:
            raise FormatError(path + ("legend", tok), f"legend token {tok!r} must be a word without spaces"
                              + (f" and not {none_token!r}" if none_token else ""), key=True)
    values = list(legend.values())
    if len(set(map(str, values))) != len(values):
        raise FormatError(path + ("legend",), "two legend tokens stand for the same thing")
    lookup: dict[str, Any] = dict(legend)
    if none_token is not None:
        lookup[none_token] = None
    rows = layer["rows"]
    width, expected_rows = grid.text_layout()
    if len(rows) != expected_rows:
        raise FormatError(path + ("rows",), f"layer has {len(rows)} rows; the grid has {expected_rows}")
    out: list[Any] = []
    for r, row in enumerate(rows):
        tokens = row.split()
        if len(tokens) != width:
            raise FormatError(path + ("rows", r), f"row {r + 1} has {len(tokens)} tokens; the grid has {width} columns")
        try:
            out.extend([lookup[t] for t in tokens])
        except KeyError:
            bad = next(t for t in tokens if t not in lookup)
            raise FormatError(path + ("rows", r), f"token {bad!r} is not in the legend", offset=_token_offset(row, tokens, bad)) from None
    return out, legend


def _token_offset(row: str, tokens: list[str], bad: str) -> int:
    pos = 0
    for t in tokens:
        pos = row.index(t, pos)
        if t == bad:
            return pos
        pos += len(t)
    return 0


def _props(d: dict[str, Any]) -> dict[str, Any]:
    return dict(d.get("props") or {})


def _unique(items: list[dict[str, Any]], what: str, path: tuple[Any, ...]) -> None:
    ids = [it["id"] for it in items]
    if len(set(ids)) == len(ids):
        return
    seen: set[str] = set()
    for i, it in enumerate(items):
        if it["id"] in seen:
            raise FormatError(path + (i, "id"), f"{what} id {it['id']!r} is used twice")
        seen.add(it["id"])


def document_to_scenario(doc: Any, near: str | None = None) -> Scenario:
    """Build a Scenario from a plain document; FormatError says where it is wrong. `near`, the
    scenario's folder, is where a designer's rule set it names may stand (`rulesets/<id>/`)."""
    if not isinstance(doc, dict):
        raise FormatError((), "a scenario file is a YAML mapping with 'motu: 1', 'ruleset' and 'map'")
    doc = migrate(doc)
    try:
        plain_pieces = check_document(doc)
    except fastjsonschema.JsonSchemaValueException as exc:
        where = steps(doc, list(exc.path or []))
        message = reason(exc)
        extra = extra_key(exc)
        if extra is not None:  # point at the key that should not be there, not at its mapping
            raise FormatError(where + (extra,), message, key=True) from None
        if where == ("map", "grid") and isinstance(exc.value, dict):
            try:  # the grid's own words say more than "valid exactly by one definition"
                grid_from_dict(exc.value)
            except (GridError, KeyError, TypeError, ValueError) as grid_exc:
                raise FormatError(where, f"map.grid: {grid_exc}") from None
        raise FormatError(where, message) from None

    from motu.engine.plugins import known_ids, ruleset_ids
    known = ruleset_ids()
    if doc["ruleset"] not in known and doc["ruleset"] not in known_ids(near):
        raise FormatError(("ruleset",), f"unknown rule set {doc['ruleset']!r} (known: {', '.join(known)})")

    m = doc["map"]
    try:
        grid = grid_from_dict(m["grid"])
    except GridError as exc:
        raise FormatError(("map", "grid"), str(exc)) from None
    terrain, t_legend = _read_layer(grid, m["terrain"], ("map", "terrain"), None)
    if "areas" in m:
        cell_area, a_legend = _read_layer(grid, m["areas"], ("map", "areas"), NO_AREA)
    else:
        cell_area, a_legend = [None] * grid.size, {}

    for name in ("islands", "regions", "areas", "sides", "pieces"):
        _unique(doc.get(name, []), name[:-1], (name,))
    islands = {d["id"]: Island(d["id"], d.get("name", d["id"]), _props(d)) for d in doc.get("islands", [])}
    regions = {d["id"]: Region(d["id"], d.get("name", d["id"]), _props(d)) for d in doc.get("regions", [])}
    areas: dict[str, Area] = {}
    for i, d in enumerate(doc.get("areas", [])):
        if d.get("region") is not None and d["region"] not in regions:
            raise FormatError(("areas", i, "region"), f"area {d['id']!r} names region {d['region']!r}, which is not in 'regions'")
        if d.get("island") is not None and d["island"] not in islands:
            raise FormatError(("areas", i, "island"), f"area {d['id']!r} names island {d['island']!r}, which is not in 'islands'")
        areas[d["id"]] = Area(d["id"], d.get("name", d["id"]), d.get("region"), d.get("island"), d.get("color"), _props(d))
    for tok, area_id in a_legend.items():
        if area_id not in areas:
            raise FormatError(("map", "areas", "legend", tok), f"legend names area {area_id!r}, which is not in 'areas'")
    sides = {d["id"]: Side(d["id"], d.get("name", d["id"]), d.get("color"), _props(d)) for d in doc.get("sides", [])}

    def side_ref(value: Any, path: tuple[Any, ...]) -> str | None:
        if value is not None and value not in sides:
            raise FormatError(path, f"side {value!r} is not in 'sides'")
        return value

    edges: dict[tuple[int, int], tuple[str, ...]] = {}
    for feat, items in (m.get("edges") or {}).items():
        for j, text in enumerate(items):
            try:
                key = grid.parse_edge(str(text))
            except GridError as exc:
                raise FormatError(("map", "edges", feat, j), str(exc)) from None
            edges[key] = tuple(sorted(set(edges.get(key, ()) + (feat,))))
    features = []
    for i, d in enumerate(m.get("features") or []):
        cell = _parse_cell(grid, d["cell"], ("map", "features", i, "cell"))
        features.append(CellFeature(d["kind"], cell, side_ref(d.get("side"), ("map", "features", i, "side")),
                                    d.get("name", ""), _props(d)))
    cell_props: dict[int, dict[str, Any]] = {}
    for label, props in (m.get("cells") or {}).items():
        cell_props[_parse_cell(grid, label, ("map", "cells", label))] = dict(props)
    pieces: dict[str, Piece] = {}
    parse_label = grid.parse_label
    if plain_pieces:  # the bulk of a big scenario: every key and type already checked (native_schema)
        base = _PIECE_FIELDS
        for i, d in enumerate(doc["pieces"]):
            a = {**base, **d}
            cell = a["cell"]
            if cell is not None:
                try:
                    a["cell"] = parse_label(cell) if type(cell) is str else _parse_cell(grid, cell, ("pieces", i, "cell"))
                except GridError:
                    _parse_cell(grid, cell, ("pieces", i, "cell"))  # raises, saying where
            side = a["side"]
            if side is not None and side not in sides:
                side_ref(side, ("pieces", i, "side"))
            props = a["props"]
            a["props"] = dict(props) if props else {}
            pieces[a["id"]] = record_from_fields(Piece, a)
    else:
        for i, d in enumerate(doc.get("pieces", [])):
            cell = d.get("cell")
            if cell is not None:
                if type(cell) is str:
                    try:
                        cell = parse_label(cell)
                    except GridError:
                        cell = _parse_cell(grid, cell, ("pieces", i, "cell"))
                else:
                    cell = _parse_cell(grid, cell, ("pieces", i, "cell"))
            side = d.get("side")
            if side is not None and side not in sides:
                side_ref(side, ("pieces", i, "side"))
            props = d.get("props")
            pieces[d["id"]] = Piece(d["id"], d["kind"], side, cell, int(d.get("count", 1)), d.get("name", ""),
                                    dict(props) if props else {})
    setup: dict[str, frozenset[int]] = {}
    for side, cells in (doc.get("setup") or {}).items():
        side_ref(side, ("setup", side))
        setup[side] = frozenset(_parse_cell(grid, c, ("setup", side, j)) for j, c in enumerate(cells))

    return Scenario(
        ruleset=doc["ruleset"], grid=grid, terrain=terrain, cell_area=cell_area,
        title=doc.get("title", ""), briefing=doc.get("briefing", ""), options=dict(doc.get("options") or {}),
        islands=islands, regions=regions, areas=areas, edges=edges, features=features, cell_props=cell_props,
        sides=sides, pieces=pieces, setup_zones=setup, victory=dict(doc.get("victory") or {}),
        tables=dict(doc.get("tables") or {}),
        terrain_tokens={v: k for k, v in t_legend.items()}, area_tokens={v: k for k, v in a_legend.items()},
    )


HEADER = "# Motu scenario, format 1 (docs/format.md)\n"


def dumps(scenario: Scenario, path: str | FsPath | None = None, modeline: str | None = None) -> str:
    """The scenario as text. Saved to `path`, it starts with the schema modeline
    (modeline.py): `modeline` (a user's own, read when the file was opened) or the one the
    file at `path` has, else Motu's; without a path (snapshots, playtests), no modeline."""
    from .modeline import modeline_for
    head = HEADER if path is None and modeline is None else modeline_for(path, modeline) + "\n" + HEADER
    return head + dump_yaml(scenario_to_document(scenario))


def loads(text: str, source: str = "<scenario>") -> Scenario:
    """Parse scenario text; every problem is one LoadError with file, line and column."""
    with _gc_paused():
        try:
            return _loads(text, source)
        except LoadError as exc:
            # Raised afresh below, without the traceback whose frames hold the half-read document:
            # freed here, before the collector is back, that document costs nothing to collect.
            refusal = LoadError(exc.message, exc.source, exc.line, exc.column, exc.path)
    raise refusal


@contextmanager
def _gc_paused() -> Iterator[None]:
    # A big scenario is hundreds of thousands of new objects and no cycles: the cycle collector,
    # run every few hundred of them over an ever larger heap, would cost a sixth of the load.
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# The map's grid as Motu writes it, `grid: {shape: hex, ..., columns: 40, rows: 30}`, or a mapping
# of the same keys on the lines below `grid:`.
_GRID_KEY = re.compile(r"^[ \t]*grid:", re.M)
_GRID_SIZE = re.compile(r"\b(columns|rows):[ \t]*([0-9]{1,12})\b")


def _refuse_too_many_cells(text: str, source: str) -> None:
    """A grid of more than MAX_CELLS cells, refused from its own line before the text is parsed
    (a 4M-cell file takes seconds to parse and a gigabyte to check); a grid written otherwise
    is refused when it is built."""
    m = _GRID_KEY.search(text)
    if m is None:
        return
    size = dict((k, int(v)) for k, v in _GRID_SIZE.findall(text, m.end(), m.end() + 400))
    if size.get("columns", 0) * size.get("rows", 0) > MAX_CELLS:
        line, col = position(text, m.start() + len(m.group(0)) - len("grid:"))
        raise LoadError(f"a {size['columns']}x{size['rows']} grid has more than {MAX_CELLS:,} cells, "
                        "the most a Motu map may have", source, line, col)


def _loads(text: str, source: str) -> Scenario:
    _refuse_too_many_cells(text, source)
    places: dict[int, tuple[int, int, int, int]] = {}
    doc = load_yaml(text, source, places)
    near = os.path.dirname(os.path.abspath(source)) if os.path.isfile(source) else None
    try:
        return document_to_scenario(doc, near)
    except FormatError as exc:
        pos = locate(text, exc.path, key=exc.key, offset=exc.offset, doc=doc, places=places)
        line, col = pos if pos else (None, None)
        raise LoadError(exc.message, source, line, col) from None
    except LoadError:
        raise
    except RecursionError:
        raise LoadError("the document nests too deeply", source) from None
    except Exception as exc:  # a shape the schema let through but the model cannot take
        raise LoadError(f"cannot read the scenario: {exc}", source) from None


def load_path(path: str | FsPath) -> Scenario:
    from .safe_yaml import read_text
    p = str(path)
    return loads(read_text(p), p)


def places_in_file(path: str | FsPath, paths: list[tuple]) -> list[tuple[int, int] | None]:
    """(line, column), 1-based, of each document path (a validation finding's `Finding.path`) in
    the scenario file at `path`; None where the file does not hold it or cannot be read again."""
    from .safe_yaml import read_text
    try:
        text = read_text(str(path))
        places: dict[int, tuple[int, int, int, int]] = {}
        doc = load_yaml(text, str(path), places)
    except (LoadError, OSError):
        return [None] * len(paths)
    return [locate(text, tuple(q), doc=doc, places=places) if q else None for q in paths]
