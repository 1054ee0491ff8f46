"""The command line's and the editor's lists of formats are the format registry's
(motu/engine/io/registry.py): `motu export --to`, the endings that choose a format, the print formats
`--whole-map` is for, File → Export's formats and filters, and the drawing halves Qt gives."""
import argparse
import os

import pytest
from PySide6.QtWidgets import QFileDialog

from motu.editor.export import DRAWINGS, formats
from motu.editor.export_target import filter_text, known_extensions
from editor_test_support import make_window
from motu.engine.io.registry import REGISTRY
from motu import common, convert_cli
from motu.cli import build_parser

EXPORT_IDS = [f.id for f in REGISTRY.exports()]


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


def test_the_command_line_offers_the_registry_s_formats():
    to = next(a for a in _subcommand(build_parser(), "export")._actions if a.dest == "to")
    assert list(convert_cli.EXPORTS) == EXPORT_IDS == ["tmx", "tiled-json", "geojson", "gpkg", "svg", "png", "pdf", "vmod"]
    # A PNG is one image of the map (png, png-map) or the print's pages (png-pages).
    assert list(to.choices) == ["tmx", "tiled-json", "geojson", "gpkg", "svg", "png", "png-map", "png-pages", "pdf", "vmod"]
    assert common.EXPORT_ENDINGS == REGISTRY.export_endings()
    assert all(common.EXPORT_ENDINGS[e] == f.id for f in REGISTRY.exports() for e in f.endings)
    assert list(convert_cli.PRINTS) == [f.id for f in REGISTRY.exports() if f.paged] == ["svg", "png", "pdf"]


def test_the_editor_offers_the_registry_s_formats(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, show=False)
    assert [f.id for f in w.export_formats()] == EXPORT_IDS
    shown = []

    def dialog(parent, caption, start, filters, selected="", *args, **kwargs):
        shown.append(filters.split(";;"))
        return "", ""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    assert not w.file_export()
    assert shown == [[filter_text(f) for f in REGISTRY.exports()]]
    assert known_extensions(w.export_formats()) == ", ".join(REGISTRY.export_endings())


def test_qt_draws_exactly_the_formats_that_need_it():
    assert list(DRAWINGS) == [f.id for f in REGISTRY.formats() if f.needs_qt]
    assert formats().drawings == DRAWINGS and [f.id for f in formats().exports()] == EXPORT_IDS


@pytest.mark.parametrize("fmt, whole_map", [(f, w) for f in formats().exports() for w in (False, True)[:1 + f.paged]],
                         ids=lambda v: v.id if hasattr(v, "id") else ("whole-map" if v else "cropped"))
def test_every_export_writes_the_files_its_format_lists(example_hex, tmp_path, fmt, whole_map):
    """What the overwrite check asks about is what the save writes, for every format the registry holds."""
    drawn = formats()
    folder = tmp_path / "out"
    folder.mkdir()
    out = str(folder / f"m{fmt.extensions[0]}")
    listed = drawn.paths(example_hex, out, fmt.id, whole_map=whole_map)
    written = drawn.save(example_hex, out, fmt.id, whole_map=whole_map)
    assert list(written.paths) == listed
    assert sorted(listed) == sorted(os.path.join(folder, n) for n in os.listdir(folder))
