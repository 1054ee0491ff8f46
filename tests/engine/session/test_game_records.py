"""A saved game is proof of the game: tampered records are refused with what and where.

Played on Fire in the Fern!'s ambush (dice on most steps) with random legal moves from a fixed
generator, so the record holds both chance outcomes and player actions."""
import json
import os
import random

import pytest

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import RecordError, Session, loads_record, read_record, scenario_fingerprint

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture(scope="module")
def game():
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    rules = get_ruleset(s.ruleset)
    new_state = lambda: rules.new_initial_state(s)  # noqa: E731
    fp = scenario_fingerprint(dumps(s))
    session = Session(new_state, seed=5, fingerprint=fp)
    rng = random.Random(1)
    while not session.state.is_terminal() and len(session.log) < 120:
        if session.state.current_player() == CHANCE:
            session.roll()
        else:
            session.apply(rng.choice(session.state.legal_actions()))
    return session, new_state, fp


def refusal(record, new_state, fp):
    with pytest.raises(RecordError) as err:
        Session.from_record(json.loads(json.dumps(record)), new_state, fp, "game.json")
    return str(err.value)


def first(session, chance):
    return next(i for i, e in enumerate(session.log) if (e.player == CHANCE) == chance)


def test_an_untouched_record_replays_to_the_same_state(game):
    session, new_state, fp = game
    again = Session.from_record(loads_record(json.dumps(session.record())), new_state, fp)
    assert again.state == session.state and [e.text for e in again.log] == [e.text for e in session.log]


def test_an_edited_die_is_refused_at_its_action(game):
    session, new_state, fp = game
    record = session.record()
    i = first(session, chance=True)
    entry = record["actions"][i]
    replay = Session(new_state, session.seed, fp)
    for e in session.log[:i]:
        replay.apply(e.action)
    outcomes = [a for a, _ in replay.state.chance_outcomes()]
    entry["action"] = next(a for a in outcomes if a != entry["action"])
    message = refusal(record, new_state, fp)
    assert message.startswith(f"game.json: action {i + 1}, ") and "is not what the dice of seed 5 give here" in message


def test_an_edited_seed_is_refused_at_the_first_die_it_changes(game):
    session, new_state, fp = game
    record = session.record()
    record["seed"] = 6
    message = refusal(record, new_state, fp)
    assert "is not what the dice of seed 6 give here" in message and "the record has been changed" in message


def test_an_illegal_action_is_refused_with_its_number_and_its_words(game):
    session, new_state, fp = game
    record = session.record()
    i = first(session, chance=False)
    replay = Session(new_state, session.seed, fp)
    for e in session.log[:i]:
        replay.apply(e.action)
    illegal = max(replay.state.legal_actions()) + 1000
    record["actions"][i] = {"player": session.log[i].player, "action": illegal, "text": "move the leader to 9,9"}
    assert refusal(record, new_state, fp) == f"game.json: action {i + 1}, 'move the leader to 9,9', is not legal here"


def test_an_action_for_the_wrong_seat_is_refused(game):
    session, new_state, fp = game
    record = session.record()
    i = first(session, chance=False)
    record["actions"][i]["player"] = 1 - session.log[i].player
    assert "but player" in refusal(record, new_state, fp)


def test_a_missing_or_different_fingerprint_is_refused(game):
    session, new_state, fp = game
    record = session.record()
    del record["fingerprint"]
    assert "does not say which scenario" in refusal(record, new_state, fp)
    record["fingerprint"] = "0123456789abcdef" * 4
    assert "different version of the scenario" in refusal(record, new_state, fp)


def test_actions_after_the_end_are_refused(game):
    session, new_state, fp = game
    finished = Session(new_state, session.seed, fp)
    rng = random.Random(2)
    while not finished.state.is_terminal():
        finished.roll() if finished.state.current_player() == CHANCE else finished.apply(rng.choice(finished.state.legal_actions()))
    record = finished.record()
    record["actions"].append({"player": 0, "action": 0, "text": "one more"})
    assert refusal(record, new_state, fp).endswith(f"action {len(record['actions'])}, 'one more', comes after the end of the game")


@pytest.mark.parametrize("record, message", [
    ([1, 2, 3], "a record is a JSON object, not a list"),
    ({"format": "chess"}, "its format is 'chess'"),
    ({"format": "motu-game", "version": 4}, "a version 4 game record"),
    ({"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef", "seed": None, "actions": []},
     "seed: must be integer"),
    ({"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef", "seed": 1, "actions": None},
     "actions: must be array"),
    ({"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef", "seed": 1,
      "actions": [{"player": 0, "action": -3}]}, "actions[0].action: must be bigger than or equal to 0"),
    ({"format": "motu-game/1", "fingerprint": "0123456789abcdef", "seed": 1.5, "actions": []}, "seed: must be integer"),
])
def test_records_of_the_wrong_shape_are_refused_with_the_place(record, message):
    with pytest.raises(RecordError) as err:
        Session.from_record(record, lambda: None, "0123456789abcdef", "game.json")
    assert message in str(err.value) and str(err.value).startswith("game.json")


@pytest.mark.parametrize("text, message", [
    ('{"format": "motu-game", "seed": 1e400}', "1:33: the number 1e400 is too large"),
    ("[" * 5000 + "]" * 5000, "nesting deeper than"),
    ('{"format": "motu-game",', "not valid JSON"),
])
def test_unreadable_record_files_are_one_line(tmp_path, text, message):
    p = tmp_path / "game.json"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_record(str(p))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_version_1_record_is_migrated_and_checked_the_same_way(game):
    session, new_state, fp = game
    v1 = {"format": "motu-game/1", "fingerprint": fp[:16], "seed": session.seed, "actions": session.actions}
    assert Session.from_record(v1, new_state, fp).state == session.state
    i = first(session, chance=True)
    v1["actions"] = list(session.actions)
    v1["seed"] = session.seed + 1
    with pytest.raises(RecordError, match="is not what the dice of seed"):
        Session.from_record(v1, new_state, fp)
