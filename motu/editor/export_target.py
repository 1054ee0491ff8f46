"""File → Export: which format a typed file name asks for, and the words saying what was written.

Scope: pure decisions, no dialogs. An extension the user typed that names an export format
chooses that format, whatever the dialog's file-type filter says; the filter only supplies the
extension when none was typed. An extension no export format claims is reported as such so the
window can ask. What was written is said file by file: a print export of many pages names its
first and last page files, never the name the user typed, which it did not write.
Where the Export dialog starts: the folder and format of the last export (kept in QSettings under
`export/folder` and `export/format`, as Tiled keeps its last export), the first time beside the
scenario in the registry's first export (registry.FIRST_EXPORT). The formats, their names, their
endings (`Format.endings`: Tiled JSON answers to `.json` too) all come from the format registry.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from motu.engine.io.registry import FIRST_EXPORT, Format, Written


@dataclass(frozen=True)
class Target:
    """Where and how to export. `unknown`: the typed extension names no export format (`fmt` is
    the filter's, if any); `scenario`: it names Motu's own scenario file, which Save As writes."""

    path: str
    fmt: Format | None
    unknown: str = ""
    scenario: bool = False


def _claims(fmt: Format, path: str) -> int:
    """The length of the longest of the format's extensions that ends `path` (0: none)."""
    lower = path.lower()
    return max((len(e) for e in fmt.endings if lower.endswith(e.lower())), default=0)


def format_by_extension(path: str, fmts: list[Format]) -> Format | None:
    """The export format whose extension ends the name (the longest match wins), or None."""
    best = max(fmts, key=lambda f: _claims(f, path), default=None)
    return best if best is not None and _claims(best, path) else None


def export_target(path: str, filtered: Format | None, fmts: list[Format],
                  scenario_extensions: tuple[str, ...] = (".yaml", ".yml", ".motu")) -> Target:
    """The format for a name typed in the Export dialog with the filter `filtered` chosen."""
    typed = format_by_extension(path, fmts)
    if typed is not None:
        return Target(path, typed)
    ext = os.path.splitext(os.path.basename(path))[1]
    if not ext or ext == ".":
        fmt = filtered or (fmts[0] if fmts else None)
        return Target(path.rstrip(".") + fmt.extensions[0] if fmt else path, fmt)
    if ext.lower() in scenario_extensions:
        return Target(path, None, ext, scenario=True)
    return Target(path, filtered, ext)


FOLDER_KEY, FORMAT_KEY = "export/folder", "export/format"


def filter_text(fmt: Format) -> str:
    """The dialog's file-type entry for a format: its name and extensions."""
    return f"{fmt.name} ({' '.join('*' + e for e in fmt.extensions)})"


def export_start(settings, document_path: str | None, fmts: list[Format], here: str,
                 first: str = FIRST_EXPORT) -> tuple[str, Format | None]:
    """The name the Export dialog starts with and the format it has chosen: the scenario's name with
    the format's extension, in the last export's folder and format (`here` when the scenario has no
    folder yet, `first` when nothing was exported)."""
    last_id = str(settings.value(FORMAT_KEY, "") or "")
    fmt = next((f for f in fmts if f.id == last_id), next((f for f in fmts if f.id == first), fmts[0] if fmts else None))
    folder = str(settings.value(FOLDER_KEY, "") or "")
    if not folder or not os.path.isdir(folder):
        folder = os.path.dirname(os.path.abspath(document_path)) if document_path else here
    stem = os.path.splitext(os.path.basename(document_path or "untitled"))[0]
    return os.path.join(folder, stem + (fmt.extensions[0] if fmt else "")), fmt


def remember_export(settings, path: str, fmt: Format) -> None:
    settings.setValue(FOLDER_KEY, os.path.dirname(os.path.abspath(path)))
    settings.setValue(FORMAT_KEY, fmt.id)


def known_extensions(fmts: list[Format]) -> str:
    return ", ".join(dict.fromkeys(e for f in fmts for e in f.endings))


def _short_name(fmt: Format) -> str:
    """The format's name without a list of details in brackets ("Tiled map (TMX)" stays whole)."""
    head, sep, detail = fmt.name.partition(" (")
    return head if sep and "," in detail else fmt.name


def written_words(fmt: Format, path: str, written: Written) -> str:
    """One line for the status bar naming every file written, or the first and last of many."""
    files = list(written.paths) or [path]
    name = _short_name(fmt)
    if files == [path]:
        text = f"Exported {name} to {path}"
    elif files[0] == path:
        rest = [os.path.basename(p) for p in files[1:]]
        text = f"Exported {name} to {path} and {len(rest)} more files: {', '.join(rest)}"
    else:
        folder = os.path.dirname(files[0])
        first, last = os.path.basename(files[0]), os.path.basename(files[-1])
        text = (f"Exported {name}: {len(files)} pages, {first} … {last}"
                + (f" in {folder}" if folder else ""))
    notes = "; ".join(written.notes)
    return text + (f" ({notes})" if notes else "")


__all__ = ["Target", "export_start", "export_target", "filter_text", "format_by_extension", "known_extensions",
           "remember_export", "written_words"]
