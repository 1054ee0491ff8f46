"""Validates clean means plays, for any rule set: the check and a mutation any catalogue allows.

Scope: `plays(s)` (no validation error ⇒ a game starts and a random game ends) and
`catalogue_edit(s)`, a Hypothesis strategy changing a scenario as its rule set's catalogue
allows a designer to (pieces moved, removed, re-sided, re-kinded; terrain; options; sides), so
a rule set from anywhere, the sample third-party one included, is held to the promise with no
code of its own here. tests/engine/rules/test_validates_clean_means_plays.py adds edits that
know the shipped games' own data.
"""
from __future__ import annotations

import dataclasses
import random

from hypothesis import assume, event
from hypothesis import strategies as st

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.errors import LoadError
from motu.engine.io.native import dumps, loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Side

# A random game of the shipped scenarios ends in a few thousand actions; this bounds a game
# that would never end, so it fails here rather than hanging.
MAX_ACTIONS = 60_000


def plays(s) -> None:
    """No validation error ⇒ new_initial_state works and a random game ends."""
    try:
        s = loads(dumps(s))  # what a file can hold, as the playtest reads it
    except LoadError:
        assume(False)
    rules = get_ruleset(s.ruleset)
    errors = [f for f in rules.validate(s) if f.severity == "error"]
    event("validation errors" if errors else "validates clean: played")
    if errors:
        return
    state = rules.new_initial_state(s)
    rng = random.Random(len(state.legal_actions()))
    final = play_game(state, [RandomBot(rng) for _ in range(state.num_players())], rng, max_moves=MAX_ACTIONS)
    assert len(final.returns()) == final.num_players()


def cell(draw, s) -> int:
    return draw(st.integers(0, s.grid.size - 1))


@st.composite
def piece_edit(draw, s):
    """One piece of `s` (in place) moved, taken off the map, removed, re-counted, re-sided or re-kinded."""
    if not s.pieces:
        return
    pid = draw(st.sampled_from(sorted(s.pieces)))
    p = s.pieces[pid]
    how = draw(st.sampled_from(["cell", "off", "remove", "count", "side", "kind"]))
    if how == "remove":
        del s.pieces[pid]
        return
    if how == "cell":
        p = dataclasses.replace(p, cell=cell(draw, s))
    elif how == "off":
        p = dataclasses.replace(p, cell=None)
    elif how == "count":
        p = dataclasses.replace(p, count=draw(st.integers(1, 16)))
    elif how == "side":
        p = dataclasses.replace(p, side=draw(st.sampled_from(sorted(s.sides) + [None])))
    else:
        p = dataclasses.replace(p, kind=draw(st.sampled_from(sorted(get_ruleset(s.ruleset).catalogue.pieces))))
    s.pieces[pid] = p


@st.composite
def catalogue_edit(draw, s):
    """One change of `s` (in place) of a kind its rule set's catalogue names."""
    cat = get_ruleset(s.ruleset).catalogue
    what = draw(st.sampled_from(["piece", "piece", "terrain", "option", "side"]))
    if what == "piece":
        draw(piece_edit(s))
    elif what == "terrain" and cat.terrain:
        s.terrain[cell(draw, s)] = draw(st.sampled_from(sorted(cat.terrain)))
    elif what == "option" and cat.options:
        key = draw(st.sampled_from(sorted(cat.options)))
        spec = cat.options[key]
        s.options[key] = draw(st.sampled_from(spec.choices) if spec.choices else
                              st.booleans() if spec.type == "bool" else st.integers(-2, 40))
    elif what == "side":
        if s.sides and draw(st.booleans()):
            sid = draw(st.sampled_from(sorted(s.sides)))
            del s.sides[sid]
            s.pieces = {k: p for k, p in s.pieces.items() if p.side != sid}
            s.setup_zones.pop(sid, None)
        else:
            n = len(s.sides) + 1
            s.sides[f"p{n}x"] = Side(f"p{n}x", f"Player {n}")
