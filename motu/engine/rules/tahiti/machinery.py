"""How a Tahiti game runs: named steps and handlers, and the die's outcomes.

Scope: the registries a TahitiState reads (game_state.py). A turn is a queue of *steps*
(`STEPS`, functions of the state and their arguments); a pending node's answer goes to its
*handler* (`HANDLERS`, functions of the state, the action and their arguments). Rule modules
register theirs with the `step` and `handler` decorators; a state holds only their names, so
it is plain data and clones by copying.
"""
from __future__ import annotations

from typing import Callable

STEPS: dict[str, Callable] = {}      # step name -> fn(state, *args)
HANDLERS: dict[str, Callable] = {}   # node handler name -> fn(state, action, *args)


def step(fn):
    STEPS[fn.__name__] = fn
    return fn


def handler(fn):
    HANDLERS[fn.__name__] = fn
    return fn


DIE_OUTCOMES = tuple((d, 1.0 / 6) for d in range(1, 7))
