"""File → Import Coastline and Map → Add Island from Coastline: the draft's options, and a preview
of the draft drawn by the editor's own map canvas, redrawn off the GUI thread as options change.

Scope: the dialog. In "new" mode its result is a new scenario holding the island (what `motu
import` makes); in "add" mode it is where the island goes on the open map — at its real place by
the map's georeference, centred on a hex, or where the designer clicks — and the plan, which
map_menu.py turns into one Edit. A click on the preview marks a pass through the reef there (a
second click near it takes the mark away).

The preview is what will be added: at its real place it is drafted on the map's own lattice;
centred on a hex (a hex given, or where the designer clicks) it is drafted with the land's centroid
on a hex's centre, as add_island places it — the same island on every hex, since hexes repeat.
Both are drafted together, so choosing where the island goes shows its draft at once.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QTimer, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QButtonGroup, QDialog, QDialogButtonBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QProgressBar, QPushButton,
    QRadioButton, QSplitter, QVBoxLayout, QWidget,
)

from motu.engine.board.geometry import cell_centres
from motu.engine.io.coastline import Draft, centred_georef, describe_draft, new_map, placed_km_per_unit, recipe
from motu.engine.io.errors import LoadError
from motu.engine.io.island_file import IslandFile, read_island
from motu.engine.io.island_plan import IslandPlan
from motu.engine.rules.registry import get_ruleset, rulesets
from motu.engine.scenario.georef import Georef
from motu.engine.scenario.model import Scenario

from .canvas.map_item import MapItem, Overlay
from .canvas.view import MapView
from .coastline_options import CoastlineForm, DraftOptions, hbox, hex_across_km
from .document import Document
from .worker import Job

DEBOUNCE_MS = 250
LIKE_KEY = "coastline/on_map_hexes"  # the import's "On the open map's hexes", as last chosen


def _truth(value) -> bool:
    """A QSettings boolean: INI files give it back as the text "true"."""
    return value is True or str(value).lower() == "true"


@dataclass
class Preview:
    scenario: Scenario
    draft: Draft
    plan: IslandPlan


def draft(rules: str, island: IslandFile, opts: DraftOptions, like: Scenario | None,
          orientation: tuple[str, str] | None, lattice: Georef | None = None, shape: str | None = None) -> Preview:
    """The island on a map of its own (runs off the GUI thread: `like` is a copy), on `like`'s
    lattice, on `lattice` (a georeference whose origin is a hex centre), or on one of its own."""
    plan = opts.plan(island)
    own = like is None and lattice is None
    s, d = new_map(rules, plan, hex_km=opts.hex_km if own else None, margin_km=opts.margin_km, like=like,
                   lattice=lattice, shape=shape, orientation=orientation[0] if orientation else None,
                   offset=orientation[1] if orientation else None, title=plan.name)
    return Preview(s, d, plan)


class _PassMarker:
    """The preview's one tool: a left click marks (or unmarks) a pass at the hex clicked."""

    def __init__(self, dialog: "CoastlineDialog"):
        self.dialog = dialog
        self.cursor = QCursor(Qt.PointingHandCursor)

    def press(self, pos, e) -> None:
        if e.button() == Qt.LeftButton:
            cell = self.dialog.preview_item.cell_at(pos)
            if cell is not None:
                self.dialog.toggle_pass(cell)

    def key(self, e) -> bool:
        return False

    def __getattr__(self, name: str):
        """Whatever else the view tells its tool (moves, releases, leaving, activation) means nothing here."""
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args: None


