"""The playtest window: the table a designer hands to a friend — map or board, game panel, stack panel,
legal actions, seats, dice tray, event log, result, undo, save and load.

The game runs on a private copy of the scenario: the editor's document, its undo history and its
saved state are never touched. A game is (scenario, seed, actions); undo replays all but the last
move; a saved game is a small JSON file. Everything shown is what the seat on view may know: the
panel and the map read that seat's observation, the log and the tray that seat's text of each
action (action_to_string_for). With two or more human seats (hot seat) a curtain falls between
them. Words come from the rule set's presentation (presenter.py), never from identifiers.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFileDialog, QFormLayout, QLabel, QListWidget, QListWidgetItem, QMainWindow, QMessageBox,
    QPushButton, QSlider, QToolBar, QVBoxLayout, QWidget,
)

from engine.io.atomic import write_atomic
from engine.io.errors import LoadError
from engine.io.native import dumps, loads
from engine.rules.api import CHANCE
from engine.rules.registry import get_ruleset
from engine.session.session import Session, read_record, sample_outcome, scenario_fingerprint

from ..canvas.map_item import Overlay
from ..canvas.view import MapView
from ..document import Document
from .bot_worker import BotMove, BotProcess, BotSignals
from .clicks import ClickMixin
from .curtain import Curtain
from .dice_tray import DiceTray
from .event_log import EventLog
from .game_map import ClickTool, GameMapItem
from .legend import Legend, VictoryTrack
from .panel import GamePanel, ResultPanel
from .presenter import Presenter
from .stack_panel import StackPanel

HUMAN = "human"


@dataclass
class Entry:
    """One action as the table tells it: for each seat its own text (None: that seat learns nothing)."""

    player: int
    kind: str                       # moves | combat | events | dice
    full: str
    texts: tuple[str | None, ...]
    dice: dict | None
    batch: int
    events: list[str] = field(default_factory=list)


def make_board(ruleset: str, parent):
    """The rule set's own board (editor/playtest/boards), or None: the grid map is used."""
    try:
        from .boards import make_board as make
    except ImportError:
        return None
    try:
        return make(ruleset, parent)
    except Exception:  # a board that cannot be built leaves the grid map, which always works
        return None


