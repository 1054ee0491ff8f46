"""Helpers of the table tests: a finished game as a game record, played with random moves."""
import json
import random

from motu.editor.playtest.game_files import record_key
from motu.engine.rules.api import CHANCE
from motu.engine.session.session import Session


def finished_record(w, tmp_path, seed: int) -> str:
    """A game of the table's scenario played to its end with random moves, saved as a record."""
    s = Session(w._new_state, seed, w.fingerprint, options=w.options)
    rng = random.Random(seed)
    while not s.state.is_terminal():
        if s.state.current_player() == CHANCE:
            s.roll()
        else:
            s.apply(rng.choice(s.state.legal_actions()))
    path = tmp_path / f"end-{seed}.motugame.json"
    path.write_text(json.dumps(s.record(record_key())))
    return str(path)
