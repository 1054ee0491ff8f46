"""Writing a Tiled map (tiled_map.py's dict) as TMX, Tiled's XML format.

Scope: the text only, as Tiled 1.8 writes it (CSV tile data, properties with types,
multi-line text as element content); saving it with its tile images is tiled.py.
"""
from __future__ import annotations

from typing import Any, Iterable
from xml.sax.saxutils import escape, quoteattr

from .tiled_pixels import Points


def _attrs(d: dict[str, Any], keys: Iterable[str]) -> str:
    out = []
    for k in keys:
        if k in d:
            v = d[k]
            v = ("1" if v else "0") if isinstance(v, bool) else str(v)
            out.append(f" {k}={quoteattr(v)}")
    return "".join(out)


def _props_xml(props: list[dict[str, Any]] | None, indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for p in props:
        t = "" if p["type"] == "string" else f" type={quoteattr(p['type'])}"
        v = p["value"]
        v = ("true" if v else "false") if isinstance(v, bool) else str(v)
        if "\n" in v:  # Tiled keeps multi-line text as the element's content
            out.append(f"{indent} <property name={quoteattr(p['name'])}{t}>{escape(v)}</property>")
        else:
            out.append(f"{indent} <property name={quoteattr(p['name'])}{t} value={quoteattr(v)}/>")
    return out + [f"{indent}</properties>"]


def _points(pts: list[dict[str, Any]] | Points) -> str:
    if isinstance(pts, Points):
        return " ".join([f"{x},{y}" for x, y in pts.xy.tolist()])
    return " ".join(f"{p['x']},{p['y']}" for p in pts)


def to_tmx(doc: dict[str, Any]) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             "<map" + _attrs({**doc, "infinite": 0}, ("version", "tiledversion", "orientation", "renderorder", "width",
                                                      "height", "tilewidth", "tileheight", "infinite", "hexsidelength",
                                                      "staggeraxis", "staggerindex", "nextlayerid", "nextobjectid")) + ">"]
    lines += _props_xml(doc["properties"], " ")
    for ts in doc["tilesets"]:
        lines.append(" <tileset" + _attrs(ts, ("firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns")) + ">")
        if "image" in ts:
            lines.append(f'  <image source={quoteattr(ts["image"])} width="{ts["imagewidth"]}" height="{ts["imageheight"]}"/>')
        else:
            lines.append('  <grid orientation="orthogonal" width="1" height="1"/>')
        for t in ts["tiles"]:
            lines.append(f'  <tile id="{t["id"]}">')
            lines += _props_xml(t.get("properties"), "   ")
            lines.append("  </tile>")
        lines.append(" </tileset>")
    for layer in doc["layers"]:
        if layer["type"] == "tilelayer":
            w = layer["width"]
            data = layer["data"]
            rows = [",".join(map(str, data[r * w:(r + 1) * w])) for r in range(layer["height"])]
            lines.append(" <layer" + _attrs(layer, ("id", "name", "width", "height")) + ">")
            lines.append('  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>")
            lines.append(" </layer>")
        else:
            lines.append(" <objectgroup" + _attrs(layer, ("id", "name", "color")) + ">")
            lines += _props_xml(layer.get("properties"), "  ")
            for o in layer["objects"]:
                named = [k for k in ("name", "type") if o.get(k)]
                attrs = _attrs(o, ("id", *named, "gid", "x", "y")) + (
                    _attrs(o, ("width", "height")) if o.get("width") or o.get("height") else "")
                body = _props_xml(o.get("properties"), "   ")
                if o.get("point"):
                    body.append("   <point/>")
                if "text" in o:
                    t = o["text"]
                    body.append("   <text" + _attrs(t, ("pixelsize", "bold", "italic", "color", "halign", "valign"))
                                + f">{escape(t['text'])}</text>")
                for shape in ("polygon", "polyline"):
                    if shape in o:
                        body.append(f'   <{shape} points="{_points(o[shape])}"/>')
                lines += [f"  <object{attrs}>", *body, "  </object>"] if body else [f"  <object{attrs}/>"]
            lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"
