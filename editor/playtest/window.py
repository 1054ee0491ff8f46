"""The playtest window: the map to act on, legal actions, seats, dice tray, log, undo, save and load.

The game runs on a private copy of the scenario: the editor's document, its
undo history and its saved state are never touched. A game is (scenario, seed,
actions); undo replays all but the last move; a saved game is a small JSON file.
"""
from __future__ import annotations

import json
import random

from PySide6.QtCore import Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
    QMainWindow, QMenu, QMessageBox, QPushButton, QSlider, QToolBar, QVBoxLayout, QWidget,
)

from engine.io.atomic import write_atomic
from engine.io.native import dumps, loads
from engine.rules.api import CHANCE
from engine.rules.registry import get_ruleset
from engine.io.errors import LoadError
from engine.session.session import Session, read_record, scenario_fingerprint

from ..canvas.map_item import Overlay
from ..canvas.view import MapView
from ..document import Document
from .bot_worker import BotMove, BotSignals
from .game_map import ClickTool, GameMapItem

HUMAN = "human"


class PlaytestWindow(QMainWindow):
    backToEditing = Signal()

    def __init__(self, scenario_text: str, seed: int | None = None, parent=None, options: dict | None = None):
        super().__init__(parent)
        self.setObjectName("playtestWindow")
        self.setWindowTitle("Playtest — Motu")
        self.scenario_text = scenario_text
        self.scenario = loads(scenario_text, "<playtest>")
        self.rules = get_ruleset(self.scenario.ruleset)
        self.options = dict(options or {})  # rule-set options for this game (e.g. start from the set-up)
        self.fingerprint = scenario_fingerprint(scenario_text)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.session: Session | None = None
        self.document = Document(loads(scenario_text, "<playtest>"))
        self.document.scenario.pieces.clear()  # the game's own markers show where things are
        self.map_item = GameMapItem(self.document, self)
        self.view = MapView(self.map_item)
        self.view.tool = ClickTool(self)
        self.setCentralWidget(self.view)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.bot_signals = BotSignals()
        self.bot_signals.chose.connect(self._bot_chose)
        self.bot_signals.failed.connect(self._bot_failed)
        self._ticket = 0
        self._thinking = False
        self._scroll_pending = False
        self.selected_cell: int | None = None
        self.auto_timer = QTimer(self)
        self.auto_timer.setSingleShot(True)
        self.auto_timer.timeout.connect(self.step)
        self._build()
        self.new_game(self.seed)

    # --- building -------------------------------------------------------------------------------
    def _build(self) -> None:
        bar = QToolBar("Game", self)
        bar.setObjectName("playtestBar")
        self.addToolBar(bar)
        self.actions_ = {}
        for key, text, slot, shortcut in (("back", "Back to Editing", self.back, "Esc"),
                                          ("step", "Bot Move", self.step, "Space"),
                                          ("auto", "Auto-play", self.toggle_auto, "F6"),
                                          ("undo", "Undo Move", self.undo, QKeySequence.Undo),
                                          ("restart", "New Game", lambda: self.new_game(None), "Ctrl+R"),
                                          ("save", "Save Game…", self.save_game, QKeySequence.Save),
                                          ("load", "Load Game…", self.load_game, QKeySequence.Open)):
            act = QAction(text, self)
            act.setObjectName(f"playtest_{key}")
            act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            bar.addAction(act)
            self.actions_[key] = act
        self.actions_["auto"].setCheckable(True)
        bar.addWidget(QLabel(" Speed "))
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setObjectName("playtestSpeed")
        self.speed.setRange(0, 1000)
        self.speed.setValue(300)
        self.speed.setMaximumWidth(140)
        bar.addWidget(self.speed)

        side = QWidget()
        lay = QVBoxLayout(side)
        self.info = QLabel()
        self.info.setObjectName("playtestInfo")
        self.info.setWordWrap(True)
        lay.addWidget(self.info)
        seats = QFormLayout()
        self.seat_boxes: list[QComboBox] = []
        probe = self.rules.new_initial_state(self.scenario, self.options)
        names = [HUMAN] + list(self.rules.bot_factories())
        sides = self.rules.player_sides(self.scenario, probe.num_players())
        for p in range(probe.num_players()):
            box = QComboBox()
            box.setObjectName(f"seat{p}")
            box.addItems(names)
            box.setCurrentIndex(0 if p == 0 else names.index("random"))
            box.currentIndexChanged.connect(lambda _=0: self._maybe_bot())
            label = self.scenario.sides[sides[p]].name if sides[p] in self.scenario.sides else probe.player_name(p)
            seats.addRow(label, box)
            self.seat_boxes.append(box)
        lay.addLayout(seats)
        lay.addWidget(QLabel("Legal actions (double-click to play):"))
        self.legal = QListWidget()
        self.legal.setObjectName("playtestLegal")
        self.legal.itemActivated.connect(lambda it: self.human_action(it.data(Qt.UserRole)))
        lay.addWidget(self.legal)
        buttons = QHBoxLayout()
        play = QPushButton("Play selected")
        play.clicked.connect(lambda: self.legal.currentItem() and self.human_action(self.legal.currentItem().data(Qt.UserRole)))
        buttons.addWidget(play)
        lay.addLayout(buttons)
        dock = QDockWidget("Game", self)
        dock.setObjectName("playtestGameDock")
        dock.setWidget(side)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.dice = QListWidget()
        self.dice.setObjectName("playtestDice")
        dice_dock = QDockWidget("Dice tray", self)
        dice_dock.setObjectName("playtestDiceDock")
        dice_dock.setWidget(self.dice)
        self.addDockWidget(Qt.RightDockWidgetArea, dice_dock)
        self.log = QListWidget()
        self.log.setObjectName("playtestLog")
        log_dock = QDockWidget("Event log", self)
        log_dock.setObjectName("playtestLogDock")
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.BottomDockWidgetArea, log_dock)
        self.resize(1300, 850)

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        QTimer.singleShot(0, self.view.fit)

    # --- the game ----------------------------------------------------------------------------------
    def _new_state(self):
        return self.rules.new_initial_state(loads(self.scenario_text, "<playtest>"), self.options)

    def new_game(self, seed: int | None) -> None:
        self.stop_auto()
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.session = Session(self._new_state, self.seed, self.fingerprint)
        self._after_change()

    def seat(self, player: int) -> str:
        return self.seat_boxes[player].currentText() if 0 <= player < len(self.seat_boxes) else "random"

    def _after_change(self) -> None:
        """Roll pending dice, refresh every view, and let a bot move if it is a bot's turn."""
        assert self.session is not None
        for entry in self.session.resolve_chance():
            self._log(entry, dice=True)
        self.selected_cell = None
        self.map_item.set_overlay(Overlay())
        self._refresh()
        self._maybe_bot()

    def _log(self, entry, dice: bool) -> None:
        who = "dice" if entry.player == CHANCE else self.session.state.player_name(entry.player) if self.session else ""
        text = f"{who}: {entry.text}"
        self.log.addItem(text)
        if dice:
            self.dice.addItem(entry.text)
        if not self._scroll_pending:
            # Scrolling a long list is slow: once per turn of the event loop, not per line.
            self._scroll_pending = True
            QTimer.singleShot(0, self._scroll_logs)

    def _scroll_logs(self) -> None:
        self._scroll_pending = False
        self.log.scrollToBottom()
        self.dice.scrollToBottom()

    def _refresh(self) -> None:
        state = self.session.state
        self.legal.clear()
        if state.is_terminal():
            returns = state.returns()
            best = max(returns)
            winners = [state.player_name(p) for p, r in enumerate(returns) if r == best]
            self.info.setText(f"Game over. {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}."
                              f"  Returns: {', '.join(f'{r:g}' for r in returns)}")
            self.stop_auto()
        else:
            player = state.current_player()
            extra = "; ".join(f"{k}: {v}" for k, v in state.information().items())
            self.info.setText(f"{state.player_name(player)} to move ({self.seat(player)}). {extra}")
            if self.seat(player) == HUMAN:
                for a in state.legal_actions():
                    it = QListWidgetItem(state.action_to_string(a))
                    it.setData(Qt.UserRole, a)
                    self.legal.addItem(it)
        self.actions_["undo"].setEnabled(bool(self.session.actions))
        self.map_item.update()

    def human_action(self, action: int) -> bool:
        state = self.session.state
        if state.is_terminal() or self.seat(state.current_player()) != HUMAN or self._thinking:
            return False
        if action not in state.legal_actions():
            return False
        self._log(self.session.apply(action), dice=False)
        self._after_change()
        return True

    # --- bots -----------------------------------------------------------------------------------------
    def _maybe_bot(self) -> None:
        if self.session is None or self.session.state.is_terminal() or self._thinking:
            return
        if self.seat(self.session.state.current_player()) != HUMAN and self.actions_["auto"].isChecked():
            self.auto_timer.start(self.speed.value())

    def step(self) -> None:
        """One bot move, thought out on the worker thread."""
        state = self.session.state
        if state.is_terminal() or self._thinking:
            return
        player = state.current_player()
        name = self.seat(player)
        if name == HUMAN:
            return
        self._ticket += 1
        self._thinking = True
        rng = random.Random(f"{self.seed}:{len(self.session.actions)}:{name}")
        bot = self.rules.bot_factories()[name](rng)
        self.info.setText(f"{state.player_name(player)} ({name}) is thinking…")
        self.pool.start(BotMove(self._ticket, bot, state.clone(), self.bot_signals))

    def _bot_chose(self, ticket: int, action: int) -> None:
        if ticket != self._ticket:
            return  # the game moved on (undo, new game) while the bot thought
        self._thinking = False
        if action not in self.session.state.legal_actions():
            self._bot_failed(ticket, f"the bot chose an illegal action {action}")
            return
        self._log(self.session.apply(action), dice=False)
        self._after_change()

    def _bot_failed(self, ticket: int, message: str) -> None:
        if ticket != self._ticket:
            return
        self._thinking = False
        self.stop_auto()
        self.log.addItem(f"bot error: {message.splitlines()[0]}")
        self.statusBar().showMessage(f"The bot failed and its move ended: {message.splitlines()[0]}", 10000)
        self._refresh()

    def toggle_auto(self) -> None:
        if self.actions_["auto"].isChecked():
            self._maybe_bot()
        else:
            self.stop_auto()

    def stop_auto(self) -> None:
        self.auto_timer.stop()
        if "auto" in getattr(self, "actions_", {}):
            self.actions_["auto"].setChecked(False)

    def wait_for_bot(self, timeout_ms: int = 30000) -> None:
        """For scripts and tests: let the worker finish and deliver its move."""
        from PySide6.QtCore import QCoreApplication, QElapsedTimer
        t = QElapsedTimer()
        t.start()
        while self._thinking and t.elapsed() < timeout_ms:
            QCoreApplication.processEvents()
            self.pool.waitForDone(5)
        QCoreApplication.processEvents()

    # --- undo, save, load ---------------------------------------------------------------------------
    def undo(self) -> None:
        self.stop_auto()
        self._ticket += 1
        self._thinking = False
        self.session.undo()
        # Take back bot replies too, so the human is to move again.
        while (self.session.actions and not self.session.state.is_terminal()
               and self.seat(self.session.state.current_player()) != HUMAN):
            self.session.undo()
        self._rebuild_log()
        self._refresh()

    def _rebuild_log(self) -> None:
        self.log.clear()
        self.dice.clear()
        for entry in self.session.log:
            self._log(entry, dice=entry.player == CHANCE)

    def game_record(self) -> dict:
        return self.session.record()

    def save_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getSaveFileName(self, "Save game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        write_atomic(path, json.dumps(self.game_record()))
        self.statusBar().showMessage(f"Saved the game to {path}", 6000)
        return True

    def load_game(self, path: str | None = None) -> bool:
        path = path or QFileDialog.getOpenFileName(self, "Load game", "", "Motu games (*.motugame.json)")[0]
        if not path:
            return False
        try:
            session = Session.from_record(read_record(path), self._new_state, self.fingerprint, path)
        except LoadError as exc:  # the message names the file and the action
            QMessageBox.warning(self, "Cannot load game", str(exc))
            return False
        self.stop_auto()
        self.session = session
        self.seed = session.seed
        self._rebuild_log()
        self._refresh()
        return True

    # --- clicking on the map ---------------------------------------------------------------------------
    def click_cell(self, cell: int | None) -> None:
        """First click picks a cell: where its pieces can go, what they can see and what they can
        attack or fire at light up; a second click on a lit target plays that move."""
        state = self.session.state
        if cell is None or state.is_terminal() or self.seat(state.current_player()) != HUMAN:
            return
        moves = [(a, *state.action_cells(a)) for a in state.legal_actions()]
        if self.selected_cell is not None:
            chosen = [a for a, src, dst in moves if src in (self.selected_cell, None) and dst == cell]
            if chosen and cell != self.selected_cell:
                self._choose(chosen)
                return
        sources = [(a, dst) for a, src, dst in moves if src == cell and dst is not None]
        here = bool(sources) or any(c == cell for c, _, _ in state.markers())
        if here:
            self.selected_cell = cell
            self.map_item.set_selection(cells={cell})
            self.map_item.set_overlay(self.reach_overlay(cell, moves))
            return
        direct = [a for a, src, dst in moves if src is None and dst == cell]
        if direct:
            self._choose(direct)

    def reach_overlay(self, cell: int, moves) -> Overlay:
        """Targets of the legal actions from (or, for games that name only targets, available at) a cell;
        those holding another side's markers are attacks; and the cells in sight from it."""
        state = self.session.state
        targets = {dst for a, src, dst in moves if dst is not None and (src == cell or src is None)}
        mine = {side for c, _, side in state.markers() if c == cell}
        enemy_cells = {c for c, _, side in state.markers() if side is not None and side not in mine}
        attack = targets & enemy_cells
        seen: set[int] = set()
        if self.scenario.grid.shape != "spaces":
            sight = self.rules.sight(self.scenario)
            seen = {c for c in range(self.scenario.grid.size) if c != cell and sight.visible(cell, c)}
        return Overlay(cells={t: "" for t in targets - attack}, color="#2ca02c", attack=attack, seen=seen)

    def _choose(self, actions: list[int]) -> None:
        if len(actions) == 1:
            self.human_action(actions[0])
            return
        menu = QMenu(self)
        for a in actions:
            act = menu.addAction(self.session.state.action_to_string(a))
            act.triggered.connect(lambda _=False, x=a: self.human_action(x))
        menu.popup(self.cursor().pos())

    def back(self) -> None:
        self.stop_auto()
        self._ticket += 1
        self.backToEditing.emit()
        self.close()


def start_playtest(editor, scenario_text: str | None = None, options: dict | None = None) -> PlaytestWindow:
    text = scenario_text if scenario_text is not None else dumps(editor.document.scenario)
    w = PlaytestWindow(text, parent=None, options=options)
    w.backToEditing.connect(lambda: (editor.raise_(), editor.activateWindow()))
    return w
