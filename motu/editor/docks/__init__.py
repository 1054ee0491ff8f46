"""The editor's docks: layers, properties, scenario, areas, problems, history, minimap."""

from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolled(widget: QWidget) -> QScrollArea:
    """A dock's content in a scroll area, so a long form never forces the dock wide."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.NoFrame)
    area.setWidget(widget)
    return area
