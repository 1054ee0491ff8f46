"""Headless batches of games: bots per seat, in parallel processes or on a Dask cluster.

Game i draws every random number from generators seeded by (seed, i): its dice
from one, each seat's bot from another. So a game's result does not depend on
which worker played it, and a batch gives the same results, byte for byte, in
any number of workers.
"""
from __future__ import annotations

import random
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from engine.ai.bot import play_game
from engine.io.native import loads
from engine.rules.api import CHANCE
from engine.rules.registry import get_ruleset


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any game of the batch, as plain picklable data."""

    scenario_text: str
    bots: tuple[str, ...]  # bot name per player
    seed: int = 0
    options: tuple = ()  # rule-set options overriding the scenario's, as (key, value) pairs
    max_moves: int = 200_000


@dataclass
class GameResult:
    game: int
    returns: list[float]
    winner: int | None  # the player with the unique best return
    moves: int
    first_player: int | None
    summary: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "returns": self.returns, "winner": self.winner, "moves": self.moves,
                "first_player": self.first_player, "summary": self.summary}


_CACHE: dict[str, Any] = {}


def _context(spec: BatchSpec):
    key = spec.scenario_text
    ctx = _CACHE.get("ctx")
    if ctx is None or ctx[0] != key:
        scenario = loads(spec.scenario_text, "<batch>")
        ctx = (key, scenario, get_ruleset(scenario.ruleset))
        _CACHE["ctx"] = ctx
    return ctx[1], ctx[2]


def play_one(spec: BatchSpec, game: int) -> GameResult:
    """Play game number `game` of the batch; the same (spec, game) always plays the same game."""
    scenario, rules = _context(spec)
    state = rules.new_initial_state(scenario, dict(spec.options))
    factories = rules.bot_factories()
    players = state.num_players()
    names = list(spec.bots) + ["random"] * (players - len(spec.bots))
    bots = [factories[names[p]](random.Random(f"{spec.seed}:{game}:bot{p}")) for p in range(players)]
    first: list[int] = []
    moves = [0]

    def note(st, player, action):
        moves[0] += 1
        if player != CHANCE and not first:
            first.append(player)

    final = play_game(state, bots, random.Random(f"{spec.seed}:{game}:dice"), spec.max_moves, note)
    returns = [float(r) for r in final.returns()]
    best = max(returns)
    winner = returns.index(best) if returns.count(best) == 1 else None
    return GameResult(game, returns, winner, moves[0], first[0] if first else None, final.summary())


def _play_range(spec: BatchSpec, games: list[int]) -> list[GameResult]:
    return [play_one(spec, g) for g in games]


class Interrupted(Exception):
    """Ctrl+C (or SIGTERM, which `motu play` turns into it) during a batch: the games finished so far."""

    def __init__(self, results: list[GameResult]):
        super().__init__(f"interrupted after {len(results)} games")
        self.results = sorted(results, key=lambda r: r.game)


def _worker_init() -> None:
    # Ctrl+C reaches the whole process group: the parent stops the workers, which must not
    # each print a traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):  # a handler inherited from the parent would outlive terminate()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def play_batch(spec: BatchSpec, games: int, workers: int = 1, scheduler: str | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[GameResult]:
    """Play games 0..games-1; results in game order whatever the number of workers."""
    if scheduler is not None and scheduler != "":
        return _play_on_dask(spec, games, scheduler, progress)
    results: list[GameResult] = []
    if workers <= 1 or games <= 1:
        try:
            for g in range(games):
                results.append(play_one(spec, g))
                if progress:
                    progress(g + 1, games)
        except KeyboardInterrupt:
            raise Interrupted(results) from None
        return results
    chunk = max(1, min(5, games // (workers * 8) or 1))  # small, so that an interruption loses little
    batches = [list(range(i, min(games, i + chunk))) for i in range(0, games, chunk)]
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
    try:
        pending = {pool.submit(_play_range, spec, b) for b in batches}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                results.extend(fut.result())
            if progress:
                progress(len(results), games)
    except KeyboardInterrupt:
        for proc in list(getattr(pool, "_processes", {}).values()):  # the games under way are dropped
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise Interrupted(results) from None
    pool.shutdown()
    return sorted(results, key=lambda r: r.game)


def _play_on_dask(spec: BatchSpec, games: int, address: Any, progress) -> list[GameResult]:
    """The same games on an existing Dask cluster (the optional extra motu[cluster])."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("--scheduler needs Dask: pip install 'motu[cluster]'") from None
    client = address if isinstance(address, Client) else Client(address)
    results, futures = [], []
    try:
        futures = client.map(play_one, [spec] * games, list(range(games)), pure=False)
        for fut in as_completed(futures):
            results.append(fut.result())
            if progress:
                progress(len(results), games)
    except KeyboardInterrupt:
        client.cancel(futures)
        raise Interrupted(results) from None
    finally:
        if client is not address:
            client.close()
    return sorted(results, key=lambda r: r.game)


def options_tuple(options: Mapping[str, Any] | None) -> tuple:
    return tuple(sorted((options or {}).items()))
