"""Malformed or hostile files: one clear LoadError with file, line and column, fast, never a traceback."""
import json
import os
import subprocess
import sys
import time

import pytest
from hypothesis import given, strategies as st

from motu.engine.io.errors import LoadError
from motu.engine.io.native import dumps, loads
from motu.engine.io.safe_yaml import MAX_BYTES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# The shipped file less its schema modeline (motu/engine/io/modeline.py): line numbers below count from its header.
GOOD = open(os.path.join(ROOT, "scenarios", "example-hex.yaml"), encoding="utf-8").read().split("\n", 1)[1]


def error_of(text):
    with pytest.raises(LoadError) as info:
        loads(text, "bad.yaml")
    return info.value


def test_bad_yaml_names_line_and_column():
    e = error_of("motu: 1\nruleset: [tahiti\nmap: {}\n")
    assert e.source == "bad.yaml" and e.line is not None and e.column is not None


def test_unknown_ruleset():
    e = error_of(GOOD.replace("ruleset: tahiti", "ruleset: chess"))
    assert "unknown rule set 'chess'" in e.message
    assert (e.line, e.column) == (3, 10)


def test_row_of_the_wrong_length():
    text = GOOD.replace("    - ~ l c . j m m j . c l ~\n", "    - ~ l c . j m m j . c l\n")
    e = error_of(text)
    assert "has 11 tokens; the grid has 12 columns" in e.message
    assert e.line == text.splitlines().index("    - ~ l c . j m m j . c l") + 1


def test_token_missing_from_the_legend_points_at_the_token():
    text = GOOD.replace("    - ~ l c . j m m j . c l ~\n", "    - ~ l c . j m Q j . c l ~\n")
    e = error_of(text)
    assert "token 'Q' is not in the legend" in e.message
    line = text.splitlines()[e.line - 1]
    assert line[e.column - 1] == "Q"


def test_area_naming_a_missing_region():
    text = GOOD.replace("region: south,", "region: nowhere,")
    e = error_of(text)
    assert "names region 'nowhere'" in e.message
    assert "nowhere" in text.splitlines()[e.line - 1][e.column - 1:]


def test_python_object_tags_are_refused():
    e = error_of("!!python/object/apply:os.system ['echo hacked']\n")
    assert "only plain YAML values" in e.message and e.line == 1


