"""A quick look at a hex scenario as a PNG, with numpy and zlib only (no imaging library):
terrain colours, area borders (dark red), reefs (white), portages (brown), sites as small
squares (home villages in their clan's colour, marae black, village sites white, streams
blue). For checking a built map by eye; not an export format.

Run from the project root:  .venv/bin/python tools/maps/preview.py scenarios/tahiti.yaml OUT.png [--areas]
"""
from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Scenario

PX = 9  # pixels per layout unit (hex size)


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _cells(s: Scenario, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Cell under each point (flat odd-q hexes of size 1), -1 off the map."""
    q = 2 / 3 * xs
    r = -1 / 3 * xs + np.sqrt(3) / 3 * ys
    cube = np.stack([q, r, -q - r])
    rc = np.round(cube)
    diff = np.abs(rc - cube)
    big = np.argmax(diff, axis=0)
    for k, (i, j) in enumerate(((1, 2), (0, 2), (0, 1))):
        sel = big == k
        rc[k][sel] = -rc[i][sel] - rc[j][sel]
    qi, ri = rc[0].astype(int), rc[1].astype(int)
    col, row = qi, ri + (qi - (qi & 1)) // 2
    ok = (col >= 0) & (col < s.grid.columns) & (row >= 0) & (row < s.grid.rows)
    return np.where(ok, row * s.grid.columns + col, -1)


def render(s: Scenario, areas: bool = False) -> np.ndarray:
    """The picture: terrain colours, or with `areas` each area's own colour on its land."""
    cat = get_ruleset(s.ruleset).catalogue
    g = s.grid
    w, h = int((1.5 * g.columns + 0.5) * PX), int((np.sqrt(3) * (g.rows + 0.5)) * PX)
    ys, xs = np.mgrid[0:h, 0:w].astype(float)
    cell = _cells(s, xs / PX - 1, ys / PX - np.sqrt(3) / 2)
    def colour(c: int) -> str:
        a = s.areas.get(s.cell_area[c]) if areas and s.cell_area[c] else None
        return (a.color if a and a.color else None) or cat.terrain[s.terrain[c]].color
    palette = np.array([_rgb(colour(c)) for c in range(g.size)] + [(255, 255, 255)], dtype=np.uint8)
    img = palette[cell]
    area_code = np.array([-1 if a is None else hash(a) % 100003 for a in s.cell_area] + [-1])
    reef = {k for k, v in s.edges.items() if "reef" in v}
    portage = {k for k, v in s.edges.items() if "portage" in v}
    for dy, dx in ((0, 1), (1, 0), (0, 2), (2, 0)):
        a, b = cell[: h - dy, : w - dx], cell[dy:, dx:]
        diff = (a != b) & (a >= 0) & (b >= 0)
        ia, ib = np.nonzero(diff)
        for y, x in zip(ia, ib):
            ca, cb = int(a[y, x]), int(b[y, x])
            key = (min(ca, cb), max(ca, cb))
            if key in portage:
                img[y, x] = (160, 82, 45)
            elif key in reef:
                img[y, x] = (255, 255, 255)
            elif dx + dy == 1 and area_code[ca] != area_code[cb] and area_code[ca] >= 0 and area_code[cb] >= 0:
                img[y, x] = (120, 0, 0)
    for f in s.features:
        cx, cy = g.center(f.cell)
        px, py = int((cx + 1) * PX), int((cy + np.sqrt(3) / 2) * PX)
        colour = {"marae_site": (0, 0, 0), "village_site": (255, 255, 255), "stream": (0, 60, 200)}.get(f.kind)
        if f.kind == "home_village":
            colour = _rgb(s.sides[f.side].color or "#000000")
        r = 2 if f.kind == "stream" else 3
        img[max(py - r, 0): py + r, max(px - r, 0): px + r] = colour or (255, 0, 255)
    return img


def write_png(path: str | Path, img: np.ndarray) -> None:
    h, w, _ = img.shape
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    Path(path).write_bytes(png)


if __name__ == "__main__":
    write_png(sys.argv[2], render(load_path(sys.argv[1]), areas="--areas" in sys.argv[3:]))
