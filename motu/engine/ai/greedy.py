"""The greedy bot: one move of lookahead on a game's own evaluation.

Scope: a generic bot for any GameState. It looks at its seat's observation only; for each
legal action it applies the action to a clone of it and scores the result for the player who moved: a finished game by its returns (which
outweigh any evaluation), a chance node by the average over its outcomes (one level), any
other state by the game's evaluation function. Ties are broken by the generator handed in.
Each game supplies its evaluation (motu/engine/rules/<game>/bots.py).
"""
from __future__ import annotations

import random
from typing import Callable

from motu.engine.rules.api import GameState

PlayerValue = Callable[[GameState, int], float]
DECISIVE = 1_000_000.0  # a won or lost game counts more than any evaluation


class GreedyBot:
    name = "greedy"

    def __init__(self, evaluate: PlayerValue, rng: random.Random):
        self.evaluate = evaluate
        self.rng = rng

    def choose(self, state: GameState) -> int:
        me = state.current_player()
        state = state.observation(me)  # what this seat may know, and nothing more
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best: list[int] = []
        best_v = -float("inf")
        for a in legal:
            s = state.clone()
            s.apply_action(a)
            v = self._value(s, me, chance_depth=1)
            if v > best_v:
                best, best_v = [a], v
            elif v == best_v:
                best.append(a)
        return self.rng.choice(best)

    def _value(self, s: GameState, me: int, chance_depth: int) -> float:
        if s.is_terminal():
            return DECISIVE * s.returns()[me]
        if s.is_chance_node() and chance_depth > 0:
            total = 0.0
            for a, p in s.chance_outcomes():
                child = s.clone()
                child.apply_action(a)
                total += p * self._value(child, me, chance_depth - 1)
            return total
        return self.evaluate(s, me)
