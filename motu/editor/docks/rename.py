"""Renaming an area, region or island: its new name, and whether its id follows the name (Maeva's
`area1` becomes `maeva`), with every reference to it updated in the same undo step.

Scope: the dialog and what it says; the Edit is motu/engine/scenario/ids.py's `rename`. The id follows by
default when it followed the old name, or was one Motu made up (`area3`): an id the designer chose
stays unless they say otherwise.
"""
from __future__ import annotations

import re

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from motu.engine.scenario.ids import id_from_name
from motu.engine.scenario.table_refs import mentions
from motu.engine.scenario.model import Scenario

MADE_UP = re.compile(r"^(area|region|island)_?\d+$")


def references(s: Scenario, collection: str, rid: str) -> list[str]:
    """Where the id is used, for people: `14 cells`, `5 areas`, `the random area selection table`."""
    out = []
    if collection == "areas":
        n = sum(a == rid for a in s.cell_area)
        out.append(f"{n} cell{'s' * (n != 1)}")
    else:
        field = collection[:-1]
        n = sum(getattr(a, field) == rid for a in s.areas.values())
        out.append(f"{n} area{'s' * (n != 1)}")
    out += [f"the {name.replace('_', ' ')} table" for name, t in s.tables.items() if name != "georeference" and mentions(t, rid)]
    if mentions(s.victory, rid):
        out.append("the victory conditions")
    return out


def follows(s: Scenario, collection: str, rid: str) -> bool:
    """Whether the id is the one its name makes, or one Motu made up: then it should follow a new name."""
    rec = getattr(s, collection)[rid]
    others = set(getattr(s, collection)) - {rid}
    return bool(MADE_UP.match(rid)) or id_from_name(rec.name, others, fallback=collection[:-1]) == rid


class RenameDialog(QDialog):
    def __init__(self, s: Scenario, collection: str, rid: str, parent=None):
        super().__init__(parent)
        self.s, self.collection, self.rid = s, collection, rid
        what = collection[:-1]
        self.setWindowTitle(f"Rename {what}")
        self.setObjectName("renameDialog")
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(getattr(s, collection)[rid].name, objectName="renameName")
        self.name.selectAll()
        form.addRow("Name", self.name)
        lay.addLayout(form)
        self.follow = QCheckBox("", objectName="renameId")
        self.follow.setChecked(follows(s, collection, rid))
        lay.addWidget(self.follow)
        self.used = references(s, collection, rid)
        self.where = QLabel("")
        self.where.setWordWrap(True)
        self.where.setMinimumHeight(self.fontMetrics().lineSpacing() * 3)  # room for the longest text it takes
        self.setMinimumWidth(460)
        lay.addWidget(self.where)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.name.textChanged.connect(self._typed)
        self.follow.toggled.connect(self._typed)
        self._typed()

    def new_id(self) -> str:
        others = set(getattr(self.s, self.collection)) - {self.rid}
        return id_from_name(self.name.text().strip() or self.rid, others, fallback=self.collection[:-1])

    def _typed(self) -> None:
        new = self.new_id()
        self.follow.setText(f"Change its id from {self.rid} to {new} too" if new != self.rid
                            else f"Its id stays {self.rid} (the one its name makes)")
        self.follow.setEnabled(new != self.rid)
        used = self.used[0] if len(self.used) == 1 else ", ".join(self.used[:-1]) + " and " + self.used[-1]
        then = (f" They take the id <code>{new}</code> in the same undo step." if new != self.rid and self.follow.isChecked()
                else "")
        self.where.setText(f"Its id <code>{self.rid}</code> is used by {used}.{then}")

    def values(self) -> tuple[str, str | None]:
        """The new name, and the new id (None: the id stays)."""
        new = self.new_id()
        return self.name.text().strip(), new if self.follow.isChecked() and new != self.rid else None


__all__ = ["RenameDialog", "references", "follows"]
