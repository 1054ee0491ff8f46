"""The Forces dock's New dialog: what a formation makes, asked as the rule set declares it.

Scope: one dialog per formation (a Fire in the Fern! unit and its leader, a Tahiti clan's
set-up, a player's start): the side, where it stands, and for each piece what the
declaration asks (kind, count, name, declared properties such as a weapon). It only
gathers answers; the dock turns them into one Edit (motu.engine.scenario.forces.make_formation).
"""
from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QSpinBox,
    QVBoxLayout, QWidget,
)

from motu.engine.scenario.forces import PieceOrder, piece_name
from motu.engine.scenario.piece_props import kind_default

from .fields import label_for, note


class _PieceAsk:
    """The widgets asking about one piece of the formation."""

    def __init__(self, dialog: "FormationDialog", index: int, spec, box: QFormLayout):
        self.dialog, self.spec, self.index = dialog, spec, index
        cat = dialog.catalogue
        self.kind_box: QComboBox | None = None
        self.kinds: list[str] = [spec.kind] if spec.kind else cat.kinds_with_roles(spec.roles)
        if "kind" in spec.ask or (not spec.kind and len(self.kinds) > 1):
            self.kind_box = QComboBox(objectName=f"newKind{index}")
            box.addRow("Kind", self.kind_box)
            self.kind_box.currentIndexChanged.connect(lambda _: self._kind_changed())
        self.count: QSpinBox | None = None
        if "count" in spec.ask:
            self.count = QSpinBox(objectName=f"newCount{index}")
            self.count_label = QLabel("Count")
            box.addRow(self.count_label, self.count)
        self.name: QLineEdit | None = None
        if "name" in spec.ask:
            self.name = QLineEdit(objectName=f"newName{index}")
            box.addRow("Name", self.name)
        self.fields: dict[str, QWidget] = {}
        self._field_rows: list[tuple[str, QWidget]] = []
        for decl in spec.ask:
            p = cat.piece_props.get(decl)
            if p is None or decl in ("kind", "count", "name"):
                continue
            w = self._widget(p)
            self.fields[decl] = w
            box.addRow(label_for(p), w)
        self.fill_kinds()

    def _widget(self, p) -> QWidget:
        name = f"new_{p.id}{self.index}"
        if p.type == "choice":
            w = QComboBox(objectName=name)
            return w
        if p.type == "bool":
            return QCheckBox(objectName=name)
        if p.type == "int":
            w = QSpinBox(objectName=name)
            w.setRange(p.min if p.min is not None else 0, p.max if p.max is not None else 100000)
            return w
        return QLineEdit(objectName=name)

    @property
    def kind(self) -> str:
        if self.kind_box is not None and self.kind_box.currentIndex() >= 0:
            return self.allowed[self.kind_box.currentIndex()]
        return self.allowed[0] if self.allowed else ""

    def fill_kinds(self) -> None:
        rules = self.dialog.rules
        self.allowed = rules.kinds_for_side(self.dialog.scenario, self.dialog.side, list(self.kinds)) or list(self.kinds)
        if self.kind_box is not None:
            self.kind_box.blockSignals(True)
            self.kind_box.clear()
            self.kind_box.addItems([self.dialog.catalogue.pieces[k].name for k in self.allowed])
            self.kind_box.blockSignals(False)
        self._kind_changed()

    def _kind_changed(self) -> None:
        cat = self.dialog.catalogue
        kind = cat.pieces.get(self.kind)
        if kind is None:
            return
        if self.count is not None:
            c = kind.count
            self.count.setRange(c.min, c.max)
            self.count.setValue(max(c.min, min(c.max, self.spec.count)))
            self.count_label.setText(c.text)
            self.count.setEnabled(c.fixed is None)
        if self.name is not None:
            self.name.setPlaceholderText(f"a name for the {kind.name.lower()} (its id is made from it)")
        for decl, w in self.fields.items():
            p = cat.piece_props[decl]
            if isinstance(w, QComboBox):
                default = kind_default(kind, p)
                w.clear()
                w.addItem(f"the kind's: {p.label_of(default)}" if default is not None else "(none)", None)
                for ch in p.choices:
                    w.addItem(p.label_of(ch), ch)
            w.setEnabled(p in kind.fields)

    def order(self) -> PieceOrder:
        props = {}
        for decl, w in self.fields.items():
            p = self.dialog.catalogue.piece_props[decl]
            if isinstance(w, QComboBox):
                v = w.currentData()
            elif isinstance(w, QCheckBox):
                v = w.isChecked() or None
            elif isinstance(w, QSpinBox):
                v = w.value()
            else:
                v = w.text().strip() or None
            if v is not None and w.isEnabled():
                props[p.prop] = v
        return PieceOrder(self.kind, self.count.value() if self.count is not None else self.spec.count,
                          self.name.text().strip() if self.name is not None else "", props)


