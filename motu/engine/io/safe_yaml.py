"""Safe YAML reading: libyaml's safe loader, and nothing a hostile file can abuse.

A file is refused, with file, line and column, when it is too large, holds a
control character, uses an alias (the "billion laughs" bomb needs them, and
scenarios never do), nests deeper than any scenario does, repeats a mapping key
(PyYAML would silently keep the last one), uses any tag beyond YAML's plain types,
or holds a number that is not finite or beyond ±2**53.

Plain scalars are read as YAML 1.2's core schema reads them, where YAML 1.1 (and
so PyYAML) would surprise: `0404` is the text '0404' (a hex label), not the octal
number 260; `1:30` is text, not 90; `yes`/`no`/`on`/`off` are text; dates and times
stay the text they were typed as, so every value read is plain JSON data.

The text is parsed once. One-line records, the bulk of a big scenario, are read in
bulk by safe_yaml_records and masked in the text that libyaml parses (that module says
when the masked text is trusted, and the real one is built otherwise). Where each
collection starts and ends is kept (`Places`), so that an error found later, at a path
in the document, gets its line and column without parsing the whole file again: only
the collection that holds it is parsed once more (yaml_locate). Writing is yaml_dump.
"""
from __future__ import annotations

import math
import re
from typing import Any

import yaml

from .bounded import MAX_DEPTH as _BOUNDED_DEPTH
from .bounded import MAX_INT, position
from .errors import LoadError
from .safe_yaml_records import MASK as _MASK
from .safe_yaml_records import Record, Run, find_records, find_runs, line_and_column, mask

try:  # libyaml when present; the pure-Python safe loader otherwise
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader  # type: ignore[assignment]

MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = _BOUNDED_DEPTH
MAX_EVENTS = 2_000_000

Path = tuple[Any, ...]
Places = dict[int, tuple[int, int, int, int]]  # id(collection) → (start index, line, column, end index), 0-based

# What YAML forbids in a stream (libyaml's own message has no line or column).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff\ud800-\udfff]")
# The ASCII characters _CONTROL allows: an ASCII text with nothing else needs no search.
_PLAIN_ASCII = bytes([9, 10, 13, *range(32, 127)])
# What a double-quoted scalar's escapes (\e, \0, \x9b, \N…) may not make: every C0 control but tab and
# line feed, DEL, and every C1 control. Text reaches terminals (`motu info`) and windows.
ESCAPED_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_TEXT_INT = re.compile(r"[-+]?(0[0-9_]+|[0-9][0-9_]*(:[0-5]?[0-9])+)")  # octal-looking or base 60 in YAML 1.1
_TEXT_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*")
_BOOL_WORDS = {"true", "True", "TRUE", "false", "False", "FALSE"}


# libyaml's words for what was open when it stopped, in a designer's words.
_OPEN = {
    "while parsing a flow sequence": "in the [ ... ] list opened",
    "while parsing a flow mapping": "in the { ... } mapping opened",
    "while scanning a quoted scalar": "in the quoted text opened",
    "while parsing a block mapping": "in the mapping that starts",
    "while parsing a block collection": "in the list that starts",
    "while parsing a block sequence": "in the list that starts",
}


def _opened(context: str, mark: Any) -> str:
    where = f"at line {mark.line + 1}, column {mark.column + 1}"
    words = _OPEN.get(context.strip())
    return f"{words} {where}" if words else f"({context.strip()} {where})"


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


