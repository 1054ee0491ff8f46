"""Properties dock: typed editors for the selection (cells, pieces or edges), many at once.

A selected cell's stack is listed, so any piece in it can be chosen without moving the
others; pieces get the count and the properties their rule set declares (fields.py), and
a multi-selection edits what its pieces have in common, as one undo step.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QDockWidget, QFormLayout, QLabel, QLineEdit, QListWidget,
    QListWidgetItem, QSpinBox, QVBoxLayout, QWidget,
)

from motu.engine.io.bounded import CONTROL_IN_TEXT
from motu.engine.io.errors import LoadError
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.scenario import edits as E
from motu.engine.scenario.forces import Refused, piece_name, relink, set_props
from motu.engine.scenario.map_key import map_key

from . import scrolled
from .fields import label_for, piece_field

STACK_LIMIT = 60  # a stack list longer than this is not a stack any more (a rubber band over a whole army)
SHOWN = 12  # names listed in a selection's label; the rest are in its tooltip
TIP_LIMIT = 400  # names in that tooltip


def selection_label(many: str, names: list[str]) -> QLabel:
    """'20 cells' over the first names, wrapping to the dock's width (never widening it), every
    name in the tooltip: a long selection is counted, not written out on one endless line."""
    shown = ", ".join(names[:SHOWN]) + (", …" if len(names) > SHOWN else "")
    label = QLabel(shown if len(names) == 1 else f"{len(names)} {many}\n{shown}")
    label.setObjectName("propSelection")
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextSelectableByMouse)
    if len(names) > SHOWN:
        rows = [", ".join(names[i:i + 10]) for i in range(0, min(len(names), TIP_LIMIT), 10)]
        more = f"\n… and {len(names) - TIP_LIMIT} more" if len(names) > TIP_LIMIT else ""
        label.setToolTip(f"{len(names)} {many}:\n" + "\n".join(rows) + more)
    return label


def _shrinkable(box: QComboBox) -> QComboBox:
    """A choice box that fits a narrow dock: its width follows the dock, not its longest entry."""
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    return box


def _parse_value(text: str):
    """A property value typed as YAML scalars are: 2 → int, true → bool, else text. Read as the
    scenario reader reads (`!!bool maybe`, an escaped ESC or 1e20 stay the text typed), so that
    what is typed here is what the saved file reads back."""
    try:
        value = load_yaml(text, "the value")
    except LoadError:  # kept as text, without the control characters no file may hold
        return CONTROL_IN_TEXT.sub("", text)
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
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)  # a narrow dock puts a field under its long label
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)  # fields fill the dock's width, whatever the style
        item = self.ctx.map_item
        self._updating = True
        self._stack_list(form)
        if item.selected_pieces:
            s = self.ctx.document.scenario
            self._pieces_form(form, [p for p in s.pieces if p in item.selected_pieces])
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
        form.addRow("Cell" if len(cells) == 1 else "Cells", selection_label("cells", [label(c) for c in cells]))
        terrain = _shrinkable(QComboBox())
        terrain.setObjectName("propTerrain")
        ids = list(cat.terrain)
        terrain.addItems([cat.terrain[t].name for t in ids])
        common = {s.terrain[c] for c in cells}
        terrain.setCurrentIndex(ids.index(next(iter(common))) if len(common) == 1 and next(iter(common)) in ids else -1)
        terrain.activated.connect(lambda i: self._push(E.PaintTerrain(tuple(cells), (ids[i],) * len(cells)), "Set terrain"))
        form.addRow("Terrain", terrain)
        if map_key(cat).uses["areas"]:  # a rule set without areas (Fern, Tiki…) has no Area to set
            area = _shrinkable(QComboBox())
            area.setObjectName("propArea")
            area_ids = [None] + list(s.areas)
            area.addItems(["(none)"] + [a.name for a in s.areas.values()])
            common_a = {s.cell_area[c] for c in cells}
            area.setCurrentIndex(area_ids.index(next(iter(common_a))) if len(common_a) == 1 else -1)
            area.activated.connect(lambda i: self._push(E.PaintArea(tuple(cells), (area_ids[i],) * len(cells)),
                                                        "Set area"))
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

    # --- the stack -------------------------------------------------------------------------
    def stack(self) -> list:
        """The pieces standing in the selected cells and under the selected pieces, bottom first."""
        s = self.ctx.document.scenario
        item = self.ctx.map_item
        cells = set(item.selected_cells) | {s.pieces[p].cell for p in item.selected_pieces if p in s.pieces}
        cells.discard(None)
        if not cells or len(cells) > 8:
            return []
        out = [p for p in s.pieces.values() if p.cell in cells]
        return out if 1 < len(out) <= STACK_LIMIT else []

    def _stack_list(self, form: QFormLayout) -> None:
        pieces = self.stack()
        if len(pieces) < 2:
            return
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        lst = QListWidget()
        lst.setObjectName("propStack")
        lst.setSelectionMode(QAbstractItemView.ExtendedSelection)
        selected = self.ctx.map_item.selected_pieces
        for p in reversed(pieces):  # the top of the stack first, as on the map
            kind = cat.pieces.get(p.kind)
            count = f" ×{p.count}" if p.count > 1 else ""
            where = f"  {s.label(p.cell)}" if len({q.cell for q in pieces}) > 1 else ""
            it = QListWidgetItem(f"{piece_name(p, s, cat)}{'' if not p.name else ' — ' + (kind.name if kind else p.kind)}"
                                 f"{count}{where}")
            it.setData(Qt.UserRole, p.id)
            lst.addItem(it)
            it.setSelected(p.id in selected)
        lst.setMaximumHeight(min(160, 22 * len(pieces) + 8))
        lst.itemSelectionChanged.connect(lambda: self._stack_chosen(lst))
        form.addRow(QLabel(f"Stack ({len(pieces)} pieces): choose one or several"))
        form.addRow(lst)

    def _stack_chosen(self, lst: QListWidget) -> None:
        if self._updating:
            return
        ids = {it.data(Qt.UserRole) for it in lst.selectedItems()}
        self.ctx.map_item.set_selection(pieces=ids)
        self.ctx.selection_changed()

    # --- pieces ------------------------------------------------------------------------------
    def _pieces_form(self, form: QFormLayout, ids: list[str]) -> None:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        pieces = [s.pieces[i] for i in ids if i in s.pieces]
        if not pieces:
            return
        form.addRow("Piece" if len(pieces) == 1 else "Pieces",
                    selection_label("pieces", [piece_name(p, s, cat) for p in pieces]))
        kind = _shrinkable(QComboBox())
        kind.setObjectName("propKind")
        kinds = list(cat.pieces)
        kind.addItems([cat.pieces[k].name for k in kinds])
        common = {p.kind for p in pieces}
        kind.setCurrentIndex(kinds.index(next(iter(common))) if len(common) == 1 and next(iter(common)) in kinds else -1)
        kind.activated.connect(lambda i: self._update_pieces(pieces, kind=kinds[i]))
        form.addRow("Kind", kind)
        side = _shrinkable(QComboBox())
        side.setObjectName("propSide")
        sides = [None] + list(s.sides)
        side.addItems(["(none)"] + [sd.name for sd in s.sides.values()])
        common_s = {p.side for p in pieces}
        side.setCurrentIndex(sides.index(next(iter(common_s))) if len(common_s) == 1 and next(iter(common_s)) in sides else -1)
        side.activated.connect(lambda i: self._update_pieces(pieces, side=sides[i]))
        form.addRow("Side", side)
        kinds = [cat.pieces[p.kind] for p in pieces if p.kind in cat.pieces]
        specs = {k.count.text for k in kinds} or {"Count"}
        count = QSpinBox()
        count.setObjectName("propCount")
        lo = max([k.count.min for k in kinds] or [1])
        hi = min([k.count.max for k in kinds] or [10000])
        count.setRange(min(lo, hi), hi)
        counts = {p.count for p in pieces}
        count.setValue(pieces[0].count)
        if len(counts) > 1:
            count.setSpecialValueText("")
            count.setToolTip("several values: a new one applies to every piece selected")
        # A kind that is always one piece (a leader) has no count to edit, alone or with others.
        fixed = [k for k in kinds if k.count.fixed is not None]
        count.setEnabled(not fixed or any(k.count.fixed != p.count for k, p in zip(kinds, pieces)))
        if fixed and len(kinds) > 1:
            count.setRange(0, 0)
            count.setSpecialValueText(" ")
        count.editingFinished.connect(lambda: self._update_pieces(pieces, count=count.value()))
        form.addRow(specs.pop() if len(specs) == 1 else "Count", count)
        if len(pieces) == 1:
            name = QLineEdit(pieces[0].name)
            name.setObjectName("propName")
            name.editingFinished.connect(lambda: self._update_pieces(pieces, name=name.text()))
            form.addRow("Name", name)
            form.addRow("Id", QLabel(pieces[0].id))
        # The properties the rule set declares, as far as every selected kind has them.
        rules = self.ctx.document.rules.piece_rules
        if kinds and len(kinds) == len(pieces):
            common = [f for f in kinds[0].fields if all(f in k.fields for k in kinds[1:])]
            for spec in common:
                widget = piece_field(spec, rules, s, pieces, lambda v, sp=spec: self._set_field(pieces, sp, v))
                form.addRow(label_for(spec), widget)
        # Properties the declarations do not name (kept as written), for a single piece.
        if len(pieces) == 1 and kinds:
            declared = {f.prop for f in kinds[0].fields}
            for key, value in pieces[0].props.items():
                if key in declared:
                    continue
                edit = QLineEdit(str(value) if not isinstance(value, bool) else ("true" if value else "false"))
                edit.setObjectName(f"propExtra_{key}")
                edit.setToolTip("not declared by the rule set: kept as written")
                edit.editingFinished.connect(lambda k=key, w=edit: self._set_extra(pieces[0], k, w.text()))
                form.addRow(key, edit)

    def _set_field(self, pieces, spec, value) -> None:
        if self._updating:
            return
        s = self.ctx.document.scenario
        ids = [p.id for p in pieces]
        if (spec.parent or spec.parent_of) and spec.is_reference:
            try:
                edit = relink(self.ctx.document.rules.piece_rules, s, ids, spec, value)
            except Refused as exc:
                self.ctx.status(f"Not done: {exc}")
                return
        else:
            edit = set_props(s, ids, {spec.prop: value})
        if edit is not None:
            self._push(edit, f"Set {spec.text.lower()}")

    def _set_extra(self, piece, key: str, text: str) -> None:
        value = _parse_value(text)
        cur = self.ctx.document.scenario.pieces.get(piece.id)
        if cur is not None and cur.props.get(key) != value:
            edit = set_props(self.ctx.document.scenario, [piece.id], {key: value})
            if edit is not None:
                self._push(edit, "Edit piece property")

    def _update_pieces(self, pieces, **changes) -> None:
        edit = set_props(self.ctx.document.scenario, [p.id for p in pieces], {}, **changes)
        if edit is not None:
            self._push(edit, "Edit pieces")

    # --- edges ---------------------------------------------------------------------------------
    def _edges_form(self, form: QFormLayout, edges) -> None:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        form.addRow("Edge" if len(edges) == 1 else "Edges",
                    selection_label("edges", [s.grid.edge_label(a, b) for a, b in edges]))
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
