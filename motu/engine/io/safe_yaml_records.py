"""One-line records, read without libyaml's per-value events: the layout Motu writes its pieces in.

A scenario's bulk is its records, one to a line (`- {id: p1, kind: canoe, cell: '0404'}`),
and building them from libyaml's events costs a dozen Python objects per record. Here a
line of one narrow shape is read in bulk instead: a block sequence entry holding one flow
mapping of `key: value` pairs, each value either '…' text (no quote, comma, colon, brace,
backslash or control character inside) or a plain word that YAML reads as text (starting
with a letter or `_`, not `true`, `false` or `null`); nothing nested, no numbers, comments,
anchors, aliases, tags or escapes. Every key and value of such a line is text, so quoting
them all makes JSON, and one `json.loads` reads every record at once. What each value
becomes is what safe_yaml's own resolution makes of it (tests/engine/io/
test_safe_yaml_records.py checks the two against each other). A record with a key twice,
or any other line, is left to libyaml, which reports what is wrong at its own place.

Records on consecutive lines with their `- ` in one column form a run (a scenario's pieces
are one run). In the text handed to libyaml, a run's first `{…}` is masked by a plain `~`
padded with spaces to the same length, and the rest of the run by spaces, its line breaks
kept, so every other mark (index, line, column) stays where it was and libyaml reads one
scalar for the whole run. The masked text is only trusted if libyaml reads each mask as a
lone plain scalar, an entry of a block sequence in the run's column, at the very place the
run starts: then everything before the run parsed as in the real text and the first record
stands where an entry starts, so the real text holds a flow mapping there, ending at the
`}` that ends its line; the next line, `- ` in the same column, is the next entry of the
same sequence, and so on to the run's end, where the real text stands as the masked one
does after its `~`: in that sequence, after an entry, at the start of a line. A mask read
any other way (inside a block or quoted scalar, continued as a multi-line plain scalar)
means the masked text parses differently, and safe_yaml._build builds the real text the
slow way instead.
"""
from __future__ import annotations

import json
import re
from typing import Any

MASK = "~"

_NOT_TEXT = r"(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)"  # plain words YAML reads as null or a bool
# Possessive (*+, ++): none of these runs can end anywhere else, so no backtracking is tried.
_KEY = rf"(?!{_NOT_TEXT}:)[A-Za-z_][A-Za-z0-9_]*+"
_QUOTED = "'[^'\\x00-\\x1f\\x7f-\\x9f,:{}\"\\\\\u2028\u2029\ufeff]*+'"
# A letter or `_`, then letters, digits, `_`, `.`, spaces and `-`, ending in none of the last two.
_WORD = rf"(?!{_NOT_TEXT}[,}}])[A-Za-z_](?:[ -]*+[A-Za-z0-9_.]++)*+"
_PAIR = rf"{_KEY}: (?:{_QUOTED}|{_WORD})"
# After a "\n", for speed: a record on a file's first line is left to libyaml.
_LINE = re.compile(rf"\n *- (\{{(?:{_PAIR}, )*+{_PAIR}\}}) *(?=\n|\Z)")

# libyaml counts these as line breaks too; with any of them in the text, a record's line
# would not be its count of "\n", so such a text is read the slow way.
_OTHER_BREAKS = ("\r", "\x85", "\u2028", "\u2029")

# One record: (its mapping, its number of pairs, index of its "{", index after its "}", index
# where its line starts, index of the line break that ends it or of the end of the text).
Record = tuple[dict[str, str], int, int, int, int, int]
# A run: records on consecutive lines with their "- " in one column, so entries of one block
# sequence: (the records, the events libyaml would report for them, that column).
Run = tuple[list[Record], int, int]


def find_records(text: str) -> dict[int, Record]:
    """Every one-line record in `text`, by the index of its `{`."""
    if any(ch in text for ch in _OTHER_BREAKS):
        return {}
    matches = list(_LINE.finditer(text))
    if not matches:
        return {}
    bodies = [m.group(1) for m in matches]
    # Keys and values are delimited by "{", ": ", ", " and "}", which none of them holds.
    joined = ",".join(bodies)
    pairs = joined.count(": ")
    joined = joined.replace("'", "").replace(": ", '": "').replace(", ", '", "')
    try:
        parsed: list[Any] = json.loads("[" + joined.replace("{", '{"').replace("}", '"}') + "]")
    except ValueError:  # pragma: no cover - every line the pattern admits rewrites to JSON
        return {}
    spans = [(*m.span(1), m.start() + 1, m.end()) for m in matches]
    if sum(map(len, parsed)) == pairs:  # as many keys as pairs: no key twice in any record
        return {span[0]: (d, len(d), *span) for span, d in zip(spans, parsed)}
    counts = [b.count(": ") for b in bodies]
    return {span[0]: (d, n, *span) for span, d, n in zip(spans, parsed, counts)
            if len(d) == n}  # fewer keys than pairs: a key twice, for libyaml's reader to name


def find_runs(records: dict[int, Record]) -> dict[int, Run]:
    """The records (as find_records gives them, in order) in runs, by the index of each run's first `{`."""
    out: dict[int, list[Record]] = {}
    run: list[Record] = []
    column = prev_end = -2
    for start, rec in records.items():
        col = start - rec[4] - 2  # the column of the "- " before its "{"
        if rec[4] == prev_end + 1 and col == column:
            run.append(rec)
        else:
            run = out[start] = [rec]
            column = col
        prev_end = rec[5]
    return {start: (recs, sum(2 * r[1] + 1 for r in recs), start - recs[0][4] - 2) for start, recs in out.items()}


def line_and_column(text: str, index: int) -> tuple[int, int]:
    """0-based line and column of `index`, as libyaml counts them in a text without _OTHER_BREAKS."""
    return text.count("\n", 0, index), index - (text.rfind("\n", 0, index) + 1)


def mask(text: str, runs: dict[int, Run]) -> str:
    """`text` with each run's first `{…}` replaced by `~` and spaces, and the rest of the run by
    spaces but for its line breaks: same length, same marks."""
    parts: list[str] = []
    prev = 0
    for start, (recs, _, _) in runs.items():  # in the order found: by index
        first, last = recs[0], recs[-1]
        parts.append(text[prev:start])
        if len(recs) == 1:
            parts.append(MASK + " " * (first[3] - start - 1))
        else:
            lines = [MASK + " " * (first[5] - start - 1)]
            lines += [" " * (r[5] - r[4]) for r in recs[1:-1]]
            lines.append(" " * (last[3] - last[4]))
            parts.append("\n".join(lines))
        prev = last[3]
    parts.append(text[prev:])
    return "".join(parts)