def _scalar(scalars: Any, tag: str, ev: Any, source: str, implicit: bool) -> Any:
    """A plain scalar that is not text: YAML 1.2's reading where 1.1's would surprise, and
    only finite numbers within ±2**53."""
    raw = ev.value
    if implicit:
        if tag == "tag:yaml.org,2002:timestamp":
            return raw
        if tag == "tag:yaml.org,2002:int" and _TEXT_INT.fullmatch(raw):
            return raw
        if tag == "tag:yaml.org,2002:float" and _TEXT_FLOAT.fullmatch(raw):
            return raw
        if tag == "tag:yaml.org,2002:bool" and raw not in _BOOL_WORDS:
            return raw
    if tag == "tag:yaml.org,2002:int" and len(raw) > 24:
        raise _mark_error(source, f"the number {raw[:12]}… ({len(raw)} characters) is out of range "
                          f"(whole numbers go to ±{MAX_INT:,})", ev.start_mark)
    try:
        value = scalars.yaml_constructors[tag](scalars, yaml.ScalarNode(tag, raw, ev.start_mark, ev.end_mark))
    except (ValueError, TypeError, OverflowError, KeyError, IndexError, AttributeError, yaml.YAMLError):
        # PyYAML's constructors trust the resolver: an explicit `!!bool maybe` or `!!int ''` reaches
        # them unchecked and fails with KeyError or IndexError.
        raise _mark_error(source, f"{raw[:40]!r} is not a valid {tag.rsplit(':', 1)[-1]}", ev.start_mark) from None
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and abs(value) > MAX_INT:
        raise _mark_error(source, f"the number {raw} is out of range (whole numbers go to ±{MAX_INT:,})", ev.start_mark)
    if isinstance(value, float) and not math.isfinite(value):
        raise _mark_error(source, f"{raw!r} is not a finite number", ev.start_mark)
    if isinstance(value, float) and abs(value) > MAX_INT:  # written back as a whole number, it would be refused
        raise _mark_error(source, f"the number {raw} is out of range (numbers go to ±{MAX_INT:,})", ev.start_mark)
    if not isinstance(value, (int, float, str)) and value is not None:  # a date or a binary, typed with a tag
        raise _mark_error(source, f"{raw[:40]!r} ({tag.rsplit(':', 1)[-1]}): only plain YAML values are allowed",
                          ev.start_mark)
    return value


def _syntax_check(text: str, source: str) -> None:
    """Parse the whole text in libyaml alone, building nothing: raises libyaml's error, if any,
    in a few tens of milliseconds for a 4 MB text."""
    raw_parse = getattr(SafeLoader, "raw_parse", None)
    if raw_parse is None:  # pragma: no cover - the pure-Python loader has no C-only pass
        return
    raw_parse(SafeLoader(text))


class _NotSame(Exception):
    """The masked text did not parse as the real one (safe_yaml_records). `keep`: the records
    not in doubt (their masks read back right, or lie beyond where the parse went wrong)."""

    def __init__(self, keep: dict[int, Record] | None = None) -> None:
        super().__init__()
        self.keep = keep or {}


def _build(text: str, source: str, places: Places | None = None) -> Any:
    """Build the document in one pass over libyaml's events, refusing what scenarios never need.

    Doing it here rather than with yaml.load means one parse instead of two, and
    aliases, depth and duplicate keys are caught before anything is built. When
    `places` is given, each collection's span in the text is recorded in it. One-line
    records are read by safe_yaml_records and masked, run by run, in the text libyaml
    parses; when the masks do not read back as that module requires, the real text is
    built instead."""
    scalars = _Scalars()
    resolver_starts = frozenset(k for k in scalars.yaml_implicit_resolvers if k)
    records = find_records(text)
    tried = False
    for _ in range(2):  # a second try without the records whose masks read back wrong
        if not records:
            break
        tried = True
        runs = find_runs(records)
        try:
            return _build_events(mask(text, runs), source, places, scalars, resolver_starts, runs, text)
        except _NotSame as exc:
            if places is not None:
                places.clear()
            records = exc.keep
    if tried:  # libyaml's pass alone (0.1 s for 4 MB) names a syntax error before a slow build
        _syntax_check(text, source)
    return _build_events(text, source, places, scalars, resolver_starts, None)


_STR_TAG = "tag:yaml.org,2002:str"


