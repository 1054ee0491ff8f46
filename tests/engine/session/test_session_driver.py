"""The session drives every game: bots play through it with the dice of play_game, each action
keeps the typed events it caused, undo reaches back to a chosen seat's decision, and a replay
applies only what it has not seen."""
import os
import random

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.native import load_path
from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.events import GameEnded, Roll
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


class Race(GameState):
    """Two players take turns, each turn a die (1-3) then a choice of stepping 1 or 2 more; the
    first to reach 8 wins. Every die emits a Roll; the end emits GameEnded."""

    def __init__(self):
        self.pos = [0, 0]
        self.turn = 0  # whose turn
        self.rolled = False
        self._history = []

    def num_players(self):
        return 2

    def current_player(self):
        if max(self.pos) >= 8:
            return TERMINAL
        return self.turn if self.rolled else CHANCE

    def _legal_actions(self):
        return [1, 2, 3] if not self.rolled else [1, 2]

    def chance_outcomes(self):
        return [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]

    def _apply_action(self, a):
        self.pos[self.turn] += a
        if not self.rolled:
            self._emit(Roll(faces=(a,), cause="movement", player=self.turn))
            self.rolled = True
        else:
            self.rolled = False
            self.turn = 1 - self.turn
        if max(self.pos) >= 8:
            winner = 0 if self.pos[0] >= 8 else 1
            self._emit(GameEnded(returns=tuple(self.returns()), outcome="win", winners=(winner,)))

    def returns(self):
        if max(self.pos) < 8:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.pos[0] >= 8 else [-1.0, 1.0]

    def clone(self):
        c = Race()
        c.pos, c.turn, c.rolled, c._history = list(self.pos), self.turn, self.rolled, list(self._history)
        return c

    def action_to_string(self, a):
        return f"rolled {a}" if not self.rolled else f"step {a}"

    def state_key(self):
        return (tuple(self.pos), self.turn, self.rolled)


def test_bots_play_through_the_session_exactly_the_game_play_game_plays():
    rules = get_ruleset("tiki")
    scenario = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    heard = []
    bare = play_game(rules.new_initial_state(scenario), [RandomBot(random.Random(f"b{p}")) for p in range(2)],
                     random.Random("dice"), 200_000, lambda st, p, a: heard.append(a))
    session = Session(lambda: rules.new_initial_state(scenario), seed="dice", texts=False)
    final = session.play([RandomBot(random.Random(f"b{p}")) for p in range(2)], 200_000)
    assert session.actions == heard and final.state_key() == bare.state_key()
    assert {e.text for e in session.log} == {""}, "a batch game keeps no words"


def test_each_action_keeps_the_events_it_caused():
    s = Session(Race, seed=4)
    s.play([RandomBot(random.Random(0)), RandomBot(random.Random(1))])
    *before, last = s.log
    for entry in before:
        if entry.player == CHANCE:
            assert [type(e) for e in entry.events] == [Roll] and entry.events[0].faces == (entry.action,)
        else:
            assert entry.events == ()
    assert isinstance(last.events[-1], GameEnded) and last.events[-1].returns == tuple(s.state.returns())
    assert s.state.drain_events() == [], "the session took every event"


def test_undo_to_a_seat_takes_back_its_last_decision_and_everything_after():
    s = Session(Race, seed=9)
    s.roll()
    s.apply(2)  # seat 0 decides
    s.roll()
    s.apply(1)  # seat 1 decides
    s.roll()  # seat 0 to decide again
    assert s.undo_point({0}) == 1 and s.undo_point({1}) == 3 and s.undo_point() == 3
    rolls = [e.action for e in s.log if e.player == CHANCE]
    s.undo(to_seats={0})
    assert s.actions == [rolls[0]] and s.state.current_player() == 0, "seat 0 decides again, after the same die"
    s.apply(1)
    assert s.roll().action == rolls[1], "the dice after the undo are those the seed gave the first time"
    assert Session(Race, seed=9).undo_point({1}) is None


def test_a_replay_applies_only_the_actions_it_has_not_seen_and_restarts_on_another_game():
    s = Session(Race, seed=2)
    s.roll()
    s.apply(1)
    state = s.state
    s.replay(s.actions + [3])
    assert s.state is state and s.actions[2] == 3, "the game went on from where it stood"
    other = Session(Race, seed=2)
    other.roll()
    other.apply(2)
    other.roll()
    other.replay(s.actions[:2])
    assert other.actions == s.actions[:2] and other.state.pos == [s.actions[0] + 1, 0], "replayed from the start"
    fresh = Session(Race, seed=2)
    fresh.roll()
    fresh.apply(1)
    assert other.roll().action == fresh.roll().action, "the dice are in step with the replayed log"
