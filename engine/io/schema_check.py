"""JSON Schemas under resources/schema/, compiled once with fastjsonschema, and their
refusals as LoadErrors that name the place (a JSON path, or a line where the caller knows it).
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable

import fastjsonschema

from engine.resources import resource_path

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
        if isinstance(node, list) and isinstance(step, str) and step.isdigit():
            step = int(step)
        out.append(step)
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


def check(name: str, doc: Any, source: str, definition: str | None = None, locate: Locate | None = None,
          prefix: tuple[Any, ...] = ()) -> None:
    """Refuse `doc` with one LoadError when it does not match the schema."""
    try:
        validator(name, definition)(doc)
    except fastjsonschema.JsonSchemaValueException as exc:
        where = prefix + steps(doc, list(exc.path or []))
        message = exc.message
        if exc.name and message.startswith(exc.name):
            message = message[len(exc.name):].strip()
        message = message.replace("data.", "", 1) if message.startswith("data.") else message
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
        message = exc.message
        if exc.name and message.startswith(exc.name):
            message = message[len(exc.name):].strip()
        raise LoadError(f"{json_path(where) if where else 'its value'} {message}", source, path=what) from None
