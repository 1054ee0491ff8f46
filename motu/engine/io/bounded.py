"""Bounded input: the one layer every reader goes through before it trusts a byte.

Scope: reading a file (a regular file only, never a FIFO, device or folder, and no more
than a size cap), resolving a file's reference to another (a Tiled tileset's `source`:
only to a regular file in or below the first file's folder), inflating compressed data
(never more output than the caller says the data can need), parsing JSON and XML with a
nesting cap, whole numbers within ±2**53 and no NaN or infinity. Every refusal is a
LoadError naming the file and the place: line and column where the text has them.
What a document *means* is each reader's business; this module only keeps them safe.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
import zlib
from typing import Any, Callable
from xml.parsers import expat

from .errors import LoadError

MAX_BYTES = 32 * 1024 * 1024  # no scenario, map or record comes near this
MAX_REFERENCE_BYTES = 8 * 1024 * 1024  # an external tileset is a few kilobytes
MAX_DEPTH = 48  # scenarios nest about 8 deep, Tiled maps about 10
MAX_NODES = 4_000_000  # elements of an XML document
MAX_INT = 2 ** 53  # the whole numbers every JSON reader agrees on

# Characters no text of ours holds, written out or as an escape: every C0 control but tab and line
# feed, DEL and every C1 control. Names and titles reach terminals (`motu info`) and windows, where
# ESC, CSI (U+009B), BEL or NUL would be obeyed or cut the text short.
CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# The same in JSON's text: a raw DEL or C1 control, or an escape that makes one of them
# (an escaped backslash before `u001b` is not an escape).
_JSON_CONTROL = re.compile(r"[\x7f-\x9f]|(?<!\\)(?:\\\\)*(\\u00(?:0[0-8bBcCdDeEfF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])"
                           r"|\\[bfr])")
# The encodings an XML file of ours may declare (expat reads these four itself).
XML_ENCODINGS = {"utf-8", "utf8", "utf-16", "utf16", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1", "iso_8859-1"}
_XML_DECLARATION = re.compile(r"\s*<\?xml\b[^>]*?\bencoding\s*=\s*[\"']([^\"']*)[\"']")
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))

_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # an open never waits for a FIFO's writer
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)


def _mb(n: int) -> str:
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.1f} MB".replace(".0 MB", " MB")


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: str, limit: int = MAX_BYTES, source: str | None = None, what: str = "the file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; LoadError otherwise.

    The file is checked with stat before it is opened, and opened without blocking, so a
    FIFO or a device is refused instead of hanging or filling memory."""
    source = source or path
    try:
        st = os.stat(path)
    except OSError as exc:
        raise LoadError(f"cannot read {what}: {exc.strerror or exc}", source) from None
    kind = _kind(st.st_mode)
    if kind is not None:
        raise LoadError(f"{what} is {kind}, not a file; Motu reads only regular files", source)
    if st.st_size > limit:
        raise LoadError(f"{what} is larger than {_mb(limit)} ({_mb(st.st_size)}), the most Motu reads "
                        "(docs/format.md, Limits)", source)
    try:
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY)
    except OSError as exc:
        raise LoadError(f"cannot read {what}: {exc.strerror or exc}", source) from None
    try:
        if _kind(os.fstat(fd).st_mode) is not None:  # swapped for something else since the stat
            raise LoadError(f"{what} is not a regular file; Motu reads only regular files", source)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise LoadError(f"cannot read {what}: {exc.strerror or exc}", source) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise LoadError(f"{what} is larger than {_mb(limit)}, the most Motu reads (docs/format.md, Limits)", source)
    return data


def resolve_reference(base: str, ref: Any, what: str) -> str:
    """The path that `ref`, written in the file `base`, names: only in or below base's folder.

    Absolute paths, `..` that climbs out, and links that lead out are refused with the
    reason; the caller then reads the result with `read_bytes`."""
    if not isinstance(ref, str) or not ref.strip():
        raise LoadError(f"{what}: the reference {ref!r} is not a file name", base)
    if "\0" in ref:
        raise LoadError(f"{what}: the reference {ref!r} holds a NUL character", base)
    if os.path.isabs(ref) or os.path.splitdrive(ref)[0] or ref.startswith(("/", "\\")):
        raise LoadError(f"{what}: {ref!r} is an absolute path; a map may only name files in or below its own folder", base)
    folder = os.path.realpath(os.path.dirname(os.path.abspath(base)))
    target = os.path.realpath(os.path.join(folder, ref))
    try:
        inside = os.path.commonpath([folder, target]) == folder
    except ValueError:  # different drives
        inside = False
    if not inside:
        raise LoadError(f"{what}: {ref!r} leads outside the map's folder; a map may only name files in or below it", base)
    return target


