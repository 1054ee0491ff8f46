"""`motu map`: resize a map, add an island from its coastline, merge another map, rename ids.

Scope: the sub-commands' arguments and output; the island options they share with `motu import`
are island_cli.py (re-exported here, where `motu import` has found them). Each operation is one Edit
(motu/engine/scenario/map_ops.py, motu/engine/scenario/ids.py; the island draft is
motu/engine/io/coastline.py), applied and saved: to FILE itself unless --out names another file.
"""
from __future__ import annotations

import argparse
import os
from typing import Any

from motu.engine.io.registry import save_scenario
from motu.engine.scenario.edits import EditError

from .common import EXIT_OK, EXPORT_ENDINGS, UsageError, scenario_out
from .common import emit as _emit
from .common import load as _load
from .island_cli import (
    distance, draft_summary, import_island, island_import_wanted, island_options, island_plan, plain_margin, to_km,
)


# --- motu map ...  ---------------------------------------------------------------------------------

def _out(args: argparse.Namespace) -> str:
    """Where the changed map goes: FILE itself, or --out (checked as every scenario output is)."""
    if not args.out or os.path.abspath(args.out) == os.path.abspath(args.file):
        ending = os.path.splitext(args.file)[1].lower()
        if ending in EXPORT_ENDINGS:  # a Tiled map read in: writing the scenario back would replace it with YAML
            raise UsageError(f"{args.file}: give --out OUT.yaml; the changed map is a scenario, not a {ending} file")
        return args.file
    return scenario_out(args.out, args.force)


def _at(s: Any, label: str) -> int:
    """--at CELL: a cell of the map."""
    try:
        return s.grid.parse_label(label)
    except ValueError as exc:
        raise UsageError(f"--at {label}: {exc}") from None


def _offset(text: str) -> tuple[int, int]:
    """--offset COLUMNS,ROWS: two whole numbers, either may be negative."""
    parts = text.split(",")
    try:
        dcol, drow = (int(p) for p in parts)
    except ValueError:
        raise UsageError(f"--offset {text!r} should be COLUMNS,ROWS, two whole numbers, as 3,-2") from None
    return dcol, drow


def _save(s: Any, out: str) -> None:
    try:
        save_scenario(s, out, "motu")
    except OSError as exc:
        raise UsageError(f"{out}: cannot write: {exc.strerror or exc}") from None


def _apply(s: Any, edit: Any) -> None:
    try:
        edit.apply(s)
    except EditError as exc:
        raise UsageError(str(exc)) from None


def _default_terrain(s: Any) -> str:
    """What new cells of a grown map are: the rule set's default terrain (open sea for Tahiti)."""
    from motu.engine.rules.registry import get_ruleset
    return get_ruleset(s.ruleset).catalogue.default_terrain


def _grid(s: Any) -> dict[str, int]:
    return {"columns": s.grid.columns, "rows": s.grid.rows}


def cmd_resize(args: argparse.Namespace) -> int:
    from motu.engine.scenario.map_ops import resize_map
    s = _load(args.file)
    out = _out(args)
    before = (s.grid.columns, s.grid.rows)
    try:
        edit = resize_map(s, args.west, args.north, args.east, args.south, _default_terrain(s))
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    _apply(s, edit)
    _save(s, out)
    _emit(args, {"file": out, "grid": _grid(s), "was": {"columns": before[0], "rows": before[1]}},
          f"{out}: {before[0]}x{before[1]} -> {s.grid.columns}x{s.grid.rows}")
    return EXIT_OK


def cmd_add_island(args: argparse.Namespace) -> int:
    from motu.engine.io.coastline import DraftError, add_island, recipe
    from motu.engine.scenario.georef import Georef
    if args.rast_die is not None and not 1 <= args.rast_die <= 6:
        raise UsageError(f"--rast-die {args.rast_die}: a die roll, 1 to 6")
    s = _load(args.file)
    if not os.path.exists(args.coast):
        raise UsageError(f"{args.coast}: no such file")
    out = _out(args)
    rec = recipe(s.ruleset)
    if rec is None:
        raise UsageError(f"{args.file}: its rule set ({s.ruleset}) has no island recipe")
    g = Georef.of(s)
    across = g.km_per_unit * s.grid.across if g else rec.hex_km
    plan = island_plan(args, args.coast, across, s.ruleset)
    at = _at(s, args.at) if args.at else None
    before = (s.grid.columns, s.grid.rows)
    try:
        edit, draft = add_island(s, plan, at, to_km(args.margin, across, "hex", "--margin") if args.margin else None)
    except (DraftError, EditError) as exc:
        raise UsageError(f"{args.coast}: {exc}") from None
    if args.rast_die is not None:
        from motu.engine.scenario.edits import Compound
        work = s.copy()
        edit.apply(work)
        new_areas = [r.id for c, r in draft.patch.records if c == "areas"]
        edit = Compound((edit, rast_group(work, args.rast_die, new_areas)), edit.text)
    _apply(s, edit)
    _save(s, out)
    grown = "" if before == (s.grid.columns, s.grid.rows) else f"; the map grew to {s.grid.columns}x{s.grid.rows}"
    _emit(args, {"file": out, "island": plan.name, "grid": _grid(s), **draft.summary},
          f"{out}: added {plan.name}: {draft_summary(draft.summary)}{grown}")
    return EXIT_OK


