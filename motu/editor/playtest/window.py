"""The playtest window: the table a designer hands to a friend — map or board, game panel, stack panel,
legal actions, seats, dice tray, event log, result, undo, save and load.

The game runs on a private copy of the scenario, read once: the editor's document, its undo history
and its saved state are never touched. A game is (scenario, seed, actions), driven by a Session
(motu/engine/session/session.py), which rolls the dice, takes moves back by replaying and keeps the
record; a saved game is a small JSON file. Everything shown is what the seat on view may know: the
panel and the map read that seat's observation, the log and the tray that seat's text of each
action (action_to_string_for). With two or more human seats (hot seat) a curtain falls between
them, once the seat leaving has read what came of its own move (curtain.py). Words come from the rule set's presentation (motu/engine/rules/presentation.py), never from identifiers.

Here: the window, a game's start, and what follows every action (dice rolled, every view
refreshed, a bot asked). Its parts, one concept each: table_layout.py (toolbar and docks),
seats.py (human and bot seats, the seat on view, the bots' moves), telling.py (the log and
the tray, seat by seat), game_files.py (undo, save, load), clicks.py (choices by hand on the map).
"""
from __future__ import annotations

import secrets

from PySide6.QtCore import Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QListWidgetItem, QMainWindow

from motu.engine.io.native import dumps, loads
from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import SEED_DRAWN, SEED_GIVEN, Session, scenario_fingerprint

from ..canvas.map_item import Overlay
from ..canvas.view import MapView
from ..document import Document
from .bot_worker import BotProcess, BotSignals
from .clicks import ClickMixin
from .curtain import Curtain
from .game_files import GameFilesMixin
from .game_map import ClickTool, GameMapItem
from .seats import HUMAN, SeatsMixin
from .table_layout import TableLayoutMixin
from .telling import Entry, TellingMixin

__all__ = ["PlaytestWindow", "start_playtest", "make_board", "Entry", "HUMAN"]


def make_board(ruleset: str, parent):
    """The rule set's own board (motu/editor/playtest/boards), or None: the grid map is used."""
    try:
        from .boards import make_board as make
    except ImportError:
        return None
    try:
        return make(ruleset, parent)
    except Exception:  # a board that cannot be built leaves the grid map, which always works
        return None


