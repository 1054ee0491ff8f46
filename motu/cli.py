"""The `motu` command: one entry point for people and for scripts.

Exit codes: 0 fine; 1 the file has validation errors or the query has no answer;
2 usage, or a file that cannot be read. `--json` prints machine-readable output.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any, Sequence

from motu.engine.board.grids import GridError
from motu.engine.board.search import dearest_move, find_path, reach
from motu.engine.io.errors import LoadError
from motu.engine.io.native import places_in_file
from motu.engine.io.registry import format_for_path, save_scenario
from motu.engine.rules.registry import get_ruleset, known_ruleset_ids
from motu.engine.rules.ruleset import RuleSetError
from motu.engine.scenario.model import Scenario

from . import __version__, balance_cli, convert_cli, map_cli, play_cli, rules_cli
from .common import (
    EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Parser, UsageError, ascii_digits, fail, in_file, movement_points,
    note, parse_size, scenario_out,
)
from .common import emit as _emit
from .common import load as _load


def _num(x: float) -> int | float:
    x = round(x, 6)  # sums of thirds (Tahiti's canoe hexes) land a hair off whole numbers
    return int(x) if float(x).is_integer() else x


def _cell(s: Scenario, label: str) -> int:
    try:
        return s.grid.parse_label(label)
    except GridError as exc:
        raise UsageError(str(exc)) from None


def _conditions(items: Sequence[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--condition {item!r} should be KEY=VALUE, as storm=major")
        low, digits = value.lower(), value[1:] if value.startswith("-") else value
        if digits.isdigit() and not ascii_digits(digits):
            raise UsageError(f"--condition {key}={value[:20]}{'…' if len(value) > 20 else ''}: a number here is "
                             "1 to 15 digits 0-9")
        out[key] = True if low == "true" else False if low == "false" else int(value) if digits.isdigit() else value
    return out


def _no_allowance(rs: Any, kind: str | None) -> str:
    """Why `reach` needs --mp: the unit asked about has no movement allowance of its own."""
    piece = rs.catalogue.pieces.get(kind) if kind else None
    if piece is not None:
        return f"--unit {kind} ({piece.name}): no movement allowance of its own; give --mp N"
    if kind:
        return f"--unit {kind}: a movement class has no movement allowance of its own; give --mp N"
    return "give --mp N, or a --unit whose piece kind has a movement allowance"


def _no_control(s: Scenario, rs: Any) -> str:
    """Why `motu query control` has no answer on this map ('' when it has one)."""
    from motu.engine.scenario.map_key import map_key
    if not map_key(rs.catalogue).uses.get("areas", True):
        return f"{rs.name} has no area control (its rules have no areas)"
    if not s.areas:
        return "the map has no areas, so no area is controlled"
    return ""


def _area_name(s: Scenario, area: str) -> str:
    return s.areas[area].name or area if area in s.areas else area


def _side_name(s: Scenario, side: str | None) -> str:
    if side is None:
        return "neutral"
    return s.sides[side].name or side if side in s.sides else side


# --- commands ------------------------------------------------------------------------

def cmd_edit(args: argparse.Namespace) -> int:
    from .launch import launch
    if args.file and not os.path.exists(args.file):
        raise UsageError(f"{args.file}: no such file")
    return launch(args.file, info=lambda path: main(["info", path]))


def cmd_info(args: argparse.Namespace) -> int:
    s = _load(args.file)
    counts = s.area_cells()
    areas = [{"id": a.id, "name": a.name, "region": a.region, "island": a.island, "cells": len(counts.get(a.id, []))}
             for a in s.areas.values()]
    data = {"ruleset": s.ruleset, "title": s.title,
            "grid": {"shape": s.grid.shape, "columns": s.grid.columns, "rows": s.grid.rows},
            "cells": s.grid.size, "areas": areas, "regions": list(s.regions),
            "islands": list(s.islands), "sides": list(s.sides), "pieces": len(s.pieces)}
    lines = [f"{args.file}: {s.title or '(untitled)'}",
             f"rule set: {s.ruleset} ({get_ruleset(s.ruleset).name})",
             f"grid: {s.grid.shape} {s.grid.columns}x{s.grid.rows}, {s.grid.size} cells",
             f"sides: {', '.join(sd.name for sd in s.sides.values()) or 'none'}",
             f"pieces: {len(s.pieces)}",
             f"regions: {', '.join(r.name for r in s.regions.values()) or 'none'}",
             f"areas: {len(s.areas)}"]
    for a in areas:
        extra = ", ".join(x for x in (a["region"] and f"region {a['region']}", a["island"] and f"island {a['island']}") if x)
        lines.append(f"  {a['name']} ({a['id']}): {a['cells']} cells" + (f", {extra}" if extra else ""))
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    s = _load(args.file)
    findings = get_ruleset(s.ruleset).validate(s)
    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    data = {"file": args.file, "errors": errors, "warnings": warnings, "findings": [f.to_json(s) for f in findings]}
    # A finding about one value in the file (a property of the wrong type) is placed by its line
    # and column, as a load error is; the others by the cell, edge or area they are about.
    at = _places(args.file, findings)
    for out, pos in zip(data["findings"], at):
        if pos:
            out["line"], out["column"] = pos
    lines = [f"{args.file}:{f'{pos[0]}:{pos[1]}' if pos else f.where(s)}: {f.code} {f.severity} {f.message}"
             for f, pos in zip(findings, at)]
    lines.append(f"{args.file}: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    _emit(args, data, "\n".join(lines))
    return EXIT_FINDINGS if errors else EXIT_OK


def _places(file: str, findings: list) -> list[tuple[int, int] | None]:
    """Line and column of each finding that carries a path into a Motu scenario file."""
    if not any(f.path for f in findings) or format_for_path(file).id != "motu":
        return [None] * len(findings)
    return places_in_file(file, [f.path for f in findings])


_GRID_WORDS = {"hex": "a hex grid", "square": "a square grid", "spaces": "its board of spaces"}


def cmd_new(args: argparse.Namespace) -> int:
    try:  # a designer's rule set may stand in rulesets/ beside the new file
        rs = get_ruleset(args.rules, near=os.path.dirname(os.path.abspath(args.out)))
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    grids = list(rs.catalogue.grids)
    if args.grid and grids and args.grid not in grids:
        played = " or ".join(_GRID_WORDS.get(g, g) for g in grids)
        asked = _GRID_WORDS.get(args.grid, args.grid)
        raise UsageError(f"--grid {args.grid}: {rs.name} is played on {played}, not {asked}"
                         + (f" (--grid {grids[0]})" if len(grids) == 1 else ""))
    shape = args.grid or rs.catalogue.default_grid.get("shape") or (grids[0] if grids else None)
    if args.size and shape == "spaces":
        raise UsageError(f"--size {args.size}: {rs.name} is played on its board of spaces, "
                         "which has no columns and rows")
    columns, rows = parse_size(args.size) or (None, None)
    scenario_out(args.out, args.force)
    try:
        s = rs.new_scenario(args.grid, columns, rows, args.title or "")
    except (RuleSetError, GridError) as exc:
        raise UsageError(str(exc)) from None
    try:
        save_scenario(s, args.out, "motu")  # a scenario, whatever OUT's ending (x.tmx is not a Tiled map)
    except OSError as exc:
        raise UsageError(f"{args.out}: cannot write: {exc.strerror or exc}") from None
    data = {"file": args.out, "ruleset": s.ruleset, "grid": s.grid.to_dict() if s.grid.lattice else {"shape": s.grid.shape},
            "cells": s.grid.size}
    _emit(args, data, f"{args.out}: new {rs.name} scenario, {s.grid.shape} grid, {s.grid.size} cells")
    return EXIT_OK


def cmd_query(args: argparse.Namespace) -> int:
    s = _load(args.file)
    rs = get_ruleset(s.ruleset)
    g = s.grid
    try:
        if args.kind == "distance":
            a, b = _cell(s, args.a), _cell(s, args.b)
            d = g.distance(a, b)
            if d < 0:
                _emit(args, {"distance": None}, "unreachable")
                return EXIT_FINDINGS
            _emit(args, {"distance": d}, str(d))
        elif args.kind == "neighbours":
            a = _cell(s, args.a)
            labels = [g.label(n) for n in g.neighbours(a)]
            _emit(args, {"cell": g.label(a), "neighbours": labels}, " ".join(labels))
        elif args.kind == "los":
            a, b = _cell(s, args.a), _cell(s, args.b)
            sight = rs.sight(s)
            visible = sight.visible(a, b)
            _emit(args, {"visible": visible, "los": "visible" if visible else "blocked",
                         "cells": [g.label(c) for c in sight.line_cells(a, b)]}, "visible" if visible else "blocked")
        elif args.kind == "reach":
            a = _cell(s, args.a)
            conditions = _conditions(args.condition)
            profile = rs.movement_profile(s, args.unit, args.side, conditions, start=a)
            mp = args.mp if args.mp is not None else rs.unit_kind(args.unit)[1]
            if math.isinf(mp):
                raise UsageError(_no_allowance(rs, args.unit))
            most = dearest_move(profile)
            if mp > most:
                note(f"{args.file}: --mp {_num(mp)} is more than any move on this map can cost; searching with {_num(most)}")
                mp = most
            result = reach(profile, a, rs.movement_allowance(s, args.unit, mp, conditions))
            cells = {g.label(c): _num(cost) for c, cost in sorted(result.items(), key=lambda kv: (kv[1], kv[0]))}
            _emit(args, {"cells": cells}, "\n".join(f"{k} {v}" for k, v in cells.items()))
        elif args.kind == "path":
            a, b = _cell(s, args.a), _cell(s, args.b)
            conditions = _conditions(args.condition)
            profile = rs.movement_profile(s, args.unit, args.side, conditions, start=a)
            mp = rs.movement_allowance(s, args.unit, args.mp if args.mp is not None else math.inf, conditions)
            found = find_path(profile, a, b, mp)
            if found is None:
                _emit(args, {"path": None, "cost": None}, "unreachable")
                return EXIT_FINDINGS
            path, cost = found
            _emit(args, {"path": [g.label(c) for c in path], "cost": _num(cost)},
                  f"{' '.join(g.label(c) for c in path)} (cost {_num(cost)})")
        elif args.kind == "control":
            conditions = _conditions(args.condition)
            none = _no_control(s, rs)
            if none:
                _emit(args, {"areas": None, "reason": none}, none)
                return EXIT_FINDINGS
            control = rs.control(s, conditions)
            _emit(args, {"areas": control},
                  "\n".join(f"{_area_name(s, a)}: {_side_name(s, side)}" for a, side in control.items()))
    except RuleSetError as exc:
        raise UsageError(str(exc)) from None
    return EXIT_OK


# --- parser ---------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    common = Parser(add_help=False)
    # SUPPRESS: a flag given before the command must survive the subparsers' defaults.
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON for scripts")
    p = Parser(prog="motu", description="Motu: map editor and scenario designer for wargames and board games.",
               parents=[common])
    p.add_argument("--version", action="version", version=f"motu {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser("edit", parents=[common], help="open the editor (on the bundled Tahiti map when no file is given)")
    sp.add_argument("file", nargs="?")
    sp.set_defaults(func=cmd_edit)

    sp = sub.add_parser("info", parents=[common], help="summary of a scenario: rule set, grid, cells, areas, pieces")
    sp.add_argument("file")
    sp.set_defaults(func=cmd_info)

    sp = sub.add_parser("validate", parents=[common], help="check a scenario against its rules; exit 1 on errors")
    sp.add_argument("file")
    sp.set_defaults(func=cmd_validate)

    sp = sub.add_parser("new", parents=[common], help="create a new scenario file")
    sp.add_argument("--rules", required=True, help=f"rule set: {', '.join(known_ruleset_ids())}")
    sp.add_argument("--grid", choices=["hex", "square", "spaces"], help="grid shape (default: the rule set's)")
    sp.add_argument("--size", help="COLUMNSxROWS, as 40x30")
    sp.add_argument("--title", help="scenario title")
    sp.add_argument("--force", action="store_true", help="replace an existing file")
    sp.add_argument("out", metavar="OUT.yaml")
    sp.set_defaults(func=cmd_new)

    rules_cli.add_parser(sub, common)  # rule sets; a designer's own: new, check

    sp = sub.add_parser("query", parents=[common], help="ask the engine about a map: distance, los, path, reach, control, neighbours")
    sp.add_argument("file")
    # prog: the usage reads `motu query FILE reach`, not argparse's `motu query file reach`.
    qs = sp.add_subparsers(dest="kind", metavar="QUERY", required=True, prog="motu query FILE")
    for name, helptext, cells in (("distance", "distance between two cells", 2), ("los", "line of sight: visible or blocked", 2),
                                  ("neighbours", "cells next to a cell", 1), ("path", "cheapest path for a unit", 2),
                                  ("reach", "cells a unit can reach with N movement points", 1),
                                  ("control", "which side controls each area", 0)):
        q = qs.add_parser(name, parents=[common], help=helptext)
        if cells >= 1:
            q.add_argument("a", metavar="A")
        if cells == 2:
            q.add_argument("b", metavar="B")
        if name in ("path", "reach", "control"):
            q.add_argument("--unit", help="piece kind or movement class")
            q.add_argument("--side", help="side of the moving unit")
            q.add_argument("--mp", type=movement_points, help="movement points, a number from 0 to 10^15")
            q.add_argument("--condition", action="append", metavar="KEY=VALUE",
                           help="a rule condition, such as storm=major (repeatable)")
    sp.set_defaults(func=cmd_query)
    play_cli.add_parser(sub, common)
    balance_cli.add_parser(sub, common)
    convert_cli.add_parsers(sub, common)  # export and import: Tiled and GeoJSON
    map_cli.add_parsers(sub, common)  # resize, add an island, merge, rename ids
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else EXIT_USAGE
    except UsageError as exc:  # refused by argparse, in one line (common.Parser)
        given = argparse.Namespace(json="--json" in (sys.argv[1:] if argv is None else argv))
        fail(given, str(exc), {"message": str(exc)})
        return EXIT_USAGE
    args.json = getattr(args, "json", False)
    if not getattr(args, "func", None):
        if argv is None and not args.json:
            return cmd_edit(argparse.Namespace(file=None, json=False))  # plain `motu` opens the editor
        parser.print_help()
        return EXIT_OK
    try:
        return args.func(args)
    except LoadError as exc:
        fail(args, str(exc), exc.to_json())
    except UsageError as exc:
        message = in_file(args, str(exc))
        fail(args, message, {"message": message})
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_USAGE



if __name__ == "__main__":
    sys.exit(main())
