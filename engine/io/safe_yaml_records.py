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

Each record's `{…}` is masked in the text handed to libyaml by a plain `~` padded with
spaces to the same length, so every other mark (index, line, column) stays where it was.
The masked text is only trusted if libyaml reads each mask as a lone plain scalar at the
very place its record starts: then everything before each record parsed as in the real
text and the record stands where a node starts, so the real text holds a flow mapping
there, ending at the `}` that ends its line. A mask read any other way (inside a block or
quoted scalar, continued as a multi-line plain scalar) means the masked text parses
differently, and safe_yaml._build builds the real text the slow way instead.
"""
from __future__ import annotations

import json
import re
from typing import Any

MASK = "~"

_NOT_TEXT = r"(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)"  # plain words YAML reads as null or a bool
_KEY = rf"(?!{_NOT_TEXT}:)[A-Za-z_][A-Za-z0-9_]*"
_QUOTED = "'[^'\\x00-\\x1f\\x7f-\\x9f,:{}\"\\\\\u2028\u2029\ufeff]*'"
_WORD = rf"(?!{_NOT_TEXT}[,}}])[A-Za-z_](?:[A-Za-z0-9_. -]*[A-Za-z0-9_.])?"
_PAIR = rf"{_KEY}: (?:{_QUOTED}|{_WORD})"
# After a "\n", for speed: a record on a file's first line is left to libyaml.
_LINE = re.compile(rf"\n *- (\{{(?:{_PAIR}, )*{_PAIR}\}}) *(?=\n|\Z)")

# libyaml counts these as line breaks too; with any of them in the text, a record's line
# would not be its count of "\n", so such a text is read the slow way.
_OTHER_BREAKS = ("\r", "\x85", "\u2028", "\u2029")

# One record: (its mapping, its number of pairs, index of its "{", index after its "}").
Record = tuple[dict[str, str], int, int, int]


def find_records(text: str) -> dict[int, Record]:
    """Every one-line record in `text`, by the index of its `{`."""
    if any(ch in text for ch in _OTHER_BREAKS):
        return {}
    matches = list(_LINE.finditer(text))
    if not matches:
        return {}
    bodies = [m.group(1) for m in matches]
    # Keys and values are delimited by "{", ": ", ", " and "}", which none of them holds.
    joined = ",".join(bodies).replace("'", "").replace(": ", '": "').replace(", ", '", "')
    try:
        parsed: list[Any] = json.loads("[" + joined.replace("{", '{"').replace("}", '"}') + "]")
    except ValueError:  # pragma: no cover - every line the pattern admits rewrites to JSON
        return {}
    pairs = [b.count(", ") + 1 for b in bodies]
    return {span[0]: (d, n, *span) for span, d, n in zip([m.span(1) for m in matches], parsed, pairs)
            if len(d) == n}  # fewer keys than pairs: a key twice, for libyaml's reader to name


def line_and_column(text: str, index: int) -> tuple[int, int]:
    """0-based line and column of `index`, as libyaml counts them in a text without _OTHER_BREAKS."""
    return text.count("\n", 0, index), index - (text.rfind("\n", 0, index) + 1)


def mask(text: str, records: dict[int, Record]) -> str:
    """`text` with each record's `{…}` replaced by `~` and spaces: same length, same marks."""
    parts: list[str] = []
    prev = 0
    for start, rec in records.items():  # in the order found: by index
        end = rec[3]
        parts.append(text[prev:start])
        parts.append(MASK + " " * (end - start - 1))
        prev = end
    parts.append(text[prev:])
    return "".join(parts)
