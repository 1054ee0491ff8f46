"""`motu export` and `motu import`: files written, scenarios read back, exit codes 0 / 2 with
one line of error (file, line, column where they apply), never a traceback."""
import json
import os

import pytest

from motu.engine.io.native import load_path
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
COAST = json.load(open(os.path.join(ROOT, "tools", "maps", "coastlines.json"), encoding="utf-8"))["islands"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("to,name", [("tmx", "m.tmx"), ("tiled-json", "m.json")])
def test_export_to_tiled_and_import_back(capsys, tmp_path, to, name):
    out = str(tmp_path / name)
    code, text, _ = run(capsys, "export", HEX, "--to", to, out)
    assert code == 0 and text.startswith(f"{out}: Tiled map") and os.path.exists(out)
    back = str(tmp_path / "back.yaml")
    code, text, _ = run(capsys, "import", out, back)
    assert code == 0 and "hex 12x10" in text and "3 areas" in text
    assert load_path(back) == load_path(HEX)


def test_export_format_from_the_ending_and_geojson_json_output(capsys, tmp_path):
    out = str(tmp_path / "t.geojson")
    code, text, _ = run(capsys, "--json", "export", TAHITI, out)
    assert code == 0 and json.loads(text) == {"file": out, "files": [out], "format": "geojson", "cells": 1551, "notes": []}
    doc = json.load(open(out, encoding="utf-8"))
    assert doc["motu"]["units"] == "degrees"


def test_import_moorea_from_its_coastline(capsys, tmp_path):
    src = tmp_path / "moorea.geojson"
    src.write_text(json.dumps({"type": "Feature", "properties": {"name": "Mo'orea"},
                               "geometry": {"type": "Polygon", "coordinates": [COAST["Moorea"]]}}), encoding="utf-8")
    out = str(tmp_path / "moorea.yaml")
    code, text, _ = run(capsys, "--json", "import", str(src), "--rules", "tahiti", "--plain", "--scale", "1.609344",
                        "--margin", "2", "--title", "Mo'orea", out)
    data = json.loads(text)
    assert code == 0 and data["areas"] == ["moorea"] and set(data["terrain"]) == {"sea", "coast", "clear"}
    s = load_path(out)
    assert s.title == "Mo'orea" and "georeference" in s.tables
    code, _, err = run(capsys, "import", str(src), "--rules", "tahiti", "--scale", "1.6", out)
    assert code == 2 and "exists; use --force" in err


def test_import_a_foreign_tiled_map_with_a_legend(capsys, tmp_path):
    src = tmp_path / "f.tmx"
    src.write_text('<?xml version="1.0"?>\n<map orientation="orthogonal" width="2" height="1" tilewidth="32" tileheight="32">\n'
                   ' <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="0"/>\n'
                   ' <layer id="1" name="L" width="2" height="1"><data encoding="csv">1,2</data></layer>\n</map>\n',
                   encoding="utf-8")
    legend = tmp_path / "legend.yaml"
    legend.write_text("1: open\n2: bush\n", encoding="utf-8")
    out = str(tmp_path / "f.yaml")
    assert run(capsys, "import", str(src), "--rules", "fern", "--legend", "1=open,2=bush", out)[0] == 0
    assert load_path(out).terrain == ["open", "bush"]
    assert run(capsys, "import", str(src), "--rules", "fern", "--legend", str(legend), "--force", out)[0] == 0
    code, _, err = run(capsys, "import", str(src), "--rules", "fern", "--force", out)
    assert code == 2 and err.strip() == f"motu: {src}:4:46: layer 'L': tile 1 (first at 1,1) has no terrain: " \
                                        "give a legend such as --legend 1=open"


@pytest.mark.parametrize("argv,message", [
    (["export", "nope.yaml", "x.tmx"], "nope.yaml: no such file"),
    (["export", HEX, "x.txt"], "x.txt: no format is written as .txt; give --to tmx|tiled-json|geojson|gpkg|svg|png|png-map|png-pages|pdf|vmod"),
    (["import", HEX + ".missing", "--rules", "tahiti", "x.yaml"], "no such file"),
    (["import", HEX, "--from", "geojson", "--rules", "nope", "x.yaml"], "unknown rule set 'nope'"),
    (["import", HEX, "--from", "geojson", "x.yaml"], "a GeoJSON import needs the rule set"),
    (["import", HEX, "--from", "tiled", "--rules", "tahiti", "--legend", "a=b", "x.yaml"], "legend entry 'a=b'"),
])
def test_usage_errors_are_one_line(capsys, tmp_path, argv, message):
    os.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_file_that_is_not_a_map_is_one_error_with_its_position(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"type": "map",\n "layers": [}', encoding="utf-8")
    code, _, err = run(capsys, "import", str(bad), "--rules", "tahiti", str(tmp_path / "o.yaml"))
    assert code == 2 and err.startswith(f"motu: {bad}:2:13: not valid JSON")