class FormationDialog(QDialog):
    def __init__(self, ctx, formation, side: str | None, cell: int | None, under: str | None, parent=None):
        super().__init__(parent)
        self.setObjectName(f"newFormation_{formation.id}")
        self.setWindowTitle(formation.text)
        self.ctx, self.formation, self.under = ctx, formation, under
        self.scenario = ctx.document.scenario
        self.rules = ctx.document.rules.piece_rules
        self.catalogue = self.rules.catalogue
        s = self.scenario
        self.setMinimumWidth(440)
        lay = QVBoxLayout(self)
        rule = f" (§{formation.rule})" if formation.rule[:1].isdigit() else ""
        title = QLabel(f"<b>{formation.text}</b>{rule}")
        lay.addWidget(title)
        if formation.help:
            lay.addWidget(note(formation.help))
        top = QFormLayout()
        lay.addLayout(top)
        self.side_box = QComboBox(objectName="newSide")
        self.side_ids = list(s.sides)
        self.side_box.addItems([sd.name for sd in s.sides.values()])
        if side in self.side_ids:
            self.side_box.setCurrentIndex(self.side_ids.index(side))
        self.side_box.currentIndexChanged.connect(self._side_changed)
        top.addRow("Side", self.side_box)
        self.cell_edit: QLineEdit | None = None
        self.site_box: QComboBox | None = None
        if formation.at == "ask":
            self.cell_edit = QLineEdit(s.label(cell) if cell is not None else "", objectName="newCell")
            self.cell_edit.setPlaceholderText("a cell such as " + s.label(0) + "; empty: off the map")
            top.addRow("Cell", self.cell_edit)
        elif formation.at.startswith("feature:"):
            self.site_box = QComboBox(objectName="newSite")
            top.addRow("At", self.site_box)
        if under is not None and under in s.pieces:
            top.addRow("Under", QLabel(piece_name(s.pieces[under], s, self.catalogue)))
        self.asks: list[_PieceAsk] = []
        for i, spec in enumerate(formation.pieces):
            if not spec.ask and not (not spec.kind and len(self.catalogue.kinds_with_roles(spec.roles)) > 1):
                continue
            title = self.catalogue.pieces[spec.kind].name if spec.kind else "Figures"
            group = QGroupBox(title)
            box = QFormLayout(group)
            self.asks.append(_PieceAsk(self, i, spec, box))
            lay.addWidget(group)
        if len(self.asks) < len(formation.pieces):
            made = [self.catalogue.pieces[p.kind].name + (f" ×{p.count}" if p.count > 1 else "")
                    for p in formation.pieces if p.kind]
            lay.addWidget(note("Makes: " + ", ".join(made)))
        self.error = QLabel("", objectName="newError")
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._side_changed()

    @property
    def side(self) -> str | None:
        i = self.side_box.currentIndex()
        return self.side_ids[i] if 0 <= i < len(self.side_ids) else None

    def _side_changed(self, *_: object) -> None:
        for a in self.asks:
            a.fill_kinds()
        if self.site_box is not None:
            kind = self.formation.at.split(":", 1)[1]
            self.sites = [f for f in self.scenario.features if f.kind == kind and f.side == self.side]
            self.site_box.clear()
            self.site_box.addItems([f"{f.name or self.catalogue.features[kind].name} at {self.scenario.label(f.cell)}"
                                    for f in self.sites])
            ok = bool(self.sites)
            self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)
            self.error.setText("" if ok else f"{self.side_box.currentText()} has no "
                               f"{self.catalogue.features[kind].name} on the map: place one first.")

    def cell(self) -> int | None:
        """The cell typed or chosen; ValueError with words when a typed label is not a cell."""
        if self.site_box is not None:
            i = self.site_box.currentIndex()
            return self.sites[i].cell if 0 <= i < len(self.sites) else None
        if self.cell_edit is None or not self.cell_edit.text().strip():
            return None
        try:
            return self.scenario.grid.parse_label(self.cell_edit.text().strip())
        except Exception as exc:
            raise ValueError(f"{self.cell_edit.text()!r} is not a cell of this map ({exc})") from None

    def orders(self) -> list[PieceOrder]:
        asked = {a.index: a for a in self.asks}
        out = []
        for i, spec in enumerate(self.formation.pieces):
            if i in asked:
                out.append(asked[i].order())
            else:
                kinds = [spec.kind] if spec.kind else self.catalogue.kinds_with_roles(spec.roles)
                out.append(PieceOrder(kinds[0], spec.count))
        return out

    def _ok(self) -> None:
        try:
            self.cell()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
