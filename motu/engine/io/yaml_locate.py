"""Where a path in a document read by safe_yaml stands in its text: (line, column) for messages.

With the `Places` that `load_yaml` kept, only the innermost collection on the path is
parsed again, so an error found late in a big file is placed without a second whole parse.
"""
from __future__ import annotations

from typing import Any

import yaml

from .errors import LoadError
from .safe_yaml import Path, Places, SafeLoader, load_yaml
from .safe_yaml_records import line_and_column


def locate(text: str, path: Path, *, key: bool = False, offset: int | None = None, doc: Any = None,
           places: Places | None = None) -> tuple[int, int] | None:
    """(line, column) of the node at `path` in an already-checked text, 1-based.

    `key` points at a mapping key instead of its value; `offset` moves along a
    one-line scalar (a token inside a row of tokens). With the `doc` and `places` that
    `load_yaml` gave, only the innermost collection on the path is parsed again."""
    if doc is None or places is None:
        places = {}
        try:
            doc = load_yaml(text, "<text>", places)
        except LoadError:
            return None
    chain = [doc]  # the collections along the path, outermost first
    for step in path:
        child = _child(chain[-1], step)
        if not isinstance(child, (dict, list)) or id(child) not in places:
            break
        chain.append(child)
    rest = tuple(path[len(chain) - 1:])
    if key and not rest and len(chain) > 1:  # the key of a collection: look in its parent
        chain.pop()
        rest = tuple(path[-1:])
    span = places.get(id(chain[-1]))
    if span is None:
        return None
    if span[1] < 0:  # a one-line record (safe_yaml_records): its place was left to be worked out
        span = (span[0], *line_and_column(text, span[0]), span[3])
    if not rest:
        return span[1] + 1, span[2] + 1
    return _locate_in(text, span, rest, key, offset) or (span[1] + 1, span[2] + 1)


def _child(node: Any, step: Any) -> Any:
    if isinstance(node, dict):
        if step in node:
            return node[step]
        return next((v for k, v in node.items() if str(k) == str(step)), None)
    if isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
        return node[step]
    return None


_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _skip(events: Any, ev: Any) -> None:
    """Consume the rest of the node whose first event is `ev`."""
    if not isinstance(ev, _STARTS):
        return
    depth = 1
    while depth:
        e = next(events)
        if isinstance(e, _STARTS):
            depth += 1
        elif isinstance(e, _ENDS):
            depth -= 1


def _locate_in(text: str, span: tuple[int, int, int, int], steps: Path, key: bool, offset: int | None) -> tuple[int, int] | None:
    """Find `steps` inside one collection by parsing only its own text (padded so columns hold)."""
    start, line0, col0, end = span
    snippet = " " * col0 + text[start:end]
    try:
        events = iter(yaml.parse(snippet, Loader=SafeLoader))
        ev = next(events)
        while not isinstance(ev, _STARTS):
            ev = next(events)
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            if isinstance(ev, yaml.MappingStartEvent):
                while True:
                    k = next(events)
                    if isinstance(k, yaml.MappingEndEvent):
                        return None
                    if isinstance(k, yaml.ScalarEvent) and k.value == str(step):
                        if last and key:
                            ev = k
                            break
                        ev = next(events)
                        break
                    _skip(events, k)
                    _skip(events, next(events))
            elif isinstance(ev, yaml.SequenceStartEvent) and isinstance(step, int):
                for _ in range(step):
                    item = next(events)
                    if isinstance(item, yaml.SequenceEndEvent):
                        return None
                    _skip(events, item)
                ev = next(events)
                if isinstance(ev, yaml.SequenceEndEvent):
                    return None
            else:
                return None
    except (yaml.YAMLError, StopIteration):
        return None
    mark = ev.start_mark
    line, col = line0 + mark.line + 1, mark.column + 1
    if offset is not None and isinstance(ev, yaml.ScalarEvent) and mark.line == ev.end_mark.line:
        col += offset + (1 if ev.style in ("'", '"') else 0)
    return line, col
