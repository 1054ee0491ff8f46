"""The `# yaml-language-server: $schema=…` line that lets editors check a scenario as it is typed.

Scope: the modeline Motu writes at the top of every scenario it saves (VS Code's YAML extension,
and any editor using yaml-language-server, then validates against the file format's JSON
Schema), and keeping the one a user wrote instead. Motu points at the schema where this copy of
Motu has it (motu/resources/schema/scenario-v1.schema.json in the source tree and in the installed
app), relative to the scenario's folder when it can, so files in a checkout or beside the app
keep a modeline that works after the tree moves. docs/format.md gives the `yaml.schemas`
setting for files without one.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from motu.engine.resources import resource_path

SCHEMA_FILE = "scenario-v1.schema.json"
_MODELINE = re.compile(r"^#\s*yaml-language-server\s*:.*$", re.MULTILINE)
_LOOK = 4096  # a modeline sits among the first comment lines


def schema_path() -> Path:
    return resource_path("schema", SCHEMA_FILE)


def schema_reference(scenario_path: str | os.PathLike[str] | None) -> str:
    """How a scenario saved at `scenario_path` names the schema: a relative path when both
    share a folder below the root (a checkout, the app's folder, a home), else a file URI."""
    schema = schema_path().resolve()
    if scenario_path is not None:
        folder = Path(scenario_path).resolve().parent
        try:
            if Path(os.path.commonpath([schema, folder])) != Path(folder.anchor):  # not only the root in common
                return Path(os.path.relpath(schema, folder)).as_posix()
        except ValueError:  # another drive (Windows)
            pass
    return schema.as_uri()


def motu_modeline(scenario_path: str | os.PathLike[str] | None) -> str:
    return f"# yaml-language-server: $schema={schema_reference(scenario_path)}"


def find_modeline(text: str) -> str | None:
    """The yaml-language-server line among a file's leading comments, as written."""
    head = []
    for line in text[:_LOOK].splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            break
        head.append(line)
    m = _MODELINE.search("\n".join(head))
    return m.group(0).rstrip() if m else None


def is_motus(line: str) -> bool:
    """A modeline Motu wrote: it names this schema file on disk (not on the web). Motu writes
    it afresh, so a file moved with its folder points at the schema from where it is now."""
    target = line.split("$schema=", 1)[-1].strip()
    return target.endswith("schema/" + SCHEMA_FILE) and not target.startswith(("http:", "https:"))


def modeline_on_disk(path: str | os.PathLike[str]) -> str | None:
    """The user's own modeline in the file about to be replaced, if it has one."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            line = find_modeline(fh.read(_LOOK))
    except OSError:
        return None
    return None if line is None or is_motus(line) else line


def modeline_for(path: str | os.PathLike[str] | None, kept: str | None = None) -> str:
    """The line to write: one the user wrote (`kept`, or the file at `path` has), else Motu's."""
    return kept or (modeline_on_disk(path) if path is not None else None) or motu_modeline(path)


__all__ = ["SCHEMA_FILE", "schema_path", "schema_reference", "motu_modeline", "find_modeline", "is_motus",
           "modeline_on_disk", "modeline_for"]
