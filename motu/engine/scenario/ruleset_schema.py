"""Each rule set's part of the file format's JSON Schema, made from its catalogue's declarations.

Scope: the schema of a rule set's pieces (kinds, counts, declared properties), its records'
declared properties (a region's `marae_limit`) and victory conditions, written to
`motu/resources/schema/<ruleset>.schema.json` and referenced from the main schema
(`scenario-v1.schema.json`, by the `ruleset` a file names), so a text editor checks a
piece's properties as they are typed. Motu itself opens a file whose properties are wrong
and reports them as findings (piece_props.py, record_props.py), so its loader resolves these
references to "anything": `loader_handlers()`. `published_handlers()` resolves them to
the files, as an editor does.

    .venv/bin/python -m motu.engine.scenario.ruleset_schema          # rewrite the files
    .venv/bin/python -m motu.engine.scenario.ruleset_schema --check  # exit 1 if one is stale
"""
from __future__ import annotations

import json
import sys
from typing import Any, Callable

from .catalogue import Catalogue
from .declarations import FieldSpec, PropSpec, ValueSpec

ID_PATTERN = "^[A-Za-z0-9_][A-Za-z0-9_.:'-]*$"
DRAFT = "http://json-schema.org/draft-07/schema#"


def file_name(ruleset: str) -> str:
    return f"{ruleset}.schema.json"


def _value(spec: PropSpec | FieldSpec | ValueSpec) -> dict[str, Any]:
    out: dict[str, Any]
    if spec.type == "int":
        out = {"type": "integer"}
        if spec.min is not None:
            out["minimum"] = spec.min
        if spec.max is not None:
            out["maximum"] = spec.max
    elif spec.type == "bool":
        out = {"type": "boolean"}
    elif spec.type == "choice":
        out = {"enum": list(spec.choices)}
    elif spec.type == "text":
        out = {"type": "string"}
    else:  # piece, group, group_ref: ids
        out = {"type": "string", "pattern": ID_PATTERN, "maxLength": 64}
    words = spec.text + (f" (§{spec.rule})" if getattr(spec, "rule", "") and spec.rule[:1].isdigit() else "")
    if getattr(spec, "computed", False):
        words += "; worked out by the rules when not given"
    if spec.help:
        words += f". {spec.help}"
    out["description"] = words
    return out


def ruleset_schema(cat: Catalogue) -> dict[str, Any]:
    kinds = []
    for kid, kind in cat.pieces.items():
        then: dict[str, Any] = {}
        c = kind.count
        if c.fixed is not None:
            then["count"] = {"const": c.fixed, "description": f"a {kind.name} is one piece"}
        elif (c.min, c.max) != (1, 10000) or c.text != "Count":
            then["count"] = {"type": "integer", "minimum": c.min, "maximum": c.max, "description": c.text}
        if kind.fields:
            then["props"] = {"type": "object", "properties": {f.prop: _value(f) for f in kind.fields}}
        if then:
            kinds.append({"if": {"properties": {"kind": {"const": kid}}, "required": ["kind"]},
                          "then": {"properties": then}})
    piece: dict[str, Any] = {"type": "object",
                             "properties": {"kind": {"enum": list(cat.pieces), "description": f"a piece of {cat.name}"}}}
    if kinds:
        piece["allOf"] = kinds
    props: dict[str, Any] = {"pieces": {"type": "array", "items": {"$ref": "#/definitions/piece"}}}
    for table, specs in cat.record_props.items():
        if specs:
            record_props = {"type": "object", "properties": {k: _value(v) for k, v in specs.items()}}
            props[table] = {"type": "array", "items": {"type": "object", "properties": {"props": record_props}}}
    victory = {f.id: _value(f) for f in cat.victory.fields if not f.option}
    if victory:
        props["victory"] = {"type": "object", "properties": victory,
                            "description": cat.victory.text or f"what {cat.name} reads of victory"}
    return {"$schema": DRAFT, "title": f"{cat.name}: pieces, records and victory" if cat.record_props else
            f"{cat.name}: pieces and victory",
            "description": f"Made from motu/resources/rulesets/{cat.ruleset}/catalogue.yaml by "
                           "motu/engine/scenario/ruleset_schema.py; do not edit by hand.",
            "type": "object", "properties": props, "definitions": {"piece": piece}}


def schema_text(cat: Catalogue) -> str:
    return json.dumps(ruleset_schema(cat), indent=2, ensure_ascii=False) + "\n"


def _local(uri: str) -> str:
    return uri.rstrip("/").rsplit("/", 1)[-1]


def _handlers(resolve: Callable[[str], Any]) -> dict[str, Callable[[str], Any]]:
    # The main schema's $id decides the scheme a relative reference resolves under; cover them all.
    return {scheme: resolve for scheme in ("", "file", "http", "https")}


def loader_handlers() -> dict[str, Callable[[str], Any]]:
    """For Motu's loader: a rule set's part accepts anything (the validator reports it as findings)."""
    return _handlers(lambda uri: {})


def published_handlers() -> dict[str, Callable[[str], Any]]:
    """As an editor resolves them: each reference is the file beside the main schema."""
    from motu.engine.resources import resource_path

    def resolve(uri: str) -> Any:
        with open(resource_path("schema", _local(uri)), encoding="utf-8") as fh:
            return json.load(fh)
    return _handlers(resolve)


def builtin_catalogue(ruleset: str) -> Catalogue:
    """A built-in rule set's catalogue, read from its file (this layer sits below the rule sets)."""
    import yaml

    from motu.engine.resources import resource_path

    from .catalogue import catalogue_from_dict
    with open(resource_path("rulesets", ruleset, "catalogue.yaml"), encoding="utf-8") as fh:
        return catalogue_from_dict(yaml.load(fh, Loader=yaml.CSafeLoader))


def main(argv: list[str] | None = None) -> int:
    from motu.engine.plugins import BUILTIN_RULESETS
    from motu.engine.resources import resource_path
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    stale = []
    for rid in BUILTIN_RULESETS:
        path = resource_path("schema", file_name(rid))
        text = schema_text(builtin_catalogue(rid))
        try:
            old = path.read_text(encoding="utf-8")
        except OSError:
            old = None
        if old != text:
            stale.append(str(path))
            if not check:
                path.write_text(text, encoding="utf-8")
    for p in stale:
        print(("stale: " if check else "wrote ") + p)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