class CoastlineDialog(QDialog):
    def __init__(self, window, path: str, island: IslandFile, mode: str = "new"):
        super().__init__(window)
        self.window_, self.mode, self.path, self.island = window, mode, path, island
        self.setObjectName("coastlineDialog")
        self.setWindowTitle("Import coastline" if mode == "new" else "Add island from coastline")
        s = window.document.scenario
        self.rules = s.ruleset if mode == "add" or recipe(s.ruleset) else next(
            (r.id for r in rulesets() if recipe(r.id) is not None), s.ruleset)
        self.rec = recipe(self.rules)
        cat = get_ruleset(self.rules).catalogue
        geo = Georef.of(s)
        same = s.ruleset == self.rules
        self.map_georef = geo is not None and same
        self.marked: list[tuple[float, float]] = []  # passes marked on the preview, [lon, lat]
        self.preview: Preview | None = None
        self.drafts: dict[str, Preview] = {}  # "real" (its place, or a map of its own), "placed" (centred on a hex)
        self._generation = 0
        self._job: Job | None = None
        self._accept_when_drafted = False
        lay = QVBoxLayout(self)
        head = QLabel(f"<b>{os.path.basename(path)}</b>: {self._describe(island)}")
        head.setWordWrap(True)
        lay.addWidget(head)
        split = QSplitter()
        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 0, 0)
        self.form = CoastlineForm(self.rec, cat, hex_across_km(s, self.rec) if (self.map_georef or mode == "add") else None)
        self.form.name.setText(island.name or os.path.splitext(os.path.basename(path))[0].replace("_", " ").title())
        store = getattr(window, "settings_store", None)
        if mode == "new" and self.form.map_hex_km is not None and store is not None:  # as chosen at the last import
            self.form.like.setChecked(_truth(store.value(LIKE_KEY, False)))
        if mode == "add":
            self.form.fix_hex(hex_across_km(s, self.rec), "An island added to a map lies on the map's own hexes")
            self.form.margin.setToolTip("The map grows to keep this much open sea round the new land")
        left_lay.addWidget(self.form)
        if mode == "add":
            left_lay.addWidget(self._placement(s))
        left_lay.addStretch(1)
        left.setMinimumWidth(470)
        left.setMaximumWidth(600)
        split.addWidget(left)
        right = QWidget()
        right_lay = QVBoxLayout(right)
        right_lay.setContentsMargins(0, 0, 0, 0)
        self.preview_doc = Document(get_ruleset(self.rules).new_scenario("hex", 2, 2) if self.rec else s.copy(), None, self)
        self.preview_item = MapItem(self.preview_doc)
        self.preview_item.cell_numbers = False
        self.preview_view = MapView(self.preview_item)
        self.preview_view.setObjectName("coastPreview")
        self.preview_view.setMinimumSize(420, 360)
        self.preview_view.set_tool(_PassMarker(self))
        right_lay.addWidget(self.preview_view, 1)
        hint = QLabel("Click the lagoon's edge to mark a pass through the reef; click a mark again to take it away.")
        hint.setWordWrap(True)
        right_lay.addWidget(hint)
        self.summary = QLabel("Drafting…", objectName="coastSummary")
        self.summary.setWordWrap(True)
        right_lay.addWidget(self.summary)
        self.progress = QProgressBar(objectName="coastProgress")
        self.progress.setRange(0, 0)
        self.progress.setMaximumHeight(8)
        self.progress.setTextVisible(False)
        right_lay.addWidget(self.progress)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        lay.addWidget(split, 1)
        row = QHBoxLayout()
        self.clear_marks = QPushButton("Take away the marked passes", objectName="coastClearPasses")
        self.clear_marks.clicked.connect(self.clear_passes)
        row.addWidget(self.clear_marks)
        row.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.Ok)
        self.ok.setText("Import" if mode == "new" else "Add island")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        row.addWidget(self.buttons)
        lay.addLayout(row)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.redraft)
        self.form.changed.connect(self.schedule)
        self.resize(1180, 740)
        self._show_passes()
        self.redraft()

    @staticmethod
    def _describe(f: IslandFile) -> str:
        w, s, e, n = f.land.bounds
        marks = [f"{len(f.passes)} passes" if f.passes else "", f"{len(f.districts)} district points" if f.districts else "",
                 f"{len(f.villages)} villages" if f.villages else ""]
        marks = [m for m in marks if m]
        return (f"{f.name or 'an unnamed island'}, {abs(s + n) / 2:.2f}°{'S' if s + n < 0 else 'N'} "
                f"{abs(w + e) / 2:.2f}°{'W' if w + e < 0 else 'E'}" + (f"; it marks {', '.join(marks)}" if marks else ""))

    def _placement(self, s: Scenario) -> QGroupBox:
        box = QGroupBox("Where the island goes")
        lay = QVBoxLayout(box)
        self.place_real = QRadioButton("At its real place (the map's georeference)", objectName="placeReal")
        self.place_click = QRadioButton("Where I click on the map", objectName="placeClick")
        self.place_hex = QRadioButton("Its centre on hex", objectName="placeHex")
        self.at_hex = QLineEdit(objectName="placeAt")
        self.at_hex.setPlaceholderText("as 5716")
        self.at_hex.setMaximumWidth(90)
        group = QButtonGroup(self)
        for b in (self.place_real, self.place_click, self.place_hex):
            group.addButton(b)
        self.place_real.setEnabled(self.map_georef)
        if not self.map_georef:
            self.place_real.setToolTip("The map has no georeference (tables.georeference): say where the island goes")
        (self.place_real if self.map_georef else self.place_click).setChecked(True)
        lay.addWidget(self.place_real)
        lay.addWidget(self.place_click)
        lay.addWidget(hbox(self.place_hex, self.at_hex, stretch=True))
        self.at_hex.textEdited.connect(lambda _t: self.place_hex.setChecked(True))
        self.place_real.toggled.connect(lambda _on: self._show_draft())
        return box

    def placement(self) -> tuple[str, int | None]:
        """("real" | "click" | "hex", the hex) — ValueError for a hex the map does not have."""
        if self.mode != "add" or self.place_real.isChecked():
            return "real", None
        if self.place_click.isChecked():
            return "click", None
        s = self.window_.document.scenario
        return "hex", s.grid.parse_label(self.at_hex.text().strip())

    # --- drafting ----------------------------------------------------------------------------------
    def schedule(self) -> None:
        self._generation += 1
        self.ok.setEnabled(True)  # OK while drafting waits for the draft
        self.progress.setVisible(True)
        self.timer.start()

    def redraft(self) -> None:
        """Draft again with the options as they are now, on a worker thread; the newest draft wins."""
        self._generation += 1
        gen = self._generation
        try:
            opts = self.form.options(tuple(self.marked))
        except ValueError as exc:
            self._failed(gen, str(exc))
            return
        s = self.window_.document.scenario
        like = s.copy() if opts.hex_km is None and self.map_georef else None
        if opts.hex_km is None and like is None:  # the map's hex size, on a lattice of the island's own
            opts = DraftOptions(**{**opts.__dict__, "hex_km": self.form.hex_km()})
        orient = (s.grid.orientation, s.grid.offset) if self.mode == "add" and s.grid.shape == "hex" else None
        rules, island = self.rules, self.island
        real = self.mode == "new" or self.map_georef  # in "add" mode the real place needs the map's georeference
        k = placed_km_per_unit(s, self.form.hex_km()) if self.mode == "add" else None
        shape = s.grid.shape

        def both() -> dict[str, Preview]:
            out = {"real": draft(rules, island, opts, like, orient)} if real else {}
            if k is not None:
                lattice = centred_georef(opts.plan(island), k)
                out["placed"] = draft(rules, island, opts, None, orient, lattice, shape)
            return out

        self.ok.setEnabled(True)
        self.progress.setVisible(True)
        self.summary.setText("Drafting…")
        self._job = Job(both, lambda d: self._drafted(gen, d), lambda m: self._failed(gen, m), self)

    def busy(self) -> bool:
        return self.timer.isActive() or (self._job is not None and self._job.running)

    def _drafted(self, gen: int, drafts: dict[str, Preview]) -> None:
        if gen != self._generation:
            return  # an older draft finished after a newer one began
        self.drafts = drafts
        self._show_draft()
        self.progress.setVisible(False)
        self.ok.setEnabled(True)
        if self._accept_when_drafted:
            self._accept_when_drafted = False
            self.accept()

    def _which(self) -> str:
        """The draft that shows what will be made: at the real place, or centred on a hex."""
        return "placed" if self.mode == "add" and not self.place_real.isChecked() else "real"

    def _show_draft(self) -> None:
        """Show the draft of the placement chosen, with its summary (no new drafting: both are made together)."""
        p = self.drafts.get(self._which())
        if p is None or p is self.preview:
            return
        self.preview = p
        self.preview_doc.replace(p.scenario, None)
        self.preview_item.rebuild()
        self.preview_view.scene().setSceneRect(self.preview_item.boundingRect())
        self.preview_view.fit()
        self._mark_passes()
        what = describe_draft(p.draft.summary)
        if self.mode == "new":
            self.summary.setText(f"{p.scenario.grid.columns} × {p.scenario.grid.rows} hexes. {what}")
        elif self._which() == "real":
            self.summary.setText(f"At its real place: {what}")
        else:
            self.summary.setText(f"Its centre on the centre of a hex (the same island on any hex): {what}")

    def _failed(self, gen: int, message: str) -> None:
        if gen != self._generation:
            return
        self.preview = None
        self.drafts = {}
        self.summary.setText(f"Cannot draft: {message}")
        self.progress.setVisible(False)
        self.ok.setEnabled(False)
        self._accept_when_drafted = False

    # --- passes -----------------------------------------------------------------------------------
    def toggle_pass(self, cell: int) -> None:
        """A pass at the clicked hex, or none where one was marked within a hex of it."""
        if self.preview is None:
            return
        s = self.preview.scenario
        geo = Georef.of(s)
        xy = cell_centres(s.grid)[cell]
        near = [i for i, p in enumerate(self.marked) if np.hypot(*(np.subtract(geo.point(*p), xy))) < 1.8]
        if near:
            del self.marked[near[0]]
        else:
            lon, lat = geo.to_lonlat(xy)[0]
            self.marked.append((round(float(lon), 6), round(float(lat), 6)))
        self._show_passes()
        self.schedule()

    def clear_passes(self) -> None:
        if self.marked:
            self.marked.clear()
            self._show_passes()
            self.schedule()

    def _show_passes(self) -> None:
        n = len(self.marked)
        k = len(self.island.passes)
        self.form.file_passes.setText(f"The file's {k} pass{'es' * (k != 1)}" if k else "The file marks none")
        self.form.file_passes.setEnabled(bool(k))
        self.form.passes_label.setText(f"and {n} marked on the preview" if n else "")
        self.clear_marks.setEnabled(bool(n))

    def _mark_passes(self) -> None:
        """The marked passes' hexes, outlined on the preview (the draft has made the gap in the reef)."""
        s = self.preview.scenario
        geo = Georef.of(s)
        xy = cell_centres(s.grid)
        cells = {int(np.argmin(((xy - geo.point(*p)) ** 2).sum(axis=1))): "" for p in self.marked}
        self.preview_item.set_overlay(Overlay(cells=cells, color="#ff8c00"))

    # --- the result -----------------------------------------------------------------------------
    def accept(self) -> None:
        """OK: with the draft of the options as they are (one still being drafted is waited for)."""
        if self.busy():
            self._accept_when_drafted = True
            return
        if self.preview is None:
            return
        if self.mode == "add":
            try:
                self.placement()
            except ValueError as exc:
                self.summary.setText(str(exc))
                return
        elif self.form.map_hex_km is not None and getattr(self.window_, "settings_store", None) is not None:
            self.window_.settings_store.setValue(LIKE_KEY, self.form.like.isChecked())
        super().accept()


def open_island(path: str) -> IslandFile:
    """A coastline file, LoadError (file, what is wrong) when it cannot be read."""
    if not os.path.isfile(path):
        raise LoadError("no such file", path)
    return read_island(path)


__all__ = ["CoastlineDialog", "Preview", "draft", "open_island"]
