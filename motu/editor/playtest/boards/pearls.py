"""The Tahiti pearls table: the track round the 7x7 map, boats and pearls, money, chests, the auction.

Scope: drawing a PearlsState as one seat sees it (its observation: other players' chests are
drawn shut, with no sum) and turning clicks into its actions: a track space to place a
sailboat, a pearl pile to choose or take a pearl, the sailboat's space to take the letter, a
square of the sector to put a boat on; bids and savings with the spin box and slider of the
control row and its Bid / Pass (Save) buttons. Words come from motu/engine/rules/pearls/presentation.py.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QLabel, QPushButton, QSlider, QSpinBox

from motu.engine.rules.pearls import presentation as words
from motu.engine.rules.pearls.board import COLOURS, SIDE
from motu.engine.rules.pearls.state import (BID, CHOOSE, HOLD_LETTER, KEEP_BOAT, P_AUCTION, P_PLACE, P_SAIL, P_SAVE,
                                       P_TAKE, PASS, PLACE, SAIL, SAVE, TAKE_LETTER, TAKE_PEARL)

from .base import BoardWidget, terrain_colour
from .registry import register_board

U = 64.0                     # one map square
TRACK = 1.6 * U              # a track space
RING = 10.5 * U              # the track's side, centre to centre
MAP0 = 1.75 * U              # the map's top-left corner
PEARL = {"green": "#2e9d5b", "white": "#f4f4ee", "black": "#1d1d1d", "blue": "#2e6fd1"}
PANEL_X = RING + 1.5 * U
PANEL_W = 370.0              # a player's box
PLAYER_Y, PLAYER_STEP = -TRACK / 2 + 130, 128.0  # the first player's box, and the next one's offset


def track_centre(t: int, n: int) -> QPointF:
    """Track space t of n, clockwise from the top-left corner round a square."""
    d = (t * 4 * RING / n) % (4 * RING)
    side, off = divmod(d, RING)
    if side == 0:
        return QPointF(off, 0)
    if side == 1:
        return QPointF(RING, off)
    if side == 2:
        return QPointF(RING - off, RING)
    return QPointF(0, RING - off)


def square_rect(k: int) -> QRectF:
    r, c = divmod(k, SIDE)
    return QRectF(MAP0 + c * U, MAP0 + r * U, U, U)


@register_board("pearls")
class PearlsBoard(BoardWidget):
    ruleset_id = "pearls"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.water = QColor(terrain_colour("pearls", "water", "#5fa8d3"))
        self.island = QColor(terrain_colour("pearls", "island", "#6b9e4a"))
        self.track = QColor(terrain_colour("pearls", "track", "#e8dcb5"))
        c = self.controls_layout
        self.bid_label = QLabel("Bid $", self.controls)
        self.amount = QSpinBox(self.controls)
        self.amount.setObjectName("bidAmount")
        self.amount.setPrefix("$")
        self.slider = QSlider(Qt.Horizontal, self.controls)
        self.slider.setMinimumWidth(240)
        self.slider.valueChanged.connect(self.amount.setValue)
        self.amount.valueChanged.connect(self.slider.setValue)
        self.bid_button = QPushButton("Bid", self.controls)
        self.bid_button.setObjectName("bidButton")
        self.pass_button = QPushButton("Pass", self.controls)
        self.pass_button.setObjectName("passButton")
        self.keep_button = QPushButton("Keep the boat off the map", self.controls)
        self.bid_button.clicked.connect(self._bid)
        self.pass_button.clicked.connect(lambda: self.choose(PASS))
        self.keep_button.clicked.connect(lambda: self.choose(KEEP_BOAT))
        c.addStretch(1)
        for w in (self.bid_label, self.amount, self.slider, self.bid_button, self.pass_button, self.keep_button):
            c.addWidget(w)
        self._base = BID  # what the amount is added to: BID in an auction, SAVE at the savings bank

    def board_rect(self) -> QRectF:
        """The track round the map, and the pearls left and every player's box beside it."""
        n = self.state.n if self.state is not None else 0
        edge = TRACK / 2 + 2
        bottom = max(RING + edge, PLAYER_Y + (n - 1) * PLAYER_STEP + 118 + 2)
        return QRectF(-edge, -edge, PANEL_X + PANEL_W + 2 + edge, bottom + edge)

    def view_state(self):
        """A seat's observation; a finished game whole, as its chests are opened to count the riches."""
        if self.state is not None and self.state.is_terminal() and not self.state.hidden_chests:
            return self.state
        return super().view_state()

    def player_colour(self, st, p: int) -> QColor:
        sides = st.board.sides
        return self.colour_of(sides[p] if p < len(sides) else None, p)

    # --- routes ----------------------------------------------------------------------------
    def route(self, action: int) -> list:
        st = self.state
        if st is None or action not in self.legal:
            return []
        ph = st.phase
        if ph == P_AUCTION:
            return [("button", "pass")] if action == PASS else [("amount", action - BID), ("button", "bid")]
        if ph == P_SAVE:
            return [("amount", action - SAVE), ("button", "bid")]
        if action == KEEP_BOAT:
            return [("button", "keep")]
        if ph == P_SAIL:
            return [("track", action - SAIL)]
        if action == TAKE_LETTER:
            return [("track", st.sail[st.actor])]
        if ph == P_PLACE:
            return [("square", action - PLACE)]
        if TAKE_PEARL <= action < PLACE and ph == P_TAKE:
            return [("pearl", action - TAKE_PEARL)]
        if CHOOSE <= action < TAKE_LETTER:
            return [("pearl", action - CHOOSE)]
        return []

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, st, legal: list[int]) -> None:
        self.prompt.setText(words.status_lines(st, self.seat)[0])
        self._track(st, legal)
        self._map(st, legal)
        self._token(st)
        self._supply(st, legal)
        self._players(st)

    def _track(self, st, legal: list[int]) -> None:
        b = st.board
        n = len(b.track_letter)
        for t in range(n):
            c = track_centre(t, n)
            rect = QRectF(c.x() - TRACK / 2, c.y() - TRACK / 2, TRACK, TRACK)
            space = self.scene.addRect(rect, QPen(QColor("#7a6a40"), 2), QBrush(self.track))
            space.setToolTip(words.track_words(st, t))
            self.text(b.track_letter[t], c.x() - 22, c.y() - 20, 34, "#3a2a10", bold=True)
            colour = COLOURS[b.track_colour[t]]
            self._pearl(c.x() + 26, c.y() - 22, 12, colour)
            self.text(str(t + 1), c.x() - 34, c.y() + 34, 12, "#7a6a40")
            # The space's letter and pearl fill its upper half, its number the lower left corner: the
            # sailboats sail along the foot, their sails clear of the letter; a boat holding the
            # letter lies under the pearl.
            boats = [p for p in range(st.n) if st.sail[p] == t]
            for i, p in enumerate(boats):
                self._sailboat(c.x() - 8 + i * 20 - (len(boats) - 1) * 5, c.y() + 32, self.player_colour(st, p),
                               f"{st.player_name(p)}'s sailboat")
            letters = [p for p in range(st.n) if st.hold[p] == HOLD_LETTER + t]
            for i, p in enumerate(letters):
                self._hull(c.x() + 27, c.y() + i * 11, 30, self.player_colour(st, p),
                           f"{st.player_name(p)}'s boat holds the letter {b.track_letter[t]}")
            act = None
            if st.phase == P_SAIL and SAIL + t in legal:
                act = SAIL + t
            elif TAKE_LETTER in legal and st.sail[st.actor] == t:
                act = TAKE_LETTER
            if act is not None:
                self.hot(("track", t), rect, self.play(act), words.action_words(st, act, self.seat))

    def _map(self, st, legal: list[int]) -> None:
        cols, rows = words.column_letters(st), words.row_letters(st)
        for i in range(SIDE):
            if cols[i]:
                self.text(cols[i], MAP0 + (i + 0.5) * U, MAP0 - 0.35 * U, 22, "#1b3a5a", bold=True)
            if rows[i]:
                self.text(rows[i], MAP0 - 0.35 * U, MAP0 + (i + 0.5) * U, 22, "#1b3a5a", bold=True)
        sector = set(st.board.sectors.get(st.place_letter, ())) if st.phase == P_PLACE else set()
        for k in range(SIDE * SIDE):
            rect = square_rect(k)
            isle = k in st.board.island
            brush = self.island if isle else (self.water.lighter(118) if k in sector else self.water)
            sq = self.scene.addRect(rect, QPen(QColor("#2a5f80"), 1), QBrush(brush))
            sq.setToolTip("The Island of Tahiti" if isle else f"Pearl bank, {words.square_words(st, k)}")
            if st.colour[k] >= 0:
                owner = st.owner[k]
                self._hull(rect.center().x(), rect.center().y() + 12, 46, self.player_colour(st, owner),
                           f"{st.player_name(owner)}'s boat with a {COLOURS[st.colour[k]]} pearl, "
                           f"{words.square_words(st, k)}")
                self._pearl(rect.center().x(), rect.center().y() - 4, 13, COLOURS[st.colour[k]])
            if PLACE + k in legal:
                self.hot(("square", k), rect.adjusted(3, 3, -3, -3), self.play(PLACE + k),
                         words.action_words(st, PLACE + k, self.seat))

    def _token(self, st) -> None:
        isle = sorted(st.board.island)
        rects = [square_rect(k) for k in isle]
        c = rects[len(rects) // 2].center()
        r = 24
        item = self.scene.addEllipse(c.x() - r, c.y() - r, 2 * r, 2 * r, QPen(QColor("#5b4220"), 2),
                                     QBrush(QColor("#f3d27a") if st.token else QColor("#e9f2d8")))
        item.setZValue(15)
        item.setToolTip("The large token: treasure face up — the next white face sends everyone to the savings bank"
                        if st.token else "The large token: $ face up — the next white face is payday")
        if st.token:
            chest = self.scene.addRect(QRectF(c.x() - 13, c.y() - 7, 26, 17), QPen(QColor("#5b3205"), 2),
                                       QBrush(QColor("#b5651d")))
            chest.setZValue(16)
            lid = self.scene.addRect(QRectF(c.x() - 13, c.y() - 12, 26, 6), QPen(QColor("#5b3205"), 2),
                                     QBrush(QColor("#d4a017")))
            lid.setZValue(16)
        else:
            self.text("$", c.x(), c.y(), 30, "#1f6b1f", bold=True)

    def _supply(self, st, legal: list[int]) -> None:
        x0, y0 = PANEL_X, -TRACK / 2
        self.text("Pearls left", x0, y0, 16, "#222", bold=True, centre=False)
        for c, name in enumerate(COLOURS):
            x = x0 + 20 + c * 78
            y = y0 + 52
            left = st.supply[c]
            for i in range(min(left, 6)):
                self._pearl(x + (i % 3) * 16, y + (i // 3) * 16, 8, name)
            self.text(f"{name} {left}", x + 16, y + 44, 13, "#222")
            act = next((a for a in (TAKE_PEARL + c, CHOOSE + c) if a in legal and
                        (a >= TAKE_PEARL) == (st.phase == P_TAKE)), None)
            if act is not None:
                self.hot(("pearl", c), QRectF(x - 14, y - 14, 62, 70), self.play(act),
                         words.action_words(st, act, self.seat))
        if st.phase == P_AUCTION:  # the die's number up for auction, drawn as a die face
            die = QRectF(x0 + 330, y0 + 26, 40, 40)
            self.scene.addRect(die, QPen(QColor("#222"), 2), QBrush(QColor("#fffdf4"))).setToolTip(
                f"The die shows {st.die}: the move up for auction")
            self.text(str(st.die), die.center().x(), die.center().y(), 26, "#222", bold=True)
            self.text("move", die.center().x(), die.bottom() + 10, 12, "#444")

    def _players(self, st) -> None:
        x0, y0 = PANEL_X, PLAYER_Y
        points = words.map_points(st)
        for p in range(st.n):
            y = y0 + p * PLAYER_STEP
            colour = self.player_colour(st, p)
            active = not st.is_terminal() and st.current_player() == p
            self.scene.addRect(QRectF(x0, y, PANEL_W, 118), QPen(colour, 4 if active else 1.5),
                               QBrush(QColor(colour.red(), colour.green(), colour.blue(), 30))
                               ).setToolTip(words.player_line(st, p, self.seat))
            tag = " — you" if self.seat == p else ""
            self.text(st.player_name(p) + tag, x0 + 10, y + 6, 17, colour.darker(140), bold=True, centre=False)
            if st.phase == P_AUCTION:
                bid = (f"bids ${st.bid}" if st.bidder == p else "passed" if st.passed[p]
                       else "first to pass" if st.first_passer == p else "")
                if st.first_passer == p and st.passed[p]:
                    bid = "passed first"
                self.text(bid, x0 + 360, y + 8, 15, "#7a1010" if st.bidder == p else "#444", bold=True,
                          centre=False).setX(x0 + 360 - len(bid) * 8)
            self.text(f"${st.cash[p]}", x0 + 10, y + 34, 26, "#1f6b1f", bold=True, centre=False)
            self.text("cash", x0 + 12, y + 68, 12, "#444", centre=False)
            self._chest(st, p, x0 + 110, y + 36)
            self._hull(x0 + 232, y + 52, 38, colour, f"{st.boats[p]} boats not yet used")
            self.text(f"× {st.boats[p]}", x0 + 280, y + 50, 16, "#222", bold=True)
            held = st.hold[p]
            if held >= HOLD_LETTER:
                self.text(f"letter {st.board.track_letter[held - HOLD_LETTER]}", x0 + 200, y + 96, 13, "#222",
                          centre=False)
            elif held >= 0:
                self._pearl(x0 + 208, y + 104, 8, COLOURS[held])
                self.text(f"{COLOURS[held]} pearl in front", x0 + 220, y + 96, 13, "#222", centre=False)
            else:
                self.text("nothing in front", x0 + 200, y + 96, 13, "#222", centre=False)
            self.text(f"{st.on_map[p]} on the map", x0 + 200, y + 76, 12, "#444", centre=False)
            self.text(f"{points[p]} points on the map", x0 + 10, y + 96, 12, "#444", centre=False).setToolTip(
                "Pearls in a group times the empty squares touching it; most boats score it, the others half")

    def _chest(self, st, p: int, x: float, y: float) -> None:
        known = p not in st.hidden_chests and (self.seat is None or self.seat == p or st.is_terminal())
        body = self.scene.addRect(QRectF(x, y + 8, 56, 30), QPen(QColor("#5b3205"), 2), QBrush(QColor("#b5651d")))
        lid = self.scene.addRect(QRectF(x, y, 56, 10), QPen(QColor("#5b3205"), 2), QBrush(QColor("#d4a017")))
        tip = f"{st.player_name(p)}'s chest" + (f": ${st.chest[p]} saved" if known else
                                                  " (no player may check how much another has saved)")
        for item in (body, lid):
            item.setToolTip(tip)
        self.text(f"${st.chest[p]}" if known else "?", x + 28, y + 24, 15, "#fff6d5", bold=True)
        self.text("chest", x + 28, y + 48, 12, "#444")

    # --- small pieces ------------------------------------------------------------------------
    def _pearl(self, x: float, y: float, r: float, colour: str) -> None:
        pen = QPen(QColor("#555") if colour != "black" else QColor("#aaa"), 1.2)
        item = self.scene.addEllipse(x - r, y - r, 2 * r, 2 * r, pen, QBrush(QColor(PEARL.get(colour, "#ccc"))))
        item.setZValue(12)
        shine = self.scene.addEllipse(x - r * 0.5, y - r * 0.6, r * 0.5, r * 0.4, QPen(Qt.NoPen),
                                      QBrush(QColor(255, 255, 255, 170)))
        shine.setZValue(13)

    def _hull(self, x: float, y: float, w: float, colour: QColor, tip: str) -> None:
        path = QPainterPath()
        path.moveTo(x - w / 2, y - w * 0.12)
        path.lineTo(x + w / 2, y - w * 0.12)
        path.lineTo(x + w * 0.32, y + w * 0.16)
        path.lineTo(x - w * 0.32, y + w * 0.16)
        path.closeSubpath()
        item = self.scene.addPath(path, QPen(QColor("#111"), 1.5), QBrush(colour))
        item.setZValue(11)
        item.setToolTip(tip)

    def _sailboat(self, x: float, y: float, colour: QColor, tip: str) -> None:
        self._hull(x, y, 26, colour, tip)
        sail = QPainterPath()
        sail.moveTo(x - 1, y - 5)
        sail.lineTo(x - 1, y - 30)
        sail.lineTo(x + 12, y - 5)
        sail.closeSubpath()
        item = self.scene.addPath(sail, QPen(QColor("#111"), 1.2), QBrush(colour.lighter(150)))
        item.setZValue(11)
        item.setToolTip(tip)

    # --- the control row ---------------------------------------------------------------------
    def update_controls(self, st, legal: list[int]) -> None:
        bids = [a - BID for a in legal if a >= BID]
        saves = [a - SAVE for a in legal if SAVE <= a < PASS]
        amounts, self._base = (bids, BID) if st.phase == P_AUCTION else (saves, SAVE)
        show = bool(amounts) or (PASS in legal)
        for w in (self.bid_label, self.amount, self.slider, self.bid_button):
            w.setVisible(show)
        self.pass_button.setVisible(PASS in legal)
        self.keep_button.setVisible(KEEP_BOAT in legal)
        saving = st.phase == P_SAVE
        self.bid_label.setText("Save" if saving else f"Bid for a move of {st.die}:")
        self.bid_button.setText("Save" if saving else "Bid")
        self.bid_button.setEnabled(bool(amounts))
        lo, hi = (min(amounts), max(amounts)) if amounts else (0, 0)
        for w in (self.amount, self.slider):
            w.blockSignals(True)
            w.setRange(lo, hi)
            w.setValue(lo)
            w.blockSignals(False)
        self.amount.setEnabled(bool(amounts))
        self.slider.setEnabled(bool(amounts))
        self.items[("button", "bid")] = self.bid_button
        self.items[("button", "pass")] = self.pass_button
        self.items[("button", "keep")] = self.keep_button
        self.items[("amount",)] = self.amount

    def _bid(self) -> None:
        self.choose(self._base + self.amount.value())
