"""A designer's rule set: a folder of YAML, on its own or a variant of another rule set.

Scope: reading a folder (`ruleset.yaml`, the manifest: `derives`, `name`, `summary`; then
`catalogue.yaml`, `tables.yaml`… each the file of the same name in the base, changed), checking
each file (safe YAML, motu/resources/schema/ruleset-folder.schema.json) with its line and
column, merging it into the base's document (variant_merge.py) and making the RuleSet: another
instance of the base's class, whose `document(name)` answers the merged documents, so its code
plays the changed numbers. What a variant may not do (take away a terrain or kind the base's
scenarios use, add a kind of a role the base does not know) is refused with the places.
The folder's name is the rule set's id (motu/engine/plugins.py finds folders).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from motu.engine.io.errors import LoadError
from motu.engine.io.safe_yaml import load_yaml, read_text
from motu.engine.io.schema_check import check as schema_check
from motu.engine.io.yaml_locate import locate
from motu.engine.plugins import MANIFEST, folder_id_problem, folder_stamp, get_ruleset
from motu.engine.scenario.catalogue import CatalogueError

from . import variant_merge
from .ruleset import RuleSet
from .variant_uses import removed_in_use

SCHEMA = "ruleset-folder.schema.json"


class FolderFile:
    """One YAML file of a folder, read with where each node stands (for messages)."""

    def __init__(self, path: Path):
        self.path = path
        self.source = str(path)
        self.text = read_text(self.source)
        self.places: dict = {}
        self.doc = load_yaml(self.text, self.source, self.places)
        if self.doc is None:  # every line a comment (a skeleton): changes nothing
            self.doc = {}

    def where(self, steps: tuple[Any, ...], key: bool = False) -> tuple[int | None, int | None]:
        pos = locate(self.text, steps, key=key, doc=self.doc, places=self.places)
        return pos if pos else (1, 1)

    def error(self, steps: tuple[Any, ...], message: str, key: bool = False) -> LoadError:
        line, col = self.where(steps, key)
        return LoadError(message, self.source, line, col)

    def check(self, definition: str) -> None:
        schema_check(SCHEMA, self.doc, self.source, definition,
                     lambda steps: locate(self.text, steps, doc=self.doc, places=self.places))


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.name != MANIFEST)


def read_folder(folder: Path) -> tuple[FolderFile, dict[str, FolderFile], list[LoadError]]:
    """The manifest and every other file, read and checked by the schema; each file's first fault."""
    errors: list[LoadError] = []
    files: dict[str, FolderFile] = {}
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():
        raise LoadError(f"a rule set folder holds {MANIFEST} (derives, name, summary)", str(folder))
    manifest = FolderFile(manifest_path)
    problem = folder_id_problem(folder.name)
    if problem:
        errors.append(LoadError(problem, manifest.source, 1, 1))
    try:
        manifest.check("manifest")
    except LoadError as exc:
        errors.append(exc)
    for path in _files(folder):
        try:
            f = FolderFile(path)
            f.check("catalogue" if path.stem == "catalogue" else "document")
        except LoadError as exc:
            errors.append(exc)
            continue
        files[path.stem] = f
    return manifest, files, errors


def _base(manifest: FolderFile, folder: Path) -> RuleSet | None:
    derives = manifest.doc.get("derives") if isinstance(manifest.doc, dict) else None
    if derives is None:
        return None
    if derives == folder.name:
        raise manifest.error(("derives",), "a rule set cannot derive from itself")
    try:
        if (folder.parent / derives / MANIFEST).is_file():  # a sibling folder: a variant of a variant
            from motu.engine.plugins import register
            base = register(load_folder(folder.parent / derives, "beside it"))
        else:
            base = get_ruleset(derives)
    except KeyError as exc:
        raise manifest.error(("derives",), str(exc.args[0])) from None
    if not isinstance(base.document("catalogue"), dict):  # a plug-in that reads its own files
        raise manifest.error(("derives",), f"{base.name} keeps its data inside its own package, where a "
                             "variant cannot reach it; derive from a rule set Motu ships or a folder")
    return base


