"""Importing Tiled maps Motu did not write: a legend from tile ids to terrain, the grid from
the map's orientation and stagger, every tile-data encoding Tiled saves, and one clear error
(file, line and column where there is one) for what cannot be imported."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from motu.engine.io.errors import LoadError
from motu.engine.io.tiled_import import load_tiled

TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="land" tilewidth="32" tileheight="32" tilecount="3" columns="0">
 <tile id="0"><properties><property name="terrain" value="open"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="bush"/></properties></tile>
</tileset>
"""


def _tmx(tmp_path, orientation="hexagonal", data='<data encoding="csv">\n1,2,2,\n3,1,0\n</data>', extra="",
         tileset='<tileset firstgid="1" name="t" tilewidth="32" tileheight="28" tilecount="3" columns="0"/>'):
    p = tmp_path / "foreign.tmx"
    p.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="{orientation}" renderorder="right-down" width="3" height="2" tilewidth="32"
 tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="even" {extra}>
 {tileset}
 <layer id="1" name="Ground" width="3" height="2">
  {data}
 </layer>
</map>
""", encoding="utf-8")
    return str(p)


def test_a_legend_maps_tile_ids_to_terrain_and_empty_tiles_are_the_default(tmp_path):
    s = load_tiled(_tmx(tmp_path), "tahiti", {1: "sea", 2: "clear", 3: "mountain"})
    assert s.grid.to_dict() == {"shape": "hex", "orientation": "flat", "offset": "even-q", "columns": 3, "rows": 2}
    assert s.terrain == ["sea", "clear", "clear", "mountain", "sea", "sea"]  # gid 0: Tahiti's default, sea
    assert s.ruleset == "tahiti" and not s.areas


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_tile_data_with_any_stdlib_compression(tmp_path, compression):
    raw = b"".join(g.to_bytes(4, "little") for g in (1, 2, 2, 3 | 0x80000000, 1, 1))  # a flipped tile keeps its id
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": __import__("gzip").compress(raw)}[compression]
    attr = f' compression="{compression}"' if compression else ""
    path = _tmx(tmp_path, data=f'<data encoding="base64"{attr}>{base64.b64encode(packed).decode()}</data>')
    assert load_tiled(path, "tahiti", {1: "sea", 2: "lagoon", 3: "coast"}).terrain == \
        ["sea", "lagoon", "lagoon", "coast", "sea", "sea"]


def test_tile_properties_in_an_external_tileset_need_no_legend(tmp_path):
    (tmp_path / "land.tsx").write_text(TSX, encoding="utf-8")
    path = _tmx(tmp_path, "orthogonal", tileset='<tileset firstgid="1" source="land.tsx"/>',
                data='<data encoding="csv">1,2,2,1,1,1</data>')
    s = load_tiled(path, "fern")
    assert s.grid.shape == "square" and s.terrain == ["open", "bush", "bush", "open", "open", "open"]


def test_tiled_json_with_group_layers(tmp_path):
    doc = {"type": "map", "orientation": "hexagonal", "staggeraxis": "y", "staggerindex": "odd", "width": 2, "height": 2,
           "tilewidth": 28, "tileheight": 32, "hexsidelength": 16,
           "tilesets": [{"firstgid": 5, "name": "t", "tiles": [{"id": 0, "properties": [
               {"name": "terrain", "type": "string", "value": "jungle"}]}]}],
           "layers": [{"type": "group", "name": "g", "layers": [{"type": "tilelayer", "name": "terrain", "width": 2,
                                                                  "height": 2, "data": [5, 5, 0, 5]}]}]}
    p = tmp_path / "m.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    s = load_tiled(str(p), "tahiti")
    assert s.grid.to_dict()["offset"] == "odd-r" and s.terrain == ["jungle", "jungle", "sea", "jungle"]


@pytest.mark.parametrize("make,rules,legend,message", [
    (lambda t: _tmx(t), "tahiti", None, "tile 1 (first at 0101) has no terrain: give a legend such as --legend 1=sea"),
    (lambda t: _tmx(t), "tahiti", {1: "swamp", 2: "sea", 3: "sea"}, "terrain 'swamp' is not Tahiti's"),
    (lambda t: _tmx(t), None, None, "does not name its rule set"),
    (lambda t: _tmx(t), "fern", None, "this is a hex map; Fire in the Fern! plays on square grids"),
    (lambda t: _tmx(t, "isometric"), "fern", None, "Tiled isometric maps have no Motu grid"),
    (lambda t: _tmx(t, data='<data encoding="base64" compression="zstd">AAAA</data>'), "tahiti", None,
     "zstd compression is not supported"),
    (lambda t: _tmx(t, data='<data encoding="csv"><chunk x="0" y="0"/></data>'), "tahiti", None, "infinite maps"),
])
def test_what_cannot_be_imported_says_why(tmp_path, make, rules, legend, message):
    with pytest.raises(LoadError) as err:
        load_tiled(make(tmp_path), rules, legend)
    assert message in str(err.value) and "foreign.tmx" in str(err.value)


def test_syntax_errors_give_line_and_column(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text('<?xml version="1.0"?>\n<map orientation="hexagonal">\n <layer name="a"\n</map>\n', encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_tiled(str(bad), "tahiti")
    assert (err.value.line, err.value.column) == (4, 1) and str(err.value).startswith(f"{bad}:4:1: not valid XML")
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"type": "map",\n  "layers": [}', encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_tiled(str(bad_json), "tahiti")
    assert (err.value.line, err.value.column) == (2, 14)
    with pytest.raises(LoadError, match="cannot read"):
        load_tiled(str(tmp_path / "missing.tmx"), "tahiti")
