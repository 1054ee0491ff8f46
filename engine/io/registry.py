"""Scenario formats behind one registry: Motu's YAML now, exports and imports later.

A format names itself, the file endings it claims, and whichever of `load`
(path → Scenario) and `save` (Scenario, path) it supports. A save that writes more than
the one file (print pages, a map's tile images) or has something to tell the user returns
a `Written`; `save_scenario` always does.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

from engine.scenario.model import Scenario

from . import native
from .atomic import write_atomic
from .errors import LoadError


@dataclass(frozen=True)
class Written:
    """What an export wrote (every file, in order) and what the user should know about it."""

    paths: tuple[str, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Format:
    id: str
    name: str
    extensions: tuple[str, ...]
    load: Callable[[str], Scenario] | None = None
    save: Callable[[Scenario, str], Union[Written, None]] | None = None


_FORMATS: dict[str, Format] = {}


def register_format(fmt: Format) -> None:
    _FORMATS[fmt.id] = fmt


def formats() -> list[Format]:
    return list(_FORMATS.values())


def get_format(format_id: str) -> Format:
    try:
        return _FORMATS[format_id]
    except KeyError:
        raise KeyError(f"unknown format {format_id!r} (known: {', '.join(_FORMATS)})") from None


def format_for_path(path: str) -> Format:
    lower = path.lower()
    for fmt in _FORMATS.values():
        if any(lower.endswith(ext) for ext in fmt.extensions):
            return fmt
    return _FORMATS["motu"]


def load_scenario(path: str) -> Scenario:
    """Read a scenario in whatever format its name says; LoadError on any problem."""
    fmt = format_for_path(str(path))
    if fmt.load is None:
        raise LoadError(f"{fmt.name} files can be written but not read", str(path))
    return fmt.load(str(path))


def save_scenario(scenario: Scenario, path: str, format_id: str | None = None) -> Written:
    fmt = get_format(format_id) if format_id else format_for_path(str(path))
    if fmt.save is None:
        raise ValueError(f"{fmt.name} cannot be written")
    written = fmt.save(scenario, str(path))
    return written if isinstance(written, Written) else Written((str(path),))


def _save_native(scenario: Scenario, path: str) -> None:
    write_atomic(path, native.dumps(scenario, path))


register_format(Format("motu", "Motu scenario (YAML)", (".yaml", ".yml", ".motu"),
                       load=native.load_path, save=_save_native))

__all__ = ["Format", "Written", "register_format", "formats", "get_format", "format_for_path",
           "load_scenario", "save_scenario", "LoadError"]
