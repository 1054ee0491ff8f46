"""Writing a Tiled map (tiled_map.py's dict) as Tiled's JSON format (.tmj).

Scope: the text only; saving it with its tile images is tiled.py.
"""
from __future__ import annotations

import json
from typing import Any


def to_json(doc: dict[str, Any]) -> str:
    """Tiled JSON, one layer (and one object) to a line: readable, and quick on big maps,
    since json's C encoder only runs without indentation."""
    dump = lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":"))  # noqa: E731
    lines = []
    for k, v in doc.items():
        if k == "layers":
            parts = []
            for layer in v:
                if layer["type"] == "objectgroup" and layer["objects"]:
                    head = dump({**layer, "objects": []})[:-1]
                    objs = ",\n  ".join(dump(o) for o in layer["objects"])
                    parts.append(head.replace('"objects":[]', '"objects":[\n  ' + objs + "]") + "}")
                else:
                    parts.append(dump(layer))
            lines.append(f'"layers":[\n {(chr(44) + chr(10) + " ").join(parts)}]')
        else:
            lines.append(f"{dump(k)}:{dump(v)}")
    return "{" + ",\n".join(lines) + "}\n"
