"""Pieces checked against the scenario schema in bulk (motu/engine/io/native_schema.py) are refused
exactly as the compiled schema alone refuses them, and never let through what it would refuse."""
from __future__ import annotations

import fastjsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from motu.engine.io.native_schema import bulk_check_applies, check_document, pieces_surely_valid, schema_validator

VALUES = st.one_of(
    st.sampled_from(["p1", "canoe", "red", "0404", "", "a b", "x\n", "x" * 64, "x" * 65, "Tāne", "1:2", "-a", "_"]),
    st.integers(-2, 10002), st.booleans(), st.none(), st.floats(allow_nan=False), st.just(2.0),
    st.just({}), st.just({"a": 1}), st.just([]), st.just(["p1"]))
KEYS = st.sampled_from(["id", "kind", "side", "cell", "count", "name", "props", "colour"])


@st.composite
def pieces(draw):
    out = []
    for i in range(draw(st.integers(0, 5))):
        d = {"id": f"p{i}", "kind": "canoe"}
        if draw(st.booleans()):  # most pieces are fine; some have a wrong or missing value
            for k, v in draw(st.dictionaries(KEYS, VALUES, max_size=3)).items():
                d[k] = v
            if draw(st.integers(0, 5)) == 0:
                d.pop(draw(st.sampled_from(["id", "kind"])))
        out.append(d if draw(st.integers(0, 20)) else draw(st.sampled_from([[], "p", None])))
    return out


def _outcome(check, doc):
    try:
        check(doc)
        return "ok"
    except fastjsonschema.JsonSchemaValueException as exc:
        return (exc.message, exc.path)


def test_the_published_schema_is_the_one_the_bulk_check_knows():
    assert bulk_check_applies()


@settings(max_examples=600, deadline=None)
@given(pieces(), st.sampled_from([{}, {"title": 3}, {"sides": "red"}]))
def test_pieces_checked_in_bulk_are_refused_as_the_schema_refuses_them(items, extra):
    base = {"motu": 1, "ruleset": "tahiti", "map": {"grid": {"shape": "square", "columns": 1, "rows": 1},
                                                    "terrain": {"legend": {"c": "clear"}, "rows": ["c"]}},
            "pieces": items}
    doc = {**base, **extra}
    assert _outcome(check_document, doc) == _outcome(schema_validator(), doc)
    if pieces_surely_valid(items):
        assert _outcome(schema_validator(), base) == "ok"

def test_a_piece_id_with_a_line_break_is_left_to_the_schema():
    assert not pieces_surely_valid([{"id": "a\nb", "kind": "k"}])
    assert pieces_surely_valid([{"id": "a", "kind": "k", "cell": "0404", "count": 3, "props": {}, "name": "A"}])
