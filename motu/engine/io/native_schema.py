"""Checking a scenario document against motu/resources/schema/scenario-v1.schema.json, its pieces in bulk.

A big scenario is mostly pieces, and the compiled schema (fastjsonschema) walks each of them
in Python, key by key. Here the pieces are checked column by column instead (every id at
once, every kind at once…), and the rest of the document goes to the compiled schema with
its pieces left out. The bulk check only ever says "surely valid": when it cannot say so,
or when the rest of the document is refused, the whole document goes to the compiled schema,
so that every refusal is the schema's own, word for word and at the same place.

The bulk check knows one piece schema, `_PIECE_SCHEMA`; if the published schema's pieces
read otherwise, every document is checked whole (tests/engine/io/test_native_schema.py
keeps the two in step).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable

import fastjsonschema

from motu.engine.resources import resource_path

_ID = "^[A-Za-z0-9_][A-Za-z0-9_.:'-]*$"
_ID_TYPE = {"type": "string", "pattern": _ID, "maxLength": 64}

# What the bulk check below checks, as the schema says it (descriptions aside).
_PIECE_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object", "additionalProperties": False, "required": ["id", "kind"],
        "properties": {
            "id": _ID_TYPE, "name": {"type": "string"}, "props": {"type": "object"},
            "kind": _ID_TYPE, "side": _ID_TYPE,
            "cell": {"anyOf": [{"type": "string", "minLength": 1, "maxLength": 64}, {"type": "integer"}]},
            "count": {"type": "integer", "minimum": 1, "maximum": 10000},
        },
    },
}
_KEYS = frozenset(_PIECE_SCHEMA["items"]["properties"])  # type: ignore[index]
_REQUIRED = frozenset(_PIECE_SCHEMA["items"]["required"])  # type: ignore[index]
# Ids one to a line: the pattern and the 64-character limit, for all of them in one match.
_ONE_ID = r"[A-Za-z0-9_][A-Za-z0-9_.:'-]{0,63}"
_ID_LINES = re.compile(rf"{_ONE_ID}(?:\n{_ONE_ID})*")


def _without_descriptions(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_descriptions(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_without_descriptions(v) for v in value]
    return value


@lru_cache(maxsize=1)
def _compiled() -> tuple[Callable[[Any], Any], bool]:
    """The compiled schema, and whether its pieces are the ones the bulk check knows."""
    # A rule set's part of the schema (its pieces' properties) is for text editors: Motu opens such
    # a file and its validator reports what is wrong there as findings.
    from motu.engine.scenario.ruleset_schema import loader_handlers
    with open(resource_path("schema", "scenario-v1.schema.json"), encoding="utf-8") as fh:
        schema = json.load(fh)
    known = _without_descriptions(schema.get("properties", {}).get("pieces")) == _PIECE_SCHEMA
    return fastjsonschema.compile(schema, handlers=loader_handlers()), known


def schema_validator() -> Callable[[Any], Any]:
    """The compiled schema alone: checks a whole document, piece by piece."""
    return _compiled()[0]


def bulk_check_applies() -> bool:
    return _compiled()[1]


def _ids(values: list[Any], distinct: bool = False) -> bool:
    """Every value is text matching the schema's id pattern, 64 characters at most. `distinct`:
    few different values are expected (kinds, sides), each checked once."""
    if not values:
        return True
    if set(map(type, values)) != {str}:
        return False
    if distinct:
        values = list(set(values))
    joined = "\n".join(values)
    # A value holding a line break would read as two ids: the count of breaks says none does.
    return joined.count("\n") == len(values) - 1 and _ID_LINES.fullmatch(joined) is not None


def _column(pieces: list[dict[str, Any]], key: str, everywhere: bool) -> list[Any]:
    if everywhere:
        return list(map(itemgetter(key), pieces))
    return [d[key] for d in pieces if key in d]


def pieces_surely_valid(pieces: Any) -> bool:
    """True only if every piece matches the schema's piece (`_PIECE_SCHEMA`); False when in doubt."""
    if type(pieces) is not list:
        return False
    if not pieces:
        return True
    if set(map(type, pieces)) != {dict}:
        return False
    shapes = set(map(frozenset, pieces))
    present = frozenset().union(*shapes)
    if not present <= _KEYS or not all(_REQUIRED <= s for s in shapes):
        return False
    common = frozenset.intersection(*shapes)
    col = {key: _column(pieces, key, key in common) for key in present}
    if not _ids(col["id"]) or not _ids(col["kind"], True) or not _ids(col.get("side", []), True):
        return False
    if "name" in col and set(map(type, col["name"])) != {str}:
        return False
    if "props" in col and set(map(type, col["props"])) != {dict}:
        return False
    if "count" in col:
        counts = col["count"]
        if set(map(type, counts)) != {int} or min(counts) < 1 or max(counts) > 10000:
            return False
    if "cell" in col:
        cells = col["cell"]
        kinds = set(map(type, cells))
        if not kinds <= {str, int}:
            return False
        if str in kinds:
            lengths = [len(c) for c in cells if type(c) is str]
            if min(lengths) < 1 or max(lengths) > 64:
                return False
    return True


def check_document(doc: Any) -> bool:
    """Check `doc` against the schema, raising fastjsonschema's refusal exactly as the compiled
    schema alone would. True when its pieces were found valid in bulk (so each piece holds only
    the keys and types `_PIECE_SCHEMA` allows)."""
    validate, known = _compiled()
    if known and type(doc) is dict and "pieces" in doc and pieces_surely_valid(doc["pieces"]):
        rest = dict(doc)
        rest["pieces"] = []
        try:
            validate(rest)
            return True
        except fastjsonschema.JsonSchemaValueException:
            pass  # refused: the whole document, checked whole, says where and why
    validate(doc)
    return False
