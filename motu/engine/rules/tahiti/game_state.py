"""A game of Tahiti in progress, in OpenSpiel's verbs: the state, its machinery, its API.

Scope: what a game state holds (units, villages, Maraes, stumps, Control markers, the 15.5 cup,
the Arioi, the turn's conditions) and how it runs: a queue of *steps* (sequence.py lays out a
turn), one pending *node* at a time — a chance node (dice, a random pick, a counter draw) or a
player's decision — whose handler the next action feeds (machinery.py holds the registries).
The rules live in the modules beside: sequence, moves, combat, construction, events,
neutral_areas, expedition, victory. The action encoding is constants.py's. Units are small
records (unit.py: kind, player, cell, flags, uid); clone copies them, nothing else is shared but
the immutable board and data (and the reach cache of the Movement Phase, whose entries never change).
"""
from __future__ import annotations

from typing import Any, Hashable

from motu.engine.rules.api import CHANCE, TERMINAL, GameState

from motu.engine.rules.events import GameEnded, Roll

from .unit import Unit, copy_units
from . import presentation
from .outcomes import outcome_words
from .roll_causes import ROLL_CAUSES
from .board import TahitiBoard
from .constants import (CELL, CLAN_UNITS, COMBAT, CURSED, DONE, EXPED, FLIPPED, IN_MARAE, LAND,  # noqa: F401
                        LEADERS, MOVED, PICK, REROLL, SEA, SPLIT, STAYED, SULLEN, TAKE)
from .machinery import DIE_OUTCOMES, HANDLERS, STEPS, handler, step  # noqa: F401