def cmd_merge(args: argparse.Namespace) -> int:
    from motu.engine.scenario.map_ops import merge_map, offset_between
    s = _load(args.file)
    other = _load(args.other)
    out = _out(args)
    if other.ruleset != s.ruleset:  # said here, where the rule sets' names are known
        from motu.engine.rules.registry import get_ruleset
        raise UsageError(f"{args.other}: a {get_ruleset(other.ruleset).name} map cannot be merged into a "
                         f"{get_ruleset(s.ruleset).name} map")
    if args.offset and args.at:
        raise UsageError("give --offset or --at, not both")
    if args.offset:
        dcol, drow = _offset(args.offset)
    elif args.at:
        dcol, drow = s.grid.col_row(_at(s, args.at))
    else:
        try:
            dcol, drow = offset_between(s, other)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    try:
        edit, renames = merge_map(s, other, dcol, drow, _default_terrain(s))
    except EditError as exc:
        raise UsageError(str(exc)) from None
    _apply(s, edit)
    _save(s, out)
    text = [f"{coll[:-1]} {old} is now {new}" for (coll, old), new in renames.items()]
    _emit(args, {"file": out, "grid": _grid(s), "offset": [dcol, drow],
                 "renamed": [{"kind": c[:-1], "from": o, "to": n} for (c, o), n in renames.items()]},
          f"{out}: merged {args.other} at offset {dcol},{drow}; {s.grid.columns}x{s.grid.rows}"
          + (f"; {'; '.join(text)}" if text else ""))
    return EXIT_OK


