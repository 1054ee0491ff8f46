"""The Problems dock's rows as a Qt model: thousands of findings without thousands of items.

Flat, one row per finding, or grouped by code, one parent row per code ("AREA_SPLIT (12)")
with its findings under it. A filter keeps the severities and the code chosen.
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QStyle

COLUMNS = ("", "Code", "Where", "Message")
_ICONS = {"error": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning,
          "info": QStyle.SP_MessageBoxInformation}


def severity_icon(severity: str):
    return QApplication.style().standardIcon(_ICONS.get(severity, QStyle.SP_MessageBoxInformation))


class FindingsModel(QAbstractItemModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.all: list = []
        self.findings: list = []  # the shown findings, in order (flat rows)
        self.groups: list[tuple[str, list]] = []
        self.scenario = None
        self.grouped = False
        self.severities = {"error", "warning", "info"}
        self.code: str | None = None
        self._icons: dict = {}

    # --- contents ---------------------------------------------------------------------------
    def set_findings(self, findings, scenario) -> None:
        self.all = list(findings)
        self.scenario = scenario
        self._rebuild()

    def set_filter(self, severities=None, code: str | None = "", grouped: bool | None = None) -> None:
        if severities is not None:
            self.severities = set(severities)
        if code != "":
            self.code = code
        if grouped is not None:
            self.grouped = grouped
        self._rebuild()

    def _rebuild(self) -> None:
        self.beginResetModel()
        self.findings = [f for f in self.all if f.severity in self.severities and (self.code is None or f.code == self.code)]
        groups: dict[str, list] = {}
        for f in self.findings:
            groups.setdefault(f.code, []).append(f)
        self.groups = list(groups.items())
        self.endResetModel()

    def codes(self) -> list[tuple[str, int]]:
        counts: dict[str, int] = {}
        for f in self.all:
            counts[f.code] = counts.get(f.code, 0) + 1
        return sorted(counts.items())

    def finding_at(self, index: QModelIndex):
        if not index.isValid():
            return None
        if not self.grouped:
            return self.findings[index.row()]
        gid = index.internalId()
        if gid == 0:
            return None
        return self.groups[gid - 1][1][index.row()]

    # --- QAbstractItemModel ---------------------------------------------------------------------
    def index(self, row, column, parent=QModelIndex()):
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not self.grouped or not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index=QModelIndex()):  # noqa: A003 - Qt's name
        if not index.isValid() or not self.grouped or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt's name
        if not self.grouped:
            return 0 if parent.isValid() else len(self.findings)
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self.groups[parent.row()][1])
        return 0

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        col = index.column()
        if self.grouped and index.internalId() == 0:
            code, items = self.groups[index.row()]
            if role == Qt.DisplayRole:
                return {1: f"{code} ({len(items)})", 3: items[0].message if len(items) == 1 else ""}.get(col, "")
            if role == Qt.DecorationRole and col == 0:
                return self._icon(items[0].severity)
            if role == Qt.ToolTipRole:
                return f"{len(items)} findings of {code}"
            return None
        f = self.finding_at(index)
        if role == Qt.DecorationRole and col == 0:
            return self._icon(f.severity)
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            if col == 0:
                return "" if role == Qt.DisplayRole else f.severity
            if col == 1:
                return f.code
            if col == 2:
                return self._where(f)
            return f.message
        if role == Qt.UserRole:
            return f
        return None

    def _where(self, f) -> str:
        """The place a row names: the record a value in the file belongs to (a region's property:
        the region), its first cell or edge, else its area by name (never by id)."""
        s = self.scenario
        if s is not None and f.record(s):
            return f.record(s)
        if s is not None and not f.cells and not f.edges and f.areas:
            area = s.areas.get(f.areas[0])
            return area.name if area is not None else f.areas[0]
        return f.where(s)

    def _icon(self, severity: str):
        icon = self._icons.get(severity)
        if icon is None:
            icon = self._icons[severity] = severity_icon(severity)
        return icon