class TahitiState(GameState):
    def __init__(self, board: TahitiBoard, opts: dict[str, Any], players: list[str]):
        self.b = board
        self.opts = opts
        self.players = players
        self.home = [-1] * len(players)
        self.units: list[Unit] = []
        self.next_uid = 0
        self.villages: dict[int, list] = {}     # cell -> [owner, built, logs, part_canoes, home_of]
        self.maraes: dict[int, int] = {}        # cell -> 1 built, 0 part-built
        self.stumps: set[int] = set()
        self.control_markers: dict[int, int] = {}       # area -> player (Control marker)
        self.letters_left: dict[int, str] = {}  # area -> E/F counter that stayed (15.5)
        self.cup: list[int] = []                # copies left of each letter (data.tables.letters())
        self.navigator = [0] * len(players)
        self.arioi = -1
        self.turn = 1
        self.initiative = 0
        self.order: tuple[int, ...] = ()
        self.out = [False] * len(players)
        self.tokens: list[tuple[int, str]] = []  # event 66 re-roll tokens (player, kind)
        self.cond: dict[str, Any] = {}
        self.recalled: set[tuple[int, str]] = set()
        self.shaman_due: dict[int, int] = {}     # player -> turn his new Shaman arrives (event 21)
        self.result: tuple[str, tuple[float, ...], str] | None = None
        self.todo: list[tuple] = []
        self.node: tuple | None = None
        self._history: list[int] = []
        self._events: list | None = []  # recorded for whoever drives the game (GameState.record_events)
        self.reach_cache: dict | None = None     # the Movement Phase's reaches (reach.py); not state
        # A bot's copy for scoring a position one action ahead: the next Movement Phase decision
        # is not listed (bots.HeuristicBot; moves.move_decide). Never set on a game being played.
        self.lookahead = False

    # --- the machinery ----------------------------------------------------------------------
    def push(self, *steps: tuple) -> None:
        """Do these steps next, in this order."""
        self.todo[0:0] = list(steps)

    def chance(self, outcomes: list[tuple[int, float]], name: str, *args: Any) -> None:
        self.node = ("chance", tuple(outcomes), name, args)

    def decide(self, player: int, legal: list[int], name: str, *args: Any) -> None:
        if len(legal) == 1:  # no choice to make: take it at once
            HANDLERS[name](self, legal[0], *args)
        else:
            self.node = ("decide", player, tuple(legal), name, args)

    def pick(self, n: int, name: str, *args: Any) -> None:
        """A random pick among n things, each as likely (15.12: "assign a number to each")."""
        if n == 1:
            HANDLERS[name](self, PICK, *args)
        elif n > 1:
            self.chance([(PICK + i, 1.0 / n) for i in range(n)], name, *args)

    def roll(self, name: str, *args: Any, kind: str = "die") -> None:
        """One die; its handler gets the face. Event 66's re-roll tokens are offered after it.
        kind 'elder': an attempt to receive a Clan Elder (15.5, event 56), made by the player
        who is the handler's first argument (66-3's token is offered to him alone)."""
        self.node = ("chance", DIE_OUTCOMES, "_die_rolled", (name, args, kind))

    def _advance(self) -> None:
        while self.node is None and self.result is None:
            if not self.todo:
                self.todo.append(("turn_start",))
            s = self.todo.pop(0)
            STEPS[s[0]](self, *s[1:])

    def end(self, returns: list[float], text: str, kind: str = "end", ended: str = "") -> None:
        """The game is over: `kind` the result (outcomes.py), `text` why in words, `ended` what
        ended a game counted by areas (the turn limit, an end-of-season event)."""
        self.result = (kind, tuple(returns), text)
        self.node = None
        self.todo = []
        best = max(returns)
        winners = tuple(p for p, r in enumerate(returns) if r == best and r > 0)
        self._emit(GameEnded(tuple(returns), outcome_words(kind), text, winners, ended))

    # --- the API ------------------------------------------------------------------------------
    def num_players(self) -> int:
        return len(self.players)

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return CHANCE if self.node[0] == "chance" else self.node[1]

    def _legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        if self.node[0] == "chance":
            return [a for a, _ in self.node[1]]
        return list(self.node[2])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.result is None and self.node[0] == "chance":
            return list(self.node[1])
        return []

    def _apply_action(self, action: int) -> None:
        node = self.node
        self.node = None
        if node[0] == "chance":
            HANDLERS[node[2]](self, action, *node[3])
        else:
            HANDLERS[node[3]](self, action, *node[4])
        self._advance()

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0] * len(self.players)
        return list(self.result[1])

    def clone(self) -> "TahitiState":
        c = object.__new__(TahitiState)
        c.__dict__.update(self.__dict__)
        c.home = list(self.home)
        c.units = copy_units(self.units)
        c.villages = {k: v[:] for k, v in self.villages.items()}
        c.maraes = dict(self.maraes)
        c.stumps = set(self.stumps)
        c.control_markers = dict(self.control_markers)
        c.letters_left = dict(self.letters_left)
        c.cup = list(self.cup)
        c.navigator = list(self.navigator)
        c.out = list(self.out)
        c.tokens = list(self.tokens)
        c.cond = {k: (set(v) if isinstance(v, set) else dict(v) if isinstance(v, dict) else v)
                  for k, v in self.cond.items()}
        c.recalled = set(self.recalled)
        c.shaman_due = dict(self.shaman_due)
        c.todo = list(self.todo)
        c._history = list(self._history)
        c._events = None  # a copy records nothing until asked (a bot's look-ahead reads no events)
        return c

    def state_key(self) -> Hashable:
        cond = tuple(sorted((k, tuple(sorted(v.items())) if isinstance(v, dict) else
                             tuple(sorted(v)) if isinstance(v, set) else v) for k, v in self.cond.items()))
        return (tuple(self.home), tuple(sorted(u.key() for u in self.units)),
                tuple(sorted((k, tuple(v)) for k, v in self.villages.items())), tuple(sorted(self.maraes.items())),
                tuple(sorted(self.stumps)), tuple(sorted(self.control_markers.items())),
                tuple(sorted(self.letters_left.items())), tuple(self.cup), tuple(self.navigator), self.arioi,
                self.next_uid, self.turn, self.initiative, self.order, tuple(self.out), tuple(self.tokens), cond,
                tuple(sorted(self.recalled)), tuple(sorted(self.shaman_due.items())), self.result,
                tuple(self.todo), self.node)

    def add_unit(self, kind: str, player: int, cell: int, flags: int = 0) -> Unit:
        u = Unit(kind, player, cell, flags, self.next_uid)
        self.next_uid += 1
        self.units.append(u)
        return u

    def unit(self, uid: int) -> Unit | None:
        for u in self.units:
            if u.uid == uid:
                return u
        return None

    def remove(self, uids) -> None:
        gone = set(uids)
        self.units = [u for u in self.units if u.uid not in gone]

    # --- shared queries ---------------------------------------------------------------------
    def live(self) -> list[int]:
        return [p for p in range(len(self.players)) if not self.out[p]]

    def units_at(self, cell: int, player: int | None = None) -> list[Unit]:
        return [u for u in self.units if u.cell == cell and (player is None or u.player == player)]

    def season(self) -> int:
        return (self.turn - 1) // int(self.opts["turns_per_season"]) + 1

    def player_name(self, player: int) -> str:
        """The side's own name in the scenario ("Te Porionuu"); a side without one, its id as a clan."""
        side = self.players[player]
        return self.b.side_names.get(side) or f"{side.title()} clan"

    def village_name(self, cell: int) -> str:
        """A Village as players read it: "the Village of Pare (1106)" where its site is named, else
        "the Village at 2619"; a Part-built one likewise."""
        b = self.b
        v = self.villages.get(cell)
        what = "Village" if v is None or v[1] else "Part-built Village"
        site = b.site_names.get(cell)
        return f"the {what} of {site} ({b.labels[cell]})" if site else f"the {what} at {b.labels[cell]}"

    def _action_to_string(self, action: int) -> str:
        return presentation.action_to_string(self, action)

    def action_cells(self, action: int):
        return presentation.action_cells(self, action)

    def markers(self):
        return presentation.markers(self)

    def stack_units(self, cell: int) -> list[dict[str, Any]]:
        """Every unit on `cell`, for a stack panel: its id, kind, name, player and state."""
        return presentation.stack_units(self, cell)

    def stack_choice(self) -> dict[str, Any] | None:
        """While a player picks units into a group: the hex, the units picked so far, and the
        unit each legal pick action would take; None otherwise."""
        return presentation.stack_choice(self)

    def information(self) -> dict[str, Any]:
        return presentation.information(self)

    def __str__(self) -> str:
        return f"TahitiState(turn={self.turn}, player={self.current_player()})"