def cmd_rename(args: argparse.Namespace) -> int:
    from motu.engine.scenario.ids import id_from_name, ids_from_names, left_alone, rename
    from motu.engine.scenario.model import RECORD_COLLECTIONS
    s = _load(args.file)
    out = _out(args)
    if args.old is None:
        edit = ids_from_names(s, [args.kind] if args.kind else ["islands", "areas"])
        _apply(s, edit)
        _save(s, out)
        done = [e.text for e in edit.edits]
        _emit(args, {"file": out, "renamed": done}, f"{out}: " + ("; ".join(done) if done else "every id follows its name"))
        return EXIT_OK
    kinds = [args.kind] if args.kind else [c for c in RECORD_COLLECTIONS if args.old in getattr(s, c)]
    if not kinds or args.old not in getattr(s, kinds[0]):
        raise UsageError(f"{args.file}: no {args.kind[:-1] if args.kind else 'island, region, area, side or piece'} "
                         f"has the id {args.old!r}")
    if len(kinds) > 1:
        raise UsageError(f"{args.old!r} is the id of {' and of '.join(_a(k[:-1]) for k in kinds)}: say which with --kind")
    kind = kinds[0]
    table = getattr(s, kind)
    if args.name and not hasattr(table[args.old], "name"):
        raise UsageError(f"a {kind[:-1]} has no name")
    name = args.name or getattr(table[args.old], "name", "") or args.old
    new = args.new or id_from_name(name, set(table) - {args.old}, fallback=kind[:-1])
    if new == args.old and not args.name:
        _emit(args, {"file": args.file, "kind": kind[:-1], "from": args.old, "to": new},
              f"{args.file}: {kind[:-1]} {args.old} already has the id its name makes")
        return EXIT_OK
    try:
        edit = rename(s, kind, args.old, new, args.name)
    except EditError as exc:
        raise UsageError(str(exc)) from None
    unsure = left_alone(s, kind, args.old)
    _apply(s, edit)
    _save(s, out)
    named = f" ({args.name})" if args.name else ""
    if new == args.old:  # the name changed, and the id it makes is the one it has
        text = f"{out}: {kind[:-1]} {args.old} is named {args.name}; its id stays {new}"
    else:
        text = f"{out}: {kind[:-1]} {args.old} is now {new}{named}"
    note = (f"; {', '.join(unsure)} may name {args.old!r}, also the id of another kind of record: not changed "
            "there, check them") if unsure else ""
    _emit(args, {"file": out, "kind": kind[:-1], "from": args.old, "to": new, "name": name, "not_changed": unsure},
          text + note)
    return EXIT_OK


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def rast_group(s: Any, die: int, areas: list[str]) -> Any:
    """The Edit giving `areas` (at most six; roll again fills the rest) the first die's `die`
    in the Random Area Selection Table (docs/rules/tahiti.md), taken from the group that holds
    it, which keeps its other results (as Mo'orea takes the seed's 6 from the 5-6 group)."""
    from motu.engine.scenario.edits import SetField
    if not 1 <= die <= 6:
        raise UsageError(f"--rast-die {die}: a die roll, 1 to 6")
    if len(areas) > 6:
        raise UsageError(f"{len(areas)} areas do not fit one group of the Random Area Selection Table (six)")
    table = s.tables.get("random_area_selection")
    if not isinstance(table, dict) or not isinstance(table.get("groups"), list):
        raise UsageError("the map has no Random Area Selection Table (tables.random_area_selection) to extend")
    groups = []
    for g in table["groups"]:
        first = g.get("first") if isinstance(g, dict) else None
        if isinstance(first, list) and die in first:
            if len(first) == 1:
                raise UsageError(f"the first die's {die} is a group of its own already: pick a result of a group "
                                 "of two or more")
            g = {**g, "first": [d for d in first if d != die]}
        groups.append(g)
    groups.append({"first": [die], "second": list(areas) + ["roll_again"] * (6 - len(areas))})
    return SetField("tables", {**s.tables, "random_area_selection": {**table, "groups": groups}})


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    sp = sub.add_parser("map", parents=[common], help="map operations: resize, add an island, merge a map, rename ids")
    ms = sp.add_subparsers(dest="map_command", metavar="OPERATION", required=True)

    def op(name: str, helptext: str) -> argparse.ArgumentParser:
        p = ms.add_parser(name, parents=[common], help=helptext)
        p.add_argument("file", metavar="FILE")
        return p

    def outputs(p: argparse.ArgumentParser) -> None:
        p.add_argument("--out", "-o", metavar="OUT.yaml", help="write here instead of back to FILE")
        p.add_argument("--force", action="store_true", help="replace an existing OUT")

    p = op("resize", "add (or, negative, remove) columns and rows on any side; everything moves with its hex")
    for side, what in (("west", "columns"), ("north", "rows"), ("east", "columns"), ("south", "rows")):
        p.add_argument(f"--{side}", type=int, default=0, metavar="N", help=f"{what} to add on the {side} (negative: remove)")
    outputs(p)
    p.set_defaults(func=cmd_resize)

    p = op("add-island", "draft an island from its coastline (GeoJSON) on the map, growing the map to fit")
    p.add_argument("coast", metavar="COAST.geojson")
    p.add_argument("--at", metavar="CELL", help="put the island's centre on this hex (default: its real place, "
                                               "by the map's georeference)")
    island_options(p, new_map=False)
    p.add_argument("--rast-die", type=int, metavar="N", help="Tahiti: give the island's areas the first die's N in the "
                                                            "Random Area Selection Table, taken from the group holding it")
    outputs(p)
    p.set_defaults(func=cmd_add_island)

    p = op("merge", "lay another scenario's map on this one, renaming ids that clash")
    p.add_argument("other", metavar="OTHER.yaml")
    p.add_argument("--offset", metavar="COLUMNS,ROWS", help="where OTHER's first hex goes, in columns and rows "
                                                            "from this map's first (negative: the map grows west or north)")
    p.add_argument("--at", metavar="CELL", help="the hex of this map where OTHER's first hex goes")
    outputs(p)
    p.set_defaults(func=cmd_merge)

    p = op("rename", "change an id (an island, region, area, side or piece) with every reference to it; "
                     "without OLD, give every island and area (or every one of --kind) the id its name makes")
    p.add_argument("old", metavar="OLD", nargs="?")
    p.add_argument("new", metavar="NEW", nargs="?", help="the new id (default: made from the record's name)")
    p.add_argument("--name", help="give the record this name too (and, without NEW, the id it makes)")
    p.add_argument("--kind", choices=["islands", "regions", "areas", "sides", "pieces"], help="which record, when OLD is several")
    outputs(p)
    p.set_defaults(func=cmd_rename)


__all__ = ["add_parsers", "island_options", "island_import_wanted", "import_island", "plain_margin", "distance"]
