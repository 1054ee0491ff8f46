"""What a row of the Forces tree shows: name, count, cell, the rule set's columns, the kind, its problems.

Scope: a row's look as plain values, (column, role, value) with words for brushes, fonts and
icons, so it compares cheaply with what the row shows already and only what changed is written
to Qt; the columns' order; a check box where the rules allow an override; problems from the
last validation on the rows they are about. Which rows there are, and where, is forces_model.py.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem
from PySide6.QtWidgets import QApplication, QStyle

from motu.engine.scenario.forces import ForceNode, piece_name, problems_by_piece

# Name, count and cell first, then the rule set's own columns, the kind last (the tree says most of it).
BASE_COLUMNS = ("Name", "Count", "Cell")
KIND_HEADER = "Kind"
# Qt's own flags for an item (selectable, enabled, dragged, dropped on; editable, but the view edits
# nothing) serve every row; a check box adds one. Setting flags on thousands of items costs.
PLAIN, CHECKED = 0, 1
ERROR = "#b00020"
DISPLAY, TOOLTIP, DECORATION, FOREGROUND, FONT, CHECK = (
    Qt.DisplayRole, Qt.ToolTipRole, Qt.DecorationRole, Qt.ForegroundRole, Qt.FontRole, Qt.CheckStateRole)
_ICONS: dict[str, object] = {}
_BRUSHES: dict[str, QBrush] = {}
_FONTS: dict[str, QFont] = {}


def _qt(role, value):
    """The Qt value for a row's plain look: a colour's brush, a font, an icon, a check state."""
    if value is None:
        return None
    if role == FOREGROUND:
        if value not in _BRUSHES:
            _BRUSHES[value] = QBrush(QColor(value))
        return _BRUSHES[value]
    if role == FONT:
        if value not in _FONTS:
            f = QFont()
            f.setBold(value == "bold")
            f.setItalic(value == "italic")
            _FONTS[value] = f
        return _FONTS[value]
    if role == DECORATION:
        return _icon(value)
    if role == CHECK:
        return Qt.Checked if value else Qt.Unchecked
    return value


def _icon(severity: str):
    if severity not in _ICONS:
        kind = QStyle.SP_MessageBoxCritical if severity == "error" else QStyle.SP_MessageBoxWarning
        _ICONS[severity] = QApplication.style().standardIcon(kind)
    return _ICONS[severity]


class ForcesLooks:
    """Mixed into ForcesModel: needs its scenario, rules, catalogue, columns, kind_column, findings_by_piece,
    tree, _shown, _kind_fields and refresh_rows()."""

    def _write(self, node: ForceNode, row: list[QStandardItem], new: bool = False) -> None:
        looks, flags = self._looks(node)
        old = self._shown.get(node.key)
        if old == (looks, flags):
            return
        self._shown[node.key] = (looks, flags)
        old_looks = {} if new or old is None else {(c, r): v for c, r, v in old[0]}
        for c, r, v in looks:
            if old_looks.pop((c, r), None) != v or new:
                row[c].setData(_qt(r, v), r)
        for (c, r) in old_looks:  # shown before, not now
            row[c].setData(None, r)
        old_flags = None if new or old is None else old[1]
        for c, f in enumerate(flags):
            if (old_flags is None and f) or (old_flags is not None and old_flags[c] != f):
                row[c].setCheckable(f == CHECKED)

    def _looks(self, node: ForceNode) -> tuple[tuple, tuple]:
        s = self.scenario
        n = self.kind_column + 1
        if node.kind == "feature":
            # The feature's kind as the catalogue and the legend call it ("Home Village").
            i = int(node.key.partition(":")[2])
            f = s.features[i] if 0 <= i < len(s.features) else None
            kind = self.catalogue.features.get(f.kind) if f is not None else None
            what = kind.name if kind is not None else (f.kind if f is not None else "")
            return ((0, DISPLAY, node.text), (2, DISPLAY, s.label(node.cell)),
                    (self.kind_column, DISPLAY, what)), (PLAIN,) * n
        if node.kind != "piece":
            count = self._problem_count(node.side) if node.kind == "side" else 0
            side = s.sides.get(node.side or "")
            looks = [(0, DISPLAY, node.text + (f"  ({count} with problems)" if count else "")),
                     (0, FONT, "bold" if node.kind == "side" else "italic")]
            if node.kind == "side" and side is not None and side.color:
                looks.append((0, FOREGROUND, side.color))
            return tuple(looks), (PLAIN,) * n
        p = s.pieces[node.piece]
        kind = self.catalogue.pieces.get(p.kind)
        kind_name = kind.name if kind else p.kind
        problems = self.findings_by_piece.get(p.id, ())
        worst = "error" if any(f.severity == "error" for f in problems) else ("warning" if problems else "")
        name = piece_name(p, s, self.catalogue)
        tip = name + (f", {kind_name}" if p.name else "")
        if kind is not None and kind.count.fixed is None:
            tip += f", {kind.count.text.lower()}: {p.count}"
        tip += f"\nId in the file: {p.id}"
        if problems:
            tip += "".join(f"\n{f.severity}: {f.message} ({f.code})" for f in problems)
        looks = [(0, DISPLAY, name), (0, TOOLTIP, tip),
                 (2, DISPLAY, s.label(p.cell) if p.cell is not None else "off map"),
                 (self.kind_column, DISPLAY, kind_name)]
        if kind is None or kind.count.fixed is None:
            looks.append((1, DISPLAY, str(p.count)))
        if worst:
            looks.append((0, DECORATION, worst))
            if worst == "error":
                looks.append((0, FOREGROUND, ERROR))
        flags = [PLAIN] * n
        fields = self._fields_of(kind)
        for i, spec in enumerate(self.columns):
            if spec.prop in fields:
                c = len(BASE_COLUMNS) + i
                if self._column(p, spec, c, looks):
                    flags[c] = CHECKED
        return tuple(looks), tuple(flags)

    def _fields_of(self, kind) -> frozenset:
        if kind is None:
            return frozenset()
        got = self._kind_fields.get(kind.id)
        if got is None:
            got = self._kind_fields[kind.id] = frozenset(f.prop for f in kind.fields)
        return got

    def _column(self, p, spec, c: int, looks: list) -> bool:
        """Add a rule-set column's looks; True when it is a check box (an override the rules allow)."""
        stored = p.props.get(spec.prop)
        computed = self.rules.computed(self.scenario, p, spec) if spec.computed else None
        value = stored if stored is not None else (computed.value if computed is not None else spec.default)
        checkable = spec.type == "bool" and computed is not None and computed.overridable
        text = "" if checkable else spec.label_of(value)  # a check box says it itself
        allowed = stored is None or computed is None or stored == computed.value or computed.overridable
        if stored is not None:
            text = (text + " " if text else "") + ("(set)" if allowed else "(the rules do not allow it)")
        tip = (computed.why if computed is not None else "") + (
            f"\nset here: {spec.label_of(stored)}" if stored is not None else "")
        if text:
            looks.append((c, DISPLAY, text))
        if tip:
            looks.append((c, TOOLTIP, tip))
        if not allowed:
            looks.append((c, FOREGROUND, ERROR))
        if checkable:
            looks.append((c, CHECK, value is True))
        return checkable

    def _problem_count(self, side) -> int:
        s = self.scenario
        return sum(1 for pid in self.findings_by_piece
                   if pid in s.pieces and (s.pieces[pid].side if s.pieces[pid].side in s.sides else None) == side)

    def set_findings(self, findings) -> None:
        before = set(self.findings_by_piece)
        self.findings_by_piece = problems_by_piece(findings)
        keys = {f"piece:{pid}" for pid in before | set(self.findings_by_piece)}
        self.refresh_rows(keys | ({n.key for n in self.tree.roots} if self.tree else set()))