@handler
def _die_rolled(state: TahitiState, face: int, name: str, args: tuple, kind: str) -> None:
    """Event 66: a player holding a re-roll token may re-roll this die."""
    for i, (player, token) in enumerate(state.tokens):
        if _offered(state, player, token, kind, args):
            state.node = ("decide", player, (DONE, REROLL), "_reroll_or_keep", (i, face, name, args, kind))
            return
    _resolve(state, face, name, args)


def _resolve(state: TahitiState, face: int, name: str, args: tuple) -> None:
    """The die's face stands: told as a Roll with its cause (roll_causes.py), then resolved."""
    cause = ROLL_CAUSES.get(name)
    if cause is not None:  # Panic and movement tell their own roll, with what the die did (roll_causes.py)
        state._emit(Roll((face,), cause[0], args[cause[1]] if cause[1] is not None else None))
    HANDLERS[name](state, face, *args)


def _offered(state: TahitiState, player: int, token: str, kind: str, args: tuple) -> bool:
    """66-1/2: any die; 66-3 ("re-roll any attempt to receive a Clan Elder"): only the holder's
    own attempts (an 'elder' roll whose handler's first argument is he)."""
    if state.out[player]:
        return False
    return token != "elder" or (kind == "elder" and args[0] == player)


@handler
def _reroll_or_keep(state: TahitiState, action: int, i: int, face: int, name: str, args: tuple, kind: str) -> None:
    if action == REROLL:
        del state.tokens[i]
        state.node = ("chance", DIE_OUTCOMES, "_die_rolled", (name, args, kind))
    else:
        # Kept: the holders asked so far (every one up to this token) have kept this die; only
        # the later tokens of other players are offered it, so nobody is asked twice.
        kept = {p for p, t in state.tokens[:i + 1] if _offered(state, p, t, kind, args)}
        later = [j for j, (p, t) in enumerate(state.tokens)
                 if j > i and p not in kept and _offered(state, p, t, kind, args)]
        if later:
            j = later[0]
            state.node = ("decide", state.tokens[j][0], (DONE, REROLL), "_reroll_or_keep", (j, face, name, args, kind))
        else:
            _resolve(state, face, name, args)
