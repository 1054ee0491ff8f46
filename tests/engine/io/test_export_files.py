"""Which files an export writes is known before it writes any (motu/engine/io/export_files.py): the
list the editor asks about and `motu export` checks, and the one-line refusal."""
import os

import pytest

from motu.engine.io.export_files import existing, export_clash, export_paths
from motu.engine.io.native import load_path
from motu.engine.io.print_layout import PrintError
from motu.engine.io.registry import REGISTRY, save_scenario
from motu.engine.io.svg_print import export_svg

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture
def fake_renderer():
    """The formats with tile images drawn as a few fixed bytes: the names matter here, not the pictures."""
    return REGISTRY.drawn_by({"tmx": lambda *a, **k: b"\x89PNG fake"})


def test_a_tiled_map_lists_its_tile_images_when_they_are_drawn(example_hex, tmp_path, fake_renderer):
    out = str(tmp_path / "ex.tmx")
    paths = export_paths(example_hex, out, "tmx", formats=fake_renderer)
    assert paths == [out] + [str(tmp_path / f"ex-{n}.png") for n in ("terrain", "areas", "counters", "features")]
    assert list(fake_renderer.save(example_hex, out, "tmx").paths) == paths


def test_a_tiled_map_without_a_renderer_is_one_file(example_hex, tmp_path):
    out = str(tmp_path / "ex.tmj")
    assert export_paths(example_hex, out, "tiled-json") == [out]
    assert list(save_scenario(example_hex, out, "tiled-json").paths) == [out]


@pytest.mark.parametrize("name, pages", [("example-hex", 1), ("fern-ambush", 3)])
def test_print_pages_are_listed_as_the_svg_export_writes_them(tmp_path, name, pages):
    s = load_path(os.path.join(ROOT, "scenarios", f"{name}.yaml"))
    out = str(tmp_path / "p.svg")
    paths = export_paths(s, out, "svg")
    assert len(paths) == pages and (paths == [out]) == (pages == 1)  # many pages: OUT-p01…, not OUT
    assert paths == export_svg(s, out) and sorted(paths) == sorted(str(p) for p in tmp_path.iterdir())


def test_one_file_formats_and_unknown_ones(example_hex, tmp_path):
    out = str(tmp_path / "g.geojson")
    assert export_paths(example_hex, out, "geojson") == [out]
    with pytest.raises(KeyError):
        export_paths(example_hex, out, "nope")


def test_existing_files_are_those_on_disk(example_hex, tmp_path, fake_renderer):
    out = str(tmp_path / "ex.tmx")
    assert existing(export_paths(example_hex, out, "tmx", formats=fake_renderer)) == []
    (tmp_path / "ex-counters.png").write_text("mine")
    os.symlink(tmp_path / "gone", tmp_path / "ex-areas.png")  # a broken link is in the way too
    assert existing(export_paths(example_hex, out, "tmx", formats=fake_renderer)) == [str(tmp_path / "ex-areas.png"),
                                                               str(tmp_path / "ex-counters.png")]


def test_the_refusal_names_the_first_file_in_the_way(tmp_path):
    a, b, c = (str(tmp_path / n) for n in ("m.tmx", "m-terrain.png", "m-areas.png"))
    assert export_clash([a, b, c]) is None
    (tmp_path / "m-areas.png").write_text("x")
    assert export_clash([a, b, c]) == f"{c} exists (one of the 3 files this export writes); use --force to replace it"
    assert export_clash([a, b, c], force=True) is None
    (tmp_path / "m.tmx").write_text("x")
    assert export_clash([a, b, c]) == f"{a} exists, and 1 more of the 3 files this export writes; use --force to replace them"
    assert export_clash([a]) == f"{a} exists; use --force to replace it"
    (tmp_path / "m-terrain.png").mkdir()
    assert export_clash([a, b, c], force=True) == f"{b} is a folder; the export writes a file of that name"
    gone = str(tmp_path / "no" / "m.svg")
    assert export_clash([gone], force=True) == f"{gone}: no such folder"


def test_a_paper_too_small_is_refused_before_anything_is_written(example_hex, tmp_path):
    with pytest.raises(PrintError):
        export_paths(example_hex, str(tmp_path / "p.svg"), "svg", paper="10x10")
    assert list(tmp_path.iterdir()) == []
