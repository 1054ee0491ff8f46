"""`motu balance`: a sweep — the same games under each setting of a few numbers, to find the even one."""
from __future__ import annotations

import argparse
import os
import sys

from motu.engine.io.bounded import load_json, read_bytes
from motu.engine.io.errors import LoadError
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.session.sweep import (SweepError, Vary, check_extends, new_sweep, parse_vary, play_sweep, players_of,
                                  setting_scenarios, varies_of)
from motu.engine.session.sweep_report import setting_label, verdict, write_sweep

from .common import EXIT_INTERRUPTED, UsageError, emit, positive_int, writable_folder
from .play_cli import _connect, _progress, parse_bots, playable, stoppable


def add_parser(sub, common) -> None:
    sp = sub.add_parser("balance", parents=[common],
                        help="play the same games under each setting of a scenario number and find the even one")
    sp.add_argument("file")
    sp.add_argument("--vary", action="append", default=[], metavar="PATH=V1,V2,…",
                    help="a rule-set option (fruits_to_win), or a number of the scenario by its keys "
                         "(pieces.a-coy.count, tables.….0.first.1); repeat to vary several (every combination)")
    sp.add_argument("--games", type=positive_int, default=100, help="games per setting (with --extend: more games)")
    sp.add_argument("--ai", action="append", default=[], metavar="SIDE=BOT",
                    help="the bot of a side; unnamed sides play the rule set's balance bot")
    sp.add_argument("--seed", type=int, help="seed of the dice (default 0; with --extend: the sweep's)")
    sp.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    sp.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler to send the games to (motu[cluster])")
    sp.add_argument("--out", metavar="DIR", help="write sweep.json, sweep.png and sweep.html here "
                    "(default: beside --extend's file, or ./balance)")
    sp.add_argument("--extend", metavar="SWEEP.json", help="add --games games to every setting of this earlier sweep")
    sp.set_defaults(func=cmd_balance)


# What check_extends and the sweep's games read from an earlier sweep file, and their JSON types.
_SWEEP_KEYS = {"format": str, "fingerprint": str, "vary": list, "bots": list, "seed": int, "settings": list}


def read_sweep(path: str) -> dict:
    """An earlier sweep (`--extend`), read as every file Motu reads: a regular file within the size
    cap, JSON nesting and numbers bounded (motu/engine/io/bounded.py); LoadError names the place."""
    doc = load_json(read_bytes(path, what="the sweep file"), path, "sweep JSON")
    if not isinstance(doc, dict):
        raise LoadError("not a Motu sweep file: a sweep is a JSON object", path)
    for key, kind in _SWEEP_KEYS.items():
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise LoadError(f"not a Motu sweep file: {key!r} should be a {kind.__name__ if kind is not str else 'text'}",
                            path, path=key)
    if not all(isinstance(v, dict) and isinstance(v.get("path"), str) and isinstance(v.get("values"), list)
               for v in doc["vary"]) or not all(isinstance(e, dict) and isinstance(e.get("winners"), list)
                                                for e in doc["settings"]):
        raise LoadError("not a Motu sweep file: its vary and settings are not as Motu writes them", path)
    return doc


def _checked_vary(item: str) -> str:
    """A --vary whose values the scenario reader would read (no tag it cannot hold, no control
    character, no number beyond ±2**53): what the sweep then writes into each setting reads back."""
    _, sep, values = item.partition("=")
    for value in values.split(",") if sep else ():
        try:
            load_yaml(value.strip(), "--vary")
        except LoadError as exc:
            raise UsageError(f"--vary {item[:60]!r}: {exc.message}") from None
    return item


def cmd_balance(args: argparse.Namespace) -> int:
    s, rules = playable(args.file)
    bots = parse_bots(rules, rules.player_sides(s, players_of(s)), args.ai)
    try:
        varies = [Vary(path, tuple(values)) for path, values in map(parse_vary, map(_checked_vary, args.vary))]
        paths = [v.path for v in varies]
        if len(set(paths)) != len(paths):
            raise SweepError("--vary: the same PATH twice; give all its values in one --vary")
        if args.extend:
            sweep = read_sweep(args.extend)
            check_extends(sweep, s, varies or None, bots, args.seed, args.extend)
            varies = varies_of(sweep)
        else:
            if not varies:
                raise SweepError("give at least one --vary PATH=V1,V2,…")
            sweep = new_sweep(s, varies, bots, args.seed or 0)
        setting_scenarios(s, varies)  # every setting checked before any game is played
    except SweepError as exc:
        raise UsageError(str(exc)) from None
    out = args.out or (os.path.dirname(os.path.abspath(args.extend)) if args.extend else "balance")
    writable_folder(out, "--out")
    client = _connect(args.scheduler) if args.scheduler is not None else None
    interrupted = stoppable(lambda: play_sweep(sweep, s, args.games, args.workers, client, _progress), client)
    sides = rules.player_sides(s, sweep["players"])
    names = [s.sides[x].name if x in s.sides else x for x in sides]
    files = write_sweep(sweep, names, out, [s.sides[x].color if x in s.sides else None for x in sides])
    lines = [f"sweep of {s.title or s.ruleset}: {len(sweep['settings'])} settings, "
             f"{sweep['settings'][0]['games']} games each (seed {sweep['seed']})" + ("; interrupted" if interrupted else "")]
    for e in sweep["settings"]:
        lines.append(f"  {setting_label(e['setting']):30} " + "  ".join(
            f"{n} {x['rate']:.1%} ({x['interval95'][0]:.1%}-{x['interval95'][1]:.1%})" for n, x in zip(names, e["per_player"])))
    lines.append("  " + verdict(sweep))
    lines.append(f"  sweep: {files['html']}")
    data = {**sweep, "files": files, "interrupted": interrupted}
    emit(args, data, "\n".join(lines))
    if interrupted:
        print("motu: interrupted; the games finished in every setting are kept (--extend goes on from them)",
              file=sys.stderr)
    return EXIT_INTERRUPTED if interrupted else 0
