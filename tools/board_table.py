"""Dev harness: a Tiki or Tahiti pearls table in a window of its own, with a live game.

    .venv/bin/python tools/board_table.py tiki|pearls [--seed N] [--moves N] [--seat S] [--size WxH]

Plays `--moves` random moves first (a mid-game table), then seat S (default 0) is played by
clicks on the board and the other seats by the random bot; chance (tiles, the die) is drawn
with the seed. Used for screenshots (/work/shared/tools/window-shot) and for looking at the
boards before the playtest window shows them.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

from motu.engine.io.native import load_path  # noqa: E402
from motu.engine.rules.registry import get_ruleset  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = {"tiki": "tiki.yaml", "pearls": "pearls.yaml"}


def new_game(ruleset: str, options: dict | None = None):
    scenario = load_path(os.path.join(ROOT, "scenarios", SCENARIOS[ruleset]))
    return get_ruleset(ruleset).new_initial_state(scenario, options or {})


def advance(state, rng: random.Random, moves: int, human: int | None = None) -> None:
    """Play chance and bot moves (and, for `moves` steps, the human's too) until the human is to move."""
    played = 0
    while not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
            continue
        if state.current_player() == human and played >= moves:
            return
        state.apply_action(rng.choice(state.legal_actions()))
        played += 1


class Table(QMainWindow):
    def __init__(self, ruleset: str, seed: int, moves: int, seat: int, options: dict | None = None):
        super().__init__()
        from motu.editor.playtest.boards import make_board
        self.setWindowTitle(f"Motu table — {get_ruleset(ruleset).name}")
        self.rng = random.Random(seed)
        self.seat = seat
        self.state = new_game(ruleset, options)
        advance(self.state, self.rng, moves, seat)
        self.board = make_board(ruleset, self)
        self.setCentralWidget(self.board)
        self.board.action_chosen.connect(self.chosen)
        self.refresh()

    def refresh(self) -> None:
        s = self.state
        mine = not s.is_terminal() and s.current_player() == self.seat
        self.board.show(s, self.seat, s.legal_actions() if mine else [])

    def chosen(self, action: int) -> None:
        self.state.apply_action(action)
        self.refresh()
        QTimer.singleShot(400, self.bots)

    def bots(self) -> None:
        advance(self.state, self.rng, 0, self.seat)
        self.refresh()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", choices=sorted(SCENARIOS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=0)
    ap.add_argument("--seat", type=int, default=0)
    ap.add_argument("--size", default="1300x860")
    ap.add_argument("--shaman", action="store_true", help="Tiki: play with the Shaman rule")
    ap.add_argument("--pick", type=int, default=None, help="Tiki: pick up the totem on this village (0-8)")
    a = ap.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv)
    w = Table(a.ruleset, a.seed, a.moves, a.seat, {"shaman_rule": True} if a.shaman else None)
    if a.pick is not None:
        w.board.pick(a.pick)
    width, height = (int(x) for x in a.size.split("x"))
    w.resize(width, height)
    w.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