class PlaytestWindow(ClickMixin, QMainWindow):
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
        self.entries: list[Entry] = []
        self._events_seen = 0
        self._batch = 0
        self.document = Document(loads(scenario_text, "<playtest>"))
        self.document.scenario.pieces.clear()  # the game's own pieces show where things are
        self.map_item = GameMapItem(self.document, self)
        self.view = MapView(self.map_item)
        self.view.tool = ClickTool(self)
        self.board = make_board(self.scenario.ruleset, self)
        if self.board is not None:
            self.board.action_chosen.connect(self.human_action)
        self.setCentralWidget(self.board if self.board is not None else self.view)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.bot_signals = BotSignals()
        self.bot_signals.chose.connect(self._bot_chose)
        self.bot_signals.failed.connect(self._bot_failed)
        self.bot_process = BotProcess(scenario_text, self.options, self.bot_signals, self)
        self.bot_objects = False  # True: bots run as objects on a worker thread (a monkeypatched bot in a test)
        self._ticket = 0
        self._thinking = False
        self.selected_cell: int | None = None
        self.stack_cell: int | None = None
        self.shown_seat: int | None = None  # the seat whose view is drawn
        self._view_state = None
        self.auto_timer = QTimer(self)
        self.auto_timer.setSingleShot(True)
        self.auto_timer.timeout.connect(self.step)
        self.curtain = Curtain(self)
        self.curtain.lifted.connect(self._curtain_lifted)
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
        self.info.setStyleSheet("font-weight: bold")
        self.info.setFixedHeight(self.info.fontMetrics().lineSpacing() + 6)
        lay.addWidget(self.info)
        self.panel = GamePanel()
        lay.addWidget(self.panel)
        self.result_panel = ResultPanel()
        self.result_panel.save_requested.connect(lambda: self.save_game())
        lay.addWidget(self.result_panel)
        seats = QFormLayout()
        self.seat_boxes: list[QComboBox] = []
        probe = self.rules.new_initial_state(self.scenario, self.options)
        self.presenter = Presenter(probe)
        names = [HUMAN] + list(self.rules.bot_factories())
        sides = self.rules.player_sides(self.scenario, probe.num_players())
        for p in range(probe.num_players()):
            box = QComboBox()
            box.setObjectName(f"seat{p}")
            box.addItems(names)
            box.setCurrentIndex(0 if p == 0 else names.index("random"))
            box.currentIndexChanged.connect(lambda _=0, q=p: self._seat_changed(q))
            label = self.scenario.sides[sides[p]].name if sides[p] in self.scenario.sides else probe.player_name(p)
            seats.addRow(label, box)
            self.seat_boxes.append(box)
        lay.addLayout(seats)
        lay.addWidget(QLabel("Legal actions (double-click to play):"))
        self.legal = QListWidget()
        self.legal.setObjectName("playtestLegal")
        self.legal.setUniformItemSizes(True)
        self.legal.itemActivated.connect(lambda it: self.human_action(it.data(Qt.UserRole)))
        lay.addWidget(self.legal, 1)
        play = QPushButton("Play selected")
        play.clicked.connect(lambda: self.legal.currentItem() and self.human_action(self.legal.currentItem().data(Qt.UserRole)))
        lay.addWidget(play)
        side.setMinimumWidth(400)  # room for the panel's words: the layout never follows their length
        self._dock("Game", "playtestGameDock", side, Qt.RightDockWidgetArea)
        self.stack_panel = StackPanel()
        self.stack_panel.setMinimumWidth(260)
        self.stack_panel.action_chosen.connect(self.human_action)
        stack_dock = self._dock("Stack", "playtestStackDock", self.stack_panel, Qt.LeftDockWidgetArea)
        self.legend = Legend(self.presenter, self.scenario)
        self.victory = VictoryTrack()
        legend_box = QWidget()
        legend_lay = QVBoxLayout(legend_box)
        legend_lay.setContentsMargins(0, 0, 0, 0)
        legend_lay.addWidget(self.victory)
        legend_lay.addWidget(self.legend, 1)
        legend_dock = self._dock("Legend", "playtestLegendDock", legend_box, Qt.LeftDockWidgetArea)
        self.splitDockWidget(stack_dock, legend_dock, Qt.Vertical)
        if self.board is not None:
            stack_dock.hide()
            legend_dock.hide()
        self.dice = DiceTray()
        self._dock("Dice tray", "playtestDiceDock", self.dice, Qt.RightDockWidgetArea)
        self.log = EventLog()
        self._dock("Event log", "playtestLogDock", self.log, Qt.BottomDockWidgetArea)
        self.resize(1400, 900)

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        QTimer.singleShot(0, self.view.fit)

    # --- the game ----------------------------------------------------------------------------------
    def _new_state(self):
        return self.rules.new_initial_state(loads(self.scenario_text, "<playtest>"), self.options)

    def new_game(self, seed: int | None) -> None:
        self.stop_auto()
        self._ticket += 1
        self._thinking = False
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.session = Session(self._new_state, self.seed, self.fingerprint)
        self.entries, self._events_seen, self._batch = [], 0, 0
        self.shown_seat = self.viewer()
        self._render_log()
        self._after_change()

    def seat(self, player: int) -> str:
        return self.seat_boxes[player].currentText() if 0 <= player < len(self.seat_boxes) else "random"

    def humans(self) -> list[int]:
        return [p for p in range(len(self.seat_boxes)) if self.seat(p) == HUMAN]

    def viewer(self) -> int | None:
        """The seat whose view the table shows: the one human; in a hot seat the human to move (or the
        last one shown while a bot or the dice move); None (everything) when only bots play."""
        humans = self.humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        cur = self.session.state.current_player() if self.session else -1
        if cur in humans:
            return cur
        return self.shown_seat if self.shown_seat in humans else humans[0]

    def view_state(self):
        """The game as the seat on view sees it (its observation), computed once per change."""
        if self._view_state is None:
            state = self.session.state
            v = self.shown_seat
            self._view_state = state if v is None else state.observation(v)
        return self._view_state

    # --- playing an action and telling it ------------------------------------------------------------
    def _entry_for(self, state, action: int) -> Entry:
        player = state.current_player()
        full = self.presenter.action_text(state, action)
        texts = tuple(self.presenter.action_text(state, action, p) for p in range(state.num_players()))
        kind = self.presenter.log_kind(state, action)
        dice = self.presenter.dice(state, action, full) if player == CHANCE else None
        if player != CHANCE:
            self._batch += 1
        return Entry(player, kind, full, texts, dice, self._batch)

    def _play(self, action: int) -> Entry:
        entry = self._entry_for(self.session.state, action)
        self.session.apply(action)
        lines = self.presenter.events(self.session.state)
        entry.events = lines[self._events_seen:]
        self._events_seen = len(lines)
        self.entries.append(entry)
        self._show_entry(entry)
        return entry

    def _show_entry(self, entry: Entry) -> None:
        v = self.shown_seat
        text = entry.full if v is None else entry.texts[v]
        if text is not None:
            who = "Dice" if entry.player == CHANCE else self.session.state.player_name(entry.player)
            self.log.add(entry.kind, f"{who}: {text}")
            if entry.dice is not None:
                words = entry.dice["text"] if text == entry.full else text
                self.dice.add(entry.dice["group"], entry.dice["face"] if text == entry.full else None, words, entry.batch)
        for line in entry.events:
            self.log.add("events", line)
            if entry.dice is not None and text is not None:
                self.dice.note(line)

    def _render_log(self) -> None:
        self.log.clear()
        self.dice.start_over()
        for entry in self.entries:
            self._show_entry(entry)

    def _after_change(self) -> None:
        """Roll pending dice, refresh every view, and let a bot move if it is a bot's turn."""
        assert self.session is not None
        while self.session.state.current_player() == CHANCE:
            self._play(sample_outcome(self.session.state.chance_outcomes(), self.session.rng))
        self.selected_cell = None
        self.map_item.set_overlay(Overlay())
        self._refresh()
        self._maybe_bot()

    def _refresh(self) -> None:
        state = self.session.state
        self._view_state = None
        v = self.viewer()
        if v != self.shown_seat:
            if len(self.humans()) > 1 and v is not None and not state.is_terminal():
                self.shown_seat = v
                self._render_log()
                self.curtain.drop(state.player_name(v))
            else:
                self.shown_seat = v
                self._render_log()
        self.legal.clear()
        view = self.view_state()
        self.panel.set_rows(self.presenter.panel(view, self.shown_seat))
        if state.is_terminal():
            rows = self.presenter.result(state)
            self.result_panel.set_rows(rows)
            self.result_panel.show()
            head = next((t for k, t in rows if k == "Winner"), "")
            self.info.setText(f"Game over. Winner: {head}." if head else "Game over.")
            self.stop_auto()
        else:
            self.result_panel.hide()
            player = state.current_player()
            who = state.player_name(player)
            self.info.setText(f"{who} to move" + (" (human)" if self.seat(player) == HUMAN else f" ({self.seat(player)} bot)"))
            if self.seat(player) == HUMAN and not self.curtain.down:
                for a in state.legal_actions():
                    it = QListWidgetItem(self.presenter.action_text(state, a))
                    it.setData(Qt.UserRole, a)
                    self.legal.addItem(it)
        self.actions_["undo"].setEnabled(bool(self.session.actions))
        if self.board is not None:
            legal = state.legal_actions() if (not state.is_terminal() and self.seat(state.current_player()) == HUMAN
                                              and not self.curtain.down) else []
            self.board.show(state, self.shown_seat, legal)
        else:
            self.map_item.set_view(view, self.presenter)
            self.legend.set_state(view, self.map_item._markers, self.map_item.marks)
            self.victory.set_track(self.presenter.victory_track(view), {k: s.color for k, s in self.scenario.sides.items()})
            self.refresh_stack_panel()

    def _curtain_lifted(self) -> None:
        self._refresh()

    def _seat_changed(self, player: int) -> None:
        """A seat switched between human and bot: the legal actions and the view follow at once."""
        if self.session is None:
            return
        if self._thinking and self.session.state.current_player() == player:
            self._ticket += 1  # the bot's answer for this seat is no longer wanted
            self._thinking = False
        self._refresh()
        self._maybe_bot()

    def human_action(self, action: int) -> bool:
        state = self.session.state
        if state.is_terminal() or self.seat(state.current_player()) != HUMAN or self._thinking or self.curtain.down:
            return False
        if action not in state.legal_actions():
            return False
        self._play(action)
        self._after_change()
        return True

    # --- bots -----------------------------------------------------------------------------------------
    def _maybe_bot(self) -> None:
        if self.session is None or self.session.state.is_terminal() or self._thinking:
            return
        if self.seat(self.session.state.current_player()) != HUMAN and self.actions_["auto"].isChecked():
            self.auto_timer.start(self.speed.value())

    def step(self) -> None:
        """One bot move, thought out on the worker thread from the bot's seat's observation."""
        state = self.session.state
        if state.is_terminal() or self._thinking:
            return
        player = state.current_player()
        name = self.seat(player)
        if name == HUMAN:
            return
        self._ticket += 1
        self._thinking = True
        rng_seed = f"{self.seed}:{len(self.session.actions)}:{name}"
        self.info.setText(f"{state.player_name(player)} ({name} bot) is thinking…")
        if not self.bot_objects:
            self.bot_process.ask(self._ticket, self.session.actions, name, rng_seed)
            return
        bot = self.rules.bot_factories()[name](random.Random(rng_seed))
        seen = state.observation(player)
        self.pool.start(BotMove(self._ticket, bot, seen.clone() if seen is state else seen, self.bot_signals))

    def _bot_chose(self, ticket: int, action: int) -> None:
        if ticket != self._ticket:
            return  # the game moved on (undo, new game) while the bot thought
        self._thinking = False
        if action not in self.session.state.legal_actions():
            self._bot_failed(ticket, f"the bot chose an illegal action {action}")
            return
        self._play(action)
        self._after_change()

    def _bot_failed(self, ticket: int, message: str) -> None:
        if ticket != self._ticket:
            return
        self._thinking = False
        self.stop_auto()
        self.log.add("events", f"Bot error: {message.splitlines()[0]}")
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
            if self.bot_objects:
                self.pool.waitForDone(5)
            else:
                self.bot_process.wait(5)
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
        self._rebuild_entries()
        self._refresh()

    def _rebuild_entries(self) -> None:
        """The table's telling of the game so far, by replaying its actions on a fresh state."""
        state = self._new_state()
        self.entries, self._events_seen, self._batch = [], 0, 0
        for action in self.session.actions:
            entry = self._entry_for(state, action)
            state.apply_action(action)
            lines = self.presenter.events(state)
            entry.events, self._events_seen = lines[self._events_seen:], len(lines)
            self.entries.append(entry)
        self._render_log()

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
        self._ticket += 1
        self._thinking = False
        self.session = session
        self.seed = session.seed
        self._rebuild_entries()
        self._refresh()
        return True

    def closeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        self.stop_auto()
        self._ticket += 1
        self.bot_process.close()
        super().closeEvent(e)

    def back(self) -> None:
        self.stop_auto()
        self._ticket += 1
        self.backToEditing.emit()
        self.close()

    # --- what tests and scripts read -------------------------------------------------------------------
    def table_text(self) -> str:
        """Every word the table shows: panel, result, legal actions, stack panel, dice tray, event log."""
        parts = [self.info.text(), self.panel.text(), self.result_panel.text() if not self.result_panel.isHidden() else "",
                 "\n".join(self.legal.item(i).text() for i in range(self.legal.count())),
                 "\n".join(self.stack_panel.names()), "\n".join(self.dice.texts()), "\n".join(self.log.lines(False))]
        return "\n".join(p for p in parts if p)


def start_playtest(editor, scenario_text: str | None = None, options: dict | None = None) -> PlaytestWindow:
    text = scenario_text if scenario_text is not None else dumps(editor.document.scenario)
    w = PlaytestWindow(text, parent=None, options=options)
    w.backToEditing.connect(lambda: (editor.raise_(), editor.activateWindow()))
    return w
