"""Tahiti bots: the heuristic (greedy) bot's evaluation, and the factories the rule set offers.

Scope: `evaluate(state, player)` scores a game for a player: areas held (Maraes counting,
15.8) weigh most, then combat value and Leaders on the map, and the Head Chieftain's safety
(being out is the worst). The greedy bot looks one action ahead with it; random and MCTS are
the shared bots (the MCTS bot with a rollout limit and this evaluation, so its playouts stay
short on a long game).
"""
from __future__ import annotations


from engine.ai.greedy import GreedyBot
from engine.ai.mcts import MCTSBot

from .queries import areas_held, strength


def evaluate(state, player: int) -> float:
    if state.result is not None:
        return 1000.0 * state.returns()[player]
    if state.out[player]:
        return -1000.0
    held = areas_held(state)
    mine = [u for u in state.units if u[1] == player]
    best_other = max((held[p] for p in state.live() if p != player), default=0)
    return 10.0 * held[player] - 5.0 * best_other + strength(state, mine) + 0.5 * len(mine)


def _values(state):
    scores = [evaluate(state, p) for p in range(state.num_players())]
    top = max(abs(s) for s in scores) or 1.0
    return [s / top for s in scores]


def bot_factories() -> dict:
    return {
        "heuristic": lambda rng: GreedyBot(evaluate, rng),
        "mcts": lambda rng: MCTSBot(rng, iterations=50, rollout_limit=60, evaluate=_values),
    }
