"""The island draft's options as the editor asks them: the same as `motu import` and `motu map
add-island` offer (hex size in miles or km, margin, land fraction, lagoon, reef and passes, inland
bands, suggested areas and region), as a form and as the IslandPlan they make.

Scope: the form (CoastlineForm) and the value it reads into (DraftOptions), and turning a
coastline file and the options into the engine's IslandPlan. Drafting is motu/engine/io/coastline.py;
the dialog with its preview is coastline_dialog.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QSpinBox, QWidget,
)

from motu.engine.io.island_file import IslandFile, plan_from_file
from motu.engine.io.island_plan import Band, IslandPlan, Recipe
from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.georef import Georef
from motu.engine.scenario.model import Scenario

MILE_KM = 1.609344
AREA_CHOICES = (("auto", "Automatic: villages, else districts, else wedges"), ("wedges", "Equal wedges from the centre"),
                ("districts", "Wedges from the district points"), ("villages", "The land round each village point"),
                ("none", "None: I draw the areas"))


def hex_across_km(s: Scenario, rec: Recipe) -> float:
    """The distance between the centres of two neighbouring cells of `s`, in km: by its georeference,
    else the recipe's hex (what `motu map add-island` measures margins and bands in)."""
    g = Georef.of(s)
    if g is None:
        return rec.hex_km
    return g.km_per_unit * s.grid.across


@dataclass(frozen=True)
class DraftOptions:
    """What the designer asked of one draft."""

    name: str
    region: str | None = None
    hex_km: float | None = None  # None: the open map's hexes
    margin_km: float | None = None  # None: the recipe's
    land_fraction: float | None = None
    lagoon: int | None = None
    reef: bool = True
    file_passes: bool = True  # the passes the coastline file marks
    passes: tuple[tuple[float, float], ...] = ()  # [lon, lat] marked on the preview
    bands_km: tuple[float, ...] | None = None  # None: by the island's depth
    areas: str = "auto"
    wedges: int | None = None

    def plan(self, f: IslandFile) -> IslandPlan:
        kept = f if self.file_passes else IslandFile(f.land, f.name, [], f.districts, f.villages, f.centre)
        return plan_from_file(kept, self.name or None, passes=self.passes, region=self.region or None,
                              land_fraction=self.land_fraction, lagoon_width=self.lagoon, reef=self.reef,
                              bands=(Band(self.bands_km),) if self.bands_km else (), areas=self.areas,
                              wedges=self.wedges)


def _spin(name: str, lo: float, hi: float, value: float, decimals: int = 2, step: float = 0.1) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setObjectName(name)
    box.setRange(lo, hi)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setValue(value)
    return box


def hbox(*widgets, stretch: bool = False) -> QWidget:
    """Widgets side by side in one form row."""
    w = QWidget()
    lay = QHBoxLayout(w)
    lay.setContentsMargins(0, 0, 0, 0)
    for x in widgets:
        lay.addWidget(x)
    if stretch:
        lay.addStretch(1)
    return w