def _build_events(text: str, source: str, places: Places | None, scalars: Any, resolver_starts: frozenset[str],
                  runs: dict[int, Run] | None, real: str = "") -> Any:
    """The document from libyaml's events of `text`: the real text, or (with `runs`) the
    masked one, `real` being what it masks."""
    resolve = scalars.resolve
    # Plain text starting with a character no implicit resolver claims is a string: most
    # scalars in a scenario (ids, names, kinds) skip the resolver's regular expressions.
    ScalarNode = yaml.ScalarNode
    ScalarEvent, AliasEvent = yaml.ScalarEvent, yaml.AliasEvent
    MapStart, SeqStart = yaml.MappingStartEvent, yaml.SequenceStartEvent
    MapEnd, SeqEnd = yaml.MappingEndEvent, yaml.SequenceEndEvent
    DocStart, StreamEnd = yaml.DocumentStartEvent, yaml.StreamEndEvent
    str_tag = _STR_TAG
    no_key = _NO_KEY
    # Each open collection: [container, is_mapping, pending key or _NO_KEY, start mark, flow style]
    stack: list[list[Any]] = []
    frame: list[Any] | None = None  # stack[-1]
    root: Any = None
    count = 0
    seen: list[int] = []  # runs whose mask read back as a lone plain scalar, an entry where the run starts
    parser = SafeLoader(text)
    get_event = parser.get_event
    ev: Any = None
    try:
        while True:
            ev = get_event()
            cls = type(ev)
            if cls is ScalarEvent:
                tag = ev.tag
                value: Any = ev.value
                if ev.style == '"':
                    bad = ESCAPED_CONTROL.search(value)
                    if bad is not None:
                        raise _mark_error(source, f"control character U+{ord(bad.group()):04X} (written as an escape) "
                                          "is not allowed in text", ev.start_mark)
                if tag is None or tag == "!":
                    if runs is not None and value == _MASK and ev.implicit[0]:
                        run = runs.get(ev.start_mark.index)
                        # An entry of a block sequence whose entries stand in the run's column.
                        if run is not None and frame is not None and not frame[1] and frame[4] is False \
                                and frame[3].column == run[2]:
                            if len(stack) >= MAX_DEPTH:
                                raise _mark_error(source, f"nesting deeper than {MAX_DEPTH} levels is not allowed",
                                                  ev.start_mark)
                            seen.append(ev.start_mark.index)
                            count += run[1]
                            if count > MAX_EVENTS:
                                raise _NotSame()  # the slow build names the very node
                            frame[0].extend([rec[0] for rec in run[0]])
                            continue
                    if tag is not str_tag and ev.implicit[0] and (not value or value[0] in resolver_starts):
                        tag = resolve(ScalarNode, value, ev.implicit)
                        if tag != str_tag:
                            if tag not in _PLAIN_TAGS:
                                raise _mark_error(source, f"tag {tag!r}: only plain YAML values are allowed",
                                                  ev.start_mark)
                            value = _scalar(scalars, tag, ev, source, True)
                elif tag != str_tag:
                    if tag not in _PLAIN_TAGS:
                        raise _mark_error(source, f"tag {tag!r}: only plain YAML values are allowed", ev.start_mark)
                    value = _scalar(scalars, tag, ev, source, False)
            elif cls is MapStart or cls is SeqStart:
                if ev.tag not in _COLLECTION_TAGS:
                    raise _mark_error(source, f"tag {ev.tag!r}: only plain YAML values are allowed", ev.start_mark)
                if len(stack) >= MAX_DEPTH:
                    raise _mark_error(source, f"nesting deeper than {MAX_DEPTH} levels is not allowed", ev.start_mark)
                is_map = cls is MapStart
                if frame is not None and frame[1] and frame[2] is no_key:
                    raise _mark_error(source, "mapping keys must be plain values", ev.start_mark)
                frame = [{} if is_map else [], is_map, no_key, ev.start_mark, ev.flow_style]
                stack.append(frame)
                continue
            elif cls is MapEnd or cls is SeqEnd:
                done = stack.pop()
                frame = stack[-1] if stack else None
                value = done[0]
                if places is not None:
                    start = done[3]
                    places[id(value)] = (start.index, start.line, start.column, ev.end_mark.index)
            elif cls is AliasEvent:
                raise _mark_error(source, "YAML aliases (*name) are not allowed in scenario files", ev.start_mark)
            elif cls is StreamEnd:
                if runs is not None:
                    if len(seen) != len(runs):
                        raise _NotSame(_records(runs, seen))
                    if places is not None:  # a record's line and column are worked out if needed
                        places.update({id(rec[0]): (rec[2], -1, -1, rec[3]) for run in runs.values() for rec in run[0]})
                return root
            else:  # stream and document boundaries
                if cls is DocStart and root is not None:
                    raise _mark_error(source, "a scenario file holds one YAML document", ev.start_mark)
                continue
            count += 1
            if count > MAX_EVENTS:
                raise _mark_error(source, "file has too many YAML nodes to be a scenario", ev.start_mark)
            if frame is None:
                root = value
            elif not frame[1]:
                frame[0].append(value)
            elif frame[2] is no_key:
                try:
                    if value in frame[0]:
                        raise _mark_error(source, f"key {value!r} appears twice in the same mapping", ev.start_mark)
                except TypeError:
                    raise _mark_error(source, "mapping keys must be plain values", ev.start_mark) from None
                frame[2] = value
            else:
                frame[0][frame[2]] = value
                frame[2] = no_key
    except LoadError:
        # Trusted only if every run before this place read back as its mask did.
        if runs is not None:
            at = ev.start_mark.index
            if len(seen) != sum(1 for i in runs if i < at):
                raise _NotSame(_beyond(runs, seen, at)) from None
        raise
    except yaml.YAMLError:
        if runs is None:
            raise
        # Either the real text has this error too (libyaml's pass alone says so and raises
        # it), or the masks changed how the text reads.
        _syntax_check(real, source)
        raise _NotSame(_beyond(runs, seen, ev.start_mark.index if ev is not None else 0)) from None
    finally:
        parser.dispose()


