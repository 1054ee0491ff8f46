"""A whole balance run: the named games, the stopping rule, the seat games and the bot matrix.

Scope: what `motu play --report` and the editor's Tools → Balance Report both do, as one
function: plays (in processes or on Dask, motu/engine/session/batch.py) and returns the report's
data (motu/engine/session/report.py). Seeds: game g of every part uses the dice of (seed, g), so
the seat games and every cell of the matrix meet the same dice as the named games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from motu.engine.io.native import dumps
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Scenario

from . import stats
from .batch import BatchSpec, GameResult, Interrupted, play_batches
from .matrix import matrix_bots, matrix_data, matrix_lineups, matrix_specs
from .report import build_report

DEFAULT_CAP = 5000  # games: where --until-ci stops when the intervals will not narrow enough


class OptionsRefused(ValueError):
    """Options that override the scenario's make a game its rule set refuses (a set-up that
    could never end, say): said before any game is played."""


class Cancelled(KeyboardInterrupt):
    """The user's cancel, raised from the progress callback: the batch stops like on Ctrl+C."""


@dataclass
class BalanceRun:
    scenario: Scenario
    bots: Sequence[str]
    games: int = 100
    seed: int = 0
    workers: int = 1
    scheduler: Any = None
    until_ci: float | None = None  # stop when every interval is within ± this (e.g. 0.05)
    cap: int = DEFAULT_CAP
    matrix_games: int = 0  # games per cell of the bot matrix; 0: no matrix
    matrix_playouts: int | None = None  # MCTS's playouts a move in the matrix; None: the rule set's own
    options: tuple = ()
    start_method: str | None = None  # worker processes: "spawn" from the editor (batch.play_batches)

    def spec(self, **kw) -> BatchSpec:
        return BatchSpec(dumps(self.scenario), tuple(self.bots), self.seed, self.options, **kw)


def _seat_lineups(bots: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Every seat the same bot, each named bot in turn (sorted: the same whichever side named it)."""
    return tuple((b,) * len(bots) for b in sorted(set(bots)))


def check_options(s: Scenario, options: Sequence[tuple[str, Any]]) -> None:
    """The scenario validated with the overriding options as its own: the caller checked the
    scenario, not what the options make of it. OptionsRefused names the first error."""
    if not options:
        return
    checked = s.copy()
    checked.options.update(dict(options))
    errors = [f for f in get_ruleset(s.ruleset).validate(checked) if f.severity == "error"]
    if errors:
        said = ", ".join(f"{k}={v}" for k, v in options)
        raise OptionsRefused(f"with {said} the scenario has {len(errors)} validation errors "
                             f"(first: {errors[0].message})")


def run_balance(run: BalanceRun, progress: Callable[[int, int], None] | None = None) -> tuple[dict[str, Any], bool]:
    """Play the run; (report data, interrupted). An interruption keeps the games finished so far."""
    s = run.scenario
    rules = get_ruleset(s.ruleset)
    check_options(s, run.options)
    players = rules.new_initial_state(s, dict(run.options)).num_players()
    bots = list(run.bots) + ["random"] * (players - len(run.bots))
    run.bots = bots
    differ = len(set(bots)) > 1
    results: list[GameResult] = []
    seat_results: list[GameResult] = []
    interrupted = False
    # the progress bar's total: the named games (and seat games), then the matrix's, known from the start
    matrix_total = len(matrix_lineups(matrix_bots(rules, run.matrix_playouts), players)) * run.matrix_games
    total_hint = [run.games * (2 if differ else 1) + matrix_total]

    def tick_from(base: int):
        def tick(done: int, total: int) -> None:
            if progress:
                progress(base + done, max(total_hint[0], base + total))
        return tick

    stopping = None
    stage = "games"
    try:
        while True:
            start = len(results)
            jobs = [(run.spec(), list(range(start, start + run.games)))]
            if differ:
                jobs.append((run.spec(lineups=_seat_lineups(bots)), list(range(start, start + run.games))))
            got = play_batches(jobs, run.workers, run.scheduler, tick_from(len(results) + len(seat_results)),
                               run.start_method)
            results += got[0]
            if differ:
                seat_results += got[1]
            if run.until_ci is None:
                break
            reached = stats.precise_enough(results, players, run.until_ci)
            stopping = {"within": run.until_ci, "batch": run.games, "cap": run.cap, "reached": reached}
            if reached or len(results) + run.games > run.cap:
                break
            total_hint[0] = (len(results) + run.games) * (2 if differ else 1) + matrix_total
        matrix = None
        if run.matrix_games:
            stage = "matrix"
            names = matrix_bots(rules, run.matrix_playouts)
            specs = matrix_specs(run.spec(), names, players)
            base = len(results) + len(seat_results)
            total_hint[0] = base + len(specs) * run.matrix_games
            got = play_batches([(spec, list(range(run.matrix_games))) for _, spec in specs], run.workers,
                               run.scheduler, tick_from(base), run.start_method)
            sides = rules.player_sides(s, players)
            side_names = [s.sides[x].name if x in s.sides else x for x in sides]
            matrix = matrix_data(rules, names, players, sides, side_names,
                                 {up: rs for (up, _), rs in zip(specs, got)}, run.matrix_games)
    except Interrupted as stop:
        interrupted = True
        if stage == "games":  # the finished games of the batch under way; a matrix cut short is left out
            results += stop.per_job[0]
            if differ:
                seat_results += stop.per_job[1]
        matrix = None
    report = build_report(s, results, bots, run.seed, seat_results, matrix, stopping)
    report["interrupted"] = interrupted
    report["results"] = [r.to_json() for r in results]
    report["seat"]["results"] = [r.to_json() for r in seat_results] if differ else "the games above"
    return report, interrupted
