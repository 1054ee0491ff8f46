"""Properties dock: typed editors for the selection (cells, pieces or edges), many at once."""
from __future__ import annotations

import yaml
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDockWidget, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget,
)

from engine.scenario import edits as E
from engine.scenario.model import Piece

from . import scrolled


def _parse_value(text: str):
    """A property value typed as YAML scalars are: 2 → int, true → bool, else text."""
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    return value if isinstance(value, (int, float, bool, str)) or value is None else text


class PropertiesDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Properties", parent)
        self.setObjectName("propertiesDock")
        self.ctx = ctx
        self.body = QWidget()
        self.setWidget(scrolled(self.body))
        self._layout = QVBoxLayout(self.body)
        self._form: QWidget | None = None
        self._updating = False
        self.refresh()

    def refresh(self) -> None:
        if self._form is not None:
            self._form.deleteLater()
        self._form = QWidget()
        form = QFormLayout(self._form)
        item = self.ctx.map_item
        self._updating = True
        if item.selected_pieces:
            self._pieces_form(form, sorted(item.selected_pieces))
        elif item.selected_edges:
            self._edges_form(form, sorted(item.selected_edges))
        elif item.selected_cells:
            self._cells_form(form, sorted(item.selected_cells))
        else:
            form.addRow(QLabel("Nothing selected. Use the Select tool (S)."))
        self._updating = False
        self._layout.addWidget(self._form)

    # --- cells ------------------------------------------------------------------------------
    def _cells_form(self, form: QFormLayout, cells: list[int]) -> None:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        label = s.grid.label
        form.addRow("Cells", QLabel(", ".join(label(c) for c in cells[:8]) + (f" … ({len(cells)})" if len(cells) > 8 else "")))
        terrain = QComboBox()
        terrain.setObjectName("propTerrain")
        ids = list(cat.terrain)
        terrain.addItems([cat.terrain[t].name for t in ids])
        common = {s.terrain[c] for c in cells}
        terrain.setCurrentIndex(ids.index(next(iter(common))) if len(common) == 1 and next(iter(common)) in ids else -1)
        terrain.activated.connect(lambda i: self._push(E.PaintTerrain(tuple(cells), (ids[i],) * len(cells)), "Set terrain"))
        form.addRow("Terrain", terrain)
        area = QComboBox()
        area.setObjectName("propArea")
        area_ids = [None] + list(s.areas)
        area.addItems(["(none)"] + [a.name for a in s.areas.values()])
        common_a = {s.cell_area[c] for c in cells}
        area.setCurrentIndex(area_ids.index(next(iter(common_a))) if len(common_a) == 1 else -1)
        area.activated.connect(lambda i: self._push(E.PaintArea(tuple(cells), (area_ids[i],) * len(cells)), "Set area"))
        form.addRow("Area", area)
        if len(cells) == 1:
            props = dict(s.cell_props.get(cells[0], {}))
            for key, value in props.items():
                edit = QLineEdit(str(value) if not isinstance(value, bool) else ("true" if value else "false"))
                edit.setObjectName(f"prop_{key}")
                edit.editingFinished.connect(lambda k=key, w=edit: self._set_cell_prop(cells[0], k, w.text()))
                form.addRow(key, edit)
            new_key = QLineEdit()
            new_key.setPlaceholderText("new property: key=value")
            new_key.setObjectName("propNew")
            new_key.editingFinished.connect(lambda w=new_key: self._new_cell_prop(cells[0], w.text()))
            form.addRow("Add", new_key)

    def _set_cell_prop(self, cell: int, key: str, text: str) -> None:
        props = dict(self.ctx.document.scenario.cell_props.get(cell, {}))
        value = _parse_value(text)
        if props.get(key) != value:
            props[key] = value
            self._push(E.SetCellProps(cell, props), "Edit cell property")

    def _new_cell_prop(self, cell: int, text: str) -> None:
        key, sep, value = text.partition("=")
        if sep and key.strip():
            self._set_cell_prop(cell, key.strip(), value.strip())

    # --- pieces ------------------------------------------------------------------------------
    def _pieces_form(self, form: QFormLayout, ids: list[str]) -> None:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        pieces = [s.pieces[i] for i in ids if i in s.pieces]
        form.addRow("Pieces", QLabel(", ".join(p.id for p in pieces)))
        kind = QComboBox()
        kind.setObjectName("propKind")
        kinds = list(cat.pieces)
        kind.addItems([cat.pieces[k].name for k in kinds])
        common = {p.kind for p in pieces}
        kind.setCurrentIndex(kinds.index(next(iter(common))) if len(common) == 1 and next(iter(common)) in kinds else -1)
        kind.activated.connect(lambda i: self._update_pieces(pieces, kind=kinds[i]))
        form.addRow("Kind", kind)
        side = QComboBox()
        side.setObjectName("propSide")
        sides = [None] + list(s.sides)
        side.addItems(["(none)"] + [sd.name for sd in s.sides.values()])
        common_s = {p.side for p in pieces}
        side.setCurrentIndex(sides.index(next(iter(common_s))) if len(common_s) == 1 and next(iter(common_s)) in sides else -1)
        side.activated.connect(lambda i: self._update_pieces(pieces, side=sides[i]))
        form.addRow("Side", side)
        count = QSpinBox()
        count.setObjectName("propCount")
        count.setRange(1, 10000)
        count.setValue(pieces[0].count if pieces else 1)
        count.editingFinished.connect(lambda: self._update_pieces(pieces, count=count.value()))
        form.addRow("Count", count)
        if len(pieces) == 1:
            name = QLineEdit(pieces[0].name)
            name.setObjectName("propName")
            name.editingFinished.connect(lambda: self._update_pieces(pieces, name=name.text()))
            form.addRow("Name", name)

    def _update_pieces(self, pieces, **changes) -> None:
        s = self.ctx.document.scenario
        edits = []
        for p in pieces:
            cur = s.pieces.get(p.id)
            if cur is None:
                continue
            fields = {"kind": cur.kind, "side": cur.side, "count": cur.count, "name": cur.name, **changes}
            new = Piece(cur.id, fields["kind"], fields["side"], cur.cell, fields["count"], fields["name"], cur.props)
            if new != cur:
                edits.append(E.PutRecord("pieces", cur.id, new))
        if edits:
            self._push(E.Compound(tuple(edits), "Edit pieces"), "Edit pieces")

    # --- edges ---------------------------------------------------------------------------------
    def _edges_form(self, form: QFormLayout, edges) -> None:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        form.addRow("Edges", QLabel(", ".join(s.grid.edge_label(a, b) for a, b in edges[:6])))
        for fid, spec in cat.edges.items():
            box = QCheckBox(spec.name)
            box.setObjectName(f"propEdge_{fid}")
            have = [fid in s.edge_features(a, b) for a, b in edges]
            box.setChecked(all(have))
            box.toggled.connect(lambda on, f=fid: self._toggle_edge(edges, f, on))
            form.addRow(box)

    def _toggle_edge(self, edges, feature: str, on: bool) -> None:
        s = self.ctx.document.scenario
        feats = []
        for a, b in edges:
            cur = set(s.edge_features(a, b))
            feats.append(tuple(sorted(cur | {feature} if on else cur - {feature})))
        self._push(E.SetEdgeFeatures(tuple(edges), tuple(feats)), "Edit edges")

    def _push(self, edit, text: str) -> None:
        if self._updating:
            return
        self.ctx.push(edit, text)
