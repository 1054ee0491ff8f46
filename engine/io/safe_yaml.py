"""Safe YAML reading: libyaml's safe loader, and nothing a hostile file can abuse.

A file is refused, with file, line and column, when it is too large, uses an
alias (the "billion laughs" bomb needs them, and scenarios never do), nests
deeper than any scenario does, repeats a mapping key (PyYAML would silently keep
the last one) or uses any tag beyond YAML's plain types.
"""
from __future__ import annotations

from typing import Any

import yaml

from .errors import LoadError

try:  # libyaml when present; the pure-Python safe loader otherwise
    from yaml import CSafeDumper as SafeDumper
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper, SafeLoader  # type: ignore[assignment]

MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 48
MAX_EVENTS = 2_000_000

Path = tuple[Any, ...]


def _mark_error(source: str, message: str, mark: Any) -> LoadError:
    if mark is None:
        return LoadError(message, source)
    return LoadError(message, source, mark.line + 1, mark.column + 1)


_PLAIN_TAGS = {
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:str", "tag:yaml.org,2002:timestamp",
}
_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


class _Scalars(SafeLoader):  # type: ignore[misc, valid-type]
    """Only for its resolver and scalar constructors; never parses."""

    def __init__(self) -> None:  # noqa: D107 - no stream: the parser is not used
        yaml.resolver.Resolver.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)


def _build(text: str, source: str) -> Any:
    """Build the document from libyaml's events in one pass, refusing what scenarios never need.

    Doing it here rather than with yaml.load means one parse instead of two, and
    aliases, depth and duplicate keys are caught before anything is built."""
    scalars = _Scalars()
    resolve = scalars.resolve
    constructors = scalars.yaml_constructors
    ScalarNode = yaml.ScalarNode
    str_tag = "tag:yaml.org,2002:str"
    # Each open collection: [container, is_mapping, pending key or _NO_KEY]
    stack: list[list[Any]] = []
    root: Any = None
    count = 0
    for ev in yaml.parse(text, Loader=SafeLoader):
        cls = type(ev)
        if cls is yaml.ScalarEvent:
            tag = ev.tag
            if tag is None or tag == "!":
                tag = resolve(ScalarNode, ev.value, ev.implicit) if ev.implicit[0] else str_tag
            if tag == str_tag:
                value: Any = ev.value
            elif tag in _PLAIN_TAGS:
                value = constructors[tag](scalars, ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark))
            else:
                raise _mark_error(source, f"tag {tag!r}: only plain YAML values are allowed", ev.start_mark)
        elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
            if ev.tag not in _COLLECTION_TAGS:
                raise _mark_error(source, f"tag {ev.tag!r}: only plain YAML values are allowed", ev.start_mark)
            if len(stack) >= MAX_DEPTH:
                raise _mark_error(source, f"nesting deeper than {MAX_DEPTH} levels is not allowed", ev.start_mark)
            is_map = cls is yaml.MappingStartEvent
            if stack and stack[-1][1] and stack[-1][2] is _NO_KEY:
                raise _mark_error(source, "mapping keys must be plain values", ev.start_mark)
            container: Any = {} if is_map else []
            stack.append([container, is_map, _NO_KEY, ev.start_mark])
            continue
        elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
            value = stack.pop()[0]
        elif cls is yaml.AliasEvent:
            raise _mark_error(source, "YAML aliases (*name) are not allowed in scenario files", ev.start_mark)
        else:  # stream and document boundaries
            if cls is yaml.DocumentStartEvent and root is not None:
                raise _mark_error(source, "a scenario file holds one YAML document", ev.start_mark)
            continue
        count += 1
        if count > MAX_EVENTS:
            raise _mark_error(source, "file has too many YAML nodes to be a scenario", ev.start_mark)
        if not stack:
            root = value
            continue
        frame = stack[-1]
        if not frame[1]:
            frame[0].append(value)
        elif frame[2] is _NO_KEY:
            try:
                if value in frame[0]:
                    raise _mark_error(source, f"key {value!r} appears twice in the same mapping", ev.start_mark)
            except TypeError:
                raise _mark_error(source, "mapping keys must be plain values", ev.start_mark) from None
            frame[2] = value
        else:
            frame[0][frame[2]] = value
            frame[2] = _NO_KEY
    return root


_NO_KEY = object()


def read_text(path: str) -> str:
    """The file's text, refusing what is too large or not UTF-8."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise LoadError(f"cannot read the file: {exc.strerror or exc}", path) from None
    if len(data) > MAX_BYTES:
        raise LoadError(f"file is larger than {MAX_BYTES // (1024 * 1024)} MB; scenario files are far smaller", path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LoadError("file is not UTF-8 text", path, line, col) from None


def load_yaml(text: str, source: str) -> Any:
    """Parse one YAML document safely; every failure is a LoadError."""
    if len(text) > MAX_BYTES:
        raise LoadError(f"text is larger than {MAX_BYTES // (1024 * 1024)} MB", source)
    try:
        return _build(text, source)
    except LoadError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not valid YAML"
        if "nesting depth" in problem:  # libyaml's own limit, reached before ours
            problem = f"nesting deeper than {MAX_DEPTH} levels is not allowed"
        elif "could not determine a constructor" in str(exc) or "tag" in (exc.problem or ""):
            problem = f"{problem.strip()}: only plain YAML values are allowed"
        raise _mark_error(source, problem.strip(), mark) from None
    except yaml.YAMLError as exc:
        raise LoadError(f"not valid YAML: {exc}", source) from None
    except RecursionError:
        raise LoadError(f"nesting deeper than {MAX_DEPTH} levels is not allowed", source) from None


def locate(text: str, path: Path, *, key: bool = False, offset: int | None = None) -> tuple[int, int] | None:
    """(line, column) of the node at `path` in an already-checked text, 1-based.

    `key` points at a mapping key instead of its value; `offset` moves along a
    one-line scalar (a token inside a row of tokens).
    """
    try:
        node = yaml.compose(text, Loader=SafeLoader)
    except yaml.YAMLError:
        return None
    target = node
    for step in path:
        if isinstance(target, yaml.MappingNode):
            found = None
            for k, v in target.value:
                if str(k.value) == str(step):
                    found = (k, v)
                    break
            if found is None:
                break
            target = found[0] if (key and step == path[-1]) else found[1]
        elif isinstance(target, yaml.SequenceNode):
            try:
                target = target.value[int(step)]
            except (ValueError, IndexError):
                break
        else:
            break
    if target is None:
        return None
    line, col = target.start_mark.line + 1, target.start_mark.column + 1
    if offset is not None and isinstance(target, yaml.ScalarNode) and target.start_mark.line == target.end_mark.line:
        col += offset + (1 if target.style in ("'", '"') else 0)
    return line, col


class FlowMap(dict):
    """A mapping written on one line: one record, one line, one line in a diff."""


class FlowSeq(list):
    """A short list written on one line."""


class Label(str):
    """A cell label, always quoted, so that 0304 never reads back as a number."""


class _Dumper(SafeDumper):  # type: ignore[misc, valid-type]
    pass


def _represent_str(dumper: Any, value: str) -> Any:
    # Multi-line text (briefings) as a literal block, the way a person would type it.
    style = "|" if "\n" in value and not any(line != line.rstrip() for line in value.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(Label, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", str(v), style="'"))

_Dumper.add_representer(FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(FlowSeq, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100_000,
                     default_flow_style=False)
