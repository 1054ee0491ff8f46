"""One-line records read in bulk (motu/engine/io/safe_yaml_records.py) read exactly as libyaml's events do."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motu.engine.io import safe_yaml
from motu.engine.io.errors import LoadError
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.io.yaml_locate import locate
from motu.engine.io.safe_yaml_records import find_records


def _slow(text: str, places: dict | None = None):
    """The event reader alone, with no record read in bulk."""
    scalars = safe_yaml._Scalars()
    starts = frozenset(k for k in scalars.yaml_implicit_resolvers if k)
    return safe_yaml._build_events(text, "x.yaml", places, scalars, starts, None)


def _outcome(fn, text):
    try:
        return ("ok", fn(text))
    except LoadError as e:
        return ("error", e.message, e.line, e.column)
    except Exception as e:  # libyaml's own error, before load_yaml words it
        return ("yaml", type(e).__name__, str(e))


def _same(text: str) -> None:
    fast = _outcome(lambda t: safe_yaml._build(t, "x.yaml", {}), text)
    slow = _outcome(lambda t: _slow(t, {}), text)
    assert fast == slow


KEYS = ["id", "kind", "side", "cell", "name", "true", "null", "yes", "no", "on", "False", "_", "x1", "id"]
VALUES = ["p1", "red", "Population 45", "'0404'", "0404", "true", "True", "null", "~", "yes", "off", "1.5", "0x1F",
          "12", "0", "'a: b'", "'a, b'", "''", "'x''y'", "a - b", "St.", "-1", ".inf", "2024-05-01", "'#'",
          "a #c", "'{x}'", "_z", "Tāne", "'Tāne'", "a:b", "'\"'", "[1]", "{a: b}", "*x", "&x y", "!!str s"]
TEXT_VALUES = ["p1", "red", "Population 45", "'0404'", "a - b", "St.", "_z", "'Tāne'", "'#'", "''"]
CONTEXTS = [
    "pieces:\n{rows}",
    "map:\n  pieces:\n{indented}",
    "pieces:\n{rows}briefing: |\n{indented}title: t\n",
    "title: 'a\n{rows}  b'\n",
    "title: \"a\n{rows}  b\"\n",
    "pieces:\n{rows}  more\n",
    "pieces:\n{rows}extra: *x\n",
    "pieces:\n{rows}pieces: again\n",
    "a: &x 1\npieces:\n{rows}",
    "pieces: [\n{rows}]\n",
    "# c\npieces:\n{rows}- {{id: z}}: 1\n",
    "pieces:\n{rows}- [1, 2]\n- - {{id: n}}\n",
    # Runs: records on consecutive lines in one column, and what may stand beside them.
    "pieces:\n{rows}  - {{id: q}}\n",
    "pieces:\n{rows}   more: 1\n",
    "a:\n  pieces:\n{indented}b: 1\n",
    "pieces:\n{rows}\n{rows}",
    "pieces:\n{rows}  # c\n{rows}",
    "pieces:\n{indented}{rows}",
    "a:\n  b:\n{indented}  c:\n{indented}",
    "- - {{id: x}}\n{rows}",
    "pieces:\n- x\n{rows}- y\n",
    "pieces: |\n{rows}",
    "? a\n{rows}: v\n",
]


@st.composite
def documents(draw):
    rows = []
    for _ in range(draw(st.integers(1, 4))):
        values = VALUES if draw(st.booleans()) else TEXT_VALUES  # half the rows read in bulk, in runs
        pairs = draw(st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(values)), min_size=1, max_size=4))
        rows.append("- {" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}" + draw(st.sampled_from(["", "  ", " #c"])))
    text = "\n".join(rows) + "\n"
    indented = "".join("    " + r + "\n" for r in rows)
    return draw(st.sampled_from(CONTEXTS)).format(rows=text, indented=indented)


@settings(max_examples=400, deadline=None)
@given(documents())
def test_records_read_in_bulk_read_as_libyaml_events_read_them(text):
    _same(text)


@pytest.mark.parametrize("text", [
    "pieces:\n- {id: p1, cell: '0404', name: Population 1}\n- {id: p2, kind: true}\n",
    "briefing: |\n  - {id: p1}\n  - {id: p2}\ntitle: t\n",
    "title: 'a\n- {id: p1}\n  b'\n",
    "pieces:\n- {id: p1}\n  more\n",
    "pieces:\n- {id: p1, id: p2}\n",
    "pieces:\r\n- {id: p1, cell: '0404'}\r\n",
    "pieces:\n- {id: p1}\n- {id: p2\n",
    "pieces:\n- {id: p1}\n- {id: p2}\n  - {id: p3}\n",
    "pieces:\n- {id: p1}\n- {id: p2}\n   more: 1\n",
    "pieces:\n- {id: p1}\n- {id: p2}\n  more\n",
    "a:\n  - {id: p1}\n  - {id: p2}\n- {id: p3}\n",
    "a:\n  b:\n  - {id: p1}\n  - {id: p2}\n  c:\n  - {id: p3}\n",
])
def test_hand_made_cases_read_as_libyaml_events_read_them(text):
    _same(text)


def test_a_record_inside_a_block_scalar_stays_text():
    doc = load_yaml("briefing: |\n  - {id: p1, kind: canoe}\ntitle: t\n", "x.yaml")
    assert doc == {"briefing": "- {id: p1, kind: canoe}\n", "title": "t"}


def test_the_records_motu_writes_are_read_in_bulk():
    text = "pieces:\n" + "".join(f"- {{id: p{i}, kind: canoe, cell: '0{i}04', name: Canoe {i}}}\n" for i in range(5))
    assert len(find_records(text)) == 5
    assert load_yaml(text, "x.yaml")["pieces"][3] == {"id": "p3", "kind": "canoe", "cell": "0304", "name": "Canoe 3"}


def test_a_key_twice_in_a_record_is_named_where_it_stands():
    text = "pieces:\n- {id: p1}\n- {id: p2, kind: a, id: p3}\n"
    assert 1 == len(find_records(text)), "the record with a key twice is left to libyaml's reader"
    with pytest.raises(LoadError) as e:
        load_yaml(text, "x.yaml")
    assert "appears twice" in e.value.message and (e.value.line, e.value.column) == (3, 21)


def test_a_place_inside_a_record_read_in_bulk():
    text = "title: t\npieces:\n- {id: p1}\n- {id: p2, kind: a, cell: '9999'}\n"
    places: dict = {}
    doc = load_yaml(text, "x.yaml", places)
    assert locate(text, ("pieces", 1, "cell"), doc=doc, places=places) == (4, 27)
    assert locate(text, ("pieces", 1), doc=doc, places=places) == (4, 3)


def test_a_record_line_inside_a_block_scalar_costs_one_more_masked_pass_not_a_slow_build(monkeypatch):
    calls = []
    build_events = safe_yaml._build_events

    def spy(text, source, places, scalars, starts, runs, real=""):
        calls.append(None if runs is None else sum(len(run[0]) for run in runs.values()))
        return build_events(text, source, places, scalars, starts, runs, real)
    monkeypatch.setattr(safe_yaml, "_build_events", spy)
    rows = "".join(f"- {{id: p{i}, kind: canoe}}\n" for i in range(50))
    text = "briefing: |\n  Start here.\n  - {id: x, kind: note}\npieces:\n" + rows
    doc = load_yaml(text, "x.yaml")
    assert doc["briefing"] == "Start here.\n- {id: x, kind: note}\n" and len(doc["pieces"]) == 50
    assert calls == [51, 50], "the second try leaves out only the line inside the briefing"


def test_a_record_continued_on_the_next_line_is_libyamls_syntax_error():
    text = "pieces:\n" + "".join(f"- {{id: p{i}}}\n" for i in range(20)) + "  more\n"
    with pytest.raises(LoadError) as e:
        load_yaml(text, "x.yaml")
    assert e.value.line == 22 and "expected" in e.value.message
