"""`motu export`'s print options: --paper, --hex-size and --dpi reach the pages, a `.png` is one image
of the map unless `--to png-pages` asks for the pages, and an option that changes nothing for the
format asked is refused in one line."""
import os
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage

from motu.cli import main
from motu.editor.export.print_qt import png_size
from motu.engine.io.native import load_path
from motu.engine.io.print_map import map_scene

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def svg_sizes(folder):
    roots = [ET.parse(folder / f).getroot() for f in sorted(os.listdir(folder))]
    return {tuple(sorted((r.get("width"), r.get("height")))) for r in roots}


@pytest.mark.parametrize("paper, size", [("letter", ("215.9mm", "279.4mm")), ("Legal", ("215.9mm", "355.6mm")),
                                         ("a4", ("210mm", "297mm")), ("250x400mm", ("250mm", "400mm"))])
def test_paper_sets_every_page_s_size(capsys, tmp_path, paper, size):
    code, _, err = run(capsys, "export", FERN, "--paper", paper, str(tmp_path / "f.svg"))
    assert code == 0, err
    assert svg_sizes(tmp_path) == {tuple(sorted(size))}


def test_the_default_paper_is_a4(capsys, tmp_path):
    assert run(capsys, "export", FERN, str(tmp_path / "f.svg"))[0] == 0
    assert svg_sizes(tmp_path) == {("210mm", "297mm")}


def test_a_png_is_one_image_of_the_map_at_the_hex_size_and_dpi_asked(capsys, tmp_path):
    out = tmp_path / "fern.png"
    code, text, err = run(capsys, "export", FERN, "--hex-size", "25mm", "--dpi", "120", str(out))
    assert code == 0, err
    assert os.listdir(tmp_path) == ["fern.png"] and "PNG image of the map" in text
    scene = map_scene(load_path(FERN), 25.0)
    image = QImage(str(out))
    assert (image.width(), image.height()) == png_size(scene.width, scene.height, 120)
    assert round(image.dotsPerMeterX() * 0.0254) == 120
    same = tmp_path / "again.png"
    assert run(capsys, "export", FERN, "--to", "png-map", str(same))[0] == 0  # png-map says the same
    scene = map_scene(load_path(FERN), 19.0)
    assert (QImage(str(same)).width(), QImage(str(same)).height()) == png_size(scene.width, scene.height, 150)


def test_png_pages_are_the_print_s_pages_on_the_paper_asked(capsys, tmp_path):
    code, text, err = run(capsys, "export", FERN, "--to", "png-pages", "--paper", "letter", "--dpi", "60",
                          str(tmp_path / "f.png"))
    assert code == 0, err
    files = sorted(os.listdir(tmp_path))
    assert len(files) > 1 and files[0] == "f-p01.png" and "PNG print pages" in text
    letter = png_size(215.9, 279.4, 60)
    for f in files:
        image = QImage(str(tmp_path / f))
        assert tuple(sorted((image.width(), image.height()))) == tuple(sorted(letter)), f


def test_the_hex_size_sets_the_printed_cell(capsys, tmp_path):
    assert run(capsys, "export", FERN, "--hex-size", "30", "--paper", "a3", str(tmp_path / "f.svg"))[0] == 0
    first = ET.parse(tmp_path / sorted(os.listdir(tmp_path))[0]).getroot()
    cells = [e for e in first.iter("{http://www.w3.org/2000/svg}polygon") if e.get("class") == "cell"]
    xs = sorted({round(float(v.split(",")[0]), 2) for v in cells[0].get("points").split()})
    assert xs[-1] - xs[0] == pytest.approx(30.0, abs=0.01)  # a square 30 mm a side


@pytest.mark.parametrize("argv, said", [
    (["--dpi", "100", "OUT.pdf"], "--dpi is for PNG"),
    (["--to", "png-map", "--paper", "a4", "OUT.png"], "--paper is for print pages"),
    (["--paper", "b7", "OUT.pdf"], "unknown paper 'b7'"),
    (["--paper", "0x100mm", "OUT.pdf"], "above 0"),
    (["--hex-size", "12", "OUT.geojson"], "--hex-size is for print exports"),
])
def test_an_option_that_changes_nothing_or_makes_no_pages_is_refused(capsys, tmp_path, argv, said):
    argv = [a.replace("OUT", str(tmp_path / "x")) for a in argv]
    code, _, err = run(capsys, "export", FERN, *argv)
    assert code != 0 and said in err and os.listdir(tmp_path) == []


@pytest.mark.parametrize("argv, said", [(["--dpi", "20"], "outside 30 to 1200"), (["--dpi", "many"], "whole number"),
                                        (["--hex-size", "1"], "2 to 500 mm"), (["--hex-size", "big"], "millimetres")])
def test_bad_numbers_are_refused_by_the_parser(capsys, tmp_path, argv, said):
    code, _, err = run(capsys, "export", FERN, *argv, str(tmp_path / "x.png"))
    assert code == 2 and said in err and argv[0] in err and os.listdir(tmp_path) == []
