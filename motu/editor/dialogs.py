"""Dialogs: a new scenario (rule set, grid, size, or a shipped scenario to start from)."""
from __future__ import annotations

import glob
import os

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QRadioButton, QSpinBox, QVBoxLayout,
)

from motu.engine.resources import scenarios_dir
from motu.engine.rules.registry import rulesets


class NewScenarioDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.setObjectName("newScenarioDialog")
        lay = QVBoxLayout(self)
        self.blank = QRadioButton("A blank map")
        self.blank.setChecked(True)
        self.shipped_choice = QRadioButton("Start from a shipped scenario")
        form = QFormLayout()
        self.ruleset = QComboBox()
        self.ruleset.setObjectName("newRuleset")
        self._rulesets = rulesets()
        self.ruleset.addItems([f"{r.name} ({r.id})" for r in self._rulesets])
        self.grid = QComboBox()
        self.grid.setObjectName("newGrid")
        self.columns = QSpinBox()
        self.columns.setRange(1, 2000)
        self.rows = QSpinBox()
        self.rows.setRange(1, 2000)
        self.shipped = QComboBox()
        self.shipped.setObjectName("newShipped")
        self._shipped = sorted(glob.glob(os.path.join(str(scenarios_dir()), "*.yaml")))
        self.shipped.addItems([os.path.basename(p) for p in self._shipped])
        form.addRow(self.blank)
        form.addRow("Rule set", self.ruleset)
        form.addRow("Grid", self.grid)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow(self.shipped_choice)
        form.addRow("Scenario", self.shipped)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self._ruleset_changed(0)

    def _ruleset_changed(self, index: int) -> None:
        """The rule set's grids and size, or the Preferences' grid and size where the rule set allows them."""
        cat = self._rulesets[index].catalogue
        self.grid.clear()
        self.grid.addItems(list(cat.grids))
        grid, cols, rows = self._preferred()
        if grid and grid in cat.grids:
            self.grid.setCurrentIndex(list(cat.grids).index(grid))
        self.columns.setValue(cols or int(cat.default_grid.get("columns", 20)))
        self.rows.setValue(rows or int(cat.default_grid.get("rows", 15)))

    def _preferred(self) -> tuple[str, int, int]:
        store = getattr(self.parent(), "settings_store", None)
        if store is None:
            return "", 0, 0
        from .preferences import new_defaults
        return new_defaults(store)

    def make(self):
        """The scenario this dialog describes, and the file it came from (shipped) or None."""
        if self.shipped_choice.isChecked() and self._shipped:
            from motu.engine.io.native import load_path
            path = self._shipped[self.shipped.currentIndex()]
            return load_path(path), path
        rs = self._rulesets[self.ruleset.currentIndex()]
        shape = self.grid.currentText() or None
        return rs.new_scenario(shape, self.columns.value(), self.rows.value(), "New scenario"), None
