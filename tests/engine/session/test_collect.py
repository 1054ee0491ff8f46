"""What the worker keeps of each game agrees with the finished game itself, in every rule set."""
import os
import random

import pytest

from motu.engine.ai.bot import play_game
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.collect import collector_for, feeder, finish

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def played(name, seed=3):
    s = load_path(os.path.join(ROOT, "scenarios", name))
    rules = get_ruleset(s.ruleset)
    state = rules.new_initial_state(s)
    bots = [rules.bot_factories()["random"](random.Random(f"{seed}:{p}")) for p in range(state.num_players())]
    c = collector_for(s.ruleset, state)
    final = play_game(state, bots, random.Random(seed), 200_000, feeder(c))
    return s, final, finish(c, final, [float(x) for x in final.returns()])


def test_tiki_every_influence_is_credited_to_one_player():
    _, final, rec = played("tiki.yaml")
    by_player = rec["maps"]["influenced"]
    assert sum(sum(d.values()) for d in by_player.values()) == sum(final.influenced)
    assert rec["timeline"][-1] == [float(x) for x in final.fruit]
    assert rec["outcome"] in ("won by fruits", "won when the supply ran out", "won on the tie-break")


def test_pearls_boats_at_the_end_are_the_boats_on_the_map():
    _, final, rec = played("pearls.yaml")
    boats = rec["maps"]["boats"]
    for p in range(final.n):
        assert sum(boats[str(p)].values()) == sum(1 for k, c in enumerate(final.colour) if c >= 0 and final.owner[k] == p)
    assert rec["timeline"][-1] == [float(c + k) for c, k in zip(final.cash, final.chest)]
    assert rec["turns"] == len(rec["timeline"]) - 1
    # the rulebook's winner has the highest score, chest plus groups: cash does not count
    scores = final.scores()
    sole = scores.count(max(scores)) == 1
    assert rec["outcome"] == ("won with the highest score (chest + groups)" if sole else
                              "tie for the highest score (chest + groups)")
    assert "money" not in rec["outcome"]


def test_fern_casualties_by_side_add_up_to_the_casualties_on_the_table():
    _, final, rec = played("fern-ambush.yaml")
    cas = rec["maps"]["casualties"]
    assert sum(sum(d.values()) for d in cas.values()) == sum(final.cas.values())
    assert rec["turns"] == final.turn
    assert rec["timeline"][-1] == [float(x) for x in final.killed]
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    for side, squares in rec["maps"]["fire"].items():  # squares of the map, each fired from at least once
        assert all(s.grid.parse_label(label) >= 0 and n >= 1 for label, n in squares.items())


@pytest.mark.parametrize("name", ["tahiti.yaml"])
def test_tahiti_areas_held_at_the_end_are_the_areas_controlled(name, monkeypatch):
    from motu.engine.rules.tahiti.machinery import HANDLERS
    from motu.engine.rules.tahiti.queries import area_control, areas_held
    s, final, rec = played(name, seed=10)  # random clans seldom fight: a seed whose game has a battle
    held = rec["maps"]["held"]
    control = area_control(final)
    for p in range(len(final.players)):
        assert sorted(held[str(p)]) == sorted(str(final.b.areas[a]) for a, q in enumerate(control) if q == p)
    assert rec["timeline"][-1] == [float(x) for x in areas_held(final)]
    assert rec["turns"] == final.turn
    from motu.engine.rules.tahiti.outcomes import TAHITI_OUTCOMES
    assert rec["outcome"] == TAHITI_OUTCOMES.get(final.result[0], final.result[0])  # the rulebook's words
    # The battles the game fought, counted by its own combat rule (each battle's defender's die
    # resolved once), not by the events the collector reads: the game replayed with a counter.
    fought = []
    defence = HANDLERS["on_defence_die"]
    monkeypatch.setitem(HANDLERS, "on_defence_die", lambda st, *args: (fought.append(1), defence(st, *args)))
    again = get_ruleset(s.ruleset).new_initial_state(s)
    for action in final.history():
        again.apply_action(action)
    assert again.returns() == final.returns() and len(fought) > 0
    assert sum(rec["maps"]["battles"].values()) == len(fought)


@pytest.mark.parametrize("name", ["tiki.yaml", "pearls.yaml", "fern-ambush.yaml", "tahiti.yaml"])
def test_a_finished_games_timeline_is_its_start_then_one_value_after_each_turn(name):
    _, _, rec = played(name)
    # entry k is the value after k turns, the last the final state: what the report's turn axis reads
    assert len(rec["timeline"]) == rec["turns"] + 1


def test_a_tahiti_game_ended_by_the_turn_limit_lasted_the_limit_and_its_timeline_ends_at_its_end():
    from motu.engine.rules.tahiti.queries import areas_held
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    rules = get_ruleset(s.ruleset)
    state = rules.new_initial_state(s, {"turn_limit": 2})
    bots = [rules.bot_factories()["random"](random.Random(f"0:{p}")) for p in range(state.num_players())]
    c = collector_for(s.ruleset, state)
    feed = feeder(c)
    starts = {}  # the areas held as each turn began, seen apart from the collector

    def note(st, player, action):
        starts.setdefault(st.turn, [float(x) for x in areas_held(st)])
        feed(st, player, action)

    final = play_game(state, bots, random.Random(0), 200_000, note)
    rec = finish(c, final, [float(x) for x in final.returns()])
    assert rec["ended"] == "the turn limit" and final.turn == 3  # the limit ends it as turn 3 begins
    assert rec["turns"] == 2  # "the game ends by areas after this many turns"
    # the start, after turn 1, after turn 2 (the end): the final state is not written over the
    # value after turn 1, which made the game's last step two turns long
    assert rec["timeline"] == [starts[1], starts[2], [float(x) for x in areas_held(final)]]