class PlaytestWindow(ClickMixin, SeatsMixin, TellingMixin, GameFilesMixin, TableLayoutMixin, QMainWindow):
    backToEditing = Signal()

    def __init__(self, scenario_text: str, seed: int | None = None, parent=None, options: dict | None = None,
                 canonical: bool = False):
        super().__init__(parent)
        self.setObjectName("playtestWindow")
        self.setWindowTitle("Playtest — Motu")
        self.scenario_text = scenario_text
        self.scenario = loads(scenario_text, "<playtest>")  # read once: every new game (and undo) starts from it
        self.rules = get_ruleset(self.scenario.ruleset)
        self.options = dict(options or {})  # rule-set options for this game (e.g. start from the set-up)
        # The record binds the scenario's canonical form, not its spelling: the text as Motu's writer
        # writes it (`canonical`: it is that already, as F5 hands it over, so it is not written twice).
        self.fingerprint = scenario_fingerprint(scenario_text if canonical else dumps(self.scenario))
        self.seed = seed
        self.session: Session | None = None
        self.entries: list[Entry] = []
        self._events_seen = 0
        self._reopen_map = False  # hot seat: the next player's map opens over his own stacks
        self._batch = 0
        self.document = Document(self.scenario.copy())
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
        self._opened = False
        self.auto_timer = QTimer(self)
        self.auto_timer.setSingleShot(True)
        self.auto_timer.timeout.connect(self.step)
        self.curtain = Curtain(self)
        self.curtain.lifted.connect(self._curtain_lifted)
        self.curtain.passed.connect(self._passed)
        self._build()
        self.new_game(seed)

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        if not self._opened:  # the first show only: a window shown again keeps the player's zoom
            self._opened = True
            QTimer.singleShot(0, self._open_map)

    def _open_map(self) -> None:
        """The map where every text on a counter reads, over the stacks of the seat on view."""
        self.view.open_map(whole=True)

    def side_on_view(self) -> str | None:
        """The scenario side of the seat on view (its stacks are where the map opens), or None."""
        if self.shown_seat is None or self.session is None:
            return None
        sides = self.rules.player_sides(self.scenario, self.session.state.num_players())
        return sides[self.shown_seat] if 0 <= self.shown_seat < len(sides) else None

    # --- the game ----------------------------------------------------------------------------------
    def _new_state(self):
        return self.rules.new_initial_state(self.scenario, self.options)

    def new_game(self, seed: int | None) -> None:
        self.auto_as_seated()
        self._ticket += 1
        self._thinking = False
        # Motu draws the seed (a test may give one): the record says which, so a chosen seed shows.
        self.seed = seed if seed is not None else secrets.randbelow(1 << 53)
        self.session = Session(self._new_state, self.seed, self.fingerprint, options=self.options,
                               seed_from=SEED_GIVEN if seed is not None else SEED_DRAWN)
        self.entries, self._events_seen, self._batch = [], 0, 0
        self.shown_seat = self.viewer()
        self.curtain.release()
        self._render_log()
        self._after_change()

    def _after_change(self) -> None:
        """Roll pending dice (the session's), refresh every view, and let a bot move if it is a bot's turn."""
        assert self.session is not None
        while self.session.state.current_player() == CHANCE:
            self._play(self.session.draw())
        self.selected_cell = None
        self.map_item.set_overlay(Overlay())
        self._refresh()
        self._maybe_bot()

    def _refresh(self) -> None:
        state = self.session.state
        self._view_state = None
        v = self.viewer()
        if self.curtain.holding and v == self.shown_seat:
            self.curtain.release()  # the seat reading is to move again (its move was taken back)
        seat_changed = v != self.shown_seat
        if seat_changed:
            if len(self.humans()) > 1 and v is not None and not state.is_terminal():
                if self.curtain.holding:
                    pass  # the seat on view is still reading what came of its move
                elif self.told_since_decision(self.shown_seat):
                    self.curtain.hold(state.player_name(self.shown_seat), state.player_name(v))
                else:
                    self._hand_over(v)
            else:
                self.shown_seat = v
                self._render_log()
        self.legal.clear()
        view = self.view_state()
        self.panel.set_rows(self.presenter.panel(view, self.shown_seat))
        over = state.is_terminal()
        if over:
            self.result_panel.set_rows(self.presenter.result(state))
            self.show_result(True)
            self.stop_auto()
        else:
            self.show_result(False)
            player = state.current_player()
            if self.seat(player) == HUMAN and not self.curtain.down:
                for a in state.legal_actions():
                    it = QListWidgetItem(self.presenter.action_text(state, a))
                    it.setData(Qt.UserRole, a)
                    self.legal.addItem(it)
        self.actions_["auto"].setEnabled(not over)  # nothing is left to play
        self.actions_["step"].setEnabled(not over)
        self.actions_["undo"].setEnabled(self.undo_point() is not None)
        self._refresh_info()
        if self.board is not None:
            legal = state.legal_actions() if (not state.is_terminal() and self.seat(state.current_player()) == HUMAN
                                              and not self.curtain.down) else []
            self.board.show(state, self.shown_seat, legal)
        else:
            self.map_item.set_view(view, self.presenter)
            self.legend.set_state(view, self.map_item._markers, self.map_item.marks)
            self.victory.set_track(self.presenter.victory_track(view), {k: s.color for k, s in self.scenario.sides.items()})
            self.refresh_stack_panel()
            reopen, self._reopen_map = self._reopen_map, False
            if reopen or (seat_changed and self.view.opening_pending()):  # over the new seat's stacks
                self._open_map()

    def _refresh_info(self) -> None:
        """The line over the panel: who is to move and who plays for him (a person, a bot, the bots
        paused), or the game's end and its winner."""
        state = self.session.state
        if state.is_terminal():
            head = next((t for k, t in self.presenter.result(state) if k == "Winner"), "")
            text = f"Game over. Winner: {head}." if head else "Game over."
        else:
            player = state.current_player()
            who, seat = state.player_name(player), self.seat(player)
            if seat == HUMAN:
                text = f"{who} to move (human)"
            else:
                text = f"{who} to move ({seat} bot" + (", paused)" if self.bots_paused() else ")")
        self.info.setText(text)
        self.info.setToolTip(text)
        self._tell_pause()

    def _hand_over(self, seat: int) -> None:
        """Hot seat: the screen goes to `seat`, behind the curtain until that player lifts it."""
        self.shown_seat = seat
        # Where the last player looked is his business: the next one's map opens over his own stacks.
        self._reopen_map = True
        self._render_log()
        self.curtain.drop(self.session.state.player_name(seat))

    def _curtain_lifted(self) -> None:
        self._refresh()

    def _passed(self) -> None:
        """The seat that read what came of its move hands the screen over."""
        v = self.viewer()
        if v is not None and v != self.shown_seat and not self.session.state.is_terminal():
            self._hand_over(v)
        self._refresh()

    def human_action(self, action: int) -> bool:
        state = self.session.state
        if state.is_terminal() or self.seat(state.current_player()) != HUMAN or self._thinking or self.curtain.down:
            return False
        if action not in state.legal_actions():
            return False
        self._play(action)
        self._after_change()
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


def start_playtest(editor, scenario_text: str | None = None, options: dict | None = None) -> PlaytestWindow:
    text = scenario_text if scenario_text is not None else dumps(editor.document.scenario)
    w = PlaytestWindow(text, parent=None, options=options, canonical=scenario_text is None)
    w.backToEditing.connect(lambda: (editor.raise_(), editor.activateWindow()))
    return w
