"""The conformance check: a small dice game passes it, and each kind of fault is caught."""
import pytest

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.conformance import ConformanceError, check_conformance


class DiceRace(GameState):
    """Two players race to 10; on a turn a player rolls a die (chance) or stops and banks."""

    def __init__(self):
        self.pos = [0, 0]
        self.pending = 0
        self.player = 0
        self.rolling = False
        self._history = []

    def num_players(self):
        return 2

    def current_player(self):
        if max(self.pos) >= 10:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self):
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [0, 1]  # 0 roll, 1 bank

    def chance_outcomes(self):
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply_action(self, action):
        self._history.append(action)
        if self.rolling:
            self.rolling = False
            if action == 1:
                self.pending = 0
                self.player = 1 - self.player
            else:
                self.pending += action
        elif action == 0:
            self.rolling = True
        else:
            self.pos[self.player] += self.pending
            self.pending = 0
            self.player = 1 - self.player

    def returns(self):
        if max(self.pos) < 10:
            return [0.0, 0.0]
        w = 0 if self.pos[0] >= 10 else 1
        return [1.0 if i == w else -1.0 for i in range(2)]

    def clone(self):
        c = type(self)()
        c.pos, c.pending, c.player, c.rolling, c._history = list(self.pos), self.pending, self.player, self.rolling, list(self._history)
        return c

    def action_to_string(self, action):
        if self.rolling:
            return f"rolled {action}"
        return "roll" if action == 0 else "bank"

    def state_key(self):
        return (tuple(self.pos), self.pending, self.player, self.rolling)


def test_a_correct_game_passes():
    report = check_conformance(DiceRace, games=30, seed=1)
    assert report.games == 30 and report.chance_nodes > 0
    assert all(sorted(r) == [-1.0, 1.0] for r in report.terminal_returns)


def test_the_same_seed_plays_the_same_games():
    a = check_conformance(DiceRace, games=5, seed=7)
    b = check_conformance(DiceRace, games=5, seed=7)
    assert (a.moves, a.terminal_returns) == (b.moves, b.terminal_returns)


class BadProbabilities(DiceRace):
    def chance_outcomes(self):
        return [(face, 1 / 7) for face in range(1, 7)]


class SharedClone(DiceRace):
    def clone(self):
        c = super().clone()
        c.pos = self.pos  # shares state with the original
        return c


class NeverEnds(DiceRace):
    def current_player(self):
        return CHANCE if self.rolling else self.player


class NoMoves(DiceRace):
    def legal_actions(self):
        return [] if self.pos[0] > 3 else super().legal_actions()


class Secretive(DiceRace):
    """The pot being rolled for is hidden from the other player: a fair observation."""

    def observation(self, player):
        obs = self.clone()
        if player != self.player:
            obs.pending = 0
        return obs

    def action_to_string_for(self, action, player):
        return self.action_to_string(action) if player == self.player else None


class LeakyObservation(Secretive):
    """Banking is only offered in the observation of a player who is ahead: the legal actions tell."""

    def observation(self, player):
        obs = super().observation(player)
        if self.pos[player] > self.pos[1 - player]:
            obs.legal_actions = lambda: [0]
        return obs


class SilentToTheMover(Secretive):
    def action_to_string_for(self, action, player):
        return None


class ObservingChanges(Secretive):
    def observation(self, player):
        self.pending += 1
        return self


def test_a_game_with_a_fair_observation_passes():
    report = check_conformance(Secretive, games=10, seed=2)
    assert report.games == 10


@pytest.mark.parametrize("broken, message", [
    (BadProbabilities, "sum to"),
    (SharedClone, "changed its clone"),
    (NeverEnds, "did not end"),
    (NoMoves, "no legal action"),
    (LeakyObservation, "give away"),
    (SilentToTheMover, "action_to_string_for"),
    (ObservingChanges, "observing the game changed it"),
])
def test_faults_are_caught(broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_conformance(broken, games=20, seed=3, max_moves=2000)
