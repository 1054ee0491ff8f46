"""Motu's file formats in one registry: Motu's YAML, and the exports and imports other tools read.

Scope: the one list of format modules (FORMAT_MODULES, each declaring its `FORMATS`:
formats.py says what a format declares), the `Registry` that finds a format by id, by a
file's ending, lists every file an export writes and saves and loads, and the engine's own
registry (`REGISTRY`) behind the module's functions. Formats that draw with Qt are declared
here with the rest (`needs_qt`); their drawing halves are given by motu/editor/export/
(`REGISTRY.drawn_by(...)` makes the registry that has them), never set behind the engine's back.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from motu.engine.scenario.model import Scenario

from . import geojson, geopackage, native, print_formats, tiled, vassal
from .atomic import write_atomic
from .errors import LoadError
from .formats import ExportOptions, Format, Written


def _save_native(scenario: Scenario, path: str, options: ExportOptions) -> None:
    write_atomic(path, native.dumps(scenario, path))


MOTU = Format("motu", "Motu scenario (YAML)", (".yaml", ".yml", ".motu"), load=native.load_path, save=_save_native)
# The format modules, in the order `motu export --to` and File → Export offer their formats.
FORMAT_MODULES = (tiled, geojson, geopackage, print_formats, vassal)
# What File → Export offers the first time, before it remembers the last export's format.
FIRST_EXPORT = "geojson"


class Registry:
    """Formats by id, in declared order, with the drawing halves of those that need Qt when given."""

    def __init__(self, fmts: Sequence[Format], drawings: Mapping[str, Callable[..., Any]] | None = None):
        ids = [f.id for f in fmts]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"formats declared twice: {', '.join(twice)}")
        self._formats = {f.id: f for f in fmts}
        drawings = dict(drawings or {})
        stray = [i for i in drawings if i not in self._formats or not self._formats[i].needs_qt]
        if stray:
            raise ValueError(f"drawing halves given for formats that do not draw with Qt: {', '.join(stray)}")
        self.drawings = drawings

    def drawn_by(self, drawings: Mapping[str, Callable[..., Any]]) -> Registry:
        """These formats with the drawing halves given (motu/editor/export/: Qt's) for those that need Qt."""
        return Registry(list(self._formats.values()), {**self.drawings, **drawings})

    def formats(self) -> list[Format]:
        return list(self._formats.values())

    def exports(self) -> list[Format]:
        """Every format that writes a scenario other than Motu's own: `motu export` and File → Export's."""
        return [f for f in self._formats.values() if f.save is not None and f.id != MOTU.id]

    def get(self, format_id: str) -> Format:
        try:
            return self._formats[format_id]
        except KeyError:
            raise KeyError(f"unknown format {format_id!r} (known: {', '.join(self._formats)})") from None

    def for_path(self, path: str) -> Format:
        """The format a file is read as, by its ending (Motu's YAML when no other claims it)."""
        lower = path.lower()
        for fmt in self._formats.values():
            if any(lower.endswith(ext) for ext in fmt.extensions):
                return fmt
        return self._formats[MOTU.id]

    def export_endings(self) -> dict[str, str]:
        """Each ending an export is chosen by (`.tmx`, `.json`…) and its format's id."""
        return {ending: f.id for f in self.exports() for ending in f.endings}

    def options(self, format_id: str, whole_map: bool = False, **choices: Any) -> ExportOptions:
        """What a save is given: `choices` are the print's (ExportOptions: paper, cell_mm, dpi, png)."""
        return ExportOptions(whole_map, self.drawings.get(format_id), **choices)

    def paths(self, scenario: Scenario, path: str, format_id: str, *, whole_map: bool = False,
              **choices: Any) -> list[str]:
        """Every file saving `scenario` to `path` as `format_id` writes, in the order the save lists them."""
        return self.get(format_id).paths(scenario, path, self.options(format_id, whole_map, **choices))

    def load(self, path: str) -> Scenario:
        """Read a scenario in whatever format its name says; LoadError on any problem."""
        fmt = self.for_path(str(path))
        if fmt.load is None:
            raise LoadError(f"{fmt.name} files can be written but not read", str(path))
        return fmt.load(str(path))

    def save(self, scenario: Scenario, path: str, format_id: str | None = None, *, whole_map: bool = False,
             **choices: Any) -> Written:
        fmt = self.get(format_id) if format_id else self.for_path(str(path))
        if fmt.save is None:
            raise ValueError(f"{fmt.name} cannot be written")
        written = fmt.save(scenario, str(path), self.options(fmt.id, whole_map, **choices))
        return written if isinstance(written, Written) else Written((str(path),))


def declared() -> list[Format]:
    """Motu's own format, then every format the format modules declare, in their order."""
    return [MOTU] + [f for module in FORMAT_MODULES for f in module.FORMATS]


REGISTRY = Registry(declared())


def formats() -> list[Format]:
    return REGISTRY.formats()


def get_format(format_id: str) -> Format:
    return REGISTRY.get(format_id)


def format_for_path(path: str) -> Format:
    return REGISTRY.for_path(path)


def load_scenario(path: str) -> Scenario:
    """Read a scenario in whatever format its name says; LoadError on any problem."""
    return REGISTRY.load(path)


def save_scenario(scenario: Scenario, path: str, format_id: str | None = None) -> Written:
    """Write a scenario in the engine's formats (Motu's own, and those drawn without Qt)."""
    return REGISTRY.save(scenario, path, format_id)


__all__ = ["FIRST_EXPORT", "FORMAT_MODULES", "MOTU", "REGISTRY", "ExportOptions", "Format", "Registry", "Written",
           "declared", "format_for_path", "formats", "get_format", "load_scenario", "save_scenario", "LoadError"]
