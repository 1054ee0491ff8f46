"""Which rule sets this installation has, found by name, and the rule sets themselves on demand.

Scope: the plug-in registry of rule sets, the engine's bottom layer. Ids are known without
importing any rule set (the built-in ids and the names of the `motu.rulesets` entry points: a
third-party rule set's entry point is named by its id), so the file reader and the model can
check a scenario's rule set cheaply. `get_ruleset(id)` loads rule sets on first use, by name
(the built-in packages `motu.engine.rules.<id>`, then the entry points), so code of any layer may
ask for the rule set a scenario names and use it through the RuleSet interface
(motu/engine/rules/ruleset.py) without importing the rules layer: the layers above register, the
layers below ask. Third-party distributions declare, in their pyproject.toml,
`[project.entry-points."motu.rulesets"] mygame = "mypkg.rules:RULESET"`, where RULESET is a
RuleSet instance (or a class, which is instantiated) whose id is the entry point's name.

A designer's rule set is a folder of YAML whose name is its id (`ruleset.yaml`, the files it
changes; motu/engine/rules/variant.py reads it, loaded by name like the built-ins). Folders are
found, first found first: `rulesets/<id>/` beside the scenario that names it (`near`), the
folders MOTU_RULESETS lists, the user's rule-set folder (`user_rulesets_dir`: where Qt's
AppDataLocation puts the editor's data, plus `rulesets`), then the shipped rule sets. A folder
named like a shipped rule set is refused, never used in its place (`refused_folders`).
"""
from __future__ import annotations

import importlib
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

BUILTIN_RULESETS = ("tahiti", "fern", "tiki", "pearls")
RULESET_ENTRY_POINTS = "motu.rulesets"
MANIFEST = "ruleset.yaml"  # a folder holding it is a designer's rule set
FOLDER_LOADER = "motu.engine.rules.variant"  # its `load_folder(folder, origin)` makes the RuleSet
APP_NAME = "Motu"  # the editor's application name, with no organisation (motu/editor/app.py)
RESERVED_IDS = ("new", "check")  # words of `motu rules`, never a rule set's id

_log = logging.getLogger(__name__)
_REGISTRY: dict[str, Any] = {}
_loaded = False
_FOUND: dict[str, "RuleSetFolder"] = {}  # folder rule sets found beside a scenario (by id)


@lru_cache(maxsize=1)
def ruleset_ids() -> tuple[str, ...]:
    """The built-in ids, then each entry point's name (whether or not its rule set loads)."""
    extra = [ep.name for ep in entry_points(group=RULESET_ENTRY_POINTS) if ep.name not in BUILTIN_RULESETS]
    return BUILTIN_RULESETS + tuple(dict.fromkeys(extra))


def register(ruleset: Any) -> Any:
    """Add a rule set (an object with the RuleSet interface) under its id."""
    if not getattr(ruleset, "id", ""):
        raise ValueError("a rule set needs an id")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_RULESETS:
        register(importlib.import_module(f"motu.engine.rules.{name}").RULESET)
    for ep in entry_points(group=RULESET_ENTRY_POINTS):
        try:
            obj = ep.load()
            ruleset = obj() if isinstance(obj, type) else obj
            if ruleset.id != ep.name:  # scenario files are checked against entry point names (ruleset_ids)
                raise ValueError(f"its id is {ruleset.id!r}; the entry point must be named by the id")
            register(ruleset)
        except Exception as exc:  # a broken plug-in must not stop Motu
            _log.warning("rule set %s from %s could not be loaded: %s", ep.name, ep.value, exc)


def reload_plugins() -> None:
    """Find the entry points again (a distribution installed while Motu runs: tests, a designer's
    new rule set); rule sets already loaded stay."""
    global _loaded
    ruleset_ids.cache_clear()
    _loaded = False
    _load()


def known_ruleset_ids() -> list[str]:
    _load()
    return list(_REGISTRY)


def get_ruleset(ruleset_id: str, near: str | os.PathLike | None = None) -> Any:
    """The rule set of that id: a shipped one, or a designer's folder (beside `near`, a scenario's
    folder, then MOTU_RULESETS, then the user's folder), loaded on first use and kept."""
    _load()
    got = _REGISTRY.get(ruleset_id)
    if ruleset_id in ruleset_ids() or (got is not None and near is None and _fresh(got)):
        if got is None:
            raise KeyError(f"unknown rule set {ruleset_id!r} (known: {', '.join(_REGISTRY)})")
        return got
    folder = find_folder(ruleset_id, near)
    if folder is None:
        if got is not None:
            return got
        known = list(dict.fromkeys(list(_REGISTRY) + [f.id for f in ruleset_folders()]))
        raise KeyError(f"unknown rule set {ruleset_id!r} (known: {', '.join(known)})")
    if got is not None and getattr(got, "folder", None) == folder.path and _fresh(got):
        return got
    return register(importlib.import_module(FOLDER_LOADER).load_folder(folder.path, folder.origin))


