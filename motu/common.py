"""What every `motu` sub-command shares: exit codes, the one usage error (one line, naming the
command's file: `in_file`), the parser that refuses bad arguments in one line, output, loading a
scenario, checking where a scenario is written, and argument types that refuse impossible values
before any work starts.

Scope: below cli.py and the sub-command modules (play_cli.py, convert_cli.py), which all
import from here and never from each other, so the command's modules import one way.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any

from motu.engine.io.errors import LoadError
from motu.engine.io.registry import REGISTRY, load_scenario
from motu.engine.scenario.model import Scenario

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """Bad arguments or unreadable input: one line on stderr, exit 2."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, refusing bad arguments in one line (argparse prints its usage too):
    `motu: query reach: argument --mp: …`, and where the usage is. Sub-command parsers are of
    the class of the parser that makes them, so every `motu` parser refuses alike."""

    def error(self, message: str):  # type: ignore[override]
        command = " ".join(w for w in self.prog.split()[1:] if not w.isupper())  # `query reach`, no FILE
        raise UsageError(f"{command + ': ' if command else ''}{' '.join(message.split())} (see {self.prog} --help)")


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=None))
    elif text:
        print(text)


def note(message: str) -> None:
    """A line for the user beside the result (what an import chose, say), on stderr."""
    print(f"motu: {message}", file=sys.stderr)


def fail(args: argparse.Namespace, message: str, data: dict[str, Any]) -> None:
    if getattr(args, "json", False):
        print(json.dumps({"error": data}), file=sys.stdout)
    print(f"motu: {message}", file=sys.stderr)


def load(path: str) -> Scenario:
    if not os.path.lexists(path):
        raise UsageError(f"{path}: no such file")
    return load_scenario(path)


def load_error(exc: LoadError) -> UsageError:
    return UsageError(str(exc))


def ascii_digits(text: str, most: int = 15) -> bool:
    """Whether `text` is 1 to `most` digits 0-9: what int() may be given. str.isdigit() also says
    yes to '²' and '¹', which int() refuses, and to 5,000 digits, which it refuses too."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def parse_size(text: str | None, flag: str = "--size") -> tuple[int, int] | None:
    """COLUMNSxROWS, each at least 1."""
    if not text:
        return None
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(ascii_digits(p.strip(), 7) for p in parts):
        raise UsageError(f"{flag} {text!r} should be COLUMNSxROWS, as 40x30")
    columns, rows = (int(p) for p in parts)
    if columns < 1 or rows < 1:
        raise UsageError(f"{flag} {text!r}: a map needs at least one column and one row")
    return columns, rows


def _number(kind: type, low: float, inclusive: bool, what: str):
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number: it must be {what}")
        if value < low or not inclusive and value == low:
            raise argparse.ArgumentTypeError(f"{text!r}: it must be {what}")
        return value
    parse.__name__ = what
    return parse


positive_int = _number(int, 1, True, "a whole number from 1")
non_negative_int = _number(int, 0, True, "a whole number from 0")
positive_float = _number(float, 0, False, "a number above 0")
non_negative_float = _number(float, 0, True, "a number from 0")
# Movement points: beyond 10^15 a float no longer counts whole points exactly, and no map is
# that wide (`motu query reach` caps an allowance at the dearest move its map can hold).
MOST_MP = 10 ** 15


def movement_points(text: str) -> float:
    value = non_negative_float(text)
    if value > MOST_MP:
        raise argparse.ArgumentTypeError(f"{text!r}: movement points must be at most 10^15")
    return value


movement_points.__name__ = "movement points"


# The arguments of `motu` commands that name files, the one a command works on first.
FILE_ARGUMENTS = ("file", "out", "coast", "other", "like", "extend")


def in_file(args: argparse.Namespace, message: str) -> str:
    """`message` naming the command's file first (its FILE, or the OUT it makes), as every
    one-line error does, unless it starts with a file of the command already."""
    paths = [v for v in (getattr(args, a, None) for a in FILE_ARGUMENTS) if isinstance(v, str) and v]
    if not paths or any(message.startswith(p + ":") or message.startswith(p + " ") for p in paths):
        return message
    return f"{paths[0]}: {message}"


# File endings of the formats `motu export` writes, which pick the format when --to is left out
# (the format registry's: motu/engine/io/registry.py).
EXPORT_ENDINGS = REGISTRY.export_endings()


def scenario_out(path: str, force: bool) -> str:
    """`path` as the scenario file a command writes (new, import, map): refused in one line when
    it is a folder, in no folder, an existing file without --force, or named as an export
    (x.tmx would hold YAML that nothing reads as a Tiled map)."""
    ending = os.path.splitext(path)[1].lower()
    if ending in EXPORT_ENDINGS:
        raise UsageError(f"{path}: a scenario is written as .yaml; `motu export` writes {ending} files")
    if os.path.isdir(path):
        raise UsageError(f"{path} is a folder; give the scenario's file name")
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise UsageError(f"{path}: no such folder")
    if os.path.lexists(path) and not force:
        raise UsageError(f"{path} exists; use --force to replace it")
    return path


def writable_folder(path: str, flag: str) -> str:
    """`path` as a folder Motu can write in (made if missing), checked before any work."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{flag} {path}: not a folder")
    try:
        os.makedirs(path, exist_ok=True)
        probe = os.path.join(path, f".~motu-probe.{os.getpid()}.tmp")
        with open(probe, "w", encoding="utf-8"):
            pass
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"{flag} {path}: cannot write there: {exc.strerror or exc}") from None
    return path
