"""Pearl-game bots: an evaluation of a position, the greedy bot on it, and bot factories.

Scope: `worth(state)` estimates each player's final score now: chest and the map's points as
they stand, plus what is in hand (a pearl or a letter is half way to a boat on the map), plus a
little for cash (it buys moves and can be saved); the auction's leader counts the move as won
and the bid as paid. `evaluate(state, player)` is the player's worth less the best other's
(the greedy bot's measure); `rollout_value(state)` turns worths into values in [-1, 1] for MCTS
rollouts cut short.
"""
from __future__ import annotations

import math
import random

from motu.engine.ai.bot import RandomBot
from motu.engine.ai.greedy import GreedyBot
from motu.engine.ai.mcts import MCTSBot

from .state import P_AUCTION, PearlsState

CASH = 0.3        # a dollar in hand is worth less than a dollar saved
IN_HAND = 3.0     # a pearl or a letter in hand
MOVE = 4.0        # winning the auction: a pearl or a letter to come
SCALE = 10.0      # points of lead that make a game all but won


def worth(state: PearlsState) -> list[float]:
    scores = state.scores()
    out = []
    for p in range(state.n):
        w = scores[p] + CASH * state.cash[p] + (IN_HAND if state.hold[p] >= 0 else 0.0)
        if state.phase == P_AUCTION and state.bidder == p:
            w += MOVE - CASH * state.bid
        out.append(w)
    return out


def evaluate(state: PearlsState, me: int) -> float:
    w = worth(state)
    return w[me] - max(w[p] for p in range(state.n) if p != me)


def rollout_value(state: PearlsState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    w = worth(state)
    return [math.tanh((w[p] - max(w[q] for q in range(state.n) if q != p)) / SCALE) for p in range(state.n)]


def random_bot(rng: random.Random) -> RandomBot:
    return RandomBot(rng)


def greedy_bot(rng: random.Random) -> GreedyBot:
    return GreedyBot(evaluate, rng)


def mcts_bot(rng: random.Random, iterations: int = 200, rollout_limit: int | None = 0) -> MCTSBot:
    """UCT scoring each new leaf with `rollout_value` (rollout_limit 0: the evaluation beats
    random playouts to the end); None plays rollouts to the end."""
    return MCTSBot(rng, iterations=iterations, rollout_limit=rollout_limit,
                   evaluate=rollout_value if rollout_limit is not None else None)
