"""The Tiki table: nine village tiles with their values, totems as stacked tokens, the Shaman, the fruits.

Scope: drawing a TikiState and turning clicks into its actions. A click on an empty village
creates a totem there; a click on a totem with your token on top picks it up, and arrows show
where it may go (a click on an arrow, or on the village it reaches, moves it); when the Shaman is
to be placed or moved, the gaps between neighbouring villages are the choices, and a click on the
Shaman leaves it where it is. Pass and "leave the Shaman" are buttons too. Words come from
motu/engine/rules/tiki/presentation.py.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QPushButton

from motu.engine.rules.tiki import presentation as words
from motu.engine.rules.tiki.board import EDGES, PATHS
from motu.engine.rules.tiki.state import CREATE, KEEP_SHAMAN, MOVE, PASS, PLAY, SHAMAN, SHUFFLE

from .base import BoardWidget, terrain_colour
from .registry import register_board

TILE, GAP = 110.0, 34.0
STEP = TILE + GAP
TRAY_X, TRAY_W = 3 * STEP + 30, 330.0  # the players' trays and the fruit supply, right of the villages
HINT_Y, HINT_PX = 2 * 170.0 + 104, 13   # the lines of how to play, under the trays
HINTS = ("Click a gap between two villages to put the Shaman there",
         "Click an empty village to create a totem; click your totem,\n"
         "then an arrow or the village it reaches, to move it")
FRUIT = QColor("#f08a24")
ARROW = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def tile_rect(v: int) -> QRectF:
    r, c = divmod(v, 3)
    return QRectF(c * STEP, r * STEP, TILE, TILE)


def edge_rect(e: int) -> QRectF:
    """The gap between the two villages of edge e, where the Shaman stands."""
    a, b = EDGES[e]
    ra, rb = tile_rect(a), tile_rect(b)
    if b == a + 1:  # side by side: a tall gap
        return QRectF(ra.right(), ra.top() + 12, GAP, TILE - 24)
    return QRectF(ra.left() + 12, ra.bottom(), TILE - 24, GAP)


@register_board("tiki")
class TikiBoard(BoardWidget):
    ruleset_id = "tiki"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.village_colour = QColor(terrain_colour("tiki", "village", "#d9b26f"))
        self.shaman_colour = QColor("#7b2d8b")
        try:
            from motu.engine.rules.registry import get_ruleset
            self.shaman_colour = QColor(get_ruleset("tiki").catalogue.edges["shaman"].color)
        except Exception:
            pass
        self.picked: int | None = None  # the village whose totem is picked up, choosing its direction
        self.pass_button = QPushButton("Pass", self.controls)
        self.keep_button = QPushButton("Leave the Shaman where it is", self.controls)
        self.pass_button.clicked.connect(lambda: self.choose(PASS))
        self.keep_button.clicked.connect(lambda: self.choose(KEEP_SHAMAN))
        self.controls_layout.addStretch(1)
        self.controls_layout.addWidget(self.keep_button)
        self.controls_layout.addWidget(self.pass_button)

    def on_new_state(self) -> None:
        self.picked = None

    def board_rect(self) -> QRectF:
        """The villages with the arrows round them (a totem picked up on an edge village points
        off the grid), the trays, and the hint under them."""
        reach = GAP - 4 + 3  # an arrow's tip past the grid, and its outline
        font = QFont()
        font.setPixelSize(HINT_PX)
        hints = [QFontMetricsF(font).boundingRect(QRectF(0, 0, 2000, 200), 0, h) for h in HINTS]
        right = TRAY_X + max([TRAY_W + 3] + [h.width() for h in hints])
        bottom = HINT_Y + max(h.height() for h in hints) + 8
        return QRectF(-reach, -reach, right + reach, bottom + reach)

    def player_colour(self, state, p: int) -> QColor:
        return self.colour_of(state.board.sides[p][0], p)

    # --- routes: what to click for an action ---------------------------------------------------
    def route(self, action: int) -> list:
        if action not in self.legal:
            return []
        if action == PASS:
            return [("button", "pass")]
        if action == KEEP_SHAMAN:
            return [("shaman",)]
        if SHAMAN <= action < KEEP_SHAMAN:
            return [("edge", action - SHAMAN)]
        if CREATE <= action < MOVE:
            return [("village", action)]
        if MOVE <= action < SHAMAN:
            v, d = divmod(action - MOVE, 4)
            return [("village", v), ("arrow", v, d)]
        return []

    # --- drawing -------------------------------------------------------------------------
    def draw(self, st, legal: list[int]) -> None:
        self.prompt.setText(words.asked(st) if not st.is_terminal() else words.status_lines(st, self.seat)[0])
        if self.picked is not None:
            self.prompt.setText(f"{st.player_name(st.player)}: move the totem on {words.place(self.picked)} — "
                                "click an arrow or the village it reaches (click the totem again to put it back)")
        moves = {a for a in legal if MOVE <= a < SHAMAN}
        for v in range(9):
            self._tile(st, v, legal, moves)
        if self.picked is not None:
            self._arrows(st, self.picked, moves)
        shaman_choice = [a for a in legal if SHAMAN <= a < KEEP_SHAMAN]
        for a in shaman_choice:
            e = a - SHAMAN
            self.hot(("edge", e), edge_rect(e), self.play(a), words.action_words(st, a, self.seat),
                     brush=QColor(123, 45, 139, 60))
        if st.shaman_rule and st.shaman >= 0:
            self._shaman(st, KEEP_SHAMAN in legal)
        self._trays(st)

    def _tile(self, st, v: int, legal: list[int], moves: set[int]) -> None:
        rect = tile_rect(v)
        value = words.village_value(st, v)
        face = self.village_colour if value is not None else QColor("#8a6d3b")
        path = QPainterPath()
        path.addRoundedRect(rect, 12, 12)
        tile = self.scene.addPath(path, QPen(QColor("#5b4220"), 2), QBrush(face))
        tile.setToolTip(words.village_words(st, v))
        if value is None:
            self.text("?", rect.center().x(), rect.center().y(), 48, "#e9d8b0", bold=True)
        else:
            colour = "#1f7a1f" if value > 0 else ("#a01818" if value < 0 else "#5b4220")
            label = f"{value:+d}" if value else "0"
            self.text(label, rect.left() + 22, rect.top() + 20, 26, colour, bold=True)
            for i in range(abs(value)):  # the fruits the village gives (or takes), drawn on the tile
                self._fruit(rect.right() - 20 - i * 22, rect.top() + 20, 9)
            if value < 0:
                cross = self.scene.addLine(rect.right() - 32, rect.top() + 8, rect.right() - 8, rect.top() + 32,
                                           QPen(QColor("#a01818"), 3))
                cross.setZValue(6)
        self._totem(st, v, rect)
        if st.phase == SHUFFLE or self.state is None:
            return
        my_moves = [a for a in moves if (a - MOVE) // 4 == v]
        if self.picked is not None:  # a totem is in hand: only its ways, and putting it back, are choices
            dest = self._destinations(st, self.picked, moves)
            if v in dest:
                a = dest[v]
                self.hot(("village", v), rect, self.play(a), words.action_words(st, a, self.seat), lit="strong")
            elif v == self.picked:
                self.hot(("village", v), rect, self._unpick, "Put the totem back (choose again)", lit="strong",
                         brush=QColor(255, 210, 63, 70))
            return
        if CREATE + v in legal:
            self.hot(("village", v), rect, self.play(CREATE + v), words.action_words(st, CREATE + v, self.seat))
        elif my_moves:
            self.hot(("village", v), rect, lambda: self._pick(v),
                     "Pick up this totem to move it: " + "; ".join(words.action_words(st, a, self.seat)
                                                                    for a in sorted(my_moves)))

    def _destinations(self, st, v: int, moves: set[int]) -> dict[int, int]:
        out = {}
        n = len(st.stacks[v])
        for d in range(4):
            a = MOVE + v * 4 + d
            path = PATHS[(v * 4 + d) * 2 + n - 1] if n else ()
            if a in moves and path:
                out[path[-1]] = a
        return out

    def pick(self, v: int) -> None:
        """Pick up the totem on village v (as a click on it does), to choose its direction."""
        self._pick(v)

    def _pick(self, v: int) -> None:
        self.picked = v
        self.redraw()

    def _unpick(self) -> None:
        self.picked = None
        self.redraw()

    def _totem(self, st, v: int, rect: QRectF) -> None:
        stack = st.stacks[v]
        w, h = 74.0, 24.0
        x = rect.center().x() - w / 2
        base = rect.bottom() - 8
        for i, owner in enumerate(stack):
            y = base - (i + 1) * (h + 2)
            path = QPainterPath()
            path.addRoundedRect(QRectF(x, y, w, h), 6, 6)
            top = i == len(stack) - 1
            item = self.scene.addPath(path, QPen(QColor("#111") if top else QColor("#333"), 3 if top else 1),
                                      QBrush(self.player_colour(st, owner)))
            item.setZValue(10)
            item.setToolTip(words.village_words(st, v))
            for ex in (x + 22, x + w - 22):  # the tiki's eyes
                eye = self.scene.addEllipse(ex - 5, y + 5, 10, 10, QPen(Qt.NoPen), QBrush(QColor("#f5f0e0")))
                eye.setZValue(11)
            mouth = self.scene.addLine(x + w / 2 - 6, y + h - 5, x + w / 2 + 6, y + h - 5, QPen(QColor("#f5f0e0"), 2))
            mouth.setZValue(11)
        if stack:
            self.text(f"{len(stack)}", x + w + 10, base - 12, 15, "#3b2a10", bold=True)

    def _arrows(self, st, v: int, moves: set[int]) -> None:
        rect = tile_rect(v)
        c = rect.center()
        for d, (dx, dy) in ARROW.items():
            a = MOVE + v * 4 + d
            if a not in moves:
                continue
            tip = QPointF(c.x() + dx * (TILE / 2 + GAP - 4), c.y() + dy * (TILE / 2 + GAP - 4))
            back = QPointF(c.x() + dx * (TILE / 2 - 14), c.y() + dy * (TILE / 2 - 14))
            px, py = -dy, dx  # perpendicular
            poly = QPolygonF([tip, QPointF(back.x() + px * 18, back.y() + py * 18),
                              QPointF(back.x() - px * 18, back.y() - py * 18)])
            path = QPainterPath()
            path.addPolygon(poly)
            path.closeSubpath()
            item = self.hot(("arrow", v, d), path.boundingRect(), self.play(a), words.action_words(st, a, self.seat),
                            brush=QColor("#e67e22"), lit="outline")
            item.setPath(path)
            item.setZValue(60)

    def _shaman(self, st, keep: bool) -> None:
        r = edge_rect(st.shaman)
        c = r.center()
        pen = QPen(QColor("#2b0f33"), 2)
        body = QPainterPath()
        body.moveTo(c.x() - 13, c.y() + 24)
        body.lineTo(c.x(), c.y() - 6)
        body.lineTo(c.x() + 13, c.y() + 24)
        body.closeSubpath()
        self.scene.addPath(body, pen, QBrush(self.shaman_colour)).setZValue(30)
        head = self.scene.addEllipse(c.x() - 9, c.y() - 24, 18, 18, pen, QBrush(self.shaman_colour))
        head.setZValue(30)
        head.setToolTip(f"The Shaman, {words.edge_words(st.shaman)}: no totem moves between these villages")
        if keep:
            self.hot(("shaman",), QRectF(c.x() - 17, c.y() - 28, 34, 56), self.play(KEEP_SHAMAN),
                     words.action_words(st, KEEP_SHAMAN, self.seat), round_=True).setZValue(70)

    def _fruit(self, x: float, y: float, r: float) -> None:
        f = self.scene.addEllipse(x - r, y - r, 2 * r, 2 * r, QPen(QColor("#8a4a0c"), 1), QBrush(FRUIT))
        f.setZValue(5)
        leaf = self.scene.addEllipse(x - 1, y - r - 4, 7, 5, QPen(Qt.NoPen), QBrush(QColor("#2f8f2f")))
        leaf.setZValue(5)

    def _trays(self, st) -> None:
        x0 = TRAY_X
        for p in range(2):
            y0 = p * 170.0
            colour = self.player_colour(st, p)
            to_move = not st.is_terminal() and st.phase != SHUFFLE and st.player == p
            box = self.scene.addRect(QRectF(x0, y0, TRAY_W, 150), QPen(colour, 4 if to_move else 1.5),
                                     QBrush(QColor(colour.red(), colour.green(), colour.blue(), 28)))
            box.setToolTip(f"{st.player_name(p)}: {st.hand[p]} Tiki tokens in hand, {st.fruit[p]} fruits")
            name = st.player_name(p) + (" — to move" if to_move else "")
            if st.is_terminal() and st.winner == p:
                name += " — wins"
            self.text(name, x0 + 12, y0 + 8, 18, colour.darker(130), bold=True, centre=False)
            self.text(f"Tiki tokens in hand: {st.hand[p]}", x0 + 12, y0 + 40, 14, "#222", centre=False)
            for i in range(st.hand[p]):
                tok = self.scene.addRect(QRectF(x0 + 14 + i * 22, y0 + 64, 18, 14), QPen(QColor("#222")),
                                         QBrush(colour))
                tok.setToolTip(f"{st.player_name(p)}: {st.hand[p]} Tiki tokens in hand")
            self.text(f"Fruits: {st.fruit[p]} of {st.to_win}", x0 + 12, y0 + 92, 14, "#222", centre=False)
            for i in range(st.fruit[p]):
                self._fruit(x0 + 24 + i * 26, y0 + 128, 10)
        y = 2 * 170.0
        self.scene.addRect(QRectF(x0, y, TRAY_W, 90), QPen(QColor("#8a4a0c"), 1.5), QBrush(QColor("#fbeedd")))
        self.text(f"Fruit supply: {st.supply}", x0 + 12, y + 8, 16, "#5b3205", bold=True, centre=False)
        for i in range(st.supply):
            self._fruit(x0 + 24 + (i % 11) * 27, y + 52 + (i // 11) * 24, 10)
        if st.tiebreak:
            self.text("Tie-break: the next fruit decides", x0 + 12, y + 72, 13, "#a01818", centre=False)
        if self.legal:  # how a choice is made here, for a player new to the table
            self.text(HINTS[st.phase == PLAY], x0, HINT_Y, HINT_PX, "#444", centre=False)

    def update_controls(self, st, legal: list[int]) -> None:
        self.pass_button.setVisible(PASS in legal)
        self.keep_button.setVisible(KEEP_SHAMAN in legal)
        self.items[("button", "pass")] = self.pass_button
        self.items[("button", "keep")] = self.keep_button
