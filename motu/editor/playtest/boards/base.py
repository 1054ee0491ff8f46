"""What every playtest board shares: a scene that fits its widget, click targets, a prompt, a control row.

Scope: `BoardWidget`, the contract the playtest window uses (signal `action_chosen(int)`, method
`show(game_state, seat, legal_actions)`), and `Hot`, a scene item a click on which plays an action
(or runs a step of a choice, such as picking a totem before its direction). A board subclass
draws one game into `self.scene` in `draw(view, legal)`; what it draws comes from the seat's
observation only. Drawing faults are caught and shown as a line of text: a paint never raises.
The table stays put from move to move: the view is fitted to the board's whole extent
(`board_rect`), not to what this move happens to draw, and the control row keeps its height while
its buttons come and go.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Hashable

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem,
                               QGraphicsView, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget)

log = logging.getLogger(__name__)
HILITE = QColor("#ffd23f")
PALETTE = ("#c0392b", "#2c5aa0", "#7d3c98", "#27ae60")


def side_colours(ruleset_id: str) -> dict[str, str]:
    """Side id -> colour from the rule set's catalogue (its default sides), {} when it names none."""
    try:
        from motu.engine.rules.registry import get_ruleset
        return {str(s["id"]): str(s["color"]) for s in get_ruleset(ruleset_id).catalogue.default_sides
                if "id" in s and "color" in s}
    except Exception:  # a missing catalogue leaves the palette
        log.exception("no side colours for %s", ruleset_id)
        return {}


def terrain_colour(ruleset_id: str, terrain: str, default: str) -> str:
    try:
        from motu.engine.rules.registry import get_ruleset
        return get_ruleset(ruleset_id).catalogue.terrain[terrain].color
    except Exception:
        return default


class Hot(QGraphicsPathItem):
    """A scene item that does something when clicked; lit while the pointer is over it."""

    def __init__(self, path: QPainterPath, on_click: Callable[[], None], tip: str, *, lit: bool | str = False,
                 brush: QColor | None = None):
        super().__init__(path)
        self.on_click = on_click
        self.setToolTip(tip)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.PointingHandCursor)
        self._lit = lit
        self.setBrush(QBrush(brush) if brush is not None else QBrush(Qt.NoBrush))
        self._pen(False)
        self.setZValue(50)

    def _pen(self, hover: bool) -> None:
        if hover:
            self.setPen(QPen(HILITE, 5))
        elif self._lit == "strong":  # the choices of a half-made move
            self.setPen(QPen(HILITE, 5))
        elif self._lit == "outline":
            self.setPen(QPen(QColor("#5b3205"), 2))
        elif self._lit:
            self.setPen(QPen(HILITE, 3, Qt.DashLine))
        else:
            self.setPen(QPen(Qt.NoPen))

    def hoverEnterEvent(self, e) -> None:  # noqa: N802 - Qt's name
        self._pen(True)

    def hoverLeaveEvent(self, e) -> None:  # noqa: N802
        self._pen(False)

    def mousePressEvent(self, e) -> None:  # noqa: N802
        if e.button() == Qt.LeftButton:
            e.accept()
            # later, from the event loop: what the click does may clear the scene this item is in
            QTimer.singleShot(0, self.on_click)
        else:
            e.ignore()


class _View(QGraphicsView):
    def __init__(self, scene: QGraphicsScene, parent: QWidget):
        super().__init__(scene, parent)
        self.extent: QRectF | None = None  # all the board may draw (BoardWidget.board_rect)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(240, 180)
        self.setBackgroundBrush(QColor("#eef5f2"))

    def fit(self) -> None:
        r = self.scene().itemsBoundingRect()
        if self.extent is not None:  # the same frame every move; only a drawing past it widens it
            r = r.united(self.extent) if not r.isEmpty() else QRectF(self.extent)
        r = r.adjusted(-10, -10, 10, 10)
        if r.width() > 0 and r.height() > 0:
            self.setSceneRect(r)
            self.fitInView(r, Qt.KeepAspectRatio)

    def resizeEvent(self, e) -> None:  # noqa: N802
        super().resizeEvent(e)
        self.fit()