def folder_stamp(folder: Path) -> tuple:
    """What says a folder's files changed: each YAML file's name, size and time of change."""
    try:
        return tuple(sorted((p.name, st.st_size, st.st_mtime_ns) for p in folder.glob("*.yaml")
                            for st in (p.stat(),)))
    except OSError:
        return ()


def _fresh(ruleset: Any) -> bool:
    """Whether a loaded rule set is as its folder is now (a shipped one always is): a designer
    who edits the YAML gets the changed rules on the next ask, without restarting."""
    folder = getattr(ruleset, "folder", None)
    if folder is None:
        return True
    stamp = getattr(ruleset, "stamp", None)
    if stamp is None:
        return True
    if folder_stamp(folder) == stamp and all(_fresh(b) for b in (getattr(ruleset, "base", None),) if b is not None):
        return True
    return False


# --- a designer's rule sets: folders --------------------------------------------------------

@dataclass(frozen=True)
class RuleSetFolder:
    id: str
    path: Path
    origin: str  # where it was found: "beside the scenario", "MOTU_RULESETS", "user folder"


def user_rulesets_dir() -> Path:
    """`rulesets` in the folder QStandardPaths.AppDataLocation gives the editor (application
    "Motu", no organisation), computed without Qt: the engine never imports it."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
        if not base.is_absolute():  # Qt ignores a relative XDG_DATA_HOME, as the XDG spec says
            base = home / ".local" / "share"
    return base / APP_NAME / "rulesets"


def _roots(near: str | os.PathLike | None) -> list[tuple[Path, str]]:
    roots: list[tuple[Path, str]] = []
    if near is not None:
        roots.append((Path(near) / "rulesets", "beside the scenario"))
    roots += [(Path(p), "MOTU_RULESETS") for p in os.environ.get("MOTU_RULESETS", "").split(os.pathsep) if p]
    roots.append((user_rulesets_dir(), "user folder"))
    return roots


def _scan(near: str | os.PathLike | None) -> tuple[list[RuleSetFolder], list[tuple[Path, str]]]:
    found: dict[str, RuleSetFolder] = {}
    refused: list[tuple[Path, str]] = []
    shipped = set(ruleset_ids())
    for root, origin in _roots(near):
        try:
            entries = sorted(root.iterdir())
        except OSError:
            continue
        for path in entries:
            if not (path / MANIFEST).is_file():
                continue
            if path.name in shipped or path.name in RESERVED_IDS:
                refused.append((path, folder_id_problem(path.name)))
            elif path.name not in found:
                found[path.name] = RuleSetFolder(path.name, path.resolve(), origin)
    return list(found.values()), refused


def folder_id_problem(name: str) -> str:
    """Why a folder's name cannot be a rule set's id ('' when it can)."""
    if name in ruleset_ids():
        return (f"a rule set folder may not be named {name!r}: that is the id of a shipped rule set, "
                "which it would hide; give the folder a name of its own (a variant of it says `derives: " + name + "`)")
    if name in RESERVED_IDS:
        return f"a rule set folder may not be named {name!r}: `motu rules {name}` is a command"
    if not name or name.startswith(".") or not all(c.isalnum() or c in "-_" for c in name):
        return f"a rule set's id is its folder's name: letters, digits, - and _ only, not {name!r}"
    return ""


def ruleset_folders(near: str | os.PathLike | None = None) -> list[RuleSetFolder]:
    """The designer's rule sets found now (the first folder of each id), beside `near` first; one
    beside a scenario is remembered, so the scenario's rule set is found again without `near`."""
    found = _scan(near)[0]
    _FOUND.update((f.id, f) for f in found if f.origin == "beside the scenario")
    return found


def refused_folders(near: str | os.PathLike | None = None) -> list[tuple[Path, str]]:
    """Folders that would hide a shipped rule set, each with why it is refused."""
    return _scan(near)[1]


def find_folder(ruleset_id: str, near: str | os.PathLike | None = None) -> RuleSetFolder | None:
    """The folder of a designer's rule set of that id (remembered once found beside a scenario)."""
    if ruleset_id in ruleset_ids():
        return None
    got = next((f for f in ruleset_folders(near) if f.id == ruleset_id), None)
    return got or _FOUND.get(ruleset_id)


def known_ids(near: str | os.PathLike | None = None) -> tuple[str, ...]:
    """Every id a scenario may name: the shipped ones, the loaded ones, the folders found."""
    folders = [f.id for f in ruleset_folders(near)]
    return tuple(dict.fromkeys(ruleset_ids() + tuple(_REGISTRY) + tuple(_FOUND) + tuple(folders)))


def lineage(ruleset_id: str) -> tuple[str, ...]:
    """The id, then the id of the rule set it derives from, and so on to a shipped one."""
    out = [ruleset_id]
    got = _REGISTRY.get(ruleset_id)
    while got is not None and getattr(got, "base", None) is not None:
        got = got.base
        out.append(got.id)
    return tuple(out)


def rulesets() -> list[Any]:
    _load()
    return list(_REGISTRY.values())
