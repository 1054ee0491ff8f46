"""File → Export's print options: paper, cell size, resolution, and for PNG one image of the map or pages.

Scope: the dialog a print export (SVG, PDF, PNG: the registry's paged formats) asks before it
writes, and the choices it keeps between exports (QSettings under `export/print/…`). The choices
are formats.ExportOptions' own (paper, cell_mm, dpi, png, and whole_map), the same `motu export`
takes as --paper, --hex-size, --dpi, --to png-map|png-pages and --whole-map (docs/exports.md).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QHBoxLayout, QLabel, QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from motu.engine.io.formats import ExportOptions
from motu.engine.io.print_layout import PAPERS, PrintError, paper_size

KEY = "export/print/"
CUSTOM = "Custom size"
_DEFAULTS = ExportOptions()


def remembered(settings) -> dict[str, Any]:
    """The last print export's choices (the defaults the first time): ExportOptions' fields."""
    def value(name: str, kind: type, default: Any) -> Any:
        try:
            return kind(settings.value(KEY + name, default))
        except (TypeError, ValueError):
            return default
    choices = {"paper": value("paper", str, _DEFAULTS.paper), "cell_mm": value("cell_mm", float, _DEFAULTS.cell_mm),
               "dpi": value("dpi", int, _DEFAULTS.dpi), "png": value("png", str, _DEFAULTS.png),
               "whole_map": str(settings.value(KEY + "whole_map", "false")).lower() == "true"}
    try:
        paper_size(choices["paper"])
    except PrintError:
        choices["paper"] = _DEFAULTS.paper
    if choices["png"] not in ("map", "pages"):
        choices["png"] = _DEFAULTS.png
    return choices


def remember(settings, choices: dict[str, Any]) -> None:
    for name, v in choices.items():
        settings.setValue(KEY + name, "true" if v is True else "false" if v is False else v)


class PrintOptionsDialog(QDialog):
    """What a print export writes; `choices()` once accepted."""

    def __init__(self, format_id: str, format_name: str, choices: dict[str, Any], square: bool = False, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Export: print options")
        self.setObjectName("printOptionsDialog")
        self.format_id = format_id
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(format_name))
        self.map_image = QRadioButton("One image of the whole map", objectName="pngMap")
        self.pages = QRadioButton("Pages to print: map sheets, legend and counters", objectName="pngPages")
        group = QButtonGroup(self)
        group.addButton(self.map_image)
        group.addButton(self.pages)
        if format_id == "png":
            lay.addWidget(self.map_image)
            lay.addWidget(self.pages)
            (self.pages if choices.get("png") == "pages" else self.map_image).setChecked(True)
        else:
            self.pages.setChecked(True)
        form = QFormLayout()
        self.paper = QComboBox(objectName="printPaper")
        self.paper.addItems(list(PAPERS) + [CUSTOM])
        self.width_mm = QDoubleSpinBox(objectName="printPaperWidth", suffix=" mm", decimals=1)
        self.height_mm = QDoubleSpinBox(objectName="printPaperHeight", suffix=" mm", decimals=1)
        for box in (self.width_mm, self.height_mm):
            box.setRange(50.0, 5000.0)
        size = QWidget()
        row = QHBoxLayout(size)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.width_mm)
        row.addWidget(QLabel("x"))
        row.addWidget(self.height_mm)
        paper = str(choices.get("paper", _DEFAULTS.paper))
        named = next((n for n in PAPERS if n.lower() == paper.strip().lower()), None)
        w, h = paper_size(paper if named or _parses(paper) else _DEFAULTS.paper)
        self.width_mm.setValue(w)
        self.height_mm.setValue(h)
        self.paper.setCurrentText(named or CUSTOM)
        self.paper.currentTextChanged.connect(self._paper_chosen)
        self.cell = QDoubleSpinBox(objectName="printCellSize", suffix=" mm", decimals=1)
        self.cell.setRange(5.0, 100.0)
        self.cell.setValue(float(choices.get("cell_mm", _DEFAULTS.cell_mm)))
        self.dpi = QSpinBox(objectName="printDpi", suffix=" dpi")
        self.dpi.setRange(30, 1200)
        self.dpi.setValue(int(choices.get("dpi", _DEFAULTS.dpi)))
        self.whole = QCheckBox("Every cell, not only the land and a margin round it", objectName="printWholeMap")
        self.whole.setChecked(bool(choices.get("whole_map", False)))
        form.addRow("Paper", self.paper)
        form.addRow("Paper size", size)
        form.addRow("Square size (a side)" if square else "Hex size (across the flats)", self.cell)
        if format_id == "png":
            form.addRow("Resolution", self.dpi)
        form.addRow(self.whole)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Export")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._size_row = size
        self.map_image.toggled.connect(self._enable)
        self._enable()

    def _paper_chosen(self, name: str) -> None:
        if name in PAPERS:
            w, h = PAPERS[name]
            self.width_mm.setValue(w)
            self.height_mm.setValue(h)
        self._enable()

    def _enable(self) -> None:
        pages = self.pages.isChecked()
        self.paper.setEnabled(pages)  # one image of the map is as large as the map: no paper
        self._size_row.setEnabled(pages and self.paper.currentText() == CUSTOM)

    def choices(self) -> dict[str, Any]:
        name = self.paper.currentText()
        paper = name if name in PAPERS else f"{self.width_mm.value():g}x{self.height_mm.value():g}mm"
        return {"paper": paper, "cell_mm": round(self.cell.value(), 1), "dpi": self.dpi.value(),
                "png": "pages" if self.pages.isChecked() else "map", "whole_map": self.whole.isChecked()}


def _parses(paper: str) -> bool:
    try:
        paper_size(paper)
    except PrintError:
        return False
    return True


__all__ = ["PrintOptionsDialog", "remember", "remembered"]
