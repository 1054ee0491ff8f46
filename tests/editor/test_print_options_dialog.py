"""File → Export's print options: the dialog asks a PNG export for one image of the map or the pages
(the map by default), offers paper, hex size and resolution, and what it answers reaches the files;
the next print export starts from the last one's choices."""
import os
import xml.etree.ElementTree as ET

from PySide6.QtGui import QImage

from editor_test_support import make_window
from motu.editor.export.print_qt import png_size
from motu.editor.print_dialog import CUSTOM, PrintOptionsDialog, remembered
from motu.engine.io.formats import ExportOptions
from motu.engine.io.print_map import map_scene
from motu.engine.io.registry import get_format


def test_a_png_export_asks_map_or_pages_and_starts_on_the_map(qtbot):
    d = PrintOptionsDialog("png", "PNG image", {"paper": "A4", "cell_mm": 19.0, "dpi": 150, "png": "map"})
    qtbot.addWidget(d)
    assert d.map_image.isChecked() and not d.paper.isEnabled()  # one image of the map has no paper
    d.pages.setChecked(True)
    assert d.paper.isEnabled()
    d.paper.setCurrentText("Letter")
    d.cell.setValue(22.5)
    d.dpi.setValue(300)
    assert d.choices() == {"paper": "Letter", "cell_mm": 22.5, "dpi": 300, "png": "pages", "whole_map": False}


def test_a_custom_paper_is_its_size_in_millimetres(qtbot):
    d = PrintOptionsDialog("pdf", "PDF", {"paper": "300x200mm"})
    qtbot.addWidget(d)
    assert d.paper.currentText() == CUSTOM and d.width_mm.isEnabled() and not d.map_image.isVisibleTo(d)
    d.width_mm.setValue(420)
    assert d.choices()["paper"] == "420x200mm" and d.choices()["png"] == "pages"
    d.paper.setCurrentText("Legal")
    assert not d.width_mm.isEnabled() and (d.width_mm.value(), d.height_mm.value()) == (215.9, 355.6)


def test_the_choices_reach_the_export_and_are_kept_for_the_next(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, show=False)
    w.show_error = lambda title, text: (_ for _ in ()).throw(AssertionError(text))
    w.status = lambda text: None
    asked = []

    def answer(fmt, choices):
        asked.append(dict(choices))
        return {**choices, "paper": "Letter", "cell_mm": 24.0, "dpi": 90}

    w.ask_print_options = answer
    out = tmp_path / "out"
    out.mkdir()
    w.choose_export_path = lambda fmts: (str(out / "map.svg"), get_format("svg"))
    assert w.file_export()
    assert asked == [{"paper": "A4", "cell_mm": 19.0, "dpi": 150, "png": "map", "whole_map": False}]  # the defaults
    roots = [ET.parse(out / f).getroot() for f in os.listdir(out)]
    assert {tuple(sorted((r.get("width"), r.get("height")))) for r in roots} == {("215.9mm", "279.4mm")}
    w.choose_export_path = lambda fmts: (str(out / "map.png"), get_format("png"))
    assert w.file_export()
    assert asked[-1]["paper"] == "Letter" and asked[-1]["cell_mm"] == 24.0  # as last time
    scene = map_scene(w.document.scenario, 24.0)
    image = QImage(str(out / "map.png"))  # one image of the map, by default
    assert (image.width(), image.height()) == png_size(scene.width, scene.height, 90)
    assert remembered(w.settings_store)["dpi"] == 90


def test_cancelling_the_options_writes_nothing(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, show=False)
    w.ask_print_options = lambda fmt, choices: None
    w.choose_export_path = lambda fmts: (str(tmp_path / "x.pdf"), get_format("pdf"))
    assert not w.file_export() and not (tmp_path / "x.pdf").exists()


def test_remembered_choices_fall_back_to_the_defaults_when_unreadable(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, show=False)
    w.settings_store.setValue("export/print/paper", "b9")
    w.settings_store.setValue("export/print/dpi", "lots")
    got = remembered(w.settings_store)
    assert got["paper"] == ExportOptions().paper and got["dpi"] == ExportOptions().dpi
