"""Issue 34 budgets: heavy but legitimate files at the readers' limits (docs/format.md, Limits),
just past them, and the two searches that blew up.

Each file is generated at its limit (read in full: the heaviest a user may give; its budget is a
ceiling for that) and past it (refused in under a second: from its size, its grid's line or a
count, before the expensive work); the refusal's ratio is to the read at the limit, measured in
the same run. Fire in the Fern's chain-of-command
check is timed on chains of 1,000 and 10,000 leaders (linear: about 10x), and a movement search
with 10^7 movement points beside the same search capped at the dearest move the map holds (the
same cells; its memory, by tracemalloc, does not follow the allowance).
"""
from __future__ import annotations

import json
import math
import os
import sys
import tempfile

from motu.convert_cli import _legend
from motu.engine.board.grids import SquareGrid
from motu.engine.board.search import dearest_move, reach
from motu.engine.io.errors import LoadError
from motu.engine.io.geojson_import import MAX_FEATURES, GridChoice, load_geojson
from motu.engine.io.native import dumps, load_path
from motu.engine.io.tiled_import import load_tiled
from motu.engine.io.tiled_read import MAX_SHAPE_POINTS
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import CellFeature, Piece, Scenario, Side
from motu.engine.session.session import read_record

from .big_map import hex_scenario
from .board_bench import hex_movement_map
from .readers import recorder

ISSUE = 34


def _write(folder: str, name: str, text: str) -> str:
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def _refused(fn) -> None:
    try:
        fn()
    except LoadError:
        return
    raise AssertionError("a file past its limit was read")


def _fern_chain(n: int) -> Scenario:
    """A chain of `n` leaders, each answering to the one before, the first to the C-in-C."""
    grid = SquareGrid(6, 6)
    s = Scenario(ruleset="fern", grid=grid, terrain=["open"] * grid.size)
    s.sides = {"british": Side("british", "British")}
    s.features = [CellFeature("base_edge", 30 + c, "british") for c in range(6)]
    s.pieces["cinc"] = Piece("cinc", "c_in_c", "british", 31, 1, "General")
    prev = "cinc"
    for i in range(n):
        s.pieces[f"l{i}"] = Piece(f"l{i}", "leader", "british", 32, 1, f"Lieutenant {i}", {"superior": prev})
        prev = f"l{i}"
    return s


def _polygons(n: int) -> str:
    feats = []
    for i in range(n):
        x, y = (i % 100) * 0.002, (i // 100) * 0.002
        ring = [[x, y], [x + 0.0015, y], [x + 0.0015, y + 0.0015], [x, y + 0.0015], [x, y]]
        feats.append({"type": "Feature", "properties": {"name": f"Islet {i}"},
                      "geometry": {"type": "Polygon", "coordinates": [ring]}})
    return json.dumps({"type": "FeatureCollection", "features": feats})


def _tmx_polygon(points: int) -> str:
    pts = " ".join(f"{320 + 300 * math.cos(2 * math.pi * k / points):.2f},"
                   f"{320 + 300 * math.sin(2 * math.pi * k / points):.2f}" for k in range(points))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" width="20" '
            'height="20" tilewidth="32" tileheight="32">\n <layer id="1" name="terrain" width="20" height="20">'
            '<data encoding="csv">' + ",".join(["0"] * 400) + '</data></layer>\n <objectgroup id="2" name="areas">'
            f'<object id="1" name="Atoll" x="0" y="0"><polygon points="{pts}"/></object></objectgroup>\n</map>\n')


