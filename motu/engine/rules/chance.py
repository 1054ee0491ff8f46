"""The chance draw: which outcome of a chance node a given random generator picks.

Rules never draw (a game is scenario, seed and actions); whoever drives a game (the session,
a bot's playouts, the conformance check) draws with its own generator through this one
function, so the same generator gives the same dice everywhere.
"""
from __future__ import annotations

import random


def sample_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """The action of the outcome `rng` falls on: one draw of `rng.random()` against the outcomes'
    probabilities in their order (the last outcome takes any rounding left over)."""
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]
