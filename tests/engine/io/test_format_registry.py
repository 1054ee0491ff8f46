"""The format registry (motu/engine/io/registry.py): every format declared once, in the modules it
lists, with what it needs to be written; formats that draw with Qt get their drawing half only
when given one, and are refused (writing nothing) without it."""
import pytest

from motu.engine.io import geojson, geopackage, print_formats, tiled, vassal
from motu.engine.io.formats import ExportOptions
from motu.engine.io.registry import FORMAT_MODULES, MOTU, REGISTRY, Registry, declared


def test_the_registry_holds_the_declared_formats_in_the_declared_order():
    assert FORMAT_MODULES == (tiled, geojson, geopackage, print_formats, vassal)
    ids = [f.id for f in REGISTRY.formats()]
    assert ids == [f.id for f in declared()] == ["motu", "tmx", "tiled-json", "geojson", "gpkg", "svg", "png", "pdf", "vmod"]
    assert [f.id for f in REGISTRY.exports()] == ids[1:]


def test_what_each_format_declares():
    by_id = {f.id: f for f in REGISTRY.formats()}
    assert [i for i, f in by_id.items() if f.paged] == ["svg", "png", "pdf"]
    assert [i for i, f in by_id.items() if f.needs_qt] == ["tmx", "tiled-json", "png", "pdf", "vmod"]
    assert [i for i, f in by_id.items() if f.load is not None] == ["motu", "tmx", "tiled-json"]
    assert by_id["tiled-json"].endings == (".tmj", ".json")
    assert REGISTRY.export_endings() == {".tmx": "tmx", ".tmj": "tiled-json", ".json": "tiled-json",
                                         ".geojson": "geojson", ".gpkg": "gpkg", ".svg": "svg", ".png": "png", ".pdf": "pdf",
                                         ".vmod": "vmod"}
    assert REGISTRY.for_path("x.JSON") is MOTU  # reading: .json is not taken for a Tiled map


@pytest.mark.parametrize("format_id", ["png", "pdf", "vmod"])
def test_a_format_drawn_by_qt_is_refused_without_its_drawing(example_hex, tmp_path, format_id):
    out = tmp_path / f"m.{format_id}"
    with pytest.raises(ValueError, match="drawn by Qt"):
        REGISTRY.save(example_hex, str(out), format_id)
    assert list(tmp_path.iterdir()) == []


def test_the_drawing_given_reaches_the_save_and_the_file_list(example_hex, tmp_path):
    seen = []

    def pages(s, path, options):
        seen.append((path, options.whole_map, options.paper, options.cell_mm))
        open(path, "wb").close()
        return [path]

    drawn = REGISTRY.drawn_by({"pdf": pages})
    out = str(tmp_path / "m.pdf")
    assert drawn.paths(example_hex, out, "pdf", whole_map=True) == [out]
    assert drawn.save(example_hex, out, "pdf", whole_map=True, paper="Letter", cell_mm=22.0).paths == (out,)
    assert seen == [(out, True, "Letter", 22.0)]  # the print's choices reach the drawing
    assert drawn.options("pdf", True) == ExportOptions(True, pages) and REGISTRY.options("pdf") == ExportOptions()
    assert REGISTRY.drawings == {}  # the engine's own registry is left as it was


def test_a_drawing_for_a_format_that_needs_none_is_refused():
    with pytest.raises(ValueError, match="geojson"):
        REGISTRY.drawn_by({"geojson": lambda *a: b""})
    with pytest.raises(ValueError, match="nope"):
        Registry(declared(), {"nope": lambda *a: b""})


def test_a_format_declared_twice_is_refused():
    with pytest.raises(ValueError, match="declared twice: svg"):
        Registry(declared() + list(print_formats.FORMATS[:1]))
