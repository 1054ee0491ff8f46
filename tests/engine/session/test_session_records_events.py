"""A session keeps the events of the state it drives, even a state made by cloning, which by
itself records none (bots play ahead on clones, and nobody reads their events)."""
import os
import random

from motu.engine.io.native import load_path
from motu.engine.rules.events import ControlChanged, GameEnded
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_a_session_on_a_cloned_state_logs_every_event_the_game_emits_also_after_undo():
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    rules = get_ruleset("tiki")
    start = rules.new_initial_state(s)
    random_bot = rules.bot_factories()["random"]
    on_clones = Session(start.clone, seed=4)
    on_clones.play([random_bot(random.Random(p)) for p in range(2)])
    fresh = Session(lambda: rules.new_initial_state(s), seed=4)
    fresh.play([random_bot(random.Random(p)) for p in range(2)])
    events = [e for entry in on_clones.log for e in entry.events]
    assert events == [e for entry in fresh.log for e in entry.events]
    assert any(isinstance(e, ControlChanged) for e in events) and isinstance(events[-1], GameEnded)
    on_clones.undo()  # replayed from a new clone
    kept = on_clones.log
    assert len(kept) < len(fresh.log) and [e.events for e in kept] == [e.events for e in fresh.log[:len(kept)]]
    assert any(e.events for e in kept)
