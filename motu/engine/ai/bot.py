"""The bot interface, the random bot, and the bare loop of a whole game played by bots.

A bot chooses among `legal_actions()` for the player to move; it never rolls
dice (chance nodes are resolved by whoever runs the game) and it draws any
randomness of its own from the generator it was given. It decides from its
seat's observation (`state.observation(player)`), never from what the seat may
not know; MCTS, which simulates whole games, plays them from states sampled consistent with
that observation (`GameState.sample_hidden`).
"""
from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.chance import sample_outcome


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> int: ...


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: GameState) -> int:
        return self.rng.choice(state.observation(state.current_player()).legal_actions())


def play_game(state: GameState, bots: Sequence[Bot], rng: random.Random, max_moves: int = 100_000,
              on_action: Callable[[GameState, int, int], None] | None = None) -> GameState:
    """Play to the end: bots[player] moves for each player, `rng` resolves chance nodes. The bare
    loop of a playout (MCTS's, a test's): a game that is kept, told or recorded (the playtest
    table, batch play) is driven by motu/engine/session's Session.play, which draws the same dice."""
    for _ in range(max_moves):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = bots[player].choose(state)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
    raise RuntimeError(f"the game did not end within {max_moves} moves")
