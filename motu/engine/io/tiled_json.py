"""Writing a Tiled map (tiled_map.py's dict) as Tiled's JSON format (.tmj).

Scope: the text only; saving it with its tile images is tiled.py.
"""
from __future__ import annotations

import json
from typing import Any

import numpy as np

from .tiled_pixels import Points


def to_json(doc: dict[str, Any]) -> str:
    """Tiled JSON, one layer (and one object) to a line: readable, and quick on big maps,
    since json's C encoder only runs without indentation."""
    lines = []
    for k, v in doc.items():
        if k == "layers":
            parts = []
            for layer in v:
                if layer["type"] == "objectgroup" and layer["objects"]:
                    head = _dump({**layer, "objects": []})[:-1]
                    objs = ",\n  ".join(_objects(layer["objects"]))
                    parts.append(head.replace('"objects":[]', '"objects":[\n  ' + objs + "]") + "}")
                else:
                    parts.append(_dump(layer))
            lines.append(f'"layers":[\n {(chr(44) + chr(10) + " ").join(parts)}]')
        else:
            lines.append(f"{_dump(k)}:{_dump(v)}")
    return "{" + ",\n".join(lines) + "}\n"


def _dump(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))



def _objects(objects: list[dict[str, Any]]) -> list[str]:
    """Each object as JSON text; polygons kept as Points formatted all at once (points_json)."""
    compact = [o for o in objects if isinstance(o.get("polygon"), Points)]
    if not compact:
        return [_dump(o) for o in objects]
    text = dict(zip(map(id, compact), points_json([o["polygon"] for o in compact])))
    out = []
    for o in objects:
        if id(o) in text:  # the key, then a placeholder no JSON string can hold unescaped
            out.append(_dump({**o, "polygon": 0}).replace('"polygon":0', '"polygon":' + text[id(o)], 1))
        else:
            out.append(_dump(o))
    return out


def points_json(many: list[Points]) -> list[str]:
    """Each Points as the text json.dumps writes for its list of {"x", "y"} dicts. Whole
    pixels (hex and square corners): each distinct point formatted once, for all at once."""
    xy = np.concatenate([p.xy for p in many]) if many else np.zeros((0, 2), dtype=np.int64)
    if xy.dtype.kind not in "iu" or not len(xy):
        return [_dump(p.dicts()) for p in many]
    x0, y0 = xy.min(axis=0).tolist()
    span = int(xy[:, 1].max()) - y0 + 1
    key = (xy[:, 0] - x0) * span + (xy[:, 1] - y0)
    keys, inverse = np.unique(key, return_inverse=True)
    texts = np.array([f'{{"x":{k // span + x0},"y":{k % span + y0}}}' for k in keys.tolist()],
                     dtype=object)[inverse.ravel()].tolist()
    out, at = [], 0
    for p in many:
        out.append("[" + ",".join(texts[at:at + len(p)]) + "]")
        at += len(p)
    return out