def run(repeat: int = 3) -> list[dict]:
    rows: list[dict] = []

    row = recorder(rows, ISSUE, repeat)

    fern = get_ruleset("fern")
    small, big = _fern_chain(1_000), _fern_chain(10_000)
    ref = row("Fern: validate a chain of 1,000 leaders (reference)", lambda: fern.validate(small), budget=100, peak=False)
    row("Fern: validate a chain of 10,000 leaders", lambda: fern.validate(big), ref, "1,000 leaders", 1000, peak=False)

    profile = hex_movement_map()
    start, most = profile.grid.size // 2 + 158, dearest_move(profile)
    ref = row(f"reach from mid-map with the dearest move, {most:g} MP (reference)", lambda: reach(profile, start, most))
    row("reach from mid-map with 10,000,000 MP", lambda: reach(profile, start, 1e7), ref, "dearest move", 1000)

    with tempfile.TemporaryDirectory() as tmp:
        s = hex_scenario(1000, 1000, (50, 40))
        text = dumps(s)
        at_limit = _write(tmp, "million.yaml", text)
        past = _write(tmp, "past.yaml", text.replace("columns: 1000, rows: 1000", "columns: 2000, rows: 2000", 1))
        del s, text
        ref = row("load a 1,000,000-cell scenario, the most cells (reference)", lambda: load_path(at_limit), budget=3000,
                  times=1)
        tahiti = get_ruleset("tahiti")
        loaded = load_path(at_limit)
        row("validate it (Tahiti's checks)", lambda: tahiti.validate(loaded), ref, "its load", 6000, times=1)
        del loaded
        _refused(lambda: load_path(past))
        row("refuse the same file with its grid made 2000x2000 (4,000,000 cells)", lambda: load_path(past), ref,
            "1M-cell load", 1000)

        choice = GridChoice("hex", None, 0.2, 1)
        at_limit = _write(tmp, "islets.geojson", _polygons(MAX_FEATURES))
        past = _write(tmp, "more.geojson", _polygons(100_000))
        size = os.path.getsize(at_limit) / 2**20
        ref = row(f"import {MAX_FEATURES:,} GeoJSON polygons ({size:.1f} MB), the most features (reference)",
                  lambda: load_geojson(at_limit, "tahiti", choice), budget=6000, times=1)
        _refused(lambda: load_geojson(past, "tahiti", choice))
        row(f"refuse 100,000 GeoJSON polygons ({os.path.getsize(past) / 2**20:.0f} MB)",
            lambda: load_geojson(past, "tahiti", choice), ref, "10,000 polygons", 1000)

        at_limit = _write(tmp, "atoll.tmx", _tmx_polygon(MAX_SHAPE_POINTS))
        past = _write(tmp, "reef.tmx", _tmx_polygon(1_000_000))
        ref = row(f"import a TMX polygon of {MAX_SHAPE_POINTS:,} points, the most (reference)",
                  lambda: load_tiled(at_limit, "tahiti"), budget=3000)
        _refused(lambda: load_tiled(past, "tahiti"))
        row(f"refuse a TMX polygon of 1,000,000 points ({os.path.getsize(past) / 2**20:.0f} MB)",
            lambda: load_tiled(past, "tahiti"), ref, "100,000 points", 1000)

        legend = _write(tmp, "legend.yaml", "".join(f"{i}: sea\n" for i in range(1, 6_500)))
        huge = _write(tmp, "huge-legend.yaml", "".join(f"{i}: sea\n" for i in range(1, 1_000_000)))
        ref = row(f"read a {os.path.getsize(legend) // 1024} KB legend file, under the 64 KB limit (reference)",
                  lambda: _legend([legend]), budget=500)
        _refused(lambda: _legend([huge]))
        row(f"refuse a {os.path.getsize(huge) / 2**20:.0f} MB legend file", lambda: _legend([huge]), ref, "64 KB legend", 1000)

        def record(n: int) -> str:  # version 1: bare action numbers, the most actions a file can hold
            return json.dumps({"format": "motu-game/1", "fingerprint": "0" * 16, "seed": 1,
                               "actions": [1_000_000 + i for i in range(n)]})
        at_limit = _write(tmp, "long.motugame.json", record(200_000))
        past = _write(tmp, "longer.motugame.json", record(1_000_000))
        ref = row("read a saved game of 200,000 actions, the most (reference)", lambda: read_record(at_limit), budget=2000,
                  times=1)
        _refused(lambda: read_record(past))
        row(f"refuse a saved game of 1,000,000 actions ({os.path.getsize(past) / 2**20:.0f} MB)",
            lambda: read_record(past), ref, "200,000 actions", 1000)
    return rows


if __name__ == "__main__":
    for r in run():
        print(r, file=sys.stdout)
