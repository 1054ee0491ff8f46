"""A saved game binds its scenario, its options, its seed and every move: version-1 records of
every rule set load; a sealed record changed anywhere (a move for another legal one, an option,
a move's words, where the seed came from) is refused."""
import json
import os
import random

import pytest

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import (SEED_DRAWN, RecordError, Session, dumps_record, read_record,
                                         scenario_fingerprint)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
KEY = bytes(range(32))


def played(name: str, moves: int = 40, options: dict | None = None):
    s = load_path(os.path.join(ROOT, "scenarios", name))
    rules = get_ruleset(s.ruleset)
    new_state = lambda: rules.new_initial_state(s, options or {})  # noqa: E731
    fp = scenario_fingerprint(dumps(s))
    session = Session(new_state, seed=11, fingerprint=fp, options=options or {}, seed_from=SEED_DRAWN)
    rng = random.Random(2)
    while not session.state.is_terminal() and len(session.log) < moves:
        if session.state.current_player() == CHANCE:
            session.roll()
        else:
            session.apply(rng.choice(session.state.legal_actions()))
    return session, new_state, fp


@pytest.mark.parametrize("name", ["tahiti.yaml", "fern-ambush.yaml", "tiki.yaml", "pearls.yaml"])
def test_a_version_1_saved_game_loads_through_the_file_reader(tmp_path, name):
    session, new_state, fp = played(name)
    path = tmp_path / "old.motugame.json"
    path.write_text(json.dumps({"format": "motu-game/1", "fingerprint": fp[:16], "seed": session.seed,
                                "actions": session.actions}))
    again = Session.from_record(read_record(str(path)), new_state, fp, str(path), options={}, key=KEY)
    assert again.state == session.state and again.actions == session.actions


@pytest.fixture(scope="module")
def sealed():
    session, new_state, fp = played("pearls.yaml", 30)
    return session, new_state, fp, json.loads(dumps_record(session, KEY))


def load(record, new_state, fp, **kw):
    kw.setdefault("options", {})
    kw.setdefault("key", KEY)
    return Session.from_record(json.loads(json.dumps(record)), new_state, fp, "game.json", **kw)


def test_a_sealed_record_names_its_seed_source_and_replays(sealed):
    session, new_state, fp, record = sealed
    assert record["version"] == 3 and record["seed_from"] == "drawn" and len(record["seal"]) == 64
    assert all(e["text"] for e in record["actions"])
    again = load(record, new_state, fp)
    assert again.state == session.state and again.seed_from == "drawn"


def test_the_last_move_changed_for_another_legal_one_is_refused(sealed):
    session, new_state, fp, record = sealed
    last = max(i for i, e in enumerate(session.log) if e.player != CHANCE)
    before = Session(new_state, session.seed, fp)
    before.replay(session.actions[:last])
    other = next(a for a in before.state.legal_actions() if a != session.log[last].action)
    changed = json.loads(json.dumps(record))
    changed["actions"][last] = {"player": session.log[last].player, "action": other,
                                "text": before.state.action_to_string(other)}
    changed["actions"] = changed["actions"][:last + 1]
    with pytest.raises(RecordError, match="seal does not match"):
        load(changed, new_state, fp)


@pytest.mark.parametrize("change", [
    lambda r: r.update(seed_from="given"),
    lambda r: r.update(seed=r["seed"] + 1),
    lambda r: r.update(options={"variant": 1}),
    lambda r: r.pop("seal"),
    lambda r: r.update(seal="0" * 64),
    lambda r: r["actions"].pop(),
])
def test_any_change_to_a_sealed_record_is_refused(sealed, change):
    session, new_state, fp, record = sealed
    changed = json.loads(json.dumps(record))
    change(changed)
    with pytest.raises(RecordError, match="seal does not match"):
        load(changed, new_state, fp)


def test_a_record_played_with_other_options_is_refused_even_resealed(sealed):
    session, new_state, fp, record = sealed
    with pytest.raises(RecordError, match="played with other options"):
        load(record, new_state, fp, options={"start_from_setup": True})


def test_a_moves_words_are_checked_on_replay_without_the_key(sealed):
    session, new_state, fp, record = sealed
    changed = json.loads(json.dumps(record))
    i = next(i for i, e in enumerate(session.log) if e.player != CHANCE)
    changed["actions"][i]["text"] = "resign"
    with pytest.raises(RecordError, match=f"action {i + 1}, 'resign', is not what action"):
        load(changed, new_state, fp, key=None)


def test_a_record_sealed_by_another_installation_is_refused(sealed):
    session, new_state, fp, record = sealed
    with pytest.raises(RecordError, match="another Motu installation"):
        load(record, new_state, fp, key=b"another key" * 3)


@pytest.mark.parametrize("options", [{"a": float("nan")}, {str(i): i for i in range(65)}, [], "x", None])
def test_options_of_the_wrong_shape_are_refused(sealed, options):
    session, new_state, fp, record = sealed
    changed = dict(record, options=options)
    with pytest.raises((RecordError, ValueError)):
        Session.from_record(changed, new_state, fp, "game.json", options={}, key=KEY)
