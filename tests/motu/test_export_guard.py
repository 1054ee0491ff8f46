"""`motu export` replaces no file without --force: not the file named, and not one it writes beside
it (a Tiled map's tile images, print pages). Every file is checked before any is written."""
import os

import pytest

from motu.engine.io.export_files import export_paths
from motu.engine.io.native import load_path
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def listing(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def listing_names(folder):
    return [p.name for p in folder.iterdir()]


def test_a_tile_image_beside_the_map_is_not_replaced(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x-terrain.png").write_text("hello")
    code, out, err = run(capsys, "export", FERN, "x.tmx")
    assert code == 2 and out == ""
    assert err == "motu: x.tmx: x-terrain.png exists (one of the 5 files this export writes); use --force to replace it\n"
    assert listing(tmp_path) == {"x-terrain.png": b"hello"}  # nothing written, not even x.tmx
    code, out, _ = run(capsys, "export", FERN, "x.tmx", "--force")
    assert code == 0 and (tmp_path / "x-terrain.png").read_bytes().startswith(b"\x89PNG")
    assert sorted(listing(tmp_path)) == ["x-areas.png", "x-counters.png", "x-features.png", "x-terrain.png", "x.tmx"]


def test_a_print_page_is_not_replaced(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "y-p02.svg").write_text("page two")
    code, _, err = run(capsys, "export", TAHITI, "y.svg")
    assert code == 2 and err.startswith("motu: y.svg: y-p02.svg exists (one of the ") and err.count("\n") == 1
    assert listing(tmp_path) == {"y-p02.svg": b"page two"}
    assert run(capsys, "export", TAHITI, "y.svg", "--force")[0] == 0
    assert b"<svg" in (tmp_path / "y-p02.svg").read_bytes()


def test_several_files_in_the_way_are_counted_in_the_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("x.tmx", "x-areas.png", "x-features.png"):
        (tmp_path / name).write_text("mine")
    code, _, err = run(capsys, "export", FERN, "x.tmx")
    assert code == 2 and err == "motu: x.tmx exists, and 2 more of the 5 files this export writes; use --force to replace them\n"
    assert set(listing(tmp_path).values()) == {b"mine"}


def test_a_folder_where_a_file_goes_is_refused_even_with_force(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x-areas.png").mkdir()
    code, _, err = run(capsys, "export", FERN, "x.tmx", "--force")
    assert code == 2 and err == "motu: x.tmx: x-areas.png is a folder; the export writes a file of that name\n"
    assert sorted(listing_names(tmp_path)) == ["x-areas.png"]


def test_a_broken_link_in_the_way_counts_as_a_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.symlink(tmp_path / "nowhere", tmp_path / "x-counters.png")
    code, _, err = run(capsys, "export", FERN, "x.tmx")
    assert code == 2 and "x-counters.png exists" in err and listing_names(tmp_path) == ["x-counters.png"]


def test_the_scenario_itself_is_never_the_output(capsys, tmp_path):
    src = tmp_path / "s.yaml"
    src.write_bytes(open(FERN, "rb").read())
    link = tmp_path / "s.json"
    os.symlink(src, link)
    code, _, err = run(capsys, "export", src, link, "--force")
    assert code == 2 and "is the scenario being exported" in err and src.read_bytes() == open(FERN, "rb").read()


def test_whole_map_is_for_print_only(capsys, tmp_path):
    code, _, err = run(capsys, "export", FERN, "--whole-map", tmp_path / "x.tmx")
    assert code == 2 and "--whole-map is for print exports (svg, png, pdf), not tmx" in err
    assert listing_names(tmp_path) == []


@pytest.mark.parametrize("ending", ["tmx", "tmj", "geojson", "gpkg", "svg", "png", "pdf", "vmod"])
def test_the_files_listed_beforehand_are_the_files_written(capsys, tmp_path, ending):
    """export_paths (what File → Export asks about, with Qt's drawing) names exactly what the export writes."""
    from motu.editor.export import formats
    out = str(tmp_path / f"m.{ending}")
    code, _, _ = run(capsys, "export", FERN, out)
    assert code == 0
    fmt = {"tmj": "tiled-json"}.get(ending, ending)
    expected = export_paths(load_path(FERN), out, fmt, formats=formats())
    assert sorted(expected) == sorted(str(p) for p in tmp_path.iterdir())
    assert run(capsys, "--json", "export", FERN, out, "--force")[0] == 0


def test_whole_map_pages_are_listed_beforehand_too(capsys, tmp_path):
    out = str(tmp_path / "w.svg")
    assert run(capsys, "export", TAHITI, "--whole-map", out)[0] == 0
    expected = export_paths(load_path(TAHITI), out, "svg", whole_map=True)
    assert sorted(expected) == sorted(str(p) for p in tmp_path.iterdir())
    assert len(expected) > len(export_paths(load_path(TAHITI), out, "svg"))
