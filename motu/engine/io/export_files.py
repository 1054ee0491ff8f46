"""Which files an export will write, known before it writes any, so that none is replaced unasked.

Scope: the list (`export_paths`), those of it already on disk (`existing`: what the
editor's File → Export asks about, once), and the one-line refusal `motu export` gives without
--force (`export_clash`). Each format declares the files it writes (formats.Format.files: print
pages, a Tiled map's tile images when they are drawn); the registry given answers for it, so
the check and the save always agree.
"""
from __future__ import annotations

import os
from typing import Any, Sequence

from motu.engine.scenario.model import Scenario

from .registry import REGISTRY, Registry


def export_paths(scenario: Scenario, path: str, format_id: str, *, whole_map: bool = False,
                 formats: Registry = REGISTRY, **choices: Any) -> list[str]:
    """Every file exporting `scenario` to `path` as `format_id` writes, in the order the export
    lists them (a multi-page print does not write `path` itself), with the drawing halves of
    `formats` (the engine's own: a Tiled map without tile images). Lays the print pages out, so it
    raises what the export would (print_layout.PrintError on a paper too small); KeyError for a
    format the registry does not know. `choices`: the print's (formats.ExportOptions)."""
    return formats.paths(scenario, path, format_id, whole_map=whole_map, **choices)


def existing(paths: Sequence[str]) -> list[str]:
    """Those of `paths` that are on disk already (a link counts, even a broken one)."""
    return [p for p in paths if os.path.lexists(p)]


def export_clash(paths: Sequence[str], force: bool = False) -> str | None:
    """Why an export may not write `paths`, in one line naming the first file in the way: a
    folder where there is none to write in, a folder where a file goes (even with `force`), or,
    without `force`, a file that exists. None when nothing is in the way."""
    for p in paths:
        folder = os.path.dirname(os.path.abspath(p))
        if not os.path.isdir(folder):
            return f"{p}: no such folder"
        if os.path.isdir(p):
            return f"{p} is a folder; the export writes a file of that name"
    if force:
        return None
    there = existing(paths)
    if not there:
        return None
    first, more = there[0], len(there) - 1
    if more:
        return (f"{first} exists, and {more} more of the {len(paths)} files this export writes; "
                "use --force to replace them")
    one_of = f" (one of the {len(paths)} files this export writes)" if len(paths) > 1 else ""
    return f"{first} exists{one_of}; use --force to replace it"


__all__ = ["existing", "export_clash", "export_paths"]
