"""The declared game interface every shipped rule set keeps: its facts (GameInfo), the base
state's legality check and history, and the typed events a game emits while it is played."""
import os
import random

import pytest

from motu.engine.ai.bot import play_game
from motu.engine.io.native import load_path
from motu.engine.rules.api import IllegalActionError
from motu.engine.rules.chance import sample_outcome
from motu.engine.rules.events import Battle, GameEnded, Roll, ScoreChanged, TurnBegan, UnitLost
from motu.engine.rules.fern.volley_event import Volley
from motu.engine.rules.game_info import Information
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.ruleset import RuleSet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SHIPPED = ["tahiti.yaml", "fern-ambush.yaml", "tiki.yaml", "pearls.yaml"]


def scenario(name):
    return load_path(os.path.join(ROOT, "scenarios", name))


def played(name, seed=1):
    """A game played to its end by random bots, with every event it emitted, in order."""
    s = scenario(name)
    rules = get_ruleset(s.ruleset)
    state = rules.new_initial_state(s)
    bots = [rules.bot_factories()["random"](random.Random(f"{seed}:{p}")) for p in range(state.num_players())]
    events = []
    final = play_game(state, bots, random.Random(seed), 200_000, lambda st, p, a: events.extend(st.drain_events()))
    events.extend(final.drain_events())
    return s, final, events


@pytest.mark.parametrize("name", SHIPPED)
def test_each_game_declares_its_facts_seats_by_the_sides_own_names(name):
    s = scenario(name)
    rules = get_ruleset(s.ruleset)
    info = rules.game_info(s)
    state = rules.new_initial_state(s)
    assert rules.playable and info.playable
    assert info.num_players == state.num_players()
    names = {side.name for side in s.sides.values()}
    assert set(info.seats) <= names  # a side's own name, never its id
    hidden = s.ruleset in ("fern", "pearls")  # §12's hidden figures; the pearl chests
    assert info.information is (Information.IMPERFECT if hidden else Information.PERFECT)
    assert info.turn_unit == {"pearls": "rounds"}.get(s.ruleset, "turns")
    assert info.max_length >= 100_000


def test_tahiti_declares_its_outcomes_from_the_greatest_victory_down():
    s = scenario("tahiti.yaml")
    info = get_ruleset("tahiti").game_info(s, {"players": 2})
    assert info.num_players == 2
    assert info.outcomes[:4] == ("Total Victory (event 66)", "decisive victory", "substantive victory",
                                 "marginal victory")


def test_a_rule_set_without_a_game_declares_it_is_not_playable():
    class BoardOnly(RuleSet):
        id, name = "board_only", "Board only"

    s = scenario("tiki.yaml")
    assert not BoardOnly.playable and not BoardOnly().game_info(s).playable


@pytest.mark.parametrize("name", SHIPPED)
def test_an_illegal_action_is_refused_by_the_base_state_in_words_and_in_play(name):
    s = scenario(name)
    state = get_ruleset(s.ruleset).new_initial_state(s)
    illegal = max(state.legal_actions()) + 1000
    with pytest.raises(IllegalActionError):
        state.action_to_string(illegal)
    before = state.history()
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.history() == before
    legal = state.legal_actions()[0]
    assert isinstance(state.action_to_string(legal), str)
    state.apply_action(legal)
    assert state.history() == before + [legal]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_clone_starts_with_no_pending_events_and_the_end_is_told_last(name):
    s = scenario(name)
    rules = get_ruleset(s.ruleset)
    state = rules.new_initial_state(s)
    rng = random.Random(5)
    while not getattr(state, "_events", None):  # play on until something is told
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.clone().drain_events() == []
    assert state.drain_events() and state.drain_events() == []
    _, final, events = played(name)
    assert isinstance(events[-1], GameEnded) and sum(isinstance(e, GameEnded) for e in events) == 1
    assert list(events[-1].returns) == [float(r) for r in final.returns()]
    s = scenario(name)
    assert events[-1].outcome in get_ruleset(s.ruleset).game_info(s).outcomes  # a declared outcome


def test_tahiti_tells_its_turns_battles_and_losses():
    _, final, events = played("tahiti.yaml", seed=0)
    turns = [e.turn for e in events if isinstance(e, TurnBegan)]
    assert turns == list(range(1, len(turns) + 1)) and turns[-1] in (final.turn, final.turn - 1)
    battles = [e for e in events if isinstance(e, Battle)]
    # one battle for each defender's die that stood (a die re-rolled by event 66 is told once)
    assert len(battles) == sum(1 for e in events if isinstance(e, Roll) and e.cause == "defender's combat die (9.2)")
    for b in battles:
        assert len(b.sides) >= 2 and b.winner in (0, 1)
        winner, loser = b.sides[b.winner], b.sides[1 - b.winner]
        assert winner.total > loser.total or (b.winner == 1 and winner.total == loser.total)  # ties: the defender
    lost = [e for e in events if isinstance(e, UnitLost) and e.cause == "battle"]
    assert len(lost) == sum(len(side.losses) for b in battles for side in b.sides)


def test_fern_tells_each_volley_with_its_dice_hits_saves_and_casualties():
    _, final, events = played("fern-ambush.yaml", seed=2)
    volleys = [e for e in events if isinstance(e, Volley)]
    assert volleys
    for v in volleys:
        assert v.dice and v.hits == sum(1 for f in v.dice if f >= 6)
        assert 0 <= v.saved <= v.hits and len(v.casualties) <= v.hits - v.saved
    lost = [e for e in events if isinstance(e, UnitLost)]
    assert len(lost) == sum(final.killed)
    assert events[-1].outcome.endswith(("(a force broken)", "(a force retired)", "(time limit)"))


def test_pearls_tells_every_payment_and_the_scores_at_the_end():
    _, final, events = played("pearls.yaml", seed=0)
    paid = [e for e in events if isinstance(e, ScoreChanged) and e.what == "money"]
    assert paid and all(e.after - e.before != 0 or e.why == "payday" for e in paid)  # payday tells each player, $0 too
    assert {e.why for e in paid} <= {"payday", "bought the move", "sold the move"}
    end = events[-1]
    for p in range(final.n):
        assert f"{final.player_name(p)} {final.scores()[p]}" in end.why


@pytest.mark.parametrize("name", ["fern-ambush.yaml", "tiki.yaml", "pearls.yaml"])
def test_a_clone_records_no_event_until_its_driver_asks_and_then_the_same_as_the_original(name):
    s = scenario(name)
    rules = get_ruleset(s.ruleset)
    state = rules.new_initial_state(s)
    state.drain_events()
    quiet, asked = state.clone(), state.clone()
    asked.record_events()
    rng = random.Random(3)
    told, heard = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        for st in (state, quiet, asked):
            st.apply_action(action)
        assert quiet.drain_events() == []
        told += state.drain_events()
        heard += asked.drain_events()
    assert told and heard == told and isinstance(told[-1], GameEnded)
    state.record_events(False)
    assert state.drain_events() == [] and state.drain_events() == []
