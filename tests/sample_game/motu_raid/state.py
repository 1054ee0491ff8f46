"""Raid's game state: warriors moving one hex a turn, battles by a die each.

Scope: the rules of a game in progress, in OpenSpiel's verbs through Motu's GameState
(motu/engine/rules/api.py), which owns legality and history; this module implements
`_legal_actions`, `_apply_action` and `_action_to_string` and emits the game's typed events.

Rules (the sample's rulebook is its catalogue's `implements` and README):
1. Two sides alternate, the first side of the scenario first; a turn is one move of each.
2. On its move a side moves one warrior to a neighbouring hex it may enter (the terrain's
   movement cost for `foot` is finite) and not held by its own warrior, or passes.
3. Entering an enemy's hex is a battle: each side rolls a die, the defender adding his
   terrain's `defence` (tables.yaml); the higher total wins, the defender winning ties; the
   loser is lost, and a winning attacker holds the hex. A side with no warriors loses at once;
   after `turn_limit` turns the side with more warriors wins, equal numbers draw.

Actions: 8 * warrior + k moves warrior to the k-th neighbour of its hex (the grid's order);
PASS (8 * warriors); at a chance node DIE + face (1..6).
"""
from __future__ import annotations

from typing import Hashable

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.events import Battle, BattleSide, GameEnded, TurnBegan, UnitLost

DIE = 100_000
FACES = tuple(range(1, 7))


class RaidBoard:
    """What a game reads of its scenario, once: neighbours, who may enter where, labels, names."""

    def __init__(self, grid, enterable: list[bool], defence: list[int], seats: list[str], side_ids: list[str],
                 warriors: list[tuple[int, int, str]]):
        self.grid = grid
        self.side_ids = side_ids
        self.neighbours = grid.neighbour_lists
        self.enterable = enterable
        self.defence = defence
        self.seats = seats
        self.warriors = warriors  # (player, start cell, name)


class RaidState(GameState):
    def __init__(self, board: RaidBoard, turn_limit: int):
        self.board = board
        self.turn_limit = turn_limit
        self.cells = [cell for _, cell, _ in board.warriors]  # -1: lost
        self.turn = 1
        self.player = 0
        self.battle: tuple[int, int, int] | None = None  # (attacker, defender, attacker's die or 0)
        self.result: tuple[float, ...] | None = None
        self._history: list[int] = []
        self._events: list = []
        self._emit(TurnBegan(1))

    # --- the API ------------------------------------------------------------------------
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return CHANCE if self.battle is not None else self.player

    def _legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        if self.battle is not None:
            return [DIE + f for f in FACES]
        b = self.board
        mine = {c for w, c in enumerate(self.cells) if c >= 0 and b.warriors[w][0] == self.player}
        out = []
        for w, cell in enumerate(self.cells):
            if cell < 0 or b.warriors[w][0] != self.player:
                continue
            for k, n in enumerate(b.neighbours[cell]):
                if b.enterable[n] and n not in mine:
                    out.append(8 * w + k)
        out.append(self.pass_action)
        return out

    @property
    def pass_action(self) -> int:
        return 8 * len(self.cells)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(DIE + f, 1 / 6) for f in FACES] if self.battle is not None and self.result is None else []

    def _apply_action(self, action: int) -> None:
        if self.battle is not None:
            self._roll(action - DIE)
            return
        if action != self.pass_action:
            w, k = divmod(action, 8)
            target = self.board.neighbours[self.cells[w]][k]
            enemy = self.warrior_at(target)
            if enemy is not None:
                self.battle = (w, enemy, 0)
                return
            self.cells[w] = target
        self._next()

    def _roll(self, face: int) -> None:
        attacker, defender, first = self.battle
        if not first:
            self.battle = (attacker, defender, face)
            return
        self.battle = None
        b = self.board
        cell = self.cells[defender]
        bonus = b.defence[cell]
        a_total, d_total = first, face + bonus
        won = a_total > d_total
        loser = defender if won else attacker
        a_name, d_name = b.warriors[attacker][2], b.warriors[defender][2]
        self._emit(Battle(cell, b.grid.label(cell), (
            BattleSide((b.warriors[attacker][0],), (a_name,), 0, (first,), a_total, () if won else (a_name,)),
            BattleSide((b.warriors[defender][0],), (d_name,), bonus, (face,), d_total, (d_name,) if won else ())),
            winner=0 if won else 1, result="the attacker wins" if won else "the defender holds", rule="3"))
        self._emit(UnitLost(b.warriors[loser][0], b.warriors[loser][2], cell, b.grid.label(cell), cause="battle"))
        self.cells[loser] = -1
        if won:
            self.cells[attacker] = cell
        self._next()

    def _next(self) -> None:
        left = self.warriors_left()
        if min(left) == 0:
            self._end(left, "a side lost every warrior")
            return
        if self.player == 1:
            if self.turn >= self.turn_limit:
                self._end(left, "the turn limit")
                return
            self.turn += 1
            self._emit(TurnBegan(self.turn))
        self.player = 1 - self.player

    def _end(self, left: list[int], why: str) -> None:
        if left[0] == left[1]:
            self.result = (0.0, 0.0)
            outcome, winners = "draw", ()
        else:
            w = 0 if left[0] > left[1] else 1
            self.result = (1.0, -1.0) if w == 0 else (-1.0, 1.0)
            outcome, winners = "win", (w,)
        self._emit(GameEnded(self.result, outcome, why, winners))

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    def clone(self) -> "RaidState":
        c = object.__new__(RaidState)
        c.__dict__.update(self.__dict__)
        c.cells = list(self.cells)
        c._history = list(self._history)
        c._events = []
        return c

    def state_key(self) -> Hashable:
        return (tuple(self.cells), self.turn, self.player, self.battle, self.result)

    def _action_to_string(self, action: int) -> str:
        b = self.board
        if self.battle is not None:
            return f"die {action - DIE}"
        if action == self.pass_action:
            return f"{b.seats[self.player]} passes"
        w, k = divmod(action, 8)
        cell = self.cells[w]
        return f"{b.warriors[w][2]} moves {b.grid.label(cell)} → {b.grid.label(b.neighbours[cell][k])}"

    # --- what the table and the report read ----------------------------------------------
    def player_name(self, player: int) -> str:
        return self.board.seats[player]

    def warrior_at(self, cell: int) -> int | None:
        for w, c in enumerate(self.cells):
            if c == cell:
                return w
        return None

    def warriors_left(self) -> list[int]:
        left = [0, 0]
        for w, c in enumerate(self.cells):
            if c >= 0:
                left[self.board.warriors[w][0]] += 1
        return left

    def action_cells(self, action: int) -> tuple[int | None, int | None]:
        if self.battle is not None or action == self.pass_action:
            return None, None
        w, k = divmod(action, 8)
        return self.cells[w], self.board.neighbours[self.cells[w]][k]

    def markers(self) -> list[tuple[int, str, str | None]]:
        sides = self.board.side_ids
        return [(c, self.board.warriors[w][2], sides[self.board.warriors[w][0]])
                for w, c in enumerate(self.cells) if c >= 0]