def test_alias_bomb_is_refused_quickly():
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]")
    start = time.perf_counter()
    e = error_of("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 1.0
    assert "aliases" in e.message and e.line == 2


def test_ten_thousand_levels_of_nesting():
    start = time.perf_counter()
    e = error_of("[" * 10_000 + "]" * 10_000)
    assert time.perf_counter() - start < 1.0
    assert "nesting deeper" in e.message and e.line == 1


def test_duplicate_keys_are_refused_not_silently_dropped():
    e = error_of(GOOD.replace("title: Example island\n", "title: Example island\ntitle: Other\n"))
    assert "'title' appears twice" in e.message and e.line == 5


def test_unknown_keys_are_refused_with_their_place():
    e = error_of(GOOD.replace("title: Example island\n", "title: Example island\ncolour_scheme: dark\n"))
    assert "colour_scheme" in e.message


def test_an_unknown_key_is_named_in_words_with_the_keys_the_place_takes():
    text = GOOD.replace("title: Example island\n", "title: Example island\ncolour_scheme: dark\n")
    e = error_of(text)
    assert e.message.startswith("unknown key 'colour_scheme' (the keys here: motu, ruleset, title,")
    assert "{" not in e.message and "properties" not in e.message  # not the schema library's Python set
    assert (e.line, e.column) == (text.split("\n").index("colour_scheme: dark") + 1, 1)


def test_a_missing_key_is_named():
    e = error_of(GOOD.replace("ruleset: tahiti\n", "", 1))
    assert e.message == "the key 'ruleset' is missing"


def test_a_bracket_left_open_is_named_where_it_opened():
    # The parser notices only on the next line; the message says where the list began.
    e = error_of("motu: 1\nruleset: tahiti\ntitle: [Example island\nmap: {}\n")
    assert e.line == 4
    assert e.message == "did not find expected ',' or ']' in the [ ... ] list opened at line 3, column 8"
    e = error_of('motu: 1\ntitle: "Example island\n')
    assert "in the quoted text opened at line 2, column 8" in e.message


def test_unquoted_hex_label_read_as_a_number():
    e = error_of(GOOD.replace("cell: '0303'", "cell: 303"))
    assert "must be quoted" in e.message


def test_cell_off_the_map():
    e = error_of(GOOD.replace("cell: '0303'", "cell: '9999'"))
    assert "off the map" in e.message


def test_edge_between_cells_that_do_not_touch():
    e = error_of(GOOD.replace("- 0807/0907", "- 0101/0909"))
    assert "not neighbours" in e.message


def test_not_a_mapping():
    assert "YAML mapping" in error_of("- just\n- a list\n").message


def test_fifty_megabyte_file(tmp_path):
    from motu.engine.io.native import load_path
    big = tmp_path / "big.yaml"
    with open(big, "w") as fh:
        fh.write("motu: 1\nruleset: tahiti\ntitle: '")
        chunk = "x" * (1024 * 1024)
        for _ in range(50):
            fh.write(chunk)
        fh.write("'\n")
    start = time.perf_counter()
    with pytest.raises(LoadError) as info:
        load_path(str(big))
    assert time.perf_counter() - start < 1.0
    assert "larger than" in info.value.message and info.value.source == str(big)
    assert os.path.getsize(big) > MAX_BYTES


def test_not_utf8(tmp_path):
    from motu.engine.io.native import load_path
    p = tmp_path / "latin.yaml"
    p.write_bytes(b"motu: 1\ntitle: caf\xe9\n")
    with pytest.raises(LoadError) as info:
        load_path(str(p))
    assert (info.value.line, info.value.column) == (2, 11)


@given(st.data())
def test_mutated_files_raise_only_the_loaders_error(data):
    text = GOOD
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "truncate", "swapline"]))
        i = data.draw(st.integers(0, len(text)))
        if kind == "delete":
            text = text[:i] + text[i + data.draw(st.integers(1, 20)):]
        elif kind == "insert":
            text = text[:i] + data.draw(st.sampled_from(["-", ":", " ", "\n", "[", "{", "'", "&a", "*a", "!!", "#", "0", "x", "\t", "?"])) + text[i:]
        elif kind == "replace" and i < len(text):
            text = text[:i] + data.draw(st.characters(blacklist_categories=("Cs",))) + text[i + 1:]
        elif kind == "truncate":
            text = text[:i]
        else:
            lines = text.split("\n")
            a = data.draw(st.integers(0, len(lines) - 1))
            b = data.draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    try:
        s = loads(text, "mutant.yaml")
    except LoadError as e:
        assert str(e).startswith("mutant.yaml")
    else:
        assert loads(dumps(s)) == s


