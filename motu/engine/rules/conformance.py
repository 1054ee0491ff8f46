"""The conformance check every playable rule set passes.

Random playouts, driven by a seeded generator owned here (rules never draw),
check that: legal actions exist until the end; chance outcomes are legal and
their probabilities sum to 1; a clone equals its original and is independent of
it; a game record (seed + actions) survives JSON and replays to an equal state;
returns have one value per player once the game ends; the playtest hooks
(action_cells, markers, summary) answer in their documented shapes; and every
seat's observation is a state that leaves the game untouched, whose legal actions,
for the seat to move, are the game's own (so no legal action gives away what the
seat may not see), a sample of the hidden part (`sample_hidden`) offers that seat the same
actions and plays on, and every seat is told each action in words or not at all (the seat
that acts always is).
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Callable

from .api import CHANCE, TERMINAL, GameState
from .chance import sample_outcome


class ConformanceError(AssertionError):
    pass


@dataclass
class ConformanceReport:
    games: int = 0
    moves: int = 0
    chance_nodes: int = 0
    terminal_returns: list[list[float]] = field(default_factory=list)


def every_option_on(catalogue) -> dict:
    """Options for a game with every rule-set option "on": each bool true, each choice its
    first other than the default (numbers keep their defaults), for playing the least-trodden rules."""
    out = {}
    for key, spec in catalogue.options.items():
        if spec.type == "bool":
            out[key] = True
        elif spec.type == "choice":
            out[key] = next((c for c in spec.choices if c != spec.default), spec.default)
    return out


def sample_chance(state: GameState, rng: random.Random) -> int:
    return sample_outcome(state.chance_outcomes(), rng)


def check_conformance(new_state: Callable[[], GameState], *, games: int = 20, seed: int = 0,
                      max_moves: int = 5000) -> ConformanceReport:
    """Play `games` random games from `new_state()`; raise ConformanceError at the first fault."""
    report = ConformanceReport()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = new_state()
        actions: list[int] = []
        for move in range(max_moves + 1):
            player = state.current_player()
            if player == TERMINAL:
                break
            if move == max_moves:
                raise ConformanceError(f"game {g} did not end within {max_moves} moves")
            legal = state.legal_actions()
            if not legal:
                raise ConformanceError(f"game {g}, move {move}: player {player} has no legal action")
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                total = sum(p for _, p in outcomes)
                if not math.isclose(total, 1.0, abs_tol=1e-9):
                    raise ConformanceError(f"game {g}, move {move}: chance probabilities sum to {total}")
                if any(p < 0 for _, p in outcomes):
                    raise ConformanceError(f"game {g}, move {move}: a negative chance probability")
                if sorted(a for a, _ in outcomes) != sorted(legal):
                    raise ConformanceError(f"game {g}, move {move}: chance outcomes differ from legal actions")
                action = sample_chance(state, rng)
                report.chance_nodes += 1
            else:
                if not 0 <= player < state.num_players():
                    raise ConformanceError(f"game {g}, move {move}: current player {player} is not a player")
                action = rng.choice(legal)
            for a in legal[:3]:
                if not isinstance(state.action_to_string(a), str):
                    raise ConformanceError(f"game {g}: action_to_string({a}) is not text")
                cells = state.action_cells(a)
                if not (isinstance(cells, tuple) and len(cells) == 2):
                    raise ConformanceError(f"game {g}: action_cells({a}) is not a (from, to) pair")
            if move % 50 == 0 and not all(len(m) == 3 for m in state.markers()):
                raise ConformanceError(f"game {g}, move {move}: markers() are not (cell, text, side) triples")
            before = state.state_key()
            _check_observations(state, g, move, player, legal, action, every_seat=move % 10 == 0)
            if state.state_key() != before:
                raise ConformanceError(f"game {g}, move {move}: observing the game changed it")
            twin = state.clone()
            if twin != state or twin.state_key() != before:
                raise ConformanceError(f"game {g}, move {move}: a clone differs from its original")
            state.apply_action(action)
            actions.append(action)
            if twin.state_key() != before:
                raise ConformanceError(f"game {g}, move {move}: applying an action to the original changed its clone")
            report.moves += 1
        returns = state.returns()
        if len(returns) != state.num_players():
            raise ConformanceError(f"game {g}: returns has {len(returns)} values for {state.num_players()} players")
        record = json.loads(json.dumps({"seed": seed, "game": g, "actions": actions}))
        replayed = new_state()
        for a in record["actions"]:
            replayed.apply_action(a)
        if replayed != state:
            raise ConformanceError(f"game {g}: replaying the recorded actions gives a different state")
        report.games += 1
        report.terminal_returns.append(returns)
    return report


def _check_observations(state: GameState, g: int, move: int, player: int, legal: list[int], action: int,
                        every_seat: bool) -> None:
    """The seat to move (and, every tenth move, every seat): its observation, and its words for the action."""
    where = f"game {g}, move {move}"
    seats = range(state.num_players()) if every_seat or player == CHANCE else [player]
    for p in seats:
        obs = state.observation(p)
        if not isinstance(obs, GameState):
            raise ConformanceError(f"{where}: observation({p}) is not a game state")
        if p == player:
            if obs.current_player() != player:
                raise ConformanceError(f"{where}: in its own observation player {p} is not to move")
            if sorted(obs.legal_actions()) != sorted(legal):
                raise ConformanceError(f"{where}: player {p}'s observation has other legal actions than the game: "
                                       "they give away what the seat may not see")
            if every_seat:  # a search's sample of the hidden part: the seat's choice, and playable
                sample = obs.sample_hidden(p, random.Random(g * 1_000 + move))
                if sample.current_player() != player or sorted(sample.legal_actions()) != sorted(legal):
                    raise ConformanceError(f"{where}: a sample_hidden of player {p}'s observation offers other "
                                           "legal actions than the game")
                sample.apply_action(action)
        text = state.action_to_string_for(action, p)
        if not (text is None or isinstance(text, str)) or (p == player and text is None):
            raise ConformanceError(f"{where}: action_to_string_for({action}, {p}) is {text!r}")
