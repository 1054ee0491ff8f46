"""`motu play`: headless playtests with bots, in parallel, and a balance report."""
from __future__ import annotations

import argparse
import os
import sys

from engine.io.native import dumps
from engine.rules.registry import get_ruleset
from engine.session.batch import BatchSpec, play_batch
from engine.session.report import build_report, write_report


def add_parser(sub, common) -> None:
    sp = sub.add_parser("play", parents=[common], help="play games with bots and write a balance report")
    sp.add_argument("file")
    sp.add_argument("--ai", action="append", default=[], metavar="SIDE=BOT",
                    help="the bot for a side (random, mcts, or the rule set's own); unnamed sides play random")
    sp.add_argument("--games", type=int, default=20)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    sp.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler to send the games to (motu[cluster])")
    sp.add_argument("--report", metavar="DIR", help="write report.json, report.html and map.svg here")
    sp.set_defaults(func=cmd_play)


def _progress(done: int, total: int) -> None:
    if not sys.stderr.isatty():
        return
    width = 30
    filled = int(width * done / max(1, total))
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_play(args: argparse.Namespace) -> int:
    from .cli import UsageError, _emit, _load

    s = _load(args.file)
    rules = get_ruleset(s.ruleset)
    if not rules.playable:
        raise UsageError(f"{rules.name} cannot be played yet")
    errors = [f for f in rules.validate(s) if f.severity == "error"]
    if errors:
        raise UsageError(f"{args.file} has {len(errors)} validation errors; `motu validate` lists them")
    probe = rules.new_initial_state(s)
    players = probe.num_players()
    sides = rules.player_sides(s, players)
    factories = rules.bot_factories()
    bots = ["random"] * players
    for item in args.ai:
        side, sep, bot = item.partition("=")
        if not sep:
            raise UsageError(f"--ai {item!r} should be SIDE=BOT")
        if side in sides:
            p = sides.index(side)
        elif side.isdigit() and 1 <= int(side) <= players:
            p = int(side) - 1
        else:
            raise UsageError(f"--ai: no side {side!r} (sides: {', '.join(sides)})")
        if bot not in factories:
            raise UsageError(f"--ai: no bot {bot!r} (bots: {', '.join(factories)})")
        bots[p] = bot
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    spec = BatchSpec(dumps(s), tuple(bots), args.seed)
    try:
        results = play_batch(spec, args.games, max(1, args.workers), args.scheduler, _progress)
    except RuntimeError as exc:
        raise UsageError(str(exc)) from None
    report = build_report(s, results, bots, args.seed)
    report["results"] = [r.to_json() for r in results]
    if args.report:
        paths = write_report(s, report, args.report)
        report["files"] = paths
    lines = [f"{args.games} games of {s.title or s.ruleset} (seed {args.seed})"]
    for x in report["sides"]:
        lo, hi = x["interval95"]
        lines.append(f"  {x['side']:12} {x['bot']:10} won {x['wins']:4} ({x['rate']:.1%}, 95% interval {lo:.1%}-{hi:.1%})")
    fp = report["first_player"]
    lines.append(f"  draws {report['draws']}; mean length {report['length']['mean']:.1f} actions; "
                 f"first player won {fp['rate']:.1%} of decided games")
    if args.report:
        lines.append(f"  report: {report['files']['html']}")
    _emit(args, report, "\n".join(lines))
    return 0
