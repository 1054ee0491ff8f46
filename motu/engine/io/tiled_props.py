"""Tiled's typed custom properties, as the Tiled export writes a scenario's records into them.

Scope: one Motu value as a Tiled property (string, int, float, bool, colour), a record's
free-form props as `props.KEY` properties, and JSON text for what Tiled has no type for.
tiled_import.py reads them back.
"""
from __future__ import annotations

import json
import re
from typing import Any

_COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


def prop(name: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, int):
        kind = "int"
    elif isinstance(value, float):
        kind = "float"
    else:
        kind = "string"
    return {"name": name, "type": kind, "value": value}


def color_prop(name: str, value: str) -> dict[str, Any]:
    """A colour as Tiled's #AARRGGBB colour property when it is #RRGGBB; as text otherwise."""
    if _COLOR_RE.match(value):
        return {"name": name, "type": "color", "value": "#ff" + value[1:].lower()}
    return prop(name, value)


def record_props(props: Any) -> list[dict[str, Any]]:
    """A record's free-form props as `props.KEY` properties; values Tiled has no type for
    (lists, mappings, null) as JSON text under `props.KEY.json`."""
    out = []
    for k, v in (props or {}).items():
        if isinstance(v, (bool, int, float, str)):
            out.append(prop(f"props.{k}", v))
        else:
            out.append(prop(f"props.{k}.json", json.dumps(v, ensure_ascii=False, sort_keys=True)))
    return out


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _record(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in (None, "", {})}
