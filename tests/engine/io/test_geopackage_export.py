"""GeoPackage export: a layer per kind with what the GeoJSON export holds, written as the
GeoPackage standard (OGC 12-128r18, 1.3) asks, and read by GDAL (`ogrinfo`, Debian's gdal-bin)
without a warning. GDAL's checks skip only where it is not installed and cannot be
(tools/install-test-tools.sh), and fail under CI (MOTU_REQUIRE_TILED=1)."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import struct
import subprocess
from pathlib import Path

import pytest
import shapely
from shapely.geometry import shape

from motu.engine.io.geojson import geojson_document
from motu.engine.io.geopackage import LAYERS, save_geopackage
from motu.engine.io.native import load_path
from motu.engine.io.registry import format_for_path

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
OGRINFO = shutil.which("ogrinfo")
if OGRINFO is None and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("ogrinfo missing but the real readers are required: run tools/install-test-tools.sh as root", pytrace=False)


def _export(path: Path, folder: Path) -> Path:
    out = folder / f"{path.stem}.gpkg"
    save_geopackage(load_path(path), str(out))
    return out


def _geometry(blob: bytes | None):
    """A GeoPackage geometry blob read as the standard (2.1.3) lays it out: header, envelope, WKB."""
    if blob is None:
        return None, None
    magic, version, flags, srs = struct.unpack_from("<2sBBi", blob)
    assert (magic, version) == (b"GP", 0) and flags & 1  # little-endian header
    envelope = {0: 0, 1: 4, 2: 6, 3: 6, 4: 8}[(flags >> 1) & 7]
    box = struct.unpack_from(f"<{envelope}d", blob, 8)
    return shapely.from_wkb(blob[8 + 8 * envelope:]), (srs, box)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_layer_holds_what_the_geojson_export_holds(path, tmp_path):
    s = load_path(path)
    out = _export(path, tmp_path)
    doc = geojson_document(s)
    georeferenced = doc["motu"]["georeferenced"]
    db = sqlite3.connect(out)
    for table, (kind, gtype, columns) in LAYERS.items():
        want = [f for f in doc["features"] if f["properties"]["motu"] == kind]
        names = [n for n, _ in columns]
        rows = db.execute(f'SELECT geom, {", ".join(chr(34) + n + chr(34) for n in names)} FROM "{table}" ORDER BY fid').fetchall()
        assert len(rows) == len(want), table
        for (blob, *values), f in zip(rows, want):
            geom, header = _geometry(blob)
            if f["geometry"] is None:
                assert geom is None
                continue
            srs, (minx, maxx, miny, maxy) = header
            assert srs == (4326 if georeferenced else -1)
            assert shapely.equals(geom, shape(f["geometry"])), (table, f["properties"])
            assert geom.geom_type.upper() == gtype
            assert (minx, miny, maxx, maxy) == pytest.approx(geom.bounds)
            expected = [f["properties"].get(n) for n in names]
            expected = [json.dumps(v, ensure_ascii=False) if isinstance(v, dict) else v for v in expected]
            assert values == expected, table
    db.close()


def test_the_file_is_a_geopackage_as_the_standard_says(tmp_path):
    out = _export(ROOT / "scenarios" / "example-hex.yaml", tmp_path)
    db = sqlite3.connect(out)
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x47504B47  # "GPKG"
    assert db.execute("PRAGMA user_version").fetchone()[0] == 10300
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    systems = {r[0]: r[1:] for r in db.execute("SELECT srs_id, organization, organization_coordsys_id FROM gpkg_spatial_ref_sys")}
    assert systems[4326] == ("EPSG", 4326) and systems[-1] == ("NONE", -1) and systems[0] == ("NONE", 0)
    contents = db.execute("SELECT table_name, data_type, srs_id FROM gpkg_contents ORDER BY table_name").fetchall()
    assert contents == [(t, "features", -1) for t in sorted(LAYERS)]
    columns = db.execute("SELECT table_name, column_name, geometry_type_name, z, m FROM gpkg_geometry_columns").fetchall()
    assert sorted(columns) == sorted((t, "geom", g, 0, 0) for t, (_, g, _) in LAYERS.items())
    assert all("local plane" in d for (d,) in db.execute("SELECT description FROM gpkg_contents"))
    db.close()
    assert format_for_path("x.gpkg").id == "gpkg"


@pytest.mark.skipif(OGRINFO is None, reason="GDAL (gdal-bin) is not installed and could not be (tools/install-test-tools.sh)")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_gdal_reads_every_layer_without_a_warning(path, tmp_path):
    s = load_path(path)
    out = _export(path, tmp_path)
    r = subprocess.run([OGRINFO, "-al", "-so", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Warning" not in r.stderr and "ERROR" not in r.stderr, r.stderr
    counts = {"cells": s.grid.size, "edges": len(s.edges), "features": len(s.features), "pieces": len(s.pieces)}
    for table, count in counts.items():
        assert f"Layer name: {table}\n" in r.stdout
        block = r.stdout.split(f"Layer name: {table}\n", 1)[1]
        assert block.split("Feature Count: ", 1)[1].split("\n", 1)[0] == str(count), table
    georeferenced = s.tables.get("georeference") is not None
    assert ('GEOGCRS["WGS 84"' in r.stdout) is georeferenced
    assert ('ENGCRS["Undefined Cartesian SRS"' in r.stdout) is not georeferenced
