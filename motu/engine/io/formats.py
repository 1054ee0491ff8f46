"""What a file format declares: one record per format, read by the registry (registry.py).

Scope: the `Format` record, what a save is given (`ExportOptions`) and what it answers
(`Written`). A format module in motu/engine/io/ lists its formats in a module-level `FORMATS`
tuple and registry.FORMAT_MODULES names that module; nothing registers by being imported.
From the record alone the command line (`motu export`: `--to`, endings, `--whole-map`), the
editor's File → Export (its filters and their names) and the overwrite check (every file an
export writes, checked before any is written) follow.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from motu.engine.scenario.model import Scenario


@dataclass(frozen=True)
class Written:
    """What an export wrote (every file, in order) and what the user should know about it."""

    paths: tuple[str, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExportOptions:
    """What a save and its file list are given beside the scenario and the path.

    `whole_map`: a paged format prints every cell, not only the land and a margin round it.
    `paper`, `cell_mm`, `dpi`: the print's paper (a name of print_layout.PAPERS or WIDTHxHEIGHT in
    mm), a cell's printed size (a hex across its flats, a square's side) and a PNG's resolution.
    `png`: what a PNG export writes: "map" (one image of the map) or "pages" (the print's pages).
    `draw`: the format's drawing half when it needs Qt (motu/editor/export/ gives it; None in the
    engine alone), of whatever type the format's save calls: an image renderer for Tiled's
    tile images and VASSAL's pictures, the page writer for PNG and PDF."""

    whole_map: bool = False
    draw: Callable[..., Any] | None = None
    paper: str = "A4"
    cell_mm: float = 19.0
    dpi: int = 150
    png: str = "map"


SaveFn = Callable[[Scenario, str, ExportOptions], Union[Written, None]]
FilesFn = Callable[[Scenario, str, ExportOptions], list[str]]


@dataclass(frozen=True)
class Format:
    """One file format.

    `name` is what dialogs and messages call it; `extensions` its endings, the first added to
    a name typed without one, all of them in the Export dialog's filter; `also` endings that
    choose it for an export without being offered (Tiled JSON's older `.json`). `load` reads a
    file, `save` writes one (either may be None). `files` lists every file a save writes when
    that is more than the one named (print pages, a Tiled map's tile images), before any is
    written; None: the one named. `paged`: print pages (`--whole-map` applies). `needs_qt`:
    it draws with Qt, so its drawing half comes from motu/editor/export/ (`ExportOptions.draw`)."""

    id: str
    name: str
    extensions: tuple[str, ...]
    load: Callable[[str], Scenario] | None = None
    save: SaveFn | None = None
    also: tuple[str, ...] = ()
    files: FilesFn | None = None
    paged: bool = False
    needs_qt: bool = False

    @property
    def endings(self) -> tuple[str, ...]:
        """Every ending that chooses this format for an export: its extensions, then `also`."""
        return self.extensions + self.also

    def paths(self, scenario: Scenario, path: str, options: ExportOptions = ExportOptions()) -> list[str]:
        """Every file saving `scenario` to `path` writes, in the order the save lists them."""
        return list(self.files(scenario, path, options)) if self.files else [path]


def needs_drawing(fmt: Format) -> str:
    """The refusal of a format that cannot be written without its drawing half."""
    return f"{fmt.name} is drawn by Qt: it is written by the editor or `motu export` (motu/editor/export/)"


__all__ = ["ExportOptions", "FilesFn", "Format", "SaveFn", "Written", "needs_drawing"]
