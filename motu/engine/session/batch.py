"""Headless batches of games: bots per seat, in parallel processes or on a Dask cluster.

Game i is a Session (session.py) played by bots, drawing every random number from
generators seeded by (seed, i): its dice from one, each seat's bot from another. So a
game's result does not depend on which worker played it, and a batch gives the same
results, byte for byte, in any number of workers.
"""
from __future__ import annotations

import json
import multiprocessing
import random
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from motu.engine.io.native import loads
from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset

from .collect import collector_for, finish
from .parent_watch import die_with_parent
from .session import Session


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any game of the batch, as plain picklable data."""

    scenario_text: str
    bots: tuple[str, ...]  # bot name per player
    seed: int = 0
    options: tuple = ()  # rule-set options overriding the scenario's, as (key, value) pairs
    max_moves: int | None = None  # None: the game's own bound (GameInfo.max_length)
    # Game g plays line-up lineups[g % len(lineups)] instead of `bots` (the seat games of a
    # report: every seat the same bot, each named bot in turn).
    lineups: tuple[tuple[str, ...], ...] = ()

    def bots_for(self, game: int) -> tuple[str, ...]:
        return self.lineups[game % len(self.lineups)] if self.lineups else self.bots


@dataclass
class GameResult:
    game: int
    returns: list[float]
    winner: int | None  # the player with the unique best return
    moves: int
    first_player: int | None
    # the rule set's collector's record (motu/engine/rules/report.py): turns, unit, outcome, timeline, maps
    record: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "returns": self.returns, "winner": self.winner, "moves": self.moves,
                "first_player": self.first_player, "record": self.record,
                "bots": list(self.bots)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "GameResult":
        return cls(d["game"], list(d["returns"]), d["winner"], d["moves"], d["first_player"], d.get("record", {}),
                   tuple(d.get("bots", ())))


def bot_name_parts(name: str) -> tuple[str, int | None]:
    """A bot's name in a line-up: a key of the rule set's bot factories, or "mcts:N", that bot
    with N playouts a move (the bot matrix of a report plays a cheaper MCTS where it is slow)."""
    base, sep, playouts = name.partition(":")
    return (base, int(playouts)) if sep else (name, None)


def make_bot(factories: Mapping[str, Any], name: str, rng: random.Random):
    base, playouts = bot_name_parts(name)
    return factories[base](rng) if playouts is None else factories[base](rng, iterations=playouts)


_CACHE: dict[str, Any] = {}


def _context(spec: BatchSpec):
    key = spec.scenario_text
    ctx = _CACHE.get(key)
    if ctx is None:  # a sweep sends a few scenario texts, one per setting
        if len(_CACHE) >= 16:
            _CACHE.clear()
        scenario = loads(spec.scenario_text, "<batch>")
        rules = get_ruleset(scenario.ruleset)
        ctx = _CACHE[key] = (scenario, rules, rules.game_info(scenario, dict(spec.options)))
    return ctx


def play_one(spec: BatchSpec, game: int) -> GameResult:
    """Play game number `game` of the batch; the same (spec, game) always plays the same game."""
    scenario, rules, info = _context(spec)
    options = dict(spec.options)
    session = Session(lambda: rules.new_initial_state(scenario, options), seed=f"{spec.seed}:{game}:dice", texts=False)
    state = session.state
    factories = rules.bot_factories()
    players = state.num_players()
    names = list(spec.bots_for(game))
    names += ["random"] * (players - len(names))
    bots = [make_bot(factories, names[p], random.Random(f"{spec.seed}:{game}:bot{p}")) for p in range(players)]
    first: list[int] = []
    moves = [0]
    collector = collector_for(scenario.ruleset, state)
    log = session.log

    def note(st, player, action):  # before each action: the events of the one before (the session's log)
        moves[0] += 1
        events = log[-1].events if log else st.drain_events()
        if events:  # most actions emit none: no call for them
            collector.events(events, st)
        collector.step(st, player, action)
        if player != CHANCE and not first:
            first.append(player)

    limit = spec.max_moves if spec.max_moves is not None else info.max_length
    try:
        final = session.play(bots, limit, note)
        finished = True
    except RuntimeError:  # Motu's own move limit, not a rule of the game: reported as "not finished"
        final, finished = session.state, False
    returns = [float(r) for r in final.returns()] if finished else [0.0] * players
    best = max(returns)
    winner = returns.index(best) if finished and returns.count(best) == 1 else None
    if log:  # the last action's
        collector.events(log[-1].events, final)
    collector.unit = info.turn_unit
    record = finish(collector, final, returns, finished)
    return GameResult(game, returns, winner, moves[0], first[0] if first else None, record, tuple(names))


def play_json(spec: BatchSpec, game: int) -> str:
    """The task a Dask worker runs: the game's result as JSON text, or why not as text; never an
    object, which the designer's machine would have to unpickle (cluster.py)."""
    try:
        return json.dumps(play_one(spec, game).to_json(), allow_nan=False)
    except Exception as exc:  # noqa: BLE001 - an error goes back as words, never as a pickled exception
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"[:500]})