class BoardWidget(QWidget):
    """A game's table: `show(game_state, seat, legal_actions)` draws it; a click on a legal choice
    emits `action_chosen(action)`. Only actions in `legal_actions` are ever emitted; with no legal
    actions (a bot or chance to move, or the game over) the board only shows."""

    action_chosen = Signal(int)
    ruleset_id = ""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.scene = QGraphicsScene(self)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("boardPrompt")
        self.prompt.setWordWrap(True)
        self.prompt.setMinimumHeight(44)  # two lines always: the table does not jump as the text changes
        f = self.prompt.font()
        f.setPixelSize(18)
        self.prompt.setFont(f)
        self.view = _View(self.scene, self)
        self.controls = QWidget(self)
        self.controls_layout = QHBoxLayout(self.controls)
        self.controls_layout.setContentsMargins(4, 2, 4, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.prompt)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.controls)
        self.colours = side_colours(self.ruleset_id)
        self.state: Any = None
        self.seat: int | None = None
        self.legal: list[int] = []
        self.items: dict[Hashable, QGraphicsItem | QWidget] = {}  # click targets by key (tests, routes)
        self.error: str | None = None
        self._chosen = False

    # --- the contract ------------------------------------------------------------------------
    def show(self, game_state=None, seat: int | None = None, legal_actions: list[int] | None = None) -> None:
        """Draw `game_state` as `seat` sees it (None: a spectator) with `legal_actions` clickable.
        Called with no state, it is QWidget.show()."""
        if game_state is None:
            super().show()
            return
        self.state = game_state
        self.seat = seat
        self.legal = list(legal_actions or [])
        self._chosen = False
        self.on_new_state()
        self.redraw()

    def set_side_colours(self, colours: dict[str, str]) -> None:
        """Side id -> colour from the scenario (optional: the catalogue's default sides otherwise)."""
        self.colours.update(colours)
        self.redraw()

    def colour_of(self, side_id: str | None, seat: int) -> QColor:
        return QColor(self.colours.get(side_id or "", PALETTE[seat % len(PALETTE)]))

    # --- for subclasses ----------------------------------------------------------------------
    def view_state(self):
        """What the seat may see: the observation of that seat, or the whole state for a spectator."""
        if self.state is None:
            return None
        return self.state.observation(self.seat) if self.seat is not None else self.state

    def on_new_state(self) -> None:
        """A new state arrived (forget half-made choices)."""

    def draw(self, view, legal: list[int]) -> None:
        raise NotImplementedError

    def update_controls(self, view, legal: list[int]) -> None:
        """Set the control row for this state (bid box, buttons)."""

    def board_rect(self) -> QRectF | None:
        """The scene rectangle holding all this board may draw for the game on it, whatever the move
        (None: what each move draws, which makes the table jump as it changes)."""
        return None

    def choose(self, action: int) -> None:
        """Emit a legal action, once per state shown: a double click does not play twice."""
        if action in self.legal and not self._chosen:
            self._chosen = True
            self.action_chosen.emit(action)

    def redraw(self) -> None:
        self.scene.clear()
        self.items = {}
        if self.state is None:
            return
        try:
            view = self.view_state()
            self.draw(view, self.legal)
            self.update_controls(view, self.legal)
            self._keep_controls_row()
            self.view.extent = self.board_rect()
            self.error = None
        except Exception as exc:  # a board that cannot be drawn says so instead of breaking the window
            log.exception("board drawing failed")
            self.scene.clear()
            self.items = {}
            self.view.extent = None
            self.error = f"This table cannot be drawn: {exc}"
            self.scene.addSimpleText(self.error)
        self.view.fit()

    def _keep_controls_row(self) -> None:
        """A control hidden keeps its room, so the row, and the board above it, never change size."""
        for w in self.controls.findChildren(QWidget, options=Qt.FindDirectChildrenOnly):
            policy = w.sizePolicy()
            if not policy.retainSizeWhenHidden():
                policy.setRetainSizeWhenHidden(True)
                w.setSizePolicy(policy)

    # --- drawing helpers ---------------------------------------------------------------------
    def text(self, s: str, x: float, y: float, size: float = 14, colour: QColor | str = "#222",
             bold: bool = False, centre: bool = True, parent: QGraphicsItem | None = None) -> QGraphicsSimpleTextItem:
        item = QGraphicsSimpleTextItem(s, parent)
        f = QFont()
        f.setPixelSize(max(1, int(size)))
        f.setBold(bold)
        item.setFont(f)
        item.setBrush(QColor(colour))
        r = item.boundingRect()
        item.setPos(x - r.width() / 2, y - r.height() / 2) if centre else item.setPos(x, y)
        item.setAcceptedMouseButtons(Qt.NoButton)
        if parent is None:
            self.scene.addItem(item)
        item.setZValue(max(item.zValue(), 20))
        return item

    def hot(self, key: Hashable, rect: QRectF, on_click: Callable[[], None], tip: str, *, lit: bool | str = True,
            round_: bool = False, brush: QColor | None = None) -> Hot:
        path = QPainterPath()
        if round_:
            path.addEllipse(rect)
        else:
            path.addRoundedRect(rect, 8, 8)
        item = Hot(path, on_click, tip, lit=lit, brush=brush)
        self.scene.addItem(item)
        self.items[key] = item
        return item

    def play(self, action: int) -> Callable[[], None]:
        return lambda: self.choose(action)

    def route(self, action: int) -> list[Hashable]:
        """The keys of `self.items` to click, in order, to play `action` now (empty: not reachable)."""
        return []
