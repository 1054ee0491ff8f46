"""Validates clean means plays: Fire in the Fern, Tiki and Tahiti pearls.

Hypothesis mutates the shipped scenarios as a designer (or a hand-edited file) might — pieces
moved, removed, re-sided, re-counted and given other props; terrain, edges, features, values,
letters, sides, options and victory data changed — and saves and reloads each. Whenever the
rule set's validation finds no error, a playtest state must start and a random game must end
without an exception. (Tahiti has its own such test in tests/engine/rules/tahiti/; any rule set, a third-party
one included, can use the generic check and mutation of tests/validates_clean.py.)
"""
from __future__ import annotations

import dataclasses
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motu.engine.board.grids import Space, SpacesGrid
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import CellFeature, Side
from validates_clean import cell as _cell, plays
from validates_clean import piece_edit as generic_piece_edit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCENARIOS = {name: load_path(os.path.join(ROOT, "scenarios", name))
             for name in ("fern-ambush.yaml", "fern-pa-assault.yaml", "tiki.yaml", "pearls.yaml")}
ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 16), st.sampled_from(["", "x", "maori", "tupara"]))


@st.composite
def piece_edit(draw, s):
    """A piece changed as any catalogue allows (validates_clean.piece_edit), or given other props."""
    if not s.pieces or draw(st.integers(0, 6)) < 6:
        draw(generic_piece_edit(s))
        return
    pid = draw(st.sampled_from(sorted(s.pieces)))
    p = s.pieces[pid]
    key = draw(st.sampled_from(["unit", "leader", "superior", "weapon", "attempts", "hidden", "nation",
                                "colonial"]))
    refs = sorted(s.pieces) + ["nobody"]
    value = draw(st.sampled_from(refs)) if key in ("unit", "leader", "superior") else draw(ANY)
    props = dict(p.props)
    if draw(st.booleans()):
        props[key] = value
    else:
        props.pop(key, None)
    s.pieces[pid] = dataclasses.replace(p, props=props)


@st.composite
def fern_edit(draw, s):
    what = draw(st.sampled_from(["piece", "piece", "piece", "terrain", "edge", "feature", "option", "victory",
                                 "side", "zones"]))
    if what == "piece":
        draw(piece_edit(s))
    elif what == "terrain":
        s.terrain[_cell(draw, s)] = draw(st.sampled_from(["open", "bush"]))
    elif what == "edge":
        a = _cell(draw, s)
        b = draw(st.sampled_from(s.grid.neighbour_lists[a]))
        key = (min(a, b), max(a, b))
        feats = draw(st.sets(st.sampled_from(["stream", "palisade"])))
        if feats:
            s.edges[key] = tuple(sorted(feats))
        else:
            s.edges.pop(key, None)
    elif what == "feature":
        if s.features and draw(st.booleans()):
            del s.features[draw(st.integers(0, len(s.features) - 1))]
        else:
            kind = draw(st.sampled_from(["rifle_pit", "base_edge", "track"]))
            s.features.append(CellFeature(kind, _cell(draw, s), "british" if kind == "base_edge" else None))
    elif what == "option":
        key = draw(st.sampled_from(sorted(get_ruleset("fern").catalogue.options)))
        spec = get_ruleset("fern").catalogue.options[key]
        s.options[key] = draw(st.sampled_from(spec.choices) if spec.choices else st.booleans())
    elif what == "victory":
        key = draw(st.sampled_from(["turns", "field_at_time_limit"]))
        s.victory[key] = draw(st.one_of(st.integers(-2, 14), st.sampled_from(["none", "british", "maori", "x", "3"])))
    elif what == "side":
        sid = draw(st.sampled_from(sorted(s.sides)))
        s.sides[sid] = dataclasses.replace(s.sides[sid], props={"player": draw(st.one_of(st.integers(-1, 2),
                                                                                          st.just("one")))})
    else:
        s.setup_zones.pop(draw(st.sampled_from(sorted(s.setup_zones) or ["none"])), None)


