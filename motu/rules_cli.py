"""`motu rules`: the rule sets, shipped and a designer's own, and the folders that make them.

    motu rules                      every rule set, with where each comes from
    motu rules ID [--numbers]       one rule set: terrain, pieces, options; --numbers: every number
                                    of its rules with its rule reference and value
    motu rules new --from ID DIR    a variant's folder: `derives: ID` and a commented example of
                                    each kind of change (motu/engine/rules/variant_skeleton.py)
    motu rules check DIR            the folder checked; one `motu:` line a fault (file:line:col)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from motu.engine.io.errors import LoadError
from motu.engine.plugins import refused_folders, ruleset_folders, user_rulesets_dir
from motu.engine.rules.numbers import numbers
from motu.engine.rules.registry import get_ruleset, rulesets
from motu.engine.rules.variant import check_folder
from motu.engine.rules.variant_skeleton import write_skeleton

from .common import EXIT_FINDINGS, EXIT_OK, Parser, UsageError, emit

COMMANDS = ("new", "check")


def add_parser(sub, common) -> None:
    sp = sub.add_parser("rules", parents=[common], help="rule sets (shipped and your own), their options and numbers; "
                        "`rules new --from ID DIR`, `rules check DIR`",
                        description="motu rules [ID [--numbers]] | rules new --from ID DIR | rules check DIR")
    # The words after the first are read again, intermixed (`new --from tahiti DIR`): argparse
    # alone gives positionals only the first run of words and leaves DIR unrecognised.
    sp.add_argument("words", nargs=argparse.REMAINDER, metavar="ID | new DIR | check DIR")
    sp.add_argument("--numbers", action="store_true", help="every number of the rule set with its rule reference")
    sp.add_argument("--from", dest="base", metavar="ID", help="new: the rule set the variant derives from")
    sp.add_argument("--force", action="store_true", help="new: write into a folder that is not empty")
    sp.set_defaults(func=cmd_rules)


def cmd_rules(args: argparse.Namespace) -> int:
    again = Parser(prog="motu rules", add_help=False)
    again.add_argument("words", nargs="*")
    again.add_argument("--numbers", action="store_true")
    again.add_argument("--from", dest="base")
    again.add_argument("--force", action="store_true")
    again.add_argument("--json", action="store_true")
    more = again.parse_intermixed_args(args.words)
    args.numbers, args.force = args.numbers or more.numbers, args.force or more.force
    args.base, args.json = args.base or more.base, args.json or more.json
    if len(more.words) > 2:
        raise UsageError(f"motu rules: too many words: {' '.join(more.words)}")
    args.id, args.dir = (list(more.words) + [None, None])[:2]
    if args.id == "new":
        return _new(args)
    if args.id == "check":
        return _check(args)
    if args.dir:
        raise UsageError(f"motu rules {args.id} takes no folder (motu rules new|check DIR)")
    if args.base:
        raise UsageError("--from is for `motu rules new --from ID DIR`")
    return _describe(args) if args.id else _list(args)


def _get(rid: str):
    try:
        return get_ruleset(rid, near=os.getcwd())
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _list(args: argparse.Namespace) -> int:
    data = []
    for rs in rulesets():
        if rs.folder is None:
            data.append({**rs.describe(), "origin": rs.origin, "folder": None, "derives": None})
    for f in ruleset_folders(os.getcwd()):
        try:
            rs = get_ruleset(f.id, near=os.getcwd())
        except LoadError as exc:
            data.append({"id": f.id, "origin": f.origin, "folder": str(f.path), "error": str(exc)})
            continue
        data.append({**rs.describe(), "origin": f.origin, "folder": str(f.path),
                     "derives": rs.base.id if rs.base is not None else None})
    refused = [{"folder": str(p), "error": why} for p, why in refused_folders(os.getcwd())]
    lines = []
    for d in data:
        if "error" in d:
            lines.append(f"{d['id']:12} cannot be read ({d['origin']}: {d['folder']}): {d['error']}")
            continue
        where = "shipped" if d["folder"] is None else f"{d['origin']}: {d['folder']}"
        derived = f", a variant of {d['derives']}" if d["derives"] else ""
        lines.append(f"{d['id']:12} {d['name']:24} {', '.join(d['grids']):8} {where}{derived}")
    lines += [f"refused: {r['folder']}: {r['error']}" for r in refused]
    lines.append(f"(your rule sets: {user_rulesets_dir()}, MOTU_RULESETS, or rulesets/ beside a scenario)")
    emit(args, {"rulesets": data, "refused": refused, "user_folder": str(user_rulesets_dir())}, "\n".join(lines))
    return EXIT_OK


def _describe(args: argparse.Namespace) -> int:
    rs = _get(args.id)
    if args.numbers:
        rows = numbers(rs)
        emit(args, {"id": rs.id, "numbers": [{"document": n.document, "path": n.path, "value": n.value,
                                              "rule": n.rule, "file": n.file} for n in rows]},
             "\n".join(f"{n.document}.{n.path} = {n.value}" + (f"  [{n.rule}]" if n.rule else "") for n in rows))
        return EXIT_OK
    d = rs.describe()
    origin = "shipped" if rs.folder is None else f"{rs.origin}: {rs.folder}"
    lines = [f"{rs.name} ({rs.id}): {rs.summary}", f"from: {origin}"
             + (f", a variant of {rs.base.id}" if rs.base is not None else ""),
             f"grids: {', '.join(d['grids'])}",
             f"playable: {'yes' if d['playable'] else 'not yet'}",
             f"terrain: {', '.join(d['terrain'])}", f"edge features: {', '.join(d['edge_features']) or 'none'}",
             f"cell features: {', '.join(d['cell_features']) or 'none'}", f"pieces: {', '.join(d['pieces'])}",
             "options:"]
    lines += [f"  {o['id']} = {json.dumps(o['default'])}" + (f"  [rule {o['rule']}]" if o["rule"] else "")
              + f"  {o['text']}" for o in d["options"]] or ["  none"]
    lines.append(f"implements: {', '.join(d['implements']) or 'board and catalogue only'}")
    emit(args, d, "\n".join(lines))
    return EXIT_OK


def _new(args: argparse.Namespace) -> int:
    if not args.dir:
        raise UsageError("motu rules new --from ID DIR: give the folder to write")
    if not args.base:
        raise UsageError("motu rules new DIR: give the rule set it derives from, --from ID")
    base = _get(args.base)
    folder = Path(args.dir)
    if folder.exists() and any(folder.iterdir()) and not args.force:
        raise UsageError(f"{folder}: the folder is not empty (--force writes into it)")
    written = write_skeleton(base, folder)
    emit(args, {"folder": str(folder), "derives": base.id, "files": [str(p) for p in written]},
         f"{folder}: a variant of {base.name} (id {folder.name}): {', '.join(p.name for p in written)}; "
         f"edit them, then `motu rules check {folder}`")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    if not args.dir:
        raise UsageError("motu rules check DIR: give the rule set's folder")
    folder = Path(args.dir)
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder")
    errors = check_folder(folder)
    for e in errors:
        print(f"motu: {e}", file=sys.stderr)
    emit(args, {"folder": str(folder), "errors": [e.to_json() for e in errors]},
         "" if errors else f"{folder}: rule set {folder.name} is fine")
    return EXIT_FINDINGS if errors else EXIT_OK
