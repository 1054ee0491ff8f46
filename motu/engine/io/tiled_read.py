"""Reading Tiled maps: TMX or Tiled JSON into one shape, the dict Tiled's JSON format holds.

Scope: parsing both formats through motu/engine/io/bounded.py (tile data in CSV, XML or Base64
with zlib/gzip, inflated to no more than the layer needs; group layers flattened; external
.tsx/.tsj tilesets read only from in or below the map's folder), checking the result against
motu/resources/schema/tiled-map.schema.json, and saying clearly what cannot be read: line and
column for TMX and for JSON syntax, a JSON path for a JSON map of the wrong shape. Tiled 1.9
names an object's or a tile's class `class` where other versions write `type`; both are
read, and the result always says `type`. What the map means for a scenario is tiled_import.py.
"""
from __future__ import annotations

import base64
import binascii
from typing import Any

from motu.engine.board.grid import MAX_CELLS

from . import bounded
from .bounded import XmlNode
from .errors import LoadError, json_path
from .schema_check import check

SCHEMA = "tiled-map.schema.json"
MAX_TILES = MAX_CELLS  # as many cells as a Motu grid may have
# Limits (docs/format.md): an area's outline needs no more points than a map has cells; past
# these a TMX polygon took seconds to read before anything was checked.
MAX_SHAPE_POINTS = 100_000
MAX_MAP_POINTS = 1_000_000
_FIRST = "firstgid"
PLACES = "\0places"  # a key no Tiled map has: the TMX positions of the dicts read_tiled built


class _Places:
    """Where each dict built from a TMX element stood in the file, to name lines in errors."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[int, int]] = {}

    def mark(self, d: dict[str, Any], el: XmlNode) -> dict[str, Any]:
        self.at[id(d)] = (el.line, el.column)
        return d

    def locate(self, doc: Any) -> Any:
        def find(path: tuple[Any, ...]) -> tuple[int, int] | None:
            node, best = doc, self.at.get(id(doc))
            for step in path:
                try:
                    node = node[step]
                except (KeyError, IndexError, TypeError):
                    break
                best = self.at.get(id(node), best)
            return best
        return find


def read_tiled(path: str) -> dict[str, Any]:
    """A TMX or Tiled JSON map as the dict Tiled's JSON format holds; LoadError when unreadable."""
    raw = bounded.read_bytes(path)
    places = _Places()
    first = bounded.first_character(raw)  # after a byte-order mark, which Tiled and editors may write
    if first == "<":
        doc = _read_tmx(bounded.parse_xml(raw, path), path, places)
    else:
        if first not in ("{", "["):
            raise LoadError("not a Tiled map: neither TMX (XML) nor Tiled JSON", path, 1, 1)
        doc = bounded.load_json(raw, path, "Tiled JSON")
        if not isinstance(doc, dict) or doc.get("type", "map") != "map" or "layers" not in doc:
            raise LoadError("not a Tiled map: a Tiled JSON map is an object with \"type\": \"map\" and \"layers\"", path)
        _count_json_points(doc, path)
    check(SCHEMA, doc, path, locate=places.locate(doc))
    _whole_numbers(doc)
    doc["tilesets"] = [_external_tileset(ts, i, path, places) for i, ts in enumerate(doc.get("tilesets", []))]
    layers = []
    for where, layer in _flatten(doc["layers"], ("layers",)):
        layers.append(_layer(layer, doc, where, path, places))
    doc["layers"] = layers
    doc[PLACES] = places.at  # where each part stood in a TMX, for the importer's refusals (empty for JSON)
    return doc


def place_of(doc: dict[str, Any], node: Any) -> dict[str, int]:
    """`line` and `column` of a part of a map `read_tiled` read (as LoadError's keywords), or none."""
    at = doc.get(PLACES, {}).get(id(node))
    return {"line": at[0], "column": at[1]} if at else {}


def class_of(d: dict[str, Any], what: str) -> str:
    """An object's or tile's class, from `type` or Tiled 1.9's `class`; ValueError when it
    has both and they differ (one of them would be lost)."""
    a, b = d.get("type") or "", d.get("class") or ""
    if a and b and a != b:
        raise ValueError(f"{what} has type {a!r} and class {b!r}; Tiled writes one of them")
    return a or b


def _set_class(d: dict[str, Any], what: str, source: str, where: tuple[Any, ...], places: "_Places") -> None:
    try:
        d["type"] = class_of(d, what)
    except ValueError as exc:
        pos = places.at.get(id(d))
        if pos:
            raise LoadError(str(exc), source, *pos) from None
        raise LoadError(str(exc), source, path=json_path(where)) from None


