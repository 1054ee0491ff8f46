"""Issue 16 budgets: refusing the largest hostile inputs, beside loading a valid file of the same size.

Each hostile row gives the median time to refuse it and the peak memory the refusal allocates
(tracemalloc, measured in a separate run so that it does not slow the timing), with the ratio
to loading a valid file of about the same size measured in the same run. The 4 MB scenario is
the 316x316 benchmark map with pieces enough to reach 4 MB; its errors sit at its very end.
The text is parsed once (motu/engine/io/safe_yaml.py, its one-line records read in bulk by
safe_yaml_records.py): a syntax error or an alias is found where the build meets it, an off-map
cell once the document is built and checked against its schema.
"""
from __future__ import annotations

import base64
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
import zlib

from motu.engine.io.errors import LoadError
from motu.engine.io.native import dumps, load_path
from motu.engine.io.tiled import save_tmx
from motu.engine.io.tiled_import import load_tiled
from motu.engine.scenario.model import Piece, Side

from .big_map import big_hex_scenario

TARGET_BYTES = 4 * 1024 * 1024


def _run(fn) -> None:
    try:
        fn()
    except LoadError:
        pass


def _median_ms(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        _run(fn)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def _peak_mb(fn) -> float:
    tracemalloc.start()
    try:
        _run(fn)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def recorder(rows: list[dict], issue: int, repeat: int):
    """`row(what, fn, …)`: times `fn` (median of `repeat`, a refusal counting as its end), adds its
    row to `rows` with its peak memory (unless `peak=False`), its ratio to a reference and its budget."""

    def row(what: str, fn, reference: float | None = None, ref_name: str = "", budget: float | None = None,
            times: int = repeat, peak: bool = True) -> float:
        ms = _median_ms(fn, times)
        r: dict = {"issue": issue, "what": what, "median": ms, "unit": "ms"}
        if peak:
            r["peak_mb"] = round(_peak_mb(fn), 1)
            r["what"] = f"{what} (peak {r['peak_mb']:.0f} MB)"
        if reference:
            r.update({"ratio": ms / reference, "ratio_to": ref_name})
        if budget is not None:
            r["budget"] = budget
        rows.append(r)
        return ms
    return row


def _four_mb_scenario() -> str:
    s = big_hex_scenario()
    s.sides["red"] = Side("red", "Red")
    land = [c for c, t in enumerate(s.terrain) if t != "coast"]
    base = len(dumps(s).encode("utf-8"))

    def add(n: int) -> None:
        for i in range(len(s.pieces), len(s.pieces) + n):
            s.pieces[f"p{i}"] = Piece(f"p{i}", "population", "red", land[i % len(land)], 1, f"Population {i}")
    add(2000)
    per_piece = (len(dumps(s).encode("utf-8")) - base) / 2000
    add(max(0, int((TARGET_BYTES - base) / per_piece) - 2000))
    return dumps(s)


def _write(folder: str, name: str, content: str | bytes) -> str:
    path = os.path.join(folder, name)
    with open(path, "wb") as fh:
        fh.write(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def run(repeat: int = 3) -> list[dict]:
    rows: list[dict] = []

    row = recorder(rows, 16, repeat)

    with tempfile.TemporaryDirectory() as tmp:
        text = _four_mb_scenario()
        mb = len(text.encode("utf-8")) / 2**20
        good = _write(tmp, "good.yaml", text)
        last_cell = text.rindex("cell: '") + len("cell: '")
        off_map = _write(tmp, "off-map.yaml", text[:last_cell] + "9999" + text[last_cell + 6:])
        syntax = _write(tmp, "syntax.yaml", text + "pieces: [\n")
        alias = _write(tmp, "alias.yaml", text + "extra: *first\n")
        deep = _write(tmp, "deep.yaml", "[" * 2_000_000)
        valid = row(f"load a valid {mb:.1f} MB scenario (reference)", lambda: load_path(good))
        row(f"refuse the same with a cell off the map at its end", lambda: load_path(off_map), valid, "valid load", 1000)
        row(f"refuse the same with a syntax error at its end", lambda: load_path(syntax), valid, "valid load", 1000)
        row(f"refuse the same with an alias at its end",
            lambda: load_path(alias), valid, "valid load", 1000)
        row("refuse 2 MB of '[' (nesting)", lambda: load_path(deep), valid, "valid 4 MB load")

        s = big_hex_scenario()
        tmx = os.path.join(tmp, "big.tmx")
        save_tmx(s, tmx)
        kb = os.path.getsize(tmx) / 1024
        valid_tmx = row(f"import a valid {kb:.0f} KB TMX map, 316x316 (reference)", lambda: load_tiled(tmx))
        bomb_raw = zlib.compress(bytes(512 << 20), 9)
        bomb = _write(tmp, "bomb.tmx", (
            '<?xml version="1.0"?>\n<map orientation="hexagonal" width="316" height="316" tilewidth="32" '
            'tileheight="28" staggeraxis="x" staggerindex="odd"><layer name="terrain" width="316" height="316">'
            f'<data encoding="base64" compression="zlib">{base64.b64encode(bomb_raw).decode()}</data></layer></map>'))
        row(f"refuse a {os.path.getsize(bomb) / 1024:.0f} KB zlib bomb (512 MB inflated)", lambda: load_tiled(bomb, "tahiti"),
            valid_tmx, "valid TMX import")
        laughs = "".join(f'<!ENTITY l{i} "{("&l" + str(i - 1) + ";") * 10 if i else "lol"}">' for i in range(10))
        entity = _write(tmp, "entity.tmx", f'<?xml version="1.0"?>\n<!DOCTYPE map [{laughs}]>\n<map>&l9;</map>')
        row("refuse an entity bomb (a billion lols)", lambda: load_tiled(entity, "tahiti"), valid_tmx, "valid TMX import")
        deep_json = _write(tmp, "deep.json", '{"type": "map", "layers": ' + "[" * 4_000_000 + "]" * 4_000_000 + "}")
        row("refuse 8 MB of nested JSON arrays", lambda: load_tiled(deep_json, "tahiti"), valid_tmx, "valid TMX import")
        nan = _write(tmp, "nan.json", json.dumps({"type": "map", "layers": [{"type": "objectgroup", "objects": [
            {"x": i, "y": i} for i in range(200_000)]}]})[:-4] + ', "x": NaN}]}]}')
        row(f"refuse {os.path.getsize(nan) / 2**20:.1f} MB of Tiled JSON with NaN at its end", lambda: load_tiled(nan, "tahiti"),
            valid_tmx, "valid TMX import")
    return rows


if __name__ == "__main__":
    for r in run():
        print(r, file=sys.stdout)