_NO_KEY = object()


def _records(runs: dict[int, Run], starts: list[int]) -> dict[int, Record]:
    """The records of the runs that start at `starts`, by index."""
    return {rec[2]: rec for start in starts for rec in runs[start][0]}


def _beyond(runs: dict[int, Run], seen: list[int], at: int) -> dict[int, Record]:
    """The records of the runs read back right, and those after index `at`, where the parse went wrong."""
    keep = _records(runs, seen)
    keep.update((rec[2], rec) for run in runs.values() for rec in run[0] if rec[2] > at)
    return dict(sorted(keep.items()))


def read_text(path: str) -> str:
    """The file's text, refusing what is not a regular file, too large, or not UTF-8."""
    from .bounded import decode_utf8, read_bytes
    return decode_utf8(read_bytes(path, MAX_BYTES), path)


def load_yaml(text: str, source: str, places: Places | None = None) -> Any:
    """Parse one YAML document safely; every failure is a LoadError. `places`, when given,
    receives where each collection stands, for `locate`."""
    if len(text) > MAX_BYTES:
        raise LoadError(f"text is larger than {MAX_BYTES // (1024 * 1024)} MB", source)
    plain = text.isascii() and not text.encode("ascii").translate(None, _PLAIN_ASCII)
    bad = None if plain else _CONTROL.search(text)
    if bad:
        line, col = position(text, bad.start())
        raise LoadError(f"control character U+{ord(bad.group()):04X} is not allowed in YAML text", source, line, col)
    try:
        return _build(text, source, places)
    except LoadError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "not valid YAML"
        if exc.problem and exc.context and exc.context_mark and exc.problem_mark \
                and exc.context_mark.line != exc.problem_mark.line:
            # The parser notices a bracket or quote left open only lines later: name where it opened.
            problem = f"{problem.strip()} {_opened(exc.context, exc.context_mark)}"
        if "nesting depth" in problem:  # libyaml's own limit, reached before ours
            problem = f"nesting deeper than {MAX_DEPTH} levels is not allowed"
        elif "could not determine a constructor" in str(exc) or "tag" in (exc.problem or ""):
            problem = f"{problem.strip()}: only plain YAML values are allowed"
        raise _mark_error(source, problem.strip(), mark) from None
    except yaml.YAMLError as exc:
        raise LoadError(f"not valid YAML: {exc}", source) from None
    except RecursionError:
        raise LoadError(f"nesting deeper than {MAX_DEPTH} levels is not allowed", source) from None
