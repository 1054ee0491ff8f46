"""The Problems dock's rows as a Qt model, so thousands of findings show without building thousands of items."""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

ICONS = {"error": "⛔", "warning": "⚠", "info": "ℹ"}
COLUMNS = ("", "Code", "Where", "Message")


class FindingsModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.findings: list = []
        self.scenario = None

    def set_findings(self, findings, scenario) -> None:
        self.beginResetModel()
        self.findings = list(findings)
        self.scenario = scenario
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else len(self.findings)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        f = self.findings[index.row()]
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            col = index.column()
            if col == 0:
                return ICONS.get(f.severity, "") if role == Qt.DisplayRole else f.severity
            if col == 1:
                return f.code
            if col == 2:
                return f.where(self.scenario)
            return f.message
        if role == Qt.UserRole:
            return f
        return None
