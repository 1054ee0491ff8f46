"""Tiki's game state: totems, fruits, the Shaman, in OpenSpiel's verbs.

Scope: the rules of a game in progress (set-up deal, create, move and drop, influence, the
fruit supply and the tie-break, the Shaman rule). Boards come from `board.TikiBoard`; choices
where the rule text is silent are in docs/rules/tiki.md.

Action encoding (small integers; the same in every state):
    0..8      create a totem on village v (board order, row by row: v11 v12 v13 v21 … v33)
    9..44     move the totem on village v in direction d: 9 + 4*v + d (d: 0 up, 1 right, 2 down, 3 left)
    45..56    put the Shaman on edge e (board.EDGES order): 45 + e
    57        leave the Shaman where it is (after influencing a 0 village)
    58        pass (only when nothing else is legal)
    60..63    chance, when tiles are shuffled: the next village gets value (a - 61), i.e. -1..2

A stack is a tuple of owners, bottom first; the state is a few small lists, so clone is cheap.
"""
from __future__ import annotations

from typing import Any, Hashable

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.events import ControlChanged, GameEnded, ScoreChanged

from .board import DIRECTION_NAMES, EDGES, PATH_EDGES, PATHS, PLACES, TikiBoard

CREATE, MOVE, SHAMAN, KEEP_SHAMAN, PASS, DEAL = 0, 9, 45, 57, 58, 60
PLAY, PLACE_SHAMAN, MOVE_SHAMAN, SHUFFLE, OVER = range(5)
BY_FRUITS, SUPPLY_OUT, TIE_BREAK = OUTCOMES = ("won by fruits", "won when the supply ran out", "won on the tie-break")
VILLAGE_NAMES = tuple(f"the {place} village" for place in PLACES)  # how events name a village


def _move_table() -> tuple:
    """MOVES[shaman + 1][village][tokens - 1]: the legal move actions of a totem, the Shaman at `shaman`."""
    table = []
    for shaman in range(-1, len(EDGES)):
        per_village = []
        for v in range(9):
            per_size = []
            for n in (1, 2):
                acts = []
                for d in range(4):
                    k = (v * 4 + d) * 2 + n - 1
                    if PATHS[k] and shaman not in PATH_EDGES[k]:
                        acts.append(MOVE + v * 4 + d)
                per_size.append(tuple(acts))
            per_village.append(tuple(per_size))
        table.append(tuple(per_village))
    return tuple(table)


MOVES = _move_table()


