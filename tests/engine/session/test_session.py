"""A game is (scenario, seed, actions): sessions roll, log, undo by replay, and reload."""
import json

import pytest

from motu.engine.rules.api import CHANCE
from motu.engine.session.session import Session

FP = "a" * 64  # a scenario's fingerprint


class Dice:
    """One die roll, then the player guesses high (1) or low (0); a guess of the right half wins."""

    def __init__(self):
        self._history = []

    def num_players(self):
        return 1

    def current_player(self):
        return CHANCE if not self._history else (0 if len(self._history) == 1 else -4)

    def chance_outcomes(self):
        return [(f, 1 / 6) for f in range(1, 7)]

    def is_terminal(self):
        return len(self._history) >= 2

    def legal_actions(self):
        return [1, 2, 3, 4, 5, 6] if not self._history else [0, 1]

    def apply_action(self, a):
        self._history.append(a)

    def action_to_string(self, a):
        return f"rolled {a}" if not self._history else ("guess high" if a else "guess low")


def test_rolls_are_logged_with_their_purpose_and_replay_exactly():
    s = Session(Dice, seed=42, fingerprint=FP)
    [roll] = s.resolve_chance()
    assert roll.player == CHANCE and roll.text == f"rolled {roll.action}"
    s.apply(1)
    again = Session.from_record(json.loads(json.dumps(s.record())), Dice, FP)
    assert again.actions == s.actions and [e.text for e in again.log] == [e.text for e in s.log]


def test_same_seed_same_dice():
    a = [Session(Dice, seed=7).roll().action for _ in range(3)]
    assert len(set(a)) == 1


def test_undo_takes_back_the_players_move_and_keeps_the_dice_in_step():
    s = Session(Dice, seed=3)
    [roll] = s.resolve_chance()
    s.apply(0)
    s.undo()
    assert s.actions == [roll.action], "the roll before the move stays; the move is taken back"
    assert s.state.current_player() == 0
    s.apply(1)
    s.undo()
    s.undo()
    assert s.actions == [] and s.state.current_player() == CHANCE
    assert s.roll().action == roll.action, "the generator restarts in step with the log"


def test_a_record_of_another_scenario_is_refused():
    s = Session(Dice, seed=1, fingerprint=FP)
    with pytest.raises(ValueError, match="different version"):
        Session.from_record(s.record(), Dice, fingerprint="b" * 64)
