"""Issue 9 and 17 budgets: exporting the 100,000-cell map to Tiled JSON, against Tiled itself, and to GeoJSON.

The budget is Tiled's own wall time, measured in the same run: `tiled --export-map` of the
same map from TMX (which Motu writes) to JSON, headless. Motu's figure is the whole export
(building the map, area outlines, writing the file). Without `tiled` installed the Tiled
row says so and Motu's row has no budget.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time

from motu.engine.io.geojson import save_geojson
from motu.engine.io.tiled import save_tiled_json, save_tmx

from .big_map import big_hex_scenario


def _median_s(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def tiled_command() -> str | None:
    return shutil.which("tiled")


def run(repeat: int = 5) -> list[dict]:
    s = big_hex_scenario()
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        out_json, tmx, tiled_json = (os.path.join(tmp, n) for n in ("motu.json", "big.tmx", "tiled.json"))
        save_tmx(s, tmx)
        motu = _median_s(lambda: save_tiled_json(s, out_json), repeat)
        exe = tiled_command()
        tiled = None
        if exe:
            env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
            cmd = [exe, "--export-map", "json", tmx, tiled_json]

            def run_tiled() -> None:
                subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=120)
            tiled = _median_s(run_tiled, repeat)
        what = f"export 316x316 hex, 500 areas to Tiled JSON ({os.path.getsize(out_json) / 1024:.0f} KB)"
        row = {"issue": 9, "what": what, "median": motu * 1000, "unit": "ms"}
        if tiled is not None:
            row.update({"budget": round(tiled * 1000, 1), "ratio": motu / tiled, "ratio_to": "tiled --export-map"})
        rows.append(row)
        rows.append({"issue": 9, "what": "tiled --export-map TMX to JSON, same map (reference)" if tiled is not None
                     else "tiled --export-map: tiled is not installed (tools/install-tiled.sh)",
                     "median": (tiled or 0.0) * 1000, "unit": "ms"})
        rows.append({"issue": 9, "what": "export 316x316 hex to TMX", "median": _median_s(lambda: save_tmx(s, tmx), repeat) * 1000,
                     "unit": "ms"})
        geo = os.path.join(tmp, "big.geojson")
        rows.append({"issue": 17, "what": "export 316x316 hex to GeoJSON", "median": _median_s(lambda: save_geojson(s, geo), repeat) * 1000,
                     "unit": "ms", "budget": 400})
    return rows