class TikiState(GameState):
    """A game of Tiki. Seat 0 is the first player; seat 1 places the Shaman when the rule is on."""

    def __init__(self, board: TikiBoard, *, shaman_rule: bool = False, shuffle_tiles: bool = False,
                 fruits: int = 7, tokens: int = 8, to_win: int = 4):
        self.board = board
        self.shaman_rule = shaman_rule
        self.to_win = to_win
        self.stacks: list[tuple[int, ...]] = [()] * 9
        self.hand = [tokens, tokens]
        self.fruit = [0, 0]
        self.supply = fruits
        self.player = 0
        self.mover = 0
        self.values: tuple[int, ...] = () if shuffle_tiles else board.values
        self.phase = SHUFFLE if shuffle_tiles else PLAY
        # A Shaman drawn on the scenario's board is where the game starts; otherwise seat 1 places it.
        self.shaman = board.shaman if shaman_rule else -1
        self.shaman_due = shaman_rule and board.shaman < 0
        self.pending: tuple[int, ...] = ()  # players who may move the Shaman after influencing a 0 village
        self.winner = -1
        self.tiebreak = False
        self.influenced = [0] * 9  # times each village was influenced (balance reports)
        self._history: list[int] = []
        self._legal: list[int] | None = None
        self._events: list | None = []  # a clone records none (GameState.record_events)

    # --- the API -------------------------------------------------------------------------
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == SHUFFLE else self.player

    def legal_actions(self) -> list[int]:
        # Kept until the next action: a bot asks, then apply_action checks against the same list.
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            me = self.player
            create = self.hand[me] > 0
            table = MOVES[self.shaman + 1]
            acts: list[int] = []
            v = 0
            for st in self.stacks:  # one pass, locals only: this loop is the hot path of every playout
                if st:
                    if st[-1] == me:
                        acts += table[v][len(st) - 1]
                elif create:
                    acts.append(v)
                v += 1
            return acts or [PASS]
        if phase == PLACE_SHAMAN:
            return [SHAMAN + e for e in range(len(EDGES))]
        if phase == MOVE_SHAMAN:
            return [SHAMAN + e for e in range(len(EDGES)) if e != self.shaman] + [KEEP_SHAMAN]
        if phase == SHUFFLE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != SHUFFLE:
            return []
        left = list(self.board.values)
        for v in self.values:
            left.remove(v)
        outcomes = [(DEAL + v + 1, left.count(v) / len(left)) for v in sorted(set(left))]
        # Their actions are the legal ones, kept like legal_actions' until the next action: whoever
        # draws from these applies one next, and apply_action checks it against this list.
        self._legal = [a for a, _ in outcomes]
        return outcomes

    def _apply_action(self, action: int) -> None:
        self._legal = None
        phase = self.phase
        if phase == PLAY:
            self.mover = self.player
            if action < MOVE:
                self.stacks[action] = (self.player,)
                self.hand[self.player] -= 1
            elif action < SHAMAN:
                self._move(action)
            self._end_turn()
        elif phase == PLACE_SHAMAN:
            self.shaman = action - SHAMAN
            self.shaman_due = False
            self.phase = PLAY
        elif phase == MOVE_SHAMAN:
            if action != KEEP_SHAMAN:
                self.shaman = action - SHAMAN
            self.pending = self.pending[1:]
            self._end_turn()
        else:  # SHUFFLE
            self.values = self.values + (action - DEAL - 1,)
            if len(self.values) == 9:
                self.phase = PLAY

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self) -> "TikiState":
        c = object.__new__(TikiState)
        c.__dict__.update(self.__dict__)
        c.stacks = list(self.stacks)
        c.hand = list(self.hand)
        c.fruit = list(self.fruit)
        c.influenced = list(self.influenced)
        c._history = list(self._history)
        c._events = None
        return c

    def state_key(self) -> Hashable:
        return (tuple(self.stacks), tuple(self.hand), tuple(self.fruit), self.supply, self.player, self.mover,
                self.phase, self.values, self.shaman, self.shaman_due, self.pending, self.winner, self.tiebreak)

    def _action_to_string(self, action: int) -> str:
        labels = self.board.labels
        if self.phase == SHUFFLE:
            return f"village {labels[len(self.values)]} has value {action - DEAL - 1:+d}"
        if 0 <= action < MOVE:
            return f"create a totem on {labels[action]}"
        if MOVE <= action < SHAMAN:
            v, d = divmod(action - MOVE, 4)
            return f"move the totem on {labels[v]} {DIRECTION_NAMES[d]}"
        if SHAMAN <= action < KEEP_SHAMAN:
            return f"put the Shaman between {self.board.edge_name(action - SHAMAN).replace('|', ' and ')}"
        if action == KEEP_SHAMAN:
            return "leave the Shaman where it is"
        if action == PASS:
            return "pass (no legal move)"
        return f"unknown action {action}"

    def information(self) -> dict[str, Any]:
        return {"to move": self.player, "fruits": list(self.fruit), "supply": self.supply,
                "tokens in hand": list(self.hand), "tie-break": self.tiebreak,
                "shaman": self.board.edge_name(self.shaman) if self.shaman >= 0 else None,
                "villages": {self.board.labels[v]: {"value": self.values[v] if v < len(self.values) else None,
                                                    "totem": list(self.stacks[v])} for v in range(9)}}

    # --- for playtests and balance reports ---------------------------------------------------
    def player_name(self, player: int) -> str:
        return self.board.sides[player][1]

    def action_cells(self, action: int) -> tuple[int | None, int | None]:
        cells = self.board.cells
        if self.phase == PLAY and 0 <= action < MOVE:
            return None, cells[action]
        if self.phase == PLAY and MOVE <= action < SHAMAN:
            v, d = divmod(action - MOVE, 4)
            path = PATHS[(v * 4 + d) * 2 + len(self.stacks[v]) - 1]
            return cells[v], cells[path[-1]] if path else None
        return None, None

    def markers(self) -> list[tuple[int, str, str | None]]:
        """Each totem, bottom to top as seat numbers ("12": seat 1 under seat 2), in its top owner's colour."""
        return [(self.board.cells[v], "".join(str(o + 1) for o in st), self.board.sides[st[-1]][0])
                for v, st in enumerate(self.stacks) if st]

    # --- the rules -----------------------------------------------------------------------
    def _outcome(self) -> str:
        """How the game was won, as a report counts it."""
        if self.winner < 0:
            return "draw"
        if self.tiebreak:
            return TIE_BREAK
        if self.fruit[self.winner] >= self.to_win:
            return BY_FRUITS
        return SUPPLY_OUT

    def _ended(self, returns: tuple[float, ...], outcome: str, winner: int, fruits: int) -> GameEnded:
        """The end of the game, won by `winner` with `fruits` fruits (made when drained)."""
        return GameEnded(returns, outcome, f"{self.player_name(winner)} wins with {fruits} fruits", (winner,))

    def _move(self, action: int) -> None:
        v, d = divmod(action - MOVE, 4)
        tokens = self.stacks[v]
        self.stacks[v] = ()
        path = PATHS[(v * 4 + d) * 2 + len(tokens) - 1]
        stacks = self.stacks
        for token, village in zip(tokens, path):  # the bottom token drops in the first village
            stacks[village] = stacks[village] + (token,)
            if len(stacks[village]) == 3:
                self._influence(village)
                if self.winner >= 0:
                    return

    def _influence(self, village: int) -> None:
        """Three tokens: the top token's owner scores the village; every token goes home."""
        stack = self.stacks[village]
        self.stacks[village] = ()
        self.influenced[village] += 1
        for owner in stack:
            self.hand[owner] += 1
        top = stack[-1]
        value = self.values[village]
        # Events as (make, args), made when drained (GameState); none at all in a bot's clone.
        events = self._events
        if events is not None:
            name = VILLAGE_NAMES[village]
            events.append((ControlChanged, ("village", self.board.labels[village], name, None, top, "influence")))
        if value == 0:
            if self.shaman_rule:
                self.pending = self.pending + (top,)
        elif self.tiebreak:
            # Supply empty and fruits level: the first fruit won or lost decides the game.
            self.winner = top if value > 0 else 1 - top
        elif value > 0:
            gain = min(value, self.supply)
            self.fruit[top] += gain
            self.supply -= gain
            if gain and events is not None:
                events.append((ScoreChanged, (top, "fruits", self.fruit[top] - gain, self.fruit[top], name)))
            if self.fruit[top] >= self.to_win:
                self.winner = top
            elif self.supply == 0:
                a, b = self.fruit
                if a != b:
                    self.winner = 0 if a > b else 1
                else:
                    self.tiebreak = True
        elif self.fruit[top] > 0:  # -1: the fruit leaves the game, it does not go back to the supply
            self.fruit[top] -= 1
            if events is not None:
                events.append((ScoreChanged, (top, "fruits", self.fruit[top] + 1, self.fruit[top], name)))

    def _end_turn(self) -> None:
        if self.winner >= 0:
            self.phase = OVER
            self.pending = ()
            if self._events is not None:
                self._events.append((self._ended, (tuple(self.returns()), self._outcome(), self.winner,
                                                   self.fruit[self.winner])))
            return
        if self.pending:
            self.phase = MOVE_SHAMAN
            self.player = self.pending[0]
            return
        self.player = 1 - self.mover
        self.phase = PLACE_SHAMAN if (self.shaman_due and self.player == 1) else PLAY
