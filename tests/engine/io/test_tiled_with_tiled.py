"""Tiled itself reads every shipped scenario's export and writes it back unchanged in content.

Runs Debian's `tiled --export-map` headless (QT_QPA_PLATFORM=offscreen): Motu's TMX to JSON
must equal Motu's own JSON export, and TMX to TMX, JSON to JSON must give the same map back.
Skips only when tiled is not installed and cannot be (tools/install-tiled.sh); CI sets
MOTU_REQUIRE_TILED=1, where a missing tiled fails instead.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from motu.engine.io.native import load_path
from motu.engine.io.tiled import save_tiled_json, save_tmx
from motu.engine.io.tiled_import import load_tiled, read_tiled

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
TILED = shutil.which("tiled")

# What 'the same content' means: orientation, stagger and sizes; each tileset's tiles and their
# properties; each layer's tile data and its objects with shapes and properties. Not what Tiled
# writes its own way: default opacity and visibility, property order, 28 against 28.0.
MAP_KEYS = ("orientation", "width", "height", "tilewidth", "tileheight", "hexsidelength", "staggeraxis",
            "staggerindex", "nextobjectid")


def _n(v: Any) -> Any:
    return round(float(v), 2) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


def props(items: list[dict[str, Any]] | None) -> dict[str, Any]:
    return {p["name"]: (p.get("type", "string"), _n(p["value"])) for p in items or ()}


def content(doc: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: doc.get(k) for k in MAP_KEYS}
    out["properties"] = props(doc.get("properties"))
    out["tilesets"] = [(ts["firstgid"], ts["name"], ts.get("tilecount"),
                        {t["id"]: props(t.get("properties")) for t in ts.get("tiles", [])}) for ts in doc["tilesets"]]
    layers = []
    for layer in doc["layers"]:
        if layer["type"] == "tilelayer":
            layers.append(("tiles", layer["name"], list(layer["data"])))
        else:
            objs = []
            for o in layer["objects"]:
                shape = {s: [(_n(p["x"]), _n(p["y"])) for p in o[s]] for s in ("polygon", "polyline") if s in o}
                objs.append((o["id"], o.get("name", ""), o.get("type", ""), _n(o["x"]), _n(o["y"]),
                             _n(o.get("width", 0)), _n(o.get("height", 0)), bool(o.get("point")), shape,
                             props(o.get("properties"))))
            layers.append(("objects", layer["name"], objs))
    out["layers"] = layers
    return out


if TILED is None and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("tiled is not installed but MOTU_REQUIRE_TILED is set: run tools/install-tiled.sh as root",
                pytrace=False)
pytestmark = pytest.mark.skipif(TILED is None, reason="Tiled is not installed and could not be "
                                "(tools/install-tiled.sh needs root and apt-get)")


def tiled_export(src: Path, out: Path, fmt: str) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([TILED, "--export-map", fmt, str(src), str(out)], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and out.exists(), f"tiled failed on {src.name}: {r.stderr}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_tiled_reads_each_export_and_writes_it_back_unchanged(path, tmp_path):
    s = load_path(path)
    tmx, motu_json = tmp_path / "motu.tmx", tmp_path / "motu.json"
    save_tmx(s, str(tmx))
    save_tiled_json(s, str(motu_json))
    ours = json.loads(motu_json.read_text(encoding="utf-8"))

    tiled_export(tmx, tmp_path / "from-tmx.json", "json")
    theirs = json.loads((tmp_path / "from-tmx.json").read_text(encoding="utf-8"))
    assert content(theirs) == content(ours)

    tiled_export(motu_json, tmp_path / "from-json.json", "json")
    assert content(json.loads((tmp_path / "from-json.json").read_text(encoding="utf-8"))) == content(ours)

    tiled_export(tmx, tmp_path / "again.tmx", "tmx")
    assert content(read_tiled(str(tmp_path / "again.tmx"))) == content(read_tiled(str(tmx)))

    # And what Tiled wrote is still the scenario.
    assert load_tiled(str(tmp_path / "from-tmx.json")) == s
    assert load_tiled(str(tmp_path / "again.tmx")) == s
