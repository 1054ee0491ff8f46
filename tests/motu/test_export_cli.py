"""`motu export` says what it wrote: every page file of a print export, and a map written
in its own local plane rather than in longitude and latitude."""
import json
import os

from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_svg_export_names_every_page_it_wrote(capsys, tmp_path):
    out = str(tmp_path / "tahiti.svg")
    code, text, _ = run(capsys, "export", os.path.join(ROOT, "scenarios", "tahiti.yaml"), out)
    written = sorted(str(p) for p in tmp_path.iterdir())
    assert code == 0 and len(written) > 1 and not os.path.exists(out)
    assert [line.strip() for line in text.splitlines()[1:]] == [str(tmp_path / f"tahiti-p{i:02d}.svg")
                                                               for i in range(1, len(written) + 1)]
    assert text.splitlines()[0].startswith(f"{out}: Print-and-play SVG") and f"written as {len(written)} files" in text


def test_geojson_of_a_map_without_georeference_says_so(capsys, tmp_path):
    out = str(tmp_path / "fern.geojson")
    code, text, _ = run(capsys, "export", os.path.join(ROOT, "scenarios", "fern-ambush.yaml"), out)
    assert code == 0 and text.splitlines()[0].startswith(f"{out}: GeoJSON")
    assert "note: the map has no georeference" in text and "not longitude and latitude" in text
    code, text, _ = run(capsys, "--json", "export", os.path.join(ROOT, "scenarios", "fern-ambush.yaml"),
                        str(tmp_path / "again.geojson"))
    assert json.loads(text)["notes"] and json.load(open(tmp_path / "again.geojson"))["motu"]["georeferenced"] is False


def test_tiled_export_names_its_tile_images(capsys, tmp_path):
    out = str(tmp_path / "ex.tmx")
    code, text, _ = run(capsys, "export", os.path.join(ROOT, "scenarios", "example-hex.yaml"), out)
    lines = text.splitlines()
    assert code == 0 and lines[0].startswith(f"{out}: Tiled map (TMX)") and "and 4 more files" in lines[0]
    assert [line.strip() for line in lines[1:]] == [str(tmp_path / f"ex-{t}.png") for t in ("terrain", "areas", "counters", "features")]
    assert all(os.path.exists(line.strip()) for line in lines[1:])


def test_print_crops_to_the_land_unless_the_whole_map_is_asked_for(capsys, tmp_path):
    src = os.path.join(ROOT, "scenarios", "tahiti.yaml")
    (tmp_path / "crop").mkdir()
    (tmp_path / "whole").mkdir()
    assert run(capsys, "export", src, str(tmp_path / "crop" / "t.svg"))[0] == 0
    assert run(capsys, "export", src, "--whole-map", str(tmp_path / "whole" / "t.svg"))[0] == 0
    assert len(list((tmp_path / "whole").iterdir())) > len(list((tmp_path / "crop").iterdir()))