def read_reference(base: str, ref: Any, what: str, limit: int = MAX_REFERENCE_BYTES) -> tuple[str, bytes]:
    """(path, bytes) of the file `ref` names from `base`, checked as `resolve_reference` and `read_bytes` do."""
    target = resolve_reference(base, ref, what)
    return target, read_bytes(target, limit, source=base, what=f"{what} {ref!r}")


def inflate(data: bytes, method: str, limit: int) -> bytes:
    """zlib or gzip data inflated to at most `limit` bytes; ValueError when it would be more,
    or is not such data. The output is cut off at the limit, so a bomb costs nothing."""
    wbits = {"zlib": zlib.MAX_WBITS, "gzip": 16 + zlib.MAX_WBITS}[method]
    d = zlib.decompressobj(wbits)
    try:
        out = d.decompress(data, limit + 1)
    except zlib.error as exc:
        raise ValueError(f"its {method} data is damaged ({exc})") from None
    if len(out) > limit or d.unconsumed_tail:
        raise ValueError(f"its {method} data inflates to more than the {limit:,} bytes the layer needs")
    if not d.eof:
        raise ValueError(f"its {method} data is cut short")
    return out


def position(text: str, index: int) -> tuple[int, int]:
    """(line, column), 1-based, of a character index."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def head(data: bytes, size: int = 512) -> str:
    """The start of a text file as text, after any byte-order mark (UTF-8 or UTF-16): enough to
    tell XML from JSON and read an XML declaration."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom):len(bom) + size].decode(encoding, "ignore")
    return data[:size].decode("latin-1")


def first_character(data: bytes) -> str:
    """The first character of a text file that is not a byte-order mark or white space ('' for none)."""
    return head(data).lstrip()[:1]


def decode_utf8(data: bytes, source: str, what: str = "text") -> str:
    """UTF-8 text (a byte-order mark is allowed); LoadError with the line and column of the first bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LoadError(f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x})", source, line, col) from None
    return text[1:] if text.startswith("\ufeff") else text


# --- JSON --------------------------------------------------------------------------------

class _BadNumber(Exception):
    def __init__(self, token: str, message: str):
        super().__init__(message)
        self.token = token
        self.message = message


def _int(token: str) -> int:
    digits = token.lstrip("-")
    if len(digits) > 16 or abs(int(token)) > MAX_INT:
        raise _BadNumber(token, f"the number {_short(token)} is out of range (whole numbers go to ±{MAX_INT:,})")
    return int(token)


def _float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _BadNumber(token, f"the number {_short(token)} is too large to be a finite number")
    if abs(value) > MAX_INT:  # as whole numbers are: a float this large is one, and would be written as one
        raise _BadNumber(token, f"the number {_short(token)} is out of range (numbers go to ±{MAX_INT:,})")
    return value


def _constant(token: str) -> float:
    raise _BadNumber(token, f"{token} is not a number JSON allows")


def _short(token: str) -> str:
    return token if len(token) <= 24 else f"{token[:12]}…({len(token)} characters)"


_JSON_STRING = r'"(?:[^"\\]|\\.)*"'
_BRACKETS = re.compile(_JSON_STRING + r"|[\[\]{}]")


def _token_index(text: str, token: str) -> int | None:
    """Where a number token first stands outside a string."""
    for m in re.finditer(_JSON_STRING + "|" + re.escape(token) + r"(?![0-9.eE])", text):
        if not m.group(0).startswith('"'):
            return m.start()
    return None


def _deep_index(text: str, limit: int) -> int | None:
    """Where a JSON text first opens a container deeper than `limit`."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group(0)
        if ch in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif ch in "]}":
            depth -= 1
    return None


def _too_deep(doc: Any, limit: int) -> bool:
    stack = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        children = node.values() if isinstance(node, dict) else node
        for child in children:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return False


