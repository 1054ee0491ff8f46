"""The playtest table's furniture: the game toolbar, the game dock (info line, game panel, result
panel, seats, legal actions), the stack and legend docks beside the map, the dice tray and the
event log.

Everything is built once per window (the rule set's seats and bots are read from a probe state);
the layout is fixed — widths set so the panel's words never push it about. With a board of the
rule set's own (Tiki, pearls) the stack and legend docks are hidden: the board shows those things.
Mixed into PlaytestWindow; it sets the widgets the rest of the window reads.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFormLayout, QLabel, QListWidget, QPushButton, QSlider, QToolBar, QVBoxLayout, QWidget,
)

from .dice_tray import DiceTray
from .event_log import EventLog
from .legend import Legend, VictoryTrack
from .panel import GamePanel, ResultPanel
from .presenter import Presenter
from .seats import HUMAN
from .stack_panel import StackPanel


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