@st.composite
def tiki_edit(draw, s):
    what = draw(st.sampled_from(["value", "value", "option", "shaman", "move", "side"]))
    cell = _cell(draw, s)
    if what == "value":
        s.cell_props[cell] = {"value": draw(st.one_of(st.sampled_from([-1, 0, 1, 2]), ANY))}
    elif what == "option":
        key = draw(st.sampled_from(sorted(get_ruleset("tiki").catalogue.options)))
        spec = get_ruleset("tiki").catalogue.options[key]
        s.options[key] = draw(st.booleans() if spec.type == "bool" else st.integers(-1, 12))
    elif what == "shaman":
        neighbours = s.grid.neighbour_lists[cell]
        if neighbours:
            other = draw(st.sampled_from(neighbours))
            s.edges[(min(cell, other), max(cell, other))] = ("shaman",)
    elif what == "move":
        spaces = list(s.grid.spaces)
        sp = spaces[cell]
        spaces[cell] = Space(sp.id, draw(st.sampled_from([0, 1.25, 2.5, 4])), draw(st.sampled_from([0, 1.25, 2.5])),
                             sp.name)
        s.grid = SpacesGrid(spaces, s.grid.links)
    else:
        _resize_sides(draw, s)


@st.composite
def pearls_edit(draw, s):
    what = draw(st.sampled_from(["track", "track", "terrain", "letters", "option", "side"]))
    cell = _cell(draw, s)
    if what == "track":
        props = dict(s.cell_props.get(cell) or {})
        key = draw(st.sampled_from(["letter", "colour"]))
        props[key] = draw(st.sampled_from(["A", "B", "C", "D", "E", "F", "G", "green", "white", "black", "blue",
                                           "red"]))
        s.cell_props[cell] = props
    elif what == "terrain":
        s.terrain[cell] = draw(st.sampled_from(["water", "island", "track"]))
    elif what == "letters":
        table = {k: list(v) for k, v in s.tables["map_letters"].items()}
        line = draw(st.sampled_from(["columns", "rows"]))
        table[line][draw(st.integers(0, 6))] = draw(st.sampled_from([None, "A", "B", "C", "D", "E", "F", "G"]))
        s.tables["map_letters"] = table
    elif what == "option":
        key = draw(st.sampled_from(sorted(get_ruleset("pearls").catalogue.options)))
        spec = get_ruleset("pearls").catalogue.options[key]
        s.options[key] = draw(st.sampled_from(spec.choices) if spec.choices else
                              st.booleans() if spec.type == "bool" else st.integers(-3, 40))
    else:
        _resize_sides(draw, s)


def _resize_sides(draw, s):
    if s.sides and draw(st.booleans()):
        sid = draw(st.sampled_from(sorted(s.sides)))
        del s.sides[sid]
        s.pieces = {k: p for k, p in s.pieces.items() if p.side != sid}
        s.setup_zones.pop(sid, None)
    else:
        n = len(s.sides) + 1
        s.sides[f"p{n}x"] = Side(f"p{n}x", f"Player {n}")


EDITS = {"fern-ambush.yaml": fern_edit, "fern-pa-assault.yaml": fern_edit, "tiki.yaml": tiki_edit,
         "pearls.yaml": pearls_edit}


@st.composite
def mutated(draw, name):
    s = SCENARIOS[name].copy()
    for _ in range(draw(st.integers(1, 6))):
        draw(EDITS[name](s))
    return s


def bounded(examples: int) -> settings:
    """A few seconds per rule set in the suite, the same examples every run (so CI gives one verdict);
    ten times as many, freshly drawn, with MOTU_HYPOTHESIS=deep."""
    scale = 10 if os.environ.get("MOTU_HYPOTHESIS") == "deep" else 1
    return settings(max_examples=examples * scale, deadline=None, database=None, derandomize=scale == 1,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


@bounded(80)
@given(mutated("fern-ambush.yaml"))
def test_a_fern_ambush_that_validates_clean_plays(s):
    plays(s)


@bounded(60)
@given(mutated("fern-pa-assault.yaml"))
def test_a_fern_pa_assault_that_validates_clean_plays(s):
    plays(s)


@bounded(150)
@given(mutated("tiki.yaml"))
def test_a_tiki_board_that_validates_clean_plays(s):
    plays(s)


@bounded(120)
@given(mutated("pearls.yaml"))
def test_a_pearls_board_that_validates_clean_plays(s):
    plays(s)
