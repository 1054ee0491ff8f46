"""GeoJSON exports of every shipped scenario, read by tools Motu did not write: GDAL's `ogrinfo`
(and `ogr2ogr` converting to a GeoPackage) with no warning, check-jsonschema against the GeoJSON
JSON Schema (geojson.org's, vendored in tests/data/geojson-schema/ under its MIT licence), and
RFC 7946's rules the schema does not hold: no `crs`, exterior rings counter-clockwise and holes
clockwise, rings closed, no list-valued properties (GDAL makes them StringList fields, which it
warns about when converting). GDAL is Debian's gdal-bin (tools/install-test-tools.sh installs
it); those checks skip only where it is not installed and cannot be, and fail under CI
(MOTU_REQUIRE_TILED=1, which requires every real reader)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from shapely.geometry import LinearRing

from motu.engine.io.geojson import save_geojson
from motu.engine.io.native import load_path

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
SCHEMA = ROOT / "tests" / "data" / "geojson-schema" / "FeatureCollection.json"
OGRINFO, OGR2OGR = shutil.which("ogrinfo"), shutil.which("ogr2ogr")
if (OGRINFO is None or OGR2OGR is None) and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("ogrinfo/ogr2ogr missing but the real readers are required: run tools/install-test-tools.sh as root",
                pytrace=False)
NEEDS_GDAL = pytest.mark.skipif(OGRINFO is None or OGR2OGR is None,
                                reason="GDAL (gdal-bin) is not installed and could not be (tools/install-test-tools.sh)")


def _export(path: Path, folder: Path) -> Path:
    out = folder / f"{path.stem}.geojson"
    save_geojson(load_path(path), str(out))
    return out


@NEEDS_GDAL
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_gdal_reads_and_converts_every_export_without_a_warning(path, tmp_path):
    out = _export(path, tmp_path)
    r = subprocess.run([OGRINFO, "-al", "-so", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Feature Count" in r.stdout, r.stderr
    assert "Warning" not in r.stderr and "ERROR" not in r.stderr, r.stderr
    assert "StringList" not in r.stdout  # no list-valued field
    gpkg = tmp_path / "converted.gpkg"
    r = subprocess.run([OGR2OGR, "-f", "GPKG", str(gpkg), str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and gpkg.exists() and "Warning" not in r.stderr, r.stderr


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_export_passes_check_jsonschema_with_the_geojson_schema(path, tmp_path):
    pytest.importorskip("check_jsonschema")
    out = _export(path, tmp_path)
    r = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile", str(SCHEMA), str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def _right_hand(polygon: list, where: str) -> list[str]:
    wrong = []
    for i, ring in enumerate(polygon):
        if len(ring) < 4 or ring[0] != ring[-1]:
            wrong.append(f"{where} ring {i} not closed")
        elif LinearRing(ring).is_ccw != (i == 0):  # RFC 7946 3.1.6: exteriors counter-clockwise, holes clockwise
            wrong.append(f"{where} ring {i} winds the wrong way")
    return wrong


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_export_keeps_rfc_7946s_rules(path, tmp_path):
    doc = json.loads(_export(path, tmp_path).read_text(encoding="utf-8"))
    assert "crs" not in doc and all("crs" not in f for f in doc["features"])  # RFC 7946 4: no crs member
    wrong = []
    for n, f in enumerate(doc["features"]):
        g = f["geometry"]
        if g is not None and g["type"] == "Polygon":
            wrong += _right_hand(g["coordinates"], f"feature {n}")
        elif g is not None and g["type"] == "MultiPolygon":
            for k, polygon in enumerate(g["coordinates"]):
                wrong += _right_hand(polygon, f"feature {n} part {k}")
        wrong += [f"feature {n}: {key} is a list" for key, v in f["properties"].items() if isinstance(v, list)]
    assert wrong == []
    # A map in its own plane says so, and in which frame; a georeferenced one is WGS 84, said by nothing.
    assert doc["motu"]["georeferenced"] is (load_path(path).tables.get("georeference") is not None)
    assert ("frame" in doc["motu"]) is (not doc["motu"]["georeferenced"])