def load_json(data: bytes | str, source: str, what: str = "JSON") -> Any:
    """A JSON document, refusing what no file of ours holds: nesting deeper than MAX_DEPTH,
    NaN and infinities, whole numbers beyond ±2**53; every refusal with line and column."""
    text = decode_utf8(data, source, what) if isinstance(data, bytes) else data
    if len(text) > MAX_BYTES:
        raise LoadError(f"the {what} text is larger than {_mb(MAX_BYTES)}", source)
    deep = False
    try:
        doc = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise LoadError(f"not valid JSON: {exc.msg}", source, exc.lineno, exc.colno) from None
    except _BadNumber as exc:
        at = _token_index(text, exc.token)
        line, col = position(text, at) if at is not None else (None, None)
        raise LoadError(exc.message, source, line, col) from None
    except RecursionError:
        deep = True
    if not text.isascii() or "\\" in text:
        bad = _JSON_CONTROL.search(text)
        if bad is not None:
            char = bad.group(1) or bad.group(0)
            line, col = position(text, bad.start(1) if bad.group(1) else bad.start())
            raise LoadError(f"control character {char!r} is not allowed in text (it would reach a terminal or a "
                            "window)", source, line, col)
    if deep or isinstance(doc, (dict, list)) and _too_deep(doc, MAX_DEPTH):
        at = _deep_index(text, MAX_DEPTH)
        line, col = position(text, at) if at is not None else (None, None)
        raise LoadError(f"nesting deeper than {MAX_DEPTH} levels is not allowed", source, line, col)
    return doc


# --- XML ---------------------------------------------------------------------------------

class XmlNode:
    """An XML element as the readers need it: tag, attributes, children, text, and its place."""

    __slots__ = ("tag", "attrs", "children", "text", "line", "column")

    def __init__(self, tag: str, attrs: dict[str, str], line: int, column: int):
        self.tag = tag
        self.attrs = attrs
        self.children: list[XmlNode] = []
        self.text = ""
        self.line = line
        self.column = column

    def get(self, key: str, default: Any = None) -> Any:
        return self.attrs.get(key, default)

    def find(self, tag: str) -> "XmlNode | None":
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list["XmlNode"]:
        return [c for c in self.children if c.tag == tag]

    def __iter__(self):
        return iter(self.children)


class _Refused(Exception):
    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def parse_xml(data: bytes, source: str) -> XmlNode:
    """An XML document as XmlNodes, with no DTD or entity of any kind (TMX and TSX need
    none, and entity bombs need them), at most MAX_DEPTH deep and MAX_NODES elements."""
    declared = _XML_DECLARATION.match(head(data))
    if declared is not None and declared.group(1).strip().lower() not in XML_ENCODINGS:
        raise LoadError(f"the XML encoding {declared.group(1)[:40]!r} is not one Motu reads: save the file as UTF-8 "
                        "(or UTF-16, ASCII, Latin-1)", source, 1, declared.start(1) + 1)
    parser = expat.ParserCreate()
    parser.buffer_text = True
    stack: list[XmlNode] = []
    texts: list[list[str]] = []
    root: list[XmlNode] = []
    count = [0]

    def here() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def refuse(message: str) -> Callable[..., None]:
        def handler(*_: Any) -> None:
            raise _Refused(message, *here())
        return handler

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise _Refused(f"elements nest deeper than {MAX_DEPTH} levels", *here())
        count[0] += 1
        if count[0] > MAX_NODES:
            raise _Refused(f"more than {MAX_NODES:,} elements", *here())
        node = XmlNode(tag, attrs, *here())
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)
        texts.append([])

    def end(tag: str) -> None:
        node = stack.pop()
        node.text = "".join(texts.pop())
        bad = CONTROL_IN_TEXT.search(node.text) or CONTROL_IN_TEXT.search("".join(node.attrs.values()))
        if bad is not None:
            raise _Refused(f"<{node.tag}> holds the control character U+{ord(bad.group()):04X}, which no text of ours "
                           "may hold", node.line, node.column)

    def chars(text: str) -> None:
        if texts:
            texts[-1].append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = refuse("a DOCTYPE is not allowed (Tiled files have none)")
    parser.EntityDeclHandler = refuse("entity declarations are not allowed")
    parser.ExternalEntityRefHandler = refuse("external entities are not allowed")
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise LoadError(f"not valid XML: {expat.ErrorString(exc.code)}", source, exc.lineno, exc.offset + 1) from None
    except _Refused as exc:
        raise LoadError(exc.message, source, exc.line, exc.column) from None
    except LookupError as exc:  # an encoding expat asked Python for and Python does not know
        raise LoadError(f"the XML encoding is not one Motu reads ({exc}): save the file as UTF-8", source, 1, 1) from None
    if not root:
        raise LoadError("not valid XML: no root element", source)
    return root[0]


__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_INT", "read_bytes", "resolve_reference", "read_reference", "inflate",
           "load_json", "parse_xml", "XmlNode", "decode_utf8", "position", "head", "first_character", "CONTROL_IN_TEXT"]
