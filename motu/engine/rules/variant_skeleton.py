"""A variant's folder to start from: what `motu rules new --from ID DIR` writes.

Scope: the manifest (`derives: ID`) and, for each document of the base, a file whose every line
is a comment: an example of each kind of change a variant makes (a terrain's cost, a new
terrain, a piece's allowance, a new piece kind of a role the base knows, a renamed side, an
option's default, a table row, taking a thing away), with the base's own ids and values, so
the folder loads as the base until the designer uncomments a line.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from motu.engine.io.atomic import write_atomic


def _yaml(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=None, sort_keys=False, allow_unicode=True, width=100).rstrip()


def _commented(text: str) -> str:
    return "\n".join("# " + line if line else "#" for line in text.splitlines())


def _catalogue(base: Any) -> str:
    cat = base.catalogue
    out = ["# catalogue.yaml: only what this variant changes; everything else is " + base.name + "'s.",
           "# Mappings merge key by key, lists of named things by their id or name; other values are",
           "# replaced whole. Uncomment and edit a line, then run `motu rules check` on this folder.", ""]
    land = next((t for t in cat.terrain.values() if t.move and t.kind == "land"), None) \
        or next((t for t in cat.terrain.values() if t.move), None)
    if land is not None:
        cls, cost = next(iter(land.move.items()))
        out += [f"# A terrain's movement cost ({land.name}: {cost} for {cls}):",
                _commented(_yaml({"terrain": {land.id: {"move": {cls: cost + 1}}}})), "",
                "# A new terrain (a token no other terrain uses, a colour, costs per movement class):",
                _commented(_yaml({"terrain": {"swamp": {"name": "Swamp", "token": "w", "color": "#556b2f",
                                                         "kind": land.kind, "move": {cls: cost + 1}}}})), ""]
    mover = next((p for p in cat.pieces.values() if p.mp), None)
    if mover is not None:
        out += [f"# A piece kind's movement allowance ({mover.name}: {mover.mp:g}):",
                _commented(_yaml({"pieces": {mover.id: {"mp": max(1, int(mover.mp) - 1)}}})), ""]
    like = mover or next(iter(cat.pieces.values()), None)
    if like is not None:
        props = {"role": like.role} if like.role else dict(like.props)
        new: dict[str, Any] = {"name": "New kind", "symbol": "NK"}
        if like.movement_class:
            new["movement_class"] = like.movement_class
        if like.mp:
            new["mp"] = int(like.mp) if float(like.mp).is_integer() else like.mp
        new["props"] = props
        out += [f"# A new piece kind, of a role {base.name} knows (as {like.name}):",
                _commented(_yaml({"pieces": {"new_kind": new}})), ""]
    if cat.default_sides:
        side = cat.default_sides[0]
        out += ["# A side renamed (a list of named things: merged by id):",
                _commented(_yaml({"default_sides": [{"id": side["id"], "name": "New name"}]})), ""]
    opt = next((o for o in cat.options.values() if o.type in ("int", "bool")), None)
    if opt is not None:
        value = (not opt.default) if opt.type == "bool" else int(opt.default or 0) + 1
        out += [f"# An option's default ({opt.text[:60]}: {opt.default}):",
                _commented(_yaml({"options": {opt.id: {"default": value}}})), ""]
    numbers = base.document("catalogue").get("rules")
    if isinstance(numbers, dict) and numbers:
        key = next(k for k in numbers)
        out += [f"# A number of the rules ({key}: {numbers[key]}):",
                _commented(_yaml({"rules": {key: numbers[key]}})), ""]
    if land is not None:
        out += ["# Taking a thing away (refused while a scenario of " + base.name + " uses it):",
                _commented(_yaml({"remove": [f"terrain.{land.id}"]})), ""]
    return "\n".join(out) + "\n"


def _document(base: Any, name: str) -> str | None:
    doc = base.document(name)
    if not isinstance(doc, dict) or not doc:
        return None
    key, value = next(((k, v) for k, v in doc.items() if isinstance(v, (dict, list, int, float))), (None, None))
    if key is None:
        return None
    example = {key: value}
    if isinstance(value, dict) and value:  # one row of a table
        row = next(iter(value))
        example = {key: {row: value[row]}}
    text = _yaml(example).splitlines()
    return "\n".join([f"# {name}.yaml: only what this variant changes of {base.name}'s {name}.yaml.",
                      "# A table row, a limit, a count: uncomment and edit (mappings merge by key).",
                      _commented("\n".join(text[:12]))]) + "\n"


def write_skeleton(base: Any, folder: Path) -> list[Path]:
    """Write the variant's folder (its id is the folder's name); the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {"ruleset.yaml": "\n".join([
        f"# A variant of {base.name}: the files beside this one hold only what it changes.",
        f"derives: {base.id}", f"name: {folder.name}", f"summary: {base.name}, changed", ""]),
        "catalogue.yaml": _catalogue(base)}
    for name in base.document_names():
        if name in ("catalogue", "legend"):
            continue
        text = _document(base, name)
        if text:
            files[f"{name}.yaml"] = text
    written = []
    for name, text in files.items():
        path = folder / name
        write_atomic(str(path), text)
        written.append(path)
    return written
