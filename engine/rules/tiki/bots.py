"""Tiki bots: the evaluation the greedy bot looks one move ahead with, and bot factories.

Scope: `evaluate(state, player)` scores a position for a player: the fruit lead, less the best
the opponent could take back with their very next move when it is their turn (a totem of two
left on a +2 village is a gift). Factories build the random, greedy and MCTS bots, each with
the generator handed in.
"""
from __future__ import annotations

import random

from engine.ai.bot import RandomBot
from engine.ai.greedy import GreedyBot
from engine.ai.mcts import MCTSBot

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


def mcts_bot(rng: random.Random, iterations: int = 200) -> MCTSBot:
    return MCTSBot(rng, iterations=iterations)
