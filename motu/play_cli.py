"""`motu play`: headless playtests with bots, in parallel, and a balance report."""
from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import Any

from engine.io.native import dumps
from engine.rules.registry import get_ruleset
from engine.session.batch import BatchSpec, Interrupted, play_batch
from engine.session.report import build_report, write_report

from .common import EXIT_INTERRUPTED, UsageError, emit, load, positive_int, writable_folder

SCHEDULER_TIMEOUT = 5  # seconds to reach a Dask scheduler before saying it cannot be reached


def add_parser(sub, common) -> None:
    sp = sub.add_parser("play", parents=[common], help="play games with bots and write a balance report")
    sp.add_argument("file")
    sp.add_argument("--ai", action="append", default=[], metavar="SIDE=BOT",
                    help="the bot for a side (random, mcts, or the rule set's own); unnamed sides play random")
    sp.add_argument("--games", type=positive_int, default=20)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1, help="processes (default: one per core)")
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


def _connect(address: str) -> Any:
    """A Dask client for `address`, or a one-line UsageError within SCHEDULER_TIMEOUT seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'motu[cluster]'") from None
    try:
        return Client(address, timeout=SCHEDULER_TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - Dask's many ways of not connecting (timeouts, bad addresses)
        reason = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise UsageError(f"--scheduler {address}: cannot reach a Dask scheduler there within {SCHEDULER_TIMEOUT} s ({reason})") from None


class _Stop(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl+C: stop the games, keep the finished ones."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise _Stop()


_HANDLERS = [(signal.SIGINT, signal.default_int_handler)] + (
    [(signal.SIGTERM, _on_sigterm)] if hasattr(signal, "SIGTERM") else [])


def cmd_play(args: argparse.Namespace) -> int:
    s = load(args.file)
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
    if args.report:
        writable_folder(args.report, "--report")
    client = _connect(args.scheduler) if args.scheduler else None
    spec = BatchSpec(dumps(s), tuple(bots), args.seed)
    # Both end the batch and keep the finished games, even where SIGINT was ignored at start
    # (a background job of a script).
    previous = {sig: signal.signal(sig, handler) for sig, handler in _HANDLERS}
    interrupted = False
    try:
        results = play_batch(spec, args.games, args.workers, client, _progress)
    except Interrupted as stop:
        results, interrupted = stop.results, True
    except RuntimeError as exc:
        raise UsageError(str(exc)) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if client is not None:
            client.close()
    if not results:
        print("motu: interrupted before any game was finished; no report written", file=sys.stderr)
        return EXIT_INTERRUPTED
    report = build_report(s, results, bots, args.seed)
    report["results"] = [r.to_json() for r in results]
    report["interrupted"] = interrupted
    if args.report:
        paths = write_report(s, report, args.report)
        report["files"] = paths
    played = f"{len(results)} of {args.games}" if interrupted else f"{args.games}"
    lines = [f"{played} games of {s.title or s.ruleset} (seed {args.seed})" + ("; interrupted" if interrupted else "")]
    for x in report["sides"]:
        lo, hi = x["interval95"]
        lines.append(f"  {x['side']:12} {x['bot']:10} won {x['wins']:4} ({x['rate']:.1%}, 95% interval {lo:.1%}-{hi:.1%})")
    fp = report["first_player"]
    lines.append(f"  draws {report['draws']}; mean length {report['length']['mean']:.1f} actions; "
                 f"first player won {fp['rate']:.1%} of decided games")
    if args.report:
        lines.append(f"  report: {report['files']['html']}")
    emit(args, report, "\n".join(lines))
    return EXIT_INTERRUPTED if interrupted else 0