@pytest.mark.parametrize("content, needle", [
    ("motu: 1\nruleset: [x\n", "bad.yaml:"),
    ("!!python/object/apply:os.system ['true']\n", "only plain YAML values"),
])
def test_cli_reports_one_line_and_exit_2_without_traceback(tmp_path, content, needle):
    p = tmp_path / "bad.yaml"
    p.write_text(content)
    r = subprocess.run([sys.executable, "-m", "motu", "validate", str(p)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_an_unquoted_hex_label_reads_as_the_label_typed():
    s = loads(GOOD.replace("cell: '0303'", "cell: 0303"), "x.yaml")
    assert s.grid.label(s.pieces["red-canoe"].cell) == "0303", "not 195, YAML 1.1's octal reading of 0303"


@pytest.mark.parametrize("typed, value", [("2024-13-45", "2024-13-45"), ("2024-05-01", "2024-05-01"), ("yes", "yes"),
                                          ("1:30", "1:30"), ("012", "012"), ("true", True), ("0x1F", 31)])
def test_plain_values_read_as_typed(typed, value):
    s = loads(GOOD.replace("turns: 6", f"turns: {typed}"), "x.yaml")
    assert s.victory["turns"] == value


def test_every_loaded_value_exports(tmp_path):
    from motu.engine.io.geojson import geojson_document  # noqa: F401 - registers the export
    from motu.engine.io.tiled import save_tiled_json, save_tmx
    s = loads(GOOD.replace("title: Example island", "title: 2024-05-01").replace("turns: 6", "turns: 2024-05-01"),
              "x.yaml")
    json.dumps(s.victory)
    save_tmx(s, str(tmp_path / "m.tmx"))
    save_tiled_json(s, str(tmp_path / "m.json"))


@pytest.mark.parametrize("typed, message", [
    ("9" * 5000, "(5000 characters) is out of range"), ("12345678901234567890", "out of range"),
    (".inf", "is not a finite number"), ("-.Inf", "is not a finite number"), (".nan", "is not a finite number"),
])
def test_numbers_beyond_range_are_refused_with_line_and_column(typed, message):
    text = GOOD.replace("turns: 6", f"turns: {typed}")
    e = error_of(text)
    assert message in e.message
    assert text.splitlines()[e.line - 1][e.column - 1:].startswith(typed)


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\ufffe"])
def test_control_characters_are_one_line_with_their_place(char):
    text = GOOD.replace("Example island", f"Example{char}island")
    e = error_of(text)
    assert e.message.startswith(f"control character U+{ord(char):04X}")
    assert text.splitlines()[e.line - 1][e.column - 1] == char and "\n" not in str(e)


def test_an_error_in_a_record_points_at_it_without_parsing_the_whole_file_again(monkeypatch):
    import motu.engine.io.safe_yaml as safe_yaml
    import motu.engine.io.yaml_locate as yaml_locate
    parsed = []

    class Spy(safe_yaml.SafeLoader):
        def __init__(self, stream):
            parsed.append(len(stream))
            super().__init__(stream)
    monkeypatch.setattr(safe_yaml, "SafeLoader", Spy)
    monkeypatch.setattr(yaml_locate, "SafeLoader", Spy)  # the place is found by its own parse
    text = GOOD.replace("cell: '0303'", "cell: '9999'")
    e = error_of(text)
    assert "off the map" in e.message and text.splitlines()[e.line - 1][e.column - 1:].startswith("'9999'")
    # The whole text once (the build), then only the piece's own record again.
    assert parsed[:1] == [len(text)] and parsed[1:] and all(n < 200 for n in parsed[1:]), \
        "only the piece's own line again"


BIG_RECORDS = "".join(f"  - {{id: p{i}, kind: population, side: red, cell: '0303', name: Population {i}}}\n"
                      for i in range(50_000))  # about 4 MB


@pytest.mark.parametrize("tail, message, column", [
    ("  - {id: last, kind: [population\n", "did not find expected", None),
    ("  - *first\n", "aliases (*name) are not allowed", 5),
    ("  - !!python/name:os.system x\n", "only plain YAML values are allowed", 5),
    ("  - {id: last, id: again}\n", "key 'id' appears twice", 16),
])
def test_an_error_at_the_end_of_a_big_file_names_its_line_and_column(tail, message, column):
    # The syntax pass runs in libyaml alone over the whole text; what it cannot see (aliases,
    # tags, repeated keys) the build finds at its own place, never at the file's start.
    text = GOOD + "extra:\n" + BIG_RECORDS + tail
    assert len(text) > 4_000_000
    e = error_of(text)
    assert message in e.message and e.source == "bad.yaml"
    last = len(text.splitlines())
    if column is None:  # libyaml points where it gave up: the end of the unclosed record
        assert e.line in (last, last + 1)
    else:
        assert (e.line, e.column) == (last, column)
    assert "\n" not in str(e)
