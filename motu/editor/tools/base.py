"""What every tool is: a name, a shortcut, an icon, a cursor, a status-bar hint, and mouse handlers that make Edits.

Tools keep no cell-named state past their document: `reset()` runs whenever the scenario
is replaced, and the map item's own state (hover, previews) is reset with it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent



@dataclass
class ToolSettings:
    """The choices tools share: what to paint, with what, for whom."""

    terrain: str = ""
    brush_size: int = 1
    area: str | None = None
    edge_feature: str = ""
    feature: str = ""
    piece: str = ""
    side: str | None = None
    unit: str | None = None
    mp: float = 4.0
    fill_areas: bool = True  # the area painter shows areas filled while it is the tool
    extra: dict = field(default_factory=dict)


class Tool(QObject):
    """Subclasses set the class attributes and override the handlers they need."""

    name = "tool"
    text = "Tool"
    shortcut = ""
    icon = "fa5s.question"  # a qtawesome icon name
    hint = ""
    gestures: tuple[tuple[str, str], ...] = ()  # (what it does, the mouse gesture): Help → Keyboard and Mouse
    uses = ""  # what the rule set must use for this tool to show (motu/engine/scenario/map_key.py), "" always
    cursor_shape = Qt.CrossCursor
    layer = "terrain"  # the layer this tool edits; a locked layer refuses the tool
    message = Signal(str)

    def __init__(self, ctx):
        super().__init__()
        self.ctx = ctx  # the main window

    @property
    def cursor(self) -> QCursor:
        return QCursor(self.cursor_shape)

    @property
    def document(self):
        return self.ctx.document

    @property
    def item(self):
        return self.ctx.map_item

    @property
    def settings(self) -> ToolSettings:
        return self.ctx.settings

    def locked(self) -> bool:
        if self.item.layers_locked.get(self.layer, False):
            self.ctx.status(f"The {self.layer} layer is locked: unlock it in the Layers dock to edit it.")
            return True
        return False

    def activate(self) -> None:
        self.ctx.status(self.hint)

    def deactivate(self) -> None:
        self.item.set_preview(None)

    def reset(self) -> None:
        """The document's scenario was replaced: forget cells, strokes and origins."""
        self.item.set_preview(None)

    def leave(self) -> None:
        """The pointer left the map."""

    def press(self, pos: QPointF, e: QMouseEvent) -> None:
        pass

    def move(self, pos: QPointF, e: QMouseEvent) -> None:
        pass

    def release(self, pos: QPointF, e: QMouseEvent) -> None:
        pass

    def double(self, pos: QPointF, e: QMouseEvent) -> None:
        pass

    def key(self, e: QKeyEvent) -> bool:
        return False

