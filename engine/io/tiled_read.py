"""Reading Tiled maps: TMX or Tiled JSON into one shape, the dict Tiled's JSON format holds.

Scope: parsing both formats (tile data in CSV, XML or Base64 with zlib/gzip; group layers
flattened; external .tsx/.tsj tilesets read) and saying clearly what cannot be read, with
line and column for syntax errors. What the map means for a scenario is tiled_import.py.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
import zlib
from typing import Any
from xml.etree import ElementTree as ET

from .errors import LoadError


def read_tiled(path: str) -> dict[str, Any]:
    """A TMX or Tiled JSON map as the dict Tiled's JSON format holds; LoadError when unreadable."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise LoadError(f"cannot read: {exc.strerror or exc}", path) from None
    if raw.lstrip()[:1] == b"<":
        return _read_tmx(raw, path)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LoadError("not a Tiled map (neither TMX nor JSON)", path) from None
    except json.JSONDecodeError as exc:
        raise LoadError(f"not valid JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    if not isinstance(doc, dict) or doc.get("type", "map") != "map" or "layers" not in doc:
        raise LoadError("not a Tiled map: a Tiled JSON map has 'type': 'map' and 'layers'", path)
    doc["tilesets"] = [_external_tileset(ts, path) for ts in doc.get("tilesets", [])]
    doc["layers"] = [_json_layer(layer, path) for layer in _flatten(doc["layers"])]
    return doc


def _flatten(layers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for layer in layers:
        if layer.get("type") == "group":
            out += _flatten(layer.get("layers", []))
        else:
            out.append(layer)
    return out


def _json_layer(layer: dict[str, Any], path: str) -> dict[str, Any]:
    if layer.get("type") == "tilelayer":
        if "chunks" in layer:
            raise LoadError(f"layer {layer.get('name')!r}: infinite maps are not supported (Map > Map Properties: untick Infinite)", path)
        data = layer.get("data")
        if isinstance(data, str):
            layer["data"] = _decode(data, layer.get("compression", ""), layer, path)
    return layer


def _decode(text: str, compression: str, layer: dict[str, Any], path: str) -> list[int]:
    try:
        raw = base64.b64decode(text.strip())
        if compression == "zlib":
            raw = zlib.decompress(raw)
        elif compression == "gzip":
            raw = gzip.decompress(raw)
        elif compression:
            raise LoadError(f"layer {layer.get('name')!r}: {compression} compression is not supported "
                            "(save with CSV, Base64 uncompressed, zlib or gzip)", path)
    except (ValueError, zlib.error, OSError):
        raise LoadError(f"layer {layer.get('name')!r}: its tile data cannot be decoded", path) from None
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw) - 3, 4)]


def _external_tileset(ts: dict[str, Any], path: str) -> dict[str, Any]:
    if "source" not in ts:
        return ts
    src = os.path.join(os.path.dirname(path), ts["source"])
    try:
        with open(src, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise LoadError(f"tileset {ts['source']!r}: cannot read: {exc.strerror or exc}", path) from None
    if raw.lstrip()[:1] == b"<":
        try:
            el = ET.fromstring(raw)
        except ET.ParseError as exc:
            raise LoadError(f"not valid XML: {str(exc).split(':')[0]}", src, exc.position[0], exc.position[1] + 1) from None
        loaded = _tmx_tileset(el, src)
    else:
        try:
            loaded = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise LoadError(f"tileset is not valid JSON: {exc}", src) from None
    return {**loaded, "firstgid": ts["firstgid"]}


def _value(kind: str, text: str) -> Any:
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "bool":
        return text == "true"
    return text


def _tmx_props(el: ET.Element | None) -> list[dict[str, Any]]:
    if el is None:
        return []
    props = el.find("properties")
    out = []
    for p in props.findall("property") if props is not None else ():
        kind = p.get("type", "string")
        text = p.get("value") if p.get("value") is not None else (p.text or "")
        try:
            out.append({"name": p.get("name", ""), "type": kind, "value": _value(kind, text)})
        except ValueError:
            raise ValueError(f"property {p.get('name')!r}: {text!r} is not a {kind}") from None
    return out


def _ints(el: ET.Element, *keys: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in keys:
        v = el.get(k)
        if v is not None:
            out[k] = int(v) if v.lstrip("-").isdigit() else float(v) if _is_float(v) else v
    return out


def _is_float(v: str) -> bool:
    try:
        float(v)
        return True
    except ValueError:
        return False


def _tmx_tileset(el: ET.Element, path: str) -> dict[str, Any]:
    ts = {"name": el.get("name", ""), **_ints(el, "firstgid", "tilewidth", "tileheight", "tilecount", "columns")}
    if el.get("source"):
        return _external_tileset({"source": el.get("source"), "firstgid": ts.get("firstgid", 1)}, path)
    ts["tiles"] = [{"id": int(t.get("id", 0)), "properties": _tmx_props(t)} for t in el.findall("tile")]
    return ts


def _read_tmx(raw: bytes, path: str) -> dict[str, Any]:
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as exc:
        line, col = exc.position  # ElementTree counts columns from 0
        raise LoadError(f"not valid XML: {str(exc).split(':')[0]}", path, line, col + 1) from None
    if root.tag != "map":
        raise LoadError(f"not a Tiled map: the root element is <{root.tag}>, not <map>", path)
    try:
        doc: dict[str, Any] = {"type": "map", **_ints(root, "version", "tiledversion", "orientation", "renderorder",
                                                       "width", "height", "tilewidth", "tileheight", "hexsidelength",
                                                       "staggeraxis", "staggerindex", "infinite")}
        doc["properties"] = _tmx_props(root)
        doc["tilesets"] = [_tmx_tileset(ts, path) for ts in root.findall("tileset")]
        doc["layers"] = _tmx_layers(root, path)
    except ValueError as exc:
        raise LoadError(str(exc), path) from None
    return doc


def _tmx_layers(parent: ET.Element, path: str) -> list[dict[str, Any]]:
    layers = []
    for el in parent:
        if el.tag == "group":
            layers += _tmx_layers(el, path)
        elif el.tag == "layer":
            layer = {"type": "tilelayer", "name": el.get("name", ""), **_ints(el, "id", "width", "height"),
                     "properties": _tmx_props(el)}
            data = el.find("data")
            if data is None or data.find("chunk") is not None:
                raise LoadError(f"layer {layer['name']!r}: no tile data (infinite maps are not supported)", path)
            enc = data.get("encoding")
            if enc == "csv":
                text = (data.text or "").replace("\n", "").strip()
                layer["data"] = [int(v) for v in text.split(",")] if text else []
            elif enc == "base64":
                layer["data"] = _decode(data.text or "", data.get("compression", ""), layer, path)
            else:
                layer["data"] = [int(t.get("gid", 0)) for t in data.findall("tile")]
            layers.append(layer)
        elif el.tag == "objectgroup":
            objs = []
            for o in el.findall("object"):
                obj = {"name": o.get("name", ""), "type": o.get("type", o.get("class", "")), "x": 0, "y": 0,
                       **_ints(o, "id", "x", "y", "width", "height"), "properties": _tmx_props(o)}
                if o.find("point") is not None:
                    obj["point"] = True
                for shape in ("polygon", "polyline"):
                    s = o.find(shape)
                    if s is not None:
                        obj[shape] = [{"x": float(x), "y": float(y)} for x, y in
                                      (p.split(",") for p in s.get("points", "").split())]
                objs.append(obj)
            layers.append({"type": "objectgroup", "name": el.get("name", ""), **_ints(el, "id"),
                           "properties": _tmx_props(el), "objects": objs})
    return layers
