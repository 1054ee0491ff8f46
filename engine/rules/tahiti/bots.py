"""Tahiti bots: the heuristic (greedy) bot's evaluation, and the factories the rule set offers.

Scope: `evaluate(state, player)` scores a game for a player: areas held (Maraes counting,
15.8) weigh most, then combat value and Leaders on the map, the battles a move brings on
(`battle_prospects`: the margin in each shared hex) and the Head Chieftain's safety (being out
is the worst). The greedy bot looks one action ahead with it; random and MCTS are
the shared bots (the MCTS bot with a rollout limit, so its playouts stay short on a long game,
scoring a cut-off with this evaluation on a fixed scale, `_values`).
"""
from __future__ import annotations

import math

from engine.ai.greedy import GreedyBot
from engine.ai.mcts import MCTSBot

from .game_state import IN_MARAE
from .queries import areas_held, strength


def evaluate(state, player: int) -> float:
    if state.result is not None:
        return 1000.0 * state.returns()[player]
    if state.out[player]:
        return -1000.0
    held = areas_held(state)
    mine = [u for u in state.units if u[1] == player]
    best_other = max((held[p] for p in state.live() if p != player), default=0)
    return (10.0 * held[player] - 5.0 * best_other + strength(state, mine) + 0.5 * len(mine)
            + battle_prospects(state, player))


# A battle coming in the Combat Phase, seen one move ahead: worth BATTLE_WEIGHT a point of
# margin (capped at the margin that takes three losses), and a Head Chieftain's stack that
# could lose it is a risk to the game (his death puts the player out).
BATTLE_WEIGHT, MARGIN_CAP, CHIEFTAIN_RISK = 2.0, 6, 15.0


def battle_prospects(state, player: int) -> float:
    """The player's outlook in every hex he shares with another player's fighting units."""
    if state.cond.get("rain") or state.cond.get("truce"):
        return 0.0  # 52-53, 44-45: no combat this turn
    mine: dict[int, list] = {}
    theirs: dict[int, list] = {}
    for u in state.units:
        if u[0] == "war_canoe" or u[3] & IN_MARAE:
            continue
        (mine if u[1] == player else theirs).setdefault(u[2], []).append(u)
    score = 0.0
    for cell, units in mine.items():
        if cell not in theirs:
            continue
        margin = strength(state, units) - strength(state, theirs[cell])
        score += BATTLE_WEIGHT * max(-MARGIN_CAP, min(MARGIN_CAP, margin))
        if margin < MARGIN_CAP and any(u[0] == "head_chieftain" for u in units):
            score -= CHIEFTAIN_RISK
    return score


# The evaluation a cut-off rollout maps to tanh(score / VALUE_SCALE): about four areas' worth
# (10 each) of score gives 0.76, so a narrow lead stays well short of a win's 1.
VALUE_SCALE = 40.0


def _values(state):
    """MCTS returns in (-1, 1) at a rollout cut-off, on a fixed scale: a player's value depends
    on his own position only (an eliminated player, -1000, does not shrink the others'), and
    only a finished game gives its real returns (a win's 1, a loss's -1)."""
    if state.result is not None:
        return state.returns()
    return [math.tanh(evaluate(state, p) / VALUE_SCALE) for p in range(state.num_players())]


def bot_factories() -> dict:
    return {
        "heuristic": lambda rng: GreedyBot(evaluate, rng),
        "mcts": lambda rng: MCTSBot(rng, iterations=50, rollout_limit=60, evaluate=_values),
    }