def build(folder: Path, origin: str = "") -> tuple[RuleSet | None, list[LoadError]]:
    """The rule set of a folder and everything wrong with it (the rule set is None if anything is)."""
    folder = Path(folder).resolve()
    stamp = folder_stamp(folder)  # taken before the files are read: a change while reading shows next time
    manifest, files, errors = read_folder(folder)
    try:
        base = _base(manifest, folder)
    except LoadError as exc:
        return None, errors + [exc]
    if errors:
        return None, errors
    rid = folder.name
    docs: dict[str, Any] = {}
    if base is None and "catalogue" not in files:
        return None, [LoadError("a rule set that derives from none holds its own catalogue.yaml "
                                "(or give `derives: <id>` in ruleset.yaml)", manifest.source, 1, 1)]
    names = list(dict.fromkeys((base.document_names() if base else ()) + tuple(files)))
    for name in names:
        base_doc = base.document(name) if base else None
        f = files.get(name)
        if f is None:
            docs[name] = base_doc
            continue
        for i, path in enumerate((f.doc or {}).get(variant_merge.REMOVE) or () if isinstance(f.doc, dict) else ()):
            probe = variant_merge.apply(base_doc, None)
            if probe is None or not variant_merge.remove(probe, str(path)):
                errors.append(f.error((variant_merge.REMOVE, i), f"{path!r}: the base has nothing there to remove"))
        docs[name] = variant_merge.apply(base_doc, f.doc)
    if errors:
        return None, errors
    cat_doc = dict(docs["catalogue"] or {})
    if isinstance(cat_doc.get("piece_fields"), dict) and isinstance(cat_doc.get("pieces"), dict):
        # a kind taken away takes its declarations with it
        cat_doc["piece_fields"] = {k: v for k, v in cat_doc["piece_fields"].items() if k in cat_doc["pieces"]}
    cat_doc["id"] = rid
    if manifest.doc.get("name"):
        cat_doc["name"] = manifest.doc["name"]
    docs["catalogue"] = cat_doc
    ruleset = _instance(base, rid, folder, origin, manifest.doc, docs, stamp)
    try:
        ruleset.catalogue  # noqa: B018  (built now, so a wrong catalogue is refused here)
    except CatalogueError as exc:
        return None, [LoadError(str(exc), str(folder / "catalogue.yaml"), 1, 1)]
    if base is not None:
        errors += _roles(base, ruleset, files.get("catalogue"))
        errors += removed_in_use(base, ruleset, files.get("catalogue"))
    return (None, errors) if errors else (ruleset, [])


def _instance(base: RuleSet | None, rid: str, folder: Path, origin: str, manifest: dict, docs: dict,
              stamp: tuple) -> RuleSet:
    cls = type(base) if base is not None else RuleSet
    rs = cls.__new__(cls)
    rs.id = rid
    rs.name = str(manifest.get("name") or (base.name + " (" + rid + ")" if base else rid))
    rs.summary = str(manifest.get("summary") or (f"a variant of {base.name}" if base else ""))
    rs.base = base
    rs.folder = folder
    rs.origin = origin or "folder"
    rs.stamp = stamp
    rs.__dict__["_documents"] = docs
    rs.__dict__["document_names"] = lambda: tuple(docs)
    if base is None:
        rs.__dict__["data_folder"] = lambda: folder
    return rs


def _roles(base: RuleSet, variant: RuleSet, f: FolderFile | None) -> list[LoadError]:
    """A new piece kind plays a role the base's code knows: its `role` one of the base's roles,
    or (where the base names roles by flags, as Tahiti's `leader` and `combat`) flags the base uses."""
    old = base.catalogue.pieces
    roles = {p.role for p in old.values() if p.role}
    flags = {k for p in old.values() for k in p.props}
    out: list[LoadError] = []
    new = variant.catalogue.pieces
    def fixed_of(p: Any) -> list[str]:
        return [r for r in base.fixed_roles if r == p.role or p.props.get(r)]

    for kind, piece in old.items():  # the kinds the code lists stay, as they are
        was, now = fixed_of(piece), new.get(kind)
        if f is None or (now is None and not was) or (now is not None and fixed_of(now) == was):
            continue
        if now is None:
            out.append(f.error(("remove",) if "remove" in f.doc else (), f"removes piece {kind!r}, a "
                               f"{' and '.join(was)} kind {base.name}'s code lists; change its numbers instead"))
        else:
            out.append(f.error(("pieces", kind), f"changes the role of piece {kind!r} ({', '.join(was) or 'none'} "
                               f"to {', '.join(fixed_of(now)) or 'none'}): {base.name}'s code lists its "
                               f"{' and '.join(base.fixed_roles)} kinds; change its numbers instead", key=True))
    for kind, piece in new.items():
        if kind in old or f is None:
            continue
        fixed = [r for r in base.fixed_roles if r == piece.role or piece.props.get(r)]
        if fixed:
            out.append(f.error(("pieces", kind), f"piece {kind!r}: {base.name}'s rules take no new kind of "
                               f"{' or '.join(fixed)} (their kinds are fixed in its code); change an "
                               f"existing kind's numbers instead", key=True))
            continue
        if roles and piece.role not in roles:
            out.append(f.error(("pieces", kind), f"piece {kind!r}: its role {piece.role or 'is not given'}"
                               f"{'' if not piece.role else ' is not one ' + base.name + ' knows'}"
                               f" (roles: {', '.join(sorted(roles))})", key=True))
        elif not roles and not set(piece.props) <= flags:
            unknown = sorted(set(piece.props) - flags)
            out.append(f.error(("pieces", kind), f"piece {kind!r}: {base.name}'s rules know no "
                               f"{', '.join(unknown)} (they read: {', '.join(sorted(flags))})", key=True))
    return out


def load_folder(folder: str | os.PathLike, origin: str = "") -> RuleSet:
    """The folder's rule set; its first fault as a LoadError (file, line, column)."""
    ruleset, errors = build(Path(folder), origin)
    if errors:
        raise errors[0]
    assert ruleset is not None
    return ruleset


def check_folder(folder: str | os.PathLike) -> list[LoadError]:
    """Everything wrong with a folder, one LoadError a fault (none: it loads)."""
    try:
        return build(Path(folder))[1]
    except LoadError as exc:
        return [exc]
