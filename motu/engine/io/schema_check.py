"""JSON Schemas under motu/resources/schema/, compiled once with fastjsonschema, and their
refusals as LoadErrors that name the place (a JSON path, or a line where the caller knows it).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable

import fastjsonschema

from motu.engine.resources import resource_path

from .errors import LoadError, json_path

Locate = Callable[[tuple[Any, ...]], "tuple[int, int] | None"]


@lru_cache(maxsize=None)
def _schema(name: str) -> dict[str, Any]:
    with open(resource_path("schema", name), encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=None)
def validator(name: str, definition: str | None = None) -> Callable[[Any], Any]:
    """The compiled schema `name`, or one of its definitions (`#/definitions/<definition>`)."""
    schema = _schema(name)
    if definition is not None:
        schema = {"definitions": schema["definitions"], "$ref": f"#/definitions/{definition}"}
    return fastjsonschema.compile(schema)


def steps(doc: Any, raw: list[Any]) -> tuple[Any, ...]:
    """fastjsonschema's path (['data', 'layers', '0']) as keys and indexes of `doc`."""
    out: list[Any] = []
    node = doc
    for step in raw[1:] if raw and raw[0] == "data" else raw:
        if isinstance(node, list) and isinstance(step, str) and step.isascii() and step.isdigit():
            step = int(step)
        out.append(step)
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


def reason(exc: fastjsonschema.JsonSchemaValueException) -> str:
    """fastjsonschema's refusal in words, without its path (the caller says where): keys that
    should not be there or are missing are named plainly, with the keys the place does take,
    rather than as the Python sets and lists of its message."""
    message = exc.message
    if exc.name and message.startswith(exc.name):
        message = message[len(exc.name):].strip()
    elif message.startswith("data."):
        message = message[len("data."):]
    definition = exc.definition if isinstance(exc.definition, dict) else {}
    value = exc.value
    known = list(definition.get("properties", {}))
    if exc.rule == "additionalProperties" and isinstance(value, dict):
        extra = [k for k in value if k not in definition.get("properties", {})]
        if extra:
            keys = ", ".join(repr(k) for k in extra)
            told = f"unknown key {keys}" if len(extra) == 1 else f"unknown keys {keys}"
            return told + (f" (the keys here: {', '.join(known)})" if known else " (no other keys are allowed here)")
    if exc.rule == "required" and isinstance(value, dict):
        missing = [k for k in definition.get("required", ()) if k not in value]
        if missing:
            keys = ", ".join(repr(k) for k in missing)
            return f"the key {keys} is missing" if len(missing) == 1 else f"the keys {keys} are missing"
    return message


def extra_key(exc: fastjsonschema.JsonSchemaValueException) -> Any:
    """The first key that should not be there, for pointing at it (None: not such a refusal)."""
    definition = exc.definition if isinstance(exc.definition, dict) else {}
    if exc.rule == "additionalProperties" and isinstance(exc.value, dict):
        return next((k for k in exc.value if k not in definition.get("properties", {})), None)
    return None


def check(name: str, doc: Any, source: str, definition: str | None = None, locate: Locate | None = None,
          prefix: tuple[Any, ...] = ()) -> None:
    """Refuse `doc` with one LoadError when it does not match the schema."""
    try:
        validator(name, definition)(doc)
    except fastjsonschema.JsonSchemaValueException as exc:
        where = prefix + steps(doc, list(exc.path or []))
        message = reason(exc)
        pos = locate(where) if locate else None
        text = f"{json_path(where)} {message}" if pos else message
        if pos:
            raise LoadError(text, source, pos[0], pos[1]) from None
        raise LoadError(text, source, path=json_path(where)) from None


@lru_cache(maxsize=None)
def _part_validator(name: str, key: str) -> Callable[[Any], Any]:
    schema = _schema(name)
    part = {k: schema[k] for k in ("definitions", "$defs") if k in schema}
    part.update(schema["properties"][key])
    return fastjsonschema.compile(part)


def check_part(name: str, key: str, value: Any, source: str, what: str) -> None:
    """Refuse `value` unless it matches the schema's top-level property `key` (one part of a
    document that arrives on its own, as a Tiled map property holding a scenario's sides)."""
    try:
        _part_validator(name, key)(value)
    except fastjsonschema.JsonSchemaValueException as exc:
        where = steps(value, list(exc.path or []))
        message = reason(exc)
        raise LoadError(f"{json_path(where) if where else 'its value'} {message}", source, path=what) from None
