"""Tiled sees the map as Motu draws it, checked with readers Motu did not write.

Exports (with their tile images, drawn by Qt) of every shipped scenario load in pytmx and
pytiled-parser with default settings; Tiled's own tmxrasterizer draws each hex and square in
its terrain's colour, tinted by its area as the editor tints it; Tiled's --export-map keeps the
tilesets' images. Skips only when Tiled is missing and cannot be installed
(tools/install-tiled.sh); CI (MOTU_REQUIRE_TILED=1) fails instead.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import pytiled_parser
import pytmx
from PySide6.QtGui import QImage

from motu.editor.export import formats  # the registry with Qt's drawing: the tile images are drawn
from motu.engine.board.grids import HexGrid
from motu.engine.io.native import load_path
from motu.engine.io.print_map import catalogue_of, terrain_colour
from motu.engine.io.print_shapes import rgb
from motu.engine.io.tiled import pixel_transform
from motu.engine.io.tiled_art import AREA_TINT, area_colour
from motu.engine.io.tiled_import import load_tiled
from motu.engine.scenario.model import blank_scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
RASTER = shutil.which("tmxrasterizer")
TILED = shutil.which("tiled")
NEEDS_TILED = pytest.mark.skipif(RASTER is None or TILED is None, reason="Tiled is not installed (tools/install-tiled.sh)")
if (RASTER is None or TILED is None) and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("tiled/tmxrasterizer missing but MOTU_REQUIRE_TILED is set: run tools/install-tiled.sh as root", pytrace=False)
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def export(s, folder: Path, name: str) -> Path:
    out = folder / name
    written = formats().save(s, str(out), "tmx" if name.endswith(".tmx") else "tiled-json")
    assert [Path(p).name for p in written.paths] == [name] + [f"{out.stem}-{t}.png" for t in ("terrain", "areas", "counters", "features")]
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_pytmx_and_pytiled_parser_load_every_export_with_default_settings(path, tmp_path):
    s = load_path(path)
    tmx, tmj = export(s, tmp_path, "m.tmx"), export(s, tmp_path, "m.json")
    m = pytmx.TiledMap(str(tmx))
    names = [layer.name for layer in m.layers]
    assert "pieces" in names and "area names" in names
    pieces = [o for o in m.objects if o.type == "piece"]
    assert sorted(o.properties["piece"] for o in pieces) == sorted(s.pieces)
    for o in [o for o in m.objects if o.type in ("piece", "feature")]:
        # Each piece shows a counter from the counters atlas, each site its disc, at the size the
        # image is drawn: Tiled at 100 % shows them pixel for pixel, not scaled down.
        source, rect, _ = m.get_tile_image_by_gid(o.gid)
        assert (tmp_path / source).exists() and rect[2:] == (o.width, o.height)
    for reader_path in (tmx, tmj):
        parsed = pytiled_parser.parse_map(reader_path)
        assert [layer.name for layer in parsed.layers] == names
        for ts in parsed.tilesets.values():
            assert ts.image is not None and (tmp_path / ts.image).exists()
            # The tile count is what the image holds, as Tiled counts it (else Tiled renumbers on saving).
            assert ts.tile_count == ts.columns * (ts.image_height // ts.tile_height), ts.name
    # The images change nothing for Motu's own reader.
    assert load_tiled(str(tmx)) == s and load_tiled(str(tmj)) == s


def _raster(tmx: Path, out: Path, *layers: str) -> QImage:
    shown = [a for layer in layers for a in ("--show-layer", layer)]
    r = subprocess.run([RASTER, *shown, str(tmx), str(out)], env=ENV, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and out.exists(), r.stderr
    return QImage(str(out))


def _cells_off_colour(s, image: QImage, want) -> list:
    """Cells whose pixel beside the centre (clear of the token, counters and names) is not `want(cell)`."""
    ax, bx, ay, by = pixel_transform(s.grid)
    dx = -11 if s.grid.shape == "hex" else -14
    wrong = []
    for c in range(s.grid.size):
        x, y = s.grid.center(c)
        px = image.pixelColor(round(ax * x + bx + dx), round(ay * y + by))
        got, expected = (px.red(), px.green(), px.blue()), want(c)
        if max(abs(a - b) for a, b in zip(got, expected)) > 3:
            wrong.append((s.label(c), got, expected))
    return wrong


def _layouts():
    yield from (load_path(ROOT / "scenarios" / n) for n in ("tahiti.yaml", "fern-ambush.yaml", "example-hex.yaml"))
    for orientation, offset in (("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")):
        s = blank_scenario("tahiti", HexGrid(9, 7, orientation, offset), "sea", title=offset)
        for c, t in ((10, "jungle"), (11, "mountain"), (19, "clear"), (30, "coast")):
            s.terrain[c] = t
        yield s


@NEEDS_TILED
@pytest.mark.parametrize("s", list(_layouts()), ids=lambda s: f"{s.grid.shape}-{getattr(s.grid, 'offset', 'square')}-{s.grid.size}")
def test_tmxrasterizer_draws_each_cell_in_motus_colours(s, tmp_path):
    tmx = export(s, tmp_path, "m.tmx")
    cat = catalogue_of(s)
    terrain = _raster(tmx, tmp_path / "terrain.png", "terrain")
    assert _cells_off_colour(s, terrain, lambda c: rgb(terrain_colour(cat, s.terrain[c]))) == []

    def tinted(c):  # the editor's tint: (terrain * 165 + area * 90) / 255
        base = rgb(terrain_colour(cat, s.terrain[c]))
        a = s.cell_area[c]
        return base if a is None else tuple(round(t * (1 - AREA_TINT) + k * AREA_TINT)
                                            for t, k in zip(base, rgb(area_colour(s, a))))
    both = _raster(tmx, tmp_path / "both.png", "terrain", "areas")
    assert _cells_off_colour(s, both, tinted) == []


@NEEDS_TILED
def test_tiled_keeps_the_tilesets_images_when_it_converts_the_map(tmp_path):
    s = load_path(ROOT / "scenarios" / "example-hex.yaml")
    tmx = export(s, tmp_path, "m.tmx")
    out = tmp_path / "tiled.json"
    r = subprocess.run([TILED, "--export-map", "json", str(tmx), str(out)], env=ENV, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [ts["image"] for ts in doc["tilesets"]] == ["m-terrain.png", "m-areas.png", "m-counters.png", "m-features.png"]
    assert load_tiled(str(out)) == s


def _edge_colours_seen(s, image: QImage, kind: str) -> list[tuple[int, int, int]]:
    """At the middle of each side carrying `kind`, the pixel closest to nothing else: the colour
    Tiled drew there, from the 5x5 pixels round it, the one least like the terrain beneath."""
    ax, bx, ay, by = pixel_transform(s.grid)
    seen = []
    for (a, b), feats in s.edges.items():
        if kind not in feats:
            continue
        (x0, y0), (x1, y1) = s.grid.edge_segment(a, b)
        mx, my = ax * (x0 + x1) / 2 + bx, ay * (y0 + y1) / 2 + by
        seen.append([(c.red(), c.green(), c.blue()) for c in
                     (image.pixelColor(round(mx) + dx, round(my) + dy) for dx in range(-2, 3) for dy in range(-2, 3))])
    return seen


@NEEDS_TILED
def test_tmxrasterizer_draws_streams_reefs_and_palisades_each_in_its_own_colour(tmp_path):
    """Tiled's own renderer, with the terrain and the edge layers shown: at every stream, reef and
    palisade side there is its kind's colour (the catalogue's), and the three colours differ."""
    from motu.engine.io.tiled_map import edge_kinds
    found = {}
    for name, kinds in (("fern-pa-assault.yaml", ("stream", "palisade")), ("example-hex.yaml", ("reef",))):
        s = load_path(ROOT / "scenarios" / name)
        tmx = export(s, tmp_path, f"{name[:-5]}.tmx")
        layers = {k: (f"edges: {n}", c) for k, n, c, _style in edge_kinds(s)}
        image = _raster(tmx, tmp_path / f"{name}.png", "terrain", *(layers[k][0] for k in kinds))
        for k in kinds:
            want = rgb(layers[k][1])
            sides = _edge_colours_seen(s, image, k)
            assert sides, k
            missing = [i for i, pixels in enumerate(sides)
                       if not any(max(abs(a - b) for a, b in zip(px, want)) <= 24 for px in pixels)]
            assert missing == [], f"{k}: {len(missing)} of {len(sides)} sides without {layers[k][1]}"
            found[k] = want
    assert len(set(found.values())) == 3, found


@NEEDS_TILED
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_save_by_tiled_keeps_every_gid(path, tmp_path):
    """tiled --export-map TMX → TMX of an export with its tile images: Tiled counts each tileset's
    tiles from its image, so the tilesets' first gids, their counts, every tile layer's tiles and
    every tile object's gid must come back as Motu wrote them."""
    import xml.etree.ElementTree as ET
    s = load_path(path)
    tmx = export(s, tmp_path, "m.tmx")
    again = tmp_path / "again.tmx"
    r = subprocess.run([TILED, "--export-map", "tmx", str(tmx), str(again)], env=ENV, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and again.exists(), r.stderr

    def gids(p: Path):
        root = ET.parse(p).getroot()
        tilesets = [(t.get("name"), t.get("firstgid"), t.get("tilecount")) for t in root.iter("tileset")]
        layers = [(layer.get("name"), [int(v) for v in layer.find("data").text.replace("\n", "").split(",")])
                  for layer in root.iter("layer")]
        objects = [(o.get("id"), o.get("gid")) for o in root.iter("object") if o.get("gid")]
        return tilesets, layers, objects
    ours, theirs = gids(tmx), gids(again)
    assert theirs == ours
    assert ours[2] or not (s.pieces or s.features or not s.grid.lattice)  # the check saw tile objects
