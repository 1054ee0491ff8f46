"""`motu play`: headless playtests with bots, in parallel, and a balance report."""
from __future__ import annotations

import argparse
import os
import signal
import sys
from typing import Any

from motu.engine.rules.registry import get_ruleset
from motu.engine.session.balance import DEFAULT_CAP, BalanceRun, run_balance
from motu.engine.session.report import default_bot, write_report

from .common import EXIT_INTERRUPTED, UsageError, emit, load, non_negative_int, positive_int, writable_folder


def add_parser(sub, common) -> None:
    sp = sub.add_parser("play", parents=[common], help="play games with bots and write a balance report")
    sp.add_argument("file")
    sp.add_argument("--ai", action="append", default=[], metavar="SIDE=BOT",
                    help="the bot for a side (random, mcts, or the rule set's own); unnamed sides play the rule "
                         "set's balance bot (its heuristic or greedy bot)")
    sp.add_argument("--games", type=positive_int, default=20, help="games to play (with --until-ci: per batch)")
    sp.add_argument("--until-ci", type=_fraction, metavar="HALF", help="play batches of --games until every "
                    "side's 95%% interval is within ±HALF (e.g. 0.05), at most --cap games")
    sp.add_argument("--cap", type=positive_int, default=DEFAULT_CAP, help="most games --until-ci plays")
    sp.add_argument("--matrix", type=non_negative_int, default=0, metavar="N",
                    help="also play random, heuristic and MCTS against each other in every seat, N games a cell")
    sp.add_argument("--matrix-playouts", type=positive_int, metavar="P",
                    help="MCTS's playouts a move in the bot matrix (default: the rule set's own; fewer make the "
                         "matrix affordable where MCTS is slow, and the page says how many)")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    sp.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler to send the games to (motu[cluster])")
    sp.add_argument("--report", metavar="DIR", help="write report.html, its PNG figures and report.json here")
    sp.add_argument("--log", action="store_true", help="play one game (--seed) and print every move and die")
    sp.set_defaults(func=cmd_play)


def _fraction(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < x < 0.5:
        raise argparse.ArgumentTypeError(f"{text} should be between 0 and 0.5 (0.05 is ±5 points)")
    return x


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
    """A Dask client for `address` that takes only data back (engine/session/cluster.py), or a one-line UsageError."""
    from motu.engine.session import cluster

    try:
        return cluster.connect(address)
    except cluster.ClusterError as exc:
        raise UsageError(str(exc)) from None


class _Stop(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl+C: stop the games, keep the finished ones."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise _Stop()


_HANDLERS = [(signal.SIGINT, signal.default_int_handler)] + (
    [(signal.SIGTERM, _on_sigterm)] if hasattr(signal, "SIGTERM") else [])


def parse_bots(rules, sides: list[str], items: list[str]) -> list[str]:
    """A bot per player: the rule set's balance bot, or what `--ai SIDE=BOT` names (side id or seat number)."""
    factories = rules.bot_factories()
    players = len(sides)
    bots = [default_bot(rules)] * players
    for item in items:
        side, sep, bot = item.partition("=")
        if not sep:
            raise UsageError(f"--ai {item!r} should be SIDE=BOT")
        if side in sides:
            p = sides.index(side)
        elif side.isascii() and side.isdigit() and 1 <= int(side) <= players:
            p = int(side) - 1
        else:
            raise UsageError(f"--ai: no side {side!r} (sides: {', '.join(sides)})")
        if bot not in factories:
            raise UsageError(f"--ai: no bot {bot!r} (bots: {', '.join(factories)})")
        bots[p] = bot
    return bots


def stoppable(work, client):
    """work(), with Ctrl+C and SIGTERM ending the batch and keeping the finished games, even where
    SIGINT was ignored at start (a background job of a script); a Dask client closed after."""
    previous = {sig: signal.signal(sig, handler) for sig, handler in _HANDLERS}
    try:
        return work()
    except RuntimeError as exc:
        raise UsageError(str(exc)) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if client is not None:
            from motu.engine.session import cluster

            cluster.close(client)


def playable(path: str):
    """(scenario, rule set) of a file bots can play: refused in one line when they cannot."""
    s = load(path)
    rules = get_ruleset(s.ruleset)
    if not rules.playable:
        raise UsageError(f"{rules.name} cannot be played yet")
    errors = [f for f in rules.validate(s) if f.severity == "error"]
    if errors:
        raise UsageError(f"{path} has {len(errors)} validation errors; `motu validate` lists them")
    return s, rules


def cmd_play(args: argparse.Namespace) -> int:
    s, rules = playable(args.file)
    probe = rules.new_initial_state(s)
    players = probe.num_players()
    sides = rules.player_sides(s, players)
    bots = parse_bots(rules, sides, args.ai)
    if args.log:
        return _play_logged(s, rules, bots, args.seed)
    if args.report:
        writable_folder(args.report, "--report")
    client = _connect(args.scheduler) if args.scheduler is not None else None
    run = BalanceRun(s, bots, args.games, args.seed, args.workers, client, args.until_ci, args.cap, args.matrix,
                     args.matrix_playouts)
    report, interrupted = stoppable(lambda: run_balance(run, _progress), client)
    if not report["games"]:
        print("motu: interrupted before any game was finished; no report written", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.report:
        report["files"] = write_report(s, report, args.report)
    played = report["games"]
    lines = [f"{played} games of {s.title or s.ruleset} (seed {args.seed})" + ("; interrupted" if interrupted else "")]
    for x in report["sides"]:
        lo, hi = x["interval95"]
        lines.append(f"  {x['name']:14} {x['bot']:10} won {x['wins']:4} ({x['rate']:.1%}, 95% interval {lo:.1%}-{hi:.1%})")
    ln = report["length"]
    lines.append(f"  no single winner {report['draws']}; mean length {ln['mean']:.1f} {ln['unit']}")
    seat = report["seat"]
    if seat["games"]:
        lines.append(f"  seats ({seat['games']} games, {'/'.join(seat['bots'])} in every seat): " + ", ".join(
            f"{r['name']} {r['rate']:.1%}" for r in seat["per_seat"]))
    if report.get("stopping") and not report["stopping"]["reached"]:
        lines.append(f"  --until-ci {args.until_ci}: not reached within --cap {args.cap} games")
    if args.report:
        lines.append(f"  report: {report['files']['html']}")
    emit(args, report, "\n".join(lines))
    return EXIT_INTERRUPTED if interrupted else 0


def _play_logged(s, rules, bots: list[str], seed: int) -> int:
    """One game with the named bots, each move and die printed as the table words it."""
    import random

    from motu.engine.rules.api import CHANCE
    from motu.engine.session.session import Session

    session = Session(lambda: rules.new_initial_state(s), seed)
    factories = rules.bot_factories()
    session.play([factories[name](random.Random(seed * 7919 + i)) for i, name in enumerate(bots)])
    final = session.state
    for entry in session.log:
        print(f"{'dice' if entry.player == CHANCE else final.player_name(entry.player)}: {entry.text}")
    print("result: " + ", ".join(f"{final.player_name(p)} {r:g}" for p, r in enumerate(final.returns())))
    return 0