def _flatten(layers: list[dict[str, Any]], where: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    out = []
    for i, layer in enumerate(layers):
        if layer.get("type") == "group":
            out += _flatten(layer.get("layers", []), where + (i, "layers"))
        else:
            out.append((where + (i,), layer))
    return out


def _whole_numbers(node: Any) -> None:
    """Whole numbers written as floats (`1.0`, as some JSON writers do) made ints, in place: JSON
    Schema's "integer" accepts them, and gids are masked and compared as ints."""
    stack = [node]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        floats = []
        for key, value in items:
            if type(value) is float:
                floats.append(key)
            elif isinstance(value, (dict, list)):
                stack.append(value)
        for key in floats:
            if node[key].is_integer():
                node[key] = int(node[key])


def _layer(layer: dict[str, Any], doc: dict[str, Any], where: tuple[Any, ...], path: str, places: _Places) -> dict[str, Any]:
    name = layer.get("name", "")
    pos = places.at.get(id(layer))

    def fail(message: str) -> LoadError:
        if pos:
            return LoadError(f"layer {name!r}: {message}", path, *pos)
        return LoadError(f"layer {name!r}: {message}", path, path=json_path(where))

    if layer.get("type") == "tilelayer":
        if "chunks" in layer:
            raise fail("infinite maps are not supported (Map > Map Properties: untick Infinite)")
        width, height = layer.get("width", doc.get("width")), layer.get("height", doc.get("height"))
        if not isinstance(width, int) or not isinstance(height, int):
            raise fail("the layer has no width and height")
        if width * height > MAX_TILES:
            raise fail(f"{width}x{height} tiles is more than the {MAX_TILES:,} a Motu map may have")
        data = layer.get("data")
        if isinstance(data, str):
            try:
                layer["data"] = decode_tiles(data, layer.get("encoding", "base64"), layer.get("compression") or "",
                                             width * height)
            except ValueError as exc:
                raise fail(str(exc)) from None
        elif data is not None and len(data) > width * height:
            raise fail(f"it holds {len(data):,} tiles; it is {width}x{height}")
    elif layer.get("type") == "objectgroup":
        for j, o in enumerate(layer.get("objects", [])):
            _set_class(o, f"object {o.get('id', j)}", path, where + ("objects", j), places)
    return layer


def decode_tiles(text: str, encoding: str, compression: str, tiles: int) -> list[int]:
    """Tile data as gids: CSV, or Base64 of 32-bit little-endian gids, perhaps zlib or gzip
    compressed; never more than `tiles` of them. ValueError says what is wrong."""
    if encoding == "csv":
        text = text.strip()
        if not text:
            return []
        if text.count(",") + 1 > tiles:
            raise ValueError(f"its CSV data holds more than the {tiles:,} tiles the layer has")
        values = [v.strip() for v in text.split(",")]
        bad = next((v for v in values if not (v.isascii() and v.isdigit()) or len(v) > 10), None)
        if bad is not None:
            raise ValueError(f"its CSV data holds {bad[:20]!r}, which is not a tile id")
        gids = [int(v) for v in values]
        if any(g < 0 or g > 0xFFFFFFFF for g in gids):
            raise ValueError("its CSV data holds a tile id beyond 32 bits")
        return gids
    if encoding != "base64":
        raise ValueError(f"tile data encoding {encoding!r} is not one Tiled writes (csv or base64)")
    if compression not in ("", "zlib", "gzip"):
        raise ValueError(f"{compression} compression is not supported (save with CSV, Base64 uncompressed, zlib or gzip)")
    limit = 4 * tiles
    if len(text) > 2 * limit + 1024 and not compression:
        raise ValueError(f"its data holds more than the {tiles:,} tiles the layer has")
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("its Base64 tile data cannot be decoded") from None
    if compression:
        raw = bounded.inflate(raw, compression, limit)
    if len(raw) % 4:
        raise ValueError(f"its tile data is {len(raw)} bytes, not a whole number of 4-byte tile ids")
    if len(raw) > limit:
        raise ValueError(f"its data holds {len(raw) // 4:,} tiles; the layer has {tiles:,}")
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def _external_tileset(ts: dict[str, Any], index: int, path: str, places: _Places) -> dict[str, Any]:
    if "source" not in ts:
        for j, t in enumerate(ts.get("tiles", [])):
            _set_class(t, f"tile {t.get('id')}", path, ("tilesets", index, "tiles", j), places)
        return ts
    src, raw = bounded.read_reference(path, ts["source"], "tileset")
    if bounded.first_character(raw) == "<":
        el = bounded.parse_xml(raw, src)
        if el.tag != "tileset":
            raise LoadError(f"not a Tiled tileset: the root element is <{el.tag}>, not <tileset>", src, el.line, el.column)
        if el.get("source"):
            raise LoadError("an external tileset may not name another tileset file", src, el.line, el.column)
        loaded = _tmx_tileset(el, src, places)
    else:
        loaded = bounded.load_json(raw, src, "tileset JSON")
        if not isinstance(loaded, dict):
            raise LoadError("not a Tiled tileset: a tileset is a JSON object", src)
    check(SCHEMA, loaded, src, definition="tileset", locate=places.locate(loaded))
    _whole_numbers(loaded)
    for j, t in enumerate(loaded.get("tiles", [])):
        _set_class(t, f"tile {t.get('id')}", src, ("tiles", j), places)
    return {**loaded, _FIRST: ts[_FIRST]}


# --- TMX ------------------------------------------------------------------------------------

def _value(kind: str, text: str) -> Any:
    if kind == "int":
        return _whole(text)
    if kind == "float":
        v = float(text)
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError
        return v
    if kind == "bool":
        return text == "true"
    return text


def _whole(text: str) -> int:
    t = text.strip()
    if len(t.lstrip("-")) > 16:
        raise ValueError
    v = int(t)
    if abs(v) > bounded.MAX_INT:
        raise ValueError
    return v


def _tmx_props(el: XmlNode | None, source: str, places: _Places | None = None) -> list[dict[str, Any]]:
    if el is None:
        return []
    props = el.find("properties")
    out = []
    for p in props.findall("property") if props is not None else ():
        kind = p.get("type", "string")
        text = p.get("value") if p.get("value") is not None else p.text
        try:
            out.append({"name": p.get("name", ""), "type": kind, "value": _value(kind, text)})
            if places is not None:
                places.mark(out[-1], p)
        except ValueError:
            raise LoadError(f"property {p.get('name')!r}: {text[:40]!r} is not {'an' if kind[:1] in 'aeiou' else 'a'} "
                            f"{kind}", source, p.line, p.column) from None
    return out


def _attrs(el: XmlNode, source: str, *keys: str) -> dict[str, Any]:
    """Attributes as Tiled JSON has them: whole numbers as ints, other numbers as floats."""
    out: dict[str, Any] = {}
    for k in keys:
        v = el.get(k)
        if v is None:
            continue
        try:
            whole = v.strip().lstrip("-")
            out[k] = _whole(v) if whole.isascii() and whole.isdigit() else _value("float", v) if _numeric(v) else v
        except ValueError:
            raise LoadError(f"<{el.tag}> {k}={v[:40]!r} is out of range", source, el.line, el.column) from None
    return out


def _numeric(v: str) -> bool:
    try:
        float(v)
    except ValueError:
        return False
    return True


def _tmx_tileset(el: XmlNode, source: str, places: _Places) -> dict[str, Any]:
    ts = places.mark({"name": el.get("name", ""), **_attrs(el, source, _FIRST, "tilewidth", "tileheight", "tilecount",
                                                            "columns")}, el)
    if el.get("source") is not None:
        ts["source"] = el.get("source")
        return ts
    ts["tiles"] = [places.mark({**_attrs(t, source, "id"), "type": t.get("type", ""), "class": t.get("class", ""),
                                "properties": _tmx_props(t, source)}, t) for t in el.findall("tile")]
    return ts


def _count_points(root: XmlNode, path: str) -> None:
    """Refuse a polygon or polyline of more than MAX_SHAPE_POINTS points, or a map of more than
    MAX_MAP_POINTS in all, counted (a comma a point) before any is split and read."""
    total, stack = 0, [root]
    while stack:
        el = stack.pop()
        stack.extend(reversed(el.children))  # in the file's order: the first too many is named
        if el.tag in ("polygon", "polyline"):
            n = el.get("points", "").count(",")
            total += n
            if n > MAX_SHAPE_POINTS:
                raise LoadError(f"a {el.tag} of more than {MAX_SHAPE_POINTS:,} points; Motu reads at most "
                                f"{MAX_SHAPE_POINTS:,}", path, el.line, el.column)
            if total > MAX_MAP_POINTS:
                raise LoadError(f"more than {MAX_MAP_POINTS:,} polygon and polyline points in all; Motu reads at most "
                                f"{MAX_MAP_POINTS:,}", path, el.line, el.column)


def _count_json_points(doc: dict[str, Any], path: str) -> None:
    """`_count_points` for Tiled JSON, before its schema check reads every point."""
    total, stack = 0, [(doc, ())]
    while stack:
        layer, at = stack.pop()
        sub = layer.get("layers")
        stack.extend((x, at + ("layers", j)) for j, x in reversed(list(enumerate(sub if isinstance(sub, list) else ())))
                     if isinstance(x, dict))
        objects = layer.get("objects")
        for i, o in enumerate(objects if isinstance(objects, list) else ()):
            for shape in ("polygon", "polyline"):
                pts = o.get(shape) if isinstance(o, dict) else None
                n = len(pts) if isinstance(pts, list) else 0
                total += n
                if n > MAX_SHAPE_POINTS or total > MAX_MAP_POINTS:
                    what = (f"a {shape} of more than {MAX_SHAPE_POINTS:,} points" if n > MAX_SHAPE_POINTS
                            else f"more than {MAX_MAP_POINTS:,} polygon and polyline points in all")
                    most = MAX_SHAPE_POINTS if n > MAX_SHAPE_POINTS else MAX_MAP_POINTS
                    raise LoadError(f"{what}; Motu reads at most {most:,}", path,
                                    path=json_path(at + ("objects", i, shape)))


def _read_tmx(root: XmlNode, path: str, places: _Places) -> dict[str, Any]:
    if root.tag != "map":
        raise LoadError(f"not a Tiled map: the root element is <{root.tag}>, not <map>", path, root.line, root.column)
    _count_points(root, path)
    doc: dict[str, Any] = places.mark({"type": "map", **_attrs(
        root, path, "version", "tiledversion", "orientation", "renderorder", "width", "height", "tilewidth",
        "tileheight", "hexsidelength", "staggeraxis", "staggerindex", "infinite")}, root)
    doc["properties"] = _tmx_props(root, path, places)
    doc["tilesets"] = [_tmx_tileset(ts, path, places) for ts in root.findall("tileset")]
    doc["layers"] = _tmx_layers(root, path, places)
    return doc


def _tmx_layers(parent: XmlNode, path: str, places: _Places) -> list[dict[str, Any]]:
    layers = []
    for el in parent:
        if el.tag == "group":
            layers.append(places.mark({"type": "group", "name": el.get("name", ""),
                                       "layers": _tmx_layers(el, path, places)}, el))
        elif el.tag == "layer":
            layers.append(_tmx_tile_layer(el, path, places))
        elif el.tag == "objectgroup":
            objs = [_tmx_object(o, path, places) for o in el.findall("object")]
            layers.append(places.mark({"type": "objectgroup", "name": el.get("name", ""), **_attrs(el, path, "id"),
                                       "properties": _tmx_props(el, path), "objects": objs}, el))
    return layers


def _tmx_tile_layer(el: XmlNode, path: str, places: _Places) -> dict[str, Any]:
    layer = places.mark({"type": "tilelayer", "name": el.get("name", ""), **_attrs(el, path, "id", "width", "height"),
                         "properties": _tmx_props(el, path)}, el)
    data = el.find("data")
    if data is None or data.find("chunk") is not None:
        raise LoadError(f"layer {layer['name']!r}: no tile data (infinite maps are not supported)", path, el.line, el.column)
    enc = data.get("encoding")
    if enc in ("csv", "base64"):
        layer["data"], layer["encoding"] = data.text, enc
        if data.get("compression"):
            layer["compression"] = data.get("compression")
        places.at[id(layer)] = (data.line, data.column)
    elif enc is None:
        try:
            layer["data"] = [_whole(t.get("gid", "0")) for t in data.findall("tile")]
        except ValueError:
            raise LoadError(f"layer {layer['name']!r}: a <tile> gid is not a tile id", path, data.line, data.column) from None
    else:
        raise LoadError(f"layer {layer['name']!r}: tile data encoding {enc!r} is not one Tiled writes (csv or base64)",
                        path, data.line, data.column)
    return layer


def _tmx_object(o: XmlNode, path: str, places: _Places) -> dict[str, Any]:
    obj = places.mark({"name": o.get("name", ""), "type": o.get("type", ""), "class": o.get("class", ""), "x": 0, "y": 0,
                       **_attrs(o, path, "id", "gid", "x", "y", "width", "height", "rotation"),
                       "properties": _tmx_props(o, path)}, o)
    if o.find("point") is not None:
        obj["point"] = True
    if o.find("ellipse") is not None:
        obj["ellipse"] = True
    for shape in ("polygon", "polyline"):
        s = o.find(shape)
        if s is not None:
            try:
                pts = [p.split(",") for p in s.get("points", "").split()]
                obj[shape] = [{"x": _value("float", x), "y": _value("float", y)} for x, y in pts]
            except ValueError:
                raise LoadError(f"object {o.get('id')}: its {shape} points are not pairs of numbers", path,
                                s.line, s.column) from None
    return obj


__all__ = ["read_tiled", "decode_tiles", "class_of", "SCHEMA"]
