"""Tiki bots: the evaluation the greedy bot looks one move ahead with, and bot factories.

Scope: `evaluate(state, player)` scores a position for a player: the fruit lead, less the best
the opponent could take back with their very next move when it is their turn (a totem of two
left on a +2 village is a gift). Factories build the random, greedy and MCTS bots (the search scores its leaves with the same
evaluation, `values`), each with
the generator handed in.
"""
from __future__ import annotations

import math
import random

from motu.engine.ai.bot import RandomBot
from motu.engine.ai.greedy import GreedyBot
from motu.engine.ai.mcts import MCTSBot

from .state import TikiState

WIN = 10.0  # a won game is worth more than any fruit lead


def _lead(state: TikiState, me: int) -> float:
    if state.winner >= 0:
        return WIN if state.winner == me else -WIN
    return float(state.fruit[me] - state.fruit[1 - me])


def evaluate(state: TikiState, me: int) -> float:
    lead = _lead(state, me)
    if state.winner >= 0 or state.current_player() != 1 - me:
        return lead
    worst = lead
    for a in state.legal_actions():  # the opponent's best immediate reply
        s = state.clone()
        s.apply_action(a)
        worst = min(worst, _lead(s, me))
    return worst


def random_bot(rng: random.Random) -> RandomBot:
    return RandomBot(rng)


def greedy_bot(rng: random.Random) -> GreedyBot:
    return GreedyBot(evaluate, rng)


# A leaf of the search is scored by the evaluation (the lead, less the reply it invites) on
# this scale: three fruit of lead are worth tanh(1) = 0.76 of a win.
VALUE_SCALE = 3.0


def values(state: TikiState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return [math.tanh(evaluate(state, p) / VALUE_SCALE) for p in range(2)]


def mcts_bot(rng: random.Random, iterations: int = 500, rollout_limit: int | None = 0,
             margin: float | None = 0.05) -> MCTSBot:
    """UCT scoring each new leaf with `values` (rollout_limit 0; None plays random rollouts),
    keeping the greedy bot's move unless a move's mean return beats it by more than `margin`
    (None: the search alone decides)."""
    return MCTSBot(rng, iterations=iterations, rollout_limit=rollout_limit,
                   evaluate=values if rollout_limit is not None else None,
                   anchor=greedy_bot if margin is not None else None, margin=margin or 0.0)