def _play_range(spec: BatchSpec, games: list[int]) -> list[GameResult]:
    return [play_one(spec, g) for g in games]


class Interrupted(Exception):
    """Ctrl+C (or SIGTERM, which `motu play` turns into it) during a batch: the games finished so far."""

    def __init__(self, results: list[GameResult], per_job: list[list[GameResult]] | None = None):
        super().__init__(f"interrupted after {len(results)} games")
        self.results = sorted(results, key=lambda r: r.game)
        self.per_job = per_job if per_job is not None else [self.results]


def _worker_init() -> None:
    die_with_parent()  # a parent killed outright (kill -9) leaves no worker playing on
    # Ctrl+C reaches the whole process group: the parent stops the workers, which must not
    # each print a traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):  # a handler inherited from the parent would outlive terminate()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def play_batch(spec: BatchSpec, games: int, workers: int = 1, scheduler: Any = None,
               progress: Callable[[int, int], None] | None = None, start: int = 0) -> list[GameResult]:
    """Play games start..start+games-1; results in game order whatever the number of workers."""
    return play_batches([(spec, list(range(start, start + games)))], workers, scheduler, progress)[0]


def play_batches(jobs: Sequence[tuple[BatchSpec, list[int]]], workers: int = 1, scheduler: Any = None,
                 progress: Callable[[int, int], None] | None = None,
                 start_method: str | None = None) -> list[list[GameResult]]:
    """Several batches (the settings of a sweep, the pairings of a bot matrix) in one pool:
    per job, its games' results in game order, whatever the number of workers. `start_method`
    "spawn" starts clean worker processes (the editor: forking a process with a GUI's threads
    is not safe); by default the platform's own."""
    total = sum(len(g) for _, g in jobs)
    if scheduler is not None:  # an empty address is refused there, not played here
        return _play_on_dask(jobs, total, scheduler, progress)
    out: list[list[GameResult]] = [[] for _ in jobs]
    done = [0]

    def tick():
        done[0] += 1
        if progress:
            progress(done[0], total)

    if workers <= 1 or total <= 1:
        try:
            for j, (spec, games) in enumerate(jobs):
                for g in games:
                    out[j].append(play_one(spec, g))
                    tick()
        except KeyboardInterrupt:
            raise Interrupted([r for rs in out for r in rs], out) from None
        return out
    chunk = max(1, min(5, total // (workers * 8) or 1))  # small, so that an interruption loses little
    batches = [(j, spec, games[i:i + chunk]) for j, (spec, games) in enumerate(jobs) for i in range(0, len(games), chunk)]
    context = multiprocessing.get_context(start_method) if start_method else None
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init, mp_context=context)
    try:
        pending = {pool.submit(_play_range, spec, b): j for j, spec, b in batches}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                j = pending.pop(fut)
                out[j].extend(fut.result())
            done[0] = sum(len(rs) for rs in out)
            if progress:
                progress(done[0], total)
    except KeyboardInterrupt:
        for proc in list(getattr(pool, "_processes", {}).values()):  # the games under way are dropped
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise Interrupted([r for rs in out for r in rs], [sorted(rs, key=lambda r: r.game) for rs in out]) from None
    pool.shutdown()
    return [sorted(rs, key=lambda r: r.game) for rs in out]


def _play_on_dask(jobs, total: int, address: Any, progress) -> list[list[GameResult]]:
    """The same games on an existing Dask cluster, results taken back as data only (cluster.py)."""
    from . import cluster

    if not isinstance(address, str):  # a client already open
        return cluster.play_on_dask(jobs, total, address, progress, play_json, GameResult.from_json, Interrupted)
    client = cluster.connect(address)
    try:
        return cluster.play_on_dask(jobs, total, client, progress, play_json, GameResult.from_json, Interrupted)
    finally:
        cluster.close(client)


def options_tuple(options: Mapping[str, Any] | None) -> tuple:
    return tuple(sorted((options or {}).items()))
