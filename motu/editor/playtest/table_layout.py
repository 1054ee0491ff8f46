"""The playtest table's furniture: the game toolbar, the game dock (info line, seats, then the
game panel and the legal actions or, at the end, the result), the stack and legend docks beside
the map, the dice tray and the event log.

Everything is built once per window (the rule set's seats and bots are read from a probe state);
the layout is fixed — widths set so the panel's words never push it about, and the result takes
the place of the panel and the legal actions (scrolling when it is longer), so the end of a game
never makes the window grow. The game dock and the dice tray have the right-hand side down to the
window's foot. With a board of the rule set's own (Tiki, pearls) the stack and legend docks are
hidden: the board shows those things. Mixed into PlaytestWindow; it sets the widgets the rest of
the window reads.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFormLayout, QLabel, QListWidget, QPushButton, QSizePolicy, QSlider, QStackedWidget,
    QToolBar, QVBoxLayout, QWidget,
)

from .dice_tray import DiceTray
from .event_log import EventLog
from .legend import Legend, VictoryTrack
from .panel import GamePanel, ResultPanel, wrap_lines
from .seats import HUMAN
from .stack_panel import StackPanel

CELL_WORDS = {"hex": "hex", "square": "square"}  # what a cell of the grid is called, for the stack panel


class TableLayoutMixin:
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
        for key, slot, shortcuts in (("zoom_in", lambda: self.view.zoom_by(1.25), ("Ctrl++", "Ctrl+=")),
                                     ("zoom_out", lambda: self.view.zoom_by(0.8), ("Ctrl+-",)),
                                     ("fit", lambda: self.view.fit(), ("Ctrl+9",)),
                                     ("reset_zoom", lambda: self.view.reset_zoom(), ("Ctrl+0",))):
            act = QAction(self)  # the map's keys, as in the editor; the map's zoom bar shows the buttons
            act.setObjectName(f"playtest_{key}")
            act.setShortcuts([QKeySequence(k) for k in shortcuts])
            act.triggered.connect(slot)
            self.addAction(act)
            self.actions_[key] = act
        self.actions_["auto"].setCheckable(True)
        self.actions_["auto"].setToolTip("Auto-play (F6): the bots take their turns by themselves; "
                                         "uncheck to pause them")
        self.actions_["step"].setToolTip("Bot Move (Space): the bot to move plays one move now")
        bar.addWidget(QLabel(" Speed "))
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setObjectName("playtestSpeed")
        self.speed.setRange(0, 1000)  # the pause between bot moves, in ms
        self.speed.setValue(300)
        # drawn and keyed the other way round: right (a shorter pause) is faster, as "Speed" says
        self.speed.setInvertedAppearance(True)
        self.speed.setInvertedControls(True)
        self.speed.setToolTip("How fast the bots play: right is faster (a shorter pause between their moves)")
        self.speed.setMaximumWidth(140)
        bar.addWidget(self.speed)

        side = QWidget()
        lay = QVBoxLayout(side)
        self.info = QLabel()
        self.info.setObjectName("playtestInfo")
        self.info.setStyleSheet("font-weight: bold")
        self.info.setFixedHeight(self.info.fontMetrics().lineSpacing() + 6)
        self.info.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)  # a long line never widens the dock
        lay.addWidget(self.info)
        seats = QFormLayout()
        self.seat_boxes: list[QComboBox] = []
        probe = self.rules.new_initial_state(self.scenario, self.options)
        self.presenter = self.rules.presentation()  # the game's words (motu/engine/rules/presentation.py)
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
        self.ending = QStackedWidget()  # the panel and the legal actions during the game, the result at its end
        lay.addWidget(self.ending, 1)
        playing = QWidget()
        play_lay = QVBoxLayout(playing)
        play_lay.setContentsMargins(0, 0, 0, 0)
        self.panel = GamePanel()
        play_lay.addWidget(self.panel)
        play_lay.addWidget(QLabel("Legal actions (double-click to play):"))
        self.legal = QListWidget()
        self.legal.setObjectName("playtestLegal")
        wrap_lines(self.legal)
        self.legal.itemActivated.connect(lambda it: self.human_action(it.data(Qt.UserRole)))
        play_lay.addWidget(self.legal, 1)
        play = QPushButton("Play selected")
        play.clicked.connect(lambda: self.legal.currentItem() and self.human_action(self.legal.currentItem().data(Qt.UserRole)))
        play_lay.addWidget(play)
        self.ending.addWidget(playing)
        self.result_panel = ResultPanel()
        self.result_panel.save_requested.connect(lambda: self.save_game())
        self.ending.addWidget(self.result_panel)
        side.setMinimumWidth(400)  # room for the panel's words: the layout never follows their length
        self._dock("Game", "playtestGameDock", side, Qt.RightDockWidgetArea)
        self.stack_panel = StackPanel(CELL_WORDS.get(self.scenario.grid.shape, "space"))
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
        self.setCorner(Qt.BottomRightCorner, Qt.RightDockWidgetArea)  # room for the panel and the tray
        self.resize(1400, 900)

    def show_result(self, shown: bool) -> None:
        """At the game's end the result takes the place of the panel and the legal actions (and their
        room: it scrolls when longer)."""
        self.result_panel.setVisible(shown)
        self.ending.setCurrentWidget(self.result_panel if shown else self.ending.widget(0))

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock
