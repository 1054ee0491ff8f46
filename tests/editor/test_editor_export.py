"""File → Export: the extension typed chooses the format (the filter only supplies one when none is
typed), an unknown extension is asked about, and the status bar names the files really written."""
import json
import os

import pytest

from editor_test_support import ROOT, make_window
from motu.engine.io.registry import get_format

MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")


@pytest.fixture
def win(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, show=False)
    w.errors = []
    w.show_error = lambda title, text: w.errors.append(text)
    w.messages = []
    w.status = w.messages.append
    return w


def export(win, typed, filter_id):
    win.choose_export_path = lambda fmts: (str(typed), get_format(filter_id))
    return win.file_export()


def test_a_typed_extension_wins_over_the_filter(win, tmp_path):
    out = tmp_path / "map.svg"
    assert export(win, out, "geojson"), win.errors
    assert out.read_text(encoding="utf-8").lstrip().startswith("<?xml") or "<svg" in out.read_text(encoding="utf-8")
    assert win.messages == [f"Exported Print-and-play SVG to {out}"]


def test_json_is_a_tiled_map_as_motu_export_takes_it(win, tmp_path):
    out = tmp_path / "map.json"
    assert export(win, out, "geojson"), win.errors
    data = json.load(open(out))
    assert data["type"] == "map" and data["orientation"] == "hexagonal"


def test_the_filter_supplies_the_extension_when_none_is_typed(win, tmp_path):
    assert export(win, tmp_path / "map", "geojson"), win.errors
    assert json.load(open(tmp_path / "map.geojson"))["type"] == "FeatureCollection"
    assert not (tmp_path / "map").exists() and win.messages[0].startswith(f"Exported GeoJSON to {tmp_path / 'map.geojson'}")


def test_an_unknown_extension_is_asked_about(win, tmp_path):
    asked = []

    def ask(path, fmt, known):
        asked.append((os.path.basename(path), fmt.id))
        return answers.pop(0)

    answers = ["cancel", "append", "keep"]
    win.ask_unknown_extension = ask
    assert not export(win, tmp_path / "map.txt", "geojson") and list(tmp_path.glob("map*")) == []
    assert export(win, tmp_path / "map.txt", "geojson")  # Add .geojson
    assert json.load(open(tmp_path / "map.txt.geojson"))["type"] == "FeatureCollection"
    assert export(win, tmp_path / "map.txt", "geojson")  # Keep the name as typed, in the filter's format
    assert json.load(open(tmp_path / "map.txt"))["type"] == "FeatureCollection"
    assert asked == [("map.txt", "geojson")] * 3 and not win.errors


def test_a_scenario_extension_points_to_save_as(win, tmp_path):
    assert not export(win, tmp_path / "copy.yaml", "geojson")
    assert "Save As" in win.errors[0] and not (tmp_path / "copy.yaml").exists()


def test_a_name_the_extension_changed_is_not_replaced_without_asking(win, tmp_path):
    (tmp_path / "map.geojson").write_text("mine", encoding="utf-8")
    win.ask_replace = lambda paths: False
    assert not export(win, tmp_path / "map", "geojson")
    assert (tmp_path / "map.geojson").read_text(encoding="utf-8") == "mine"


def test_the_files_beside_an_export_are_asked_about_once_and_kept_when_refused(win, tmp_path):
    # A Tiled map writes its tile images beside it: one there already is not replaced unasked.
    (tmp_path / "map-terrain.png").write_text("mine", encoding="utf-8")
    asked = []
    win.ask_replace = lambda paths: asked.append([os.path.basename(p) for p in paths]) or False
    assert not export(win, tmp_path / "map.tmx", "tmx")
    assert asked == [["map-terrain.png"]]
    assert (tmp_path / "map-terrain.png").read_text(encoding="utf-8") == "mine" and not (tmp_path / "map.tmx").exists()
    win.ask_replace = lambda paths: True
    assert export(win, tmp_path / "map.tmx", "tmx")
    assert (tmp_path / "map-terrain.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("filter_id, typed, ext", [("png", "exp2", ".png"), ("geojson", "exp3.svg", ".svg")])
def test_a_print_export_names_the_page_files_it_wrote(qtbot, tmp_path, filter_id, typed, ext):
    w = make_window(qtbot, tmp_path, source=MOOREA, show=False)
    w.messages = []
    w.status = w.messages.append
    w.show_error = lambda title, text: pytest.fail(text)
    w.ask_print_options = lambda fmt, choices: {**choices, "png": "pages"}  # PNG: the pages, not one map image
    out = tmp_path / "out"
    out.mkdir()
    assert export(w, out / typed, filter_id)
    files = sorted(os.listdir(out))
    n = len(files)
    assert n > 9 and files == [f"exp{typed[3]}-p{i:02d}{ext}" for i in range(1, n + 1)]
    assert not (out / f"exp{typed[3]}{ext}").exists()
    [said] = w.messages
    assert f"{n} pages, {files[0]} … {files[-1]} in {out}" in said
