"""Objects in Tiled maps: Tiled 1.9's `class` read as other versions' `type`, in TMX and JSON,
and a piece moved in Tiled goes where it stands, with a note saying which cell was used."""
from __future__ import annotations

import json
import os
import re

import pytest

from motu.engine.io.errors import LoadError
from motu.engine.io.native import load_path
from motu.engine.io.tiled import save_tiled_json, save_tmx, tiled_map, to_tmx
from motu.engine.io.tiled_import import load_tiled

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture(scope="module")
def example():
    return load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml"))


def as_tiled_1_9(text: str, ext: str) -> str:
    """What Tiled 1.9 writes: an object's class as `class`, not `type`."""
    if ext == ".json":
        doc = json.loads(text)
        for layer in doc["layers"]:
            for o in layer.get("objects", []):
                o["class"] = o.pop("type")
        return json.dumps(doc)
    return re.sub(r'(<object [^>]*?)\btype="', r'\1class="', text)


@pytest.mark.parametrize("ext", [".tmx", ".json"])
def test_tiled_1_9_class_reads_as_type_in_both_formats(tmp_path, example, ext):
    path = tmp_path / f"m{ext}"
    (save_tmx if ext == ".tmx" else save_tiled_json)(example, str(path))
    path.write_text(as_tiled_1_9(path.read_text(encoding="utf-8"), ext), encoding="utf-8")
    assert "class" in path.read_text(encoding="utf-8")
    s = load_tiled(str(path))
    assert (len(s.pieces), len(s.edges), len(s.features)) == (len(example.pieces), len(example.edges), len(example.features))
    assert s == example


def test_an_object_with_type_and_a_different_class_is_refused(tmp_path, example):
    doc = tiled_map(example)
    piece = next(o for layer in doc["layers"] for o in layer.get("objects", []) if o["type"] == "piece")
    piece["class"] = "edge"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_tiled(str(path))
    assert f"object {piece['id']} has type 'piece' and class 'edge'" in str(err.value) and err.value.path


def _move(doc, piece_id, dx_cells):
    """Move a piece object by whole columns, as a drag in Tiled does; its cell property stays."""
    for layer in doc["layers"]:
        for o in layer.get("objects", []):
            props = {p["name"]: p["value"] for p in o.get("properties", [])}
            if o["type"] == "piece" and props.get("piece", props.get("id")) == piece_id:  # `piece` since pytmx support
                o["x"] += dx_cells
                return props["cell"]
    raise AssertionError(piece_id)


@pytest.mark.parametrize("ext", [".tmx", ".json"])
def test_a_piece_moved_in_tiled_goes_where_it_stands_and_the_import_says_so(tmp_path, example, ext):
    doc = tiled_map(example)
    said = _move(doc, "red-hc", 5 * 48)  # five flat hex columns at 48 px each
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    if ext == ".tmx":  # the same map through Motu's TMX writer
        path = tmp_path / "moved.tmx"
        path.write_text(to_tmx(doc), encoding="utf-8")
    notes: list[str] = []
    s = load_tiled(str(path), notes=notes)
    moved = s.pieces["red-hc"].cell
    assert s.grid.label(moved) == "0904" and said == "0404"
    assert len(notes) == 1 and notes[0].startswith("piece red-hc (object ")
    assert notes[0].endswith("stands on 0904 in Tiled, where it was used; its cell property said 0404")
    assert s.pieces["red-pop"].cell == example.pieces["red-pop"].cell, "an untouched piece stays, with no note"


def test_a_piece_in_reserve_stays_in_reserve(tmp_path, example):
    path = tmp_path / "m.json"
    save_tiled_json(example, str(path))
    notes: list[str] = []
    s = load_tiled(str(path), notes=notes)
    assert s.pieces["blue-reserve"].cell is None and notes == []


def _halved(o):
    """An object's pixels at half the scale: what Motu's exports before hexes of side 32 held."""
    def half(v):
        if isinstance(v, list):
            return [{"x": p["x"] / 2, "y": p["y"] / 2} for p in v]
        return v / 2
    return {k: half(v) if k in ("x", "y", "width", "height", "polygon", "polyline") else v for k, v in o.items()}


@pytest.mark.parametrize("name", ["example-hex.yaml", "example-square.yaml"])
def test_a_map_motu_wrote_at_the_earlier_scale_still_imports_whole(tmp_path, name):
    """Hexes of side 16 (32x28 tiles) or squares of 32 px: the import reads each map at its own
    scale, so every piece, site and named cell still stands in its cell."""
    s = load_path(os.path.join(ROOT, "scenarios", name))
    doc = tiled_map(s)
    doc.update({k: doc[k] // 2 for k in ("tilewidth", "tileheight", "hexsidelength") if k in doc})
    for layer in doc["layers"]:
        if "objects" in layer:
            layer["objects"] = [_halved(o) for o in layer["objects"]]
    assert doc["tilewidth"] == 32 and doc.get("hexsidelength", 16) == 16
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    notes: list[str] = []
    assert load_tiled(str(path), notes=notes) == s and notes == []