class CoastlineForm(QWidget):
    """The draft's options; `changed` whenever one changes."""

    changed = Signal()

    def __init__(self, rec: Recipe, cat: Catalogue, map_hex_km: float | None, parent=None):
        """`map_hex_km`: the open map's hex (add an island to it, or lay a new map on its hexes), or None."""
        super().__init__(parent)
        self.rec = rec
        form = QFormLayout(self)
        self.name = QLineEdit(objectName="coastName")
        self.region = QLineEdit(objectName="coastRegion")
        self.region.setPlaceholderText("the island's name")
        form.addRow("Island", self.name)
        form.addRow("Region of its areas", self.region)
        self.hex = _spin("coastHex", 0.05, 100.0, rec.hex_km / MILE_KM, 3)
        self.hex_unit = QComboBox(objectName="coastHexUnit")
        self.hex_unit.addItems(["mi", "km"])
        self.like = QCheckBox("On the open map's hexes", objectName="coastLike")
        self.map_hex_km = map_hex_km
        self.like.setVisible(map_hex_km is not None)
        self.like.setToolTip("Lay the island on the open map's lattice (its georeference, grid and hex size), so the "
                             "two maps can be merged hex for hex")
        form.addRow("Hex size", hbox(self.hex, self.hex_unit, self.like))
        self.margin = _spin("coastMargin", 0.0, 200.0, rec.margin_hexes, 2, 1.0)
        self.margin_unit = QComboBox(objectName="coastMarginUnit")
        self.margin_unit.addItems(["hexes", "km"])
        form.addRow("Open sea round the land", hbox(self.margin, self.margin_unit))
        self.land = QSpinBox(objectName="coastLand")
        self.land.setRange(1, 100)
        self.land.setSuffix(" %")
        self.land.setValue(round(rec.land_fraction * 100))
        self.land.setToolTip("A hex at least this much land is land")
        form.addRow("Land from", self.land)
        self.lagoon = QSpinBox(objectName="coastLagoon")
        self.lagoon.setRange(0, 9)
        self.lagoon.setValue(rec.lagoon_width)
        self.lagoon.setToolTip("Hexes of lagoon round the land (0: no lagoon, no reef)")
        self.reef = QCheckBox("Reef on its outer hexsides", objectName="coastReef")
        self.reef.setChecked(rec.reef is not None)
        self.reef.setEnabled(rec.reef is not None)
        form.addRow("Lagoon", hbox(self.lagoon, QLabel("hexes wide"), self.reef, stretch=True))
        self.file_passes = QCheckBox("The file's passes", objectName="coastFilePasses")
        self.file_passes.setChecked(True)
        self.passes_label = QLabel("", objectName="coastPasses")
        self.passes_label.setWordWrap(True)
        form.addRow("Passes", hbox(self.file_passes, self.passes_label, stretch=True))
        names = [cat.terrain[t].name if t in cat.terrain else t for t in rec.inland]
        self.auto_bands = QCheckBox("Bands by the island's depth (no heights in a coastline)", objectName="coastAutoBands")
        self.auto_bands.setChecked(True)
        self.bands = [_spin(f"coastBand{i}", 0.0, 100.0, 2.0 * (i + 1), 2) for i in range(len(rec.inland) - 1)]
        band_row = []
        for name, box in zip(names, self.bands):
            box.setSuffix(" km")
            band_row += [QLabel(f"{name} to"), box]
        band_row.append(QLabel(f"{names[-1].lower()} beyond" if names else ""))
        form.addRow("Inland", self.auto_bands)
        form.addRow("", hbox(*band_row, stretch=True))
        self.areas = QComboBox(objectName="coastAreas")
        for key, text in AREA_CHOICES:
            self.areas.addItem(text, key)
        self.wedges = QSpinBox(objectName="coastWedges")
        self.wedges.setRange(0, 24)
        self.wedges.setSpecialValueText("auto")
        self.wedges.setToolTip(f"How many equal wedges (auto: about {rec.area_hexes} land hexes each)")
        form.addRow("Suggested areas", self.areas)
        form.addRow("Wedges", hbox(self.wedges, stretch=True))
        self._typed = {}
        for w in (self.name, self.region):  # a name changes the draft when it is typed, not when focus leaves
            w.editingFinished.connect(lambda w=w: self._finished_typing(w))
        for w in (self.hex, self.margin, *self.bands):
            w.valueChanged.connect(self.changed)
        for w in (self.land, self.lagoon, self.wedges):
            w.valueChanged.connect(self.changed)
        for w in (self.hex_unit, self.margin_unit, self.areas):
            w.currentIndexChanged.connect(self.changed)
        for w in (self.reef, self.file_passes, self.auto_bands, self.like):
            w.toggled.connect(self.changed)
        self.changed.connect(self._enable)
        self._enable()

    def _finished_typing(self, w: QLineEdit) -> None:
        if self._typed.get(w.objectName(), "") != w.text():
            self._typed[w.objectName()] = w.text()
            self.changed.emit()

    def _enable(self) -> None:
        self.hex.setEnabled(not self.like.isChecked())
        self.hex_unit.setEnabled(not self.like.isChecked())
        for box in self.bands:
            box.setEnabled(not self.auto_bands.isChecked())
        self.reef.setEnabled(self.rec.reef is not None and self.lagoon.value() > 0)
        self.wedges.setEnabled(self.areas.currentData() in ("auto", "wedges"))

    def fix_hex(self, km: float, why: str) -> None:
        """The hexes are the open map's (adding an island to it): the size shows, and cannot change."""
        self.map_hex_km = km
        self.hex.setValue(km / MILE_KM)
        self.hex_unit.setCurrentIndex(0)
        self.hex.setEnabled(False)
        self.hex_unit.setEnabled(False)
        self.like.setChecked(True)
        self.like.setVisible(False)
        self.hex.setToolTip(why)

    def hex_km(self) -> float:
        if self.like.isChecked() and self.map_hex_km is not None:
            return self.map_hex_km
        return self.hex.value() * (MILE_KM if self.hex_unit.currentIndex() == 0 else 1.0)

    def options(self, passes: tuple[tuple[float, float], ...] = ()) -> DraftOptions:
        hex_km = self.hex_km()
        margin = self.margin.value() * (hex_km if self.margin_unit.currentIndex() == 0 else 1.0)
        self._typed = {w.objectName(): w.text() for w in (self.name, self.region)}
        bands = None if self.auto_bands.isChecked() else tuple(b.value() for b in self.bands)
        if bands is not None and list(bands) != sorted(bands):
            raise ValueError("the inland bands' limits must grow inland (clear ends before jungle does)")
        return DraftOptions(
            name=self.name.text().strip(), region=self.region.text().strip() or None,
            hex_km=None if self.like.isChecked() else hex_km, margin_km=margin,
            land_fraction=self.land.value() / 100, lagoon=self.lagoon.value(),
            reef=self.reef.isChecked() and self.lagoon.value() > 0, file_passes=self.file_passes.isChecked(),
            passes=passes, bands_km=bands, areas=self.areas.currentData(), wedges=self.wedges.value() or None)


__all__ = ["CoastlineForm", "DraftOptions", "hbox", "hex_across_km", "MILE_KM", "AREA_CHOICES"]
