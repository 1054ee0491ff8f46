"""The pearl game's state: set-up, the die and its events, auctions, letters and pearls, the end.

Scope: the rules of a game in progress, in OpenSpiel's verbs. Boards come from
`board.PearlsBoard`, final scoring from `scoring.score_map`; docs/rules/pearls.md gives the
choices made where the rulebook is silent. Seat 0 is the first player ("looks most like a
sailor"); play goes round the seats in order (clockwise).

Action encoding (small integers; what one means depends only on the phase):
    0..15     set-up: put your sailboat on track space t (clockwise from the first listed)
    16..19    set-up: choose your first pearl, colour c (green, white, black, blue)
    20        take the letter of the space your sailboat stands on
    21..24    take a pearl of colour c
    25..73    put your boat (and its pearl) on map square k = 25 + row*7 + column
    74..84    treasure event: save k = a - 74 dollars (0..10) into your chest
    85        pass (auction; final for this auction)
    86        keep the boat off the map (only at the end: "they may place their boat")
    100..130  bid k = a - 100 dollars (k up to MAX_BID and to your cash; higher than the last bid)
    201..204  chance: the die shows 1..4;  205: a white face

Hidden information: the chests. The state holds everything; `observation(player)` is the
state as that player sees it, the other players' chests unknown (pearls/observation.py).
"""
from __future__ import annotations

from typing import Any, Hashable

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.events import GameEnded, ScoreChanged, TurnBegan

from .board import COLOURS, SIDE, PearlsBoard
from .rulesdata import Numbers, numbers
from .scoring import score_map

SAIL, CHOOSE, TAKE_LETTER, TAKE_PEARL, PLACE, SAVE, PASS, KEEP_BOAT, BID, FACE = 0, 16, 20, 21, 25, 74, 85, 86, 100, 200
WHITE = FACE + 5
MAX_BID = 30
_N = numbers()  # the catalogue's `rules:`, read once
START_CASH, BOATS, PEARLS_PER_COLOUR, MAX_SAVE = _N.start_cash, _N.boats, _N.pearls_per_colour, _N.max_save
HOLD_LETTER = 16  # hold[p] = HOLD_LETTER + t: p's empty boat marks the letter of track space t
(P_SAIL, P_CHOOSE, P_ROLL, P_ROLL_NUMBER, P_SAVE, P_AUCTION, P_TAKE, P_PLACE, P_OVER) = range(9)
WON, TIED = OUTCOMES = ("won with the highest score (chest + groups)", "tie for the highest score (chest + groups)")


def _rolls(n: Numbers) -> tuple[list, list]:
    """The die's outcomes (a face or white) and, after an event, the faces rolled again until a
    number shows."""
    return ([(FACE + f, k / n.faces) for f, k in n.die] + ([(WHITE, n.whites / n.faces)] if n.whites else []),
            [(FACE + f, k / (n.faces - n.whites)) for f, k in n.die])


class PearlsState(GameState):
    def __init__(self, board: PearlsBoard, players: int, *, ties: str = "all", max_bid: int = MAX_BID,
                 sit_out: bool = False, numbers: Numbers | None = None):
        if not 2 <= players <= 4:
            raise ValueError("Tahiti pearls is played by two to four players")
        self.board = board
        self.n = players
        self.nums = nums = numbers or _N       # the rule set instance's numbers (a variant's own)
        self.rolls = _rolls(nums)
        self.ties = ties
        self.max_bid = min(max_bid, MAX_BID)
        self.sit_out = sit_out                 # option sit_out_without_boats (docs/rules/pearls.md)
        self.hidden_chests: tuple[int, ...] = ()  # in an observation: the players whose chests are unknown
        self.phase = P_SAIL
        self.actor = 0
        self.turn = 0                          # the player who rolls this turn
        self.sail = [-1] * players             # track space of each sailboat
        self.cash = [nums.start_cash] * players
        self.chest = [0] * players
        self.hold = [-1] * players             # -1 nothing; 0..3 a pearl in front; HOLD_LETTER + t a letter
        self.boats = [nums.boats] * players         # boats not yet used
        self.round = 0                         # rounds of the die begun (TurnBegan); no rule reads it
        self.on_map = [0] * players            # boats on the map (payday)
        self.supply = [nums.pearls_per_colour] * 4
        self.colour = [-1] * (SIDE * SIDE)
        self.owner = [-1] * (SIDE * SIDE)
        self.token = 0                         # 0: "$" face up; 1: treasure face up
        self.die = 0
        self.bid, self.bidder, self.first_passer = -1, -1, -1
        self.passed = [False] * players
        self.savers: tuple[int, ...] = ()
        self.place_colour, self.place_letter = -1, ""
        self.ending = False                    # the second colour has run out: the game ends after this
        self._history: list[int] = []
        self._legal: list[int] | None = None
        self._scores: list[int] | None = None
        self._events: list | None = []  # a clone records none (GameState.record_events)

    # --- the API -------------------------------------------------------------------------
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        if self.phase == P_OVER:
            return TERMINAL
        return CHANCE if self.phase in (P_ROLL, P_ROLL_NUMBER) else self.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_ROLL:
            return list(self.rolls[0])
        return list(self.rolls[1]) if self.phase == P_ROLL_NUMBER else []

    def legal_actions(self) -> list[int]:
        # Kept until the next action: a bot asks, then apply_action checks against the same list.
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[int]:
        ph, me = self.phase, self.actor
        if ph == P_AUCTION:
            lo = self.bid + 1
            hi = min(self.cash[me], self.max_bid)
            return [PASS] + list(range(BID + lo, BID + hi + 1))
        if ph in (P_ROLL, P_ROLL_NUMBER):
            return [a for a, _ in self.chance_outcomes()]
        if ph == P_TAKE:
            pearls = [TAKE_PEARL + c for c in self._colours_on_offer()]
            return ([TAKE_LETTER] + pearls) if self.hold[me] < 0 else pearls
        if ph == P_PLACE:
            squares = [PLACE + k for k in self.board.sectors[self.place_letter] if self.colour[k] < 0]
            return squares + [KEEP_BOAT] if self.ending else squares
        if ph == P_SAVE:
            return [SAVE + k for k in range(min(self.nums.max_save, self.cash[me]) + 1)]
        if ph == P_SAIL:
            return [SAIL + t for t in range(len(self.board.track_letter))]
        if ph == P_CHOOSE:
            taken = {self.hold[p] for p in range(me)}
            return [CHOOSE + c for c in range(4) if c not in taken]
        return []

    def _apply_action(self, action: int) -> None:
        self._legal = None
        ph, me = self.phase, self.actor
        if ph == P_AUCTION:
            self._auction(me, action)
        elif ph in (P_ROLL, P_ROLL_NUMBER):
            self._roll(action)
        elif ph == P_TAKE:
            self._take(me, action)
        elif ph == P_PLACE:
            if action == KEEP_BOAT:  # the game is over and the player chose not to place (End of the Game)
                self.boats[me] += 1
            else:
                k = action - PLACE
                self.colour[k], self.owner[k] = self.place_colour, me
                self.on_map[me] += 1
            self._after_placing()
        elif ph == P_SAVE:
            self.cash[me] -= action - SAVE
            self.chest[me] += action - SAVE
            self.savers = self.savers[1:]
            if self.savers:
                self.actor = self.savers[0]
            else:
                self.token = 1 - self.token
                self.phase = P_ROLL_NUMBER
        elif ph == P_SAIL:
            self.sail[me] = action - SAIL
            self.actor = (me + 1) % self.n
            if self.actor == 0:
                self.phase = P_CHOOSE
        else:  # P_CHOOSE: the first pearl goes on a boat in front of the player
            c = action - CHOOSE
            self.hold[me] = c
            self.supply[c] -= 1
            self.boats[me] -= 1
            self.actor = (me + 1) % self.n
            if self.actor == 0:
                self.phase = P_ROLL
                self._begin_round()

    def returns(self) -> list[float]:
        if self.phase != P_OVER:
            return [0.0] * self.n
        scores = self.scores()
        best = max(scores)
        k = scores.count(best)
        if k == self.n:
            return [0.0] * self.n
        return [1.0 / k if s == best else -1.0 / (self.n - k) for s in scores]

    _LISTS = ("sail", "cash", "chest", "hold", "boats", "on_map", "supply", "colour", "owner", "passed")

    def clone(self) -> "PearlsState":
        return self._copy(list(self._history))

    def _copy(self, history: list[int]) -> "PearlsState":
        c = object.__new__(PearlsState)
        mine = self.__dict__
        d = c.__dict__
        d.update(mine)
        for name in self._LISTS:  # every bot decision copies (its observation): a plain loop of copies
            d[name] = mine[name][:]
        d["_history"] = history
        d["_events"] = None
        return c

    def state_key(self) -> Hashable:
        return (self.phase, self.actor, self.turn, tuple(self.sail), tuple(self.cash), tuple(self.chest),
                tuple(self.hold), tuple(self.boats), tuple(self.supply), tuple(self.colour), tuple(self.owner),
                self.token, self.die, self.bid, self.bidder, self.first_passer, tuple(self.passed), self.savers,
                self.place_colour, self.place_letter, self.ending, self.hidden_chests)

    def _action_to_string(self, action: int) -> str:
        b = self.board
        if FACE < action <= WHITE:
            return "the die shows white" if action == WHITE else f"the die shows {action - FACE}"
        if BID <= action <= BID + MAX_BID:
            return f"bid ${action - BID}"
        if action == PASS:
            return "pass"
        if action == KEEP_BOAT:
            return "keep the boat off the map"
        if SAVE <= action < PASS:
            return f"save ${action - SAVE}"
        if PLACE <= action < SAVE:
            return f"put the boat on {b.labels[action - PLACE]}"
        if TAKE_PEARL <= action < PLACE:
            return f"take a {COLOURS[action - TAKE_PEARL]} pearl"
        if action == TAKE_LETTER:
            t = self.sail[self.actor]
            return f"take the letter {b.track_letter[t]}" if t >= 0 else "take the letter"
        if CHOOSE <= action < TAKE_LETTER and self.phase != P_SAIL:
            return f"choose a {COLOURS[action - CHOOSE]} pearl"
        if self.phase == P_SAIL and 0 <= action < len(b.track_labels):
            return f"put the sailboat on {b.track_labels[action]}"
        return f"unknown action {action}"

    def observation(self, player: int) -> "PearlsState":
        """The game as `player` sees it: "no player has the right to check how much another has
        already saved", so the other chests are unknown (0 here, listed in `hidden_chests`; the
        scores of an observation count only the chests its seat knows). It has no history: the
        record of the game is the game's."""
        others = tuple(p for p in range(self.n) if p != player)
        if self._legal is None:  # kept here and shared by the copy: a bot chooses from the copy's,
            self._legal = self._legal_actions()  # apply_action checks here against the same list
        o = self._copy([])
        for p in others:
            o.chest[p] = 0
        o.hidden_chests = tuple(sorted(set(self.hidden_chests) | set(others)))
        o._scores = None
        return o

    def sample_hidden(self, player: int, rng) -> "PearlsState":
        """A full game consistent with `player`'s observation: each chest unknown to that seat
        drawn from `rng`, uniformly between nothing and twice the seat's own savings (the seat
        knows only what it saved itself; "about as much as I did" is its best guess)."""
        c = self._copy([])
        own = self.chest[player] if player not in self.hidden_chests else 0
        for p in self.hidden_chests:
            if p != player:
                c.chest[p] = rng.randint(0, 2 * own)
        c.hidden_chests = ()
        c._scores = None
        return c

    def information(self, viewer: int | None = None) -> dict[str, Any]:
        """What a playtest view shows; with a viewer, other players' chests are hidden."""
        info: dict[str, Any] = {"turn": self.turn, "cash": list(self.cash), "pearls left": dict(zip(COLOURS, self.supply)),
                                "token": "treasure" if self.token else "$", "boats on the map": list(self.on_map)}
        info["chests"] = [c if viewer in (None, p) and p not in self.hidden_chests else None
                          for p, c in enumerate(self.chest)]
        if self.phase == P_AUCTION:
            info["auction"] = {"die": self.die, "bid": self.bid, "bidder": self.bidder}
        if self.phase == P_OVER:
            info["scores"] = self.scores()
        return info

    # --- for playtests and balance reports ---------------------------------------------------
    def player_name(self, player: int) -> str:
        return self.board.side_names[player] if player < len(self.board.side_names) else f"Player {player + 1}"

    def action_cells(self, action: int) -> tuple[int | None, int | None]:
        b = self.board
        if self.phase == P_PLACE and PLACE <= action < SAVE:
            return None, b.cells[action - PLACE]
        if self.phase == P_SAIL and 0 <= action < len(b.track_cells):
            return None, b.track_cells[action]
        return None, None

    def markers(self) -> list[tuple[int, str, str | None]]:
        """Boats with their pearls' colours (g w k u) on the map; sailboats (S) and letter boats (L) on the track."""
        b = self.board
        side = lambda p: b.sides[p] if p < len(b.sides) else None  # noqa: E731
        out = [(b.cells[k], "gwku"[c], side(self.owner[k])) for k, c in enumerate(self.colour) if c >= 0]
        out += [(b.track_cells[t], "S", side(p)) for p, t in enumerate(self.sail) if t >= 0]
        out += [(b.track_cells[h - HOLD_LETTER], "L", side(p)) for p, h in enumerate(self.hold) if h >= HOLD_LETTER]
        return out

    # --- the rules -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Chest plus map points of each player (the final score once the game is over)."""
        if self._scores is not None:
            return list(self._scores)
        points, _ = score_map(self.colour, self.owner, self.board.island, self.n, self.ties)
        scores = [p + c for p, c in zip(points, self.chest)]
        if self.phase == P_OVER:
            self._scores = scores
        return scores

    def _roll(self, action: int) -> None:
        if action == WHITE:
            if self.token == 0:  # payday: payday_per_boat dollars (1) per boat on the map
                for p in range(self.n):
                    gain = self.nums.payday_per_boat * self.on_map[p]
                    self.cash[p] += gain
                    if self._events is not None:  # (make, args): made when drained (GameState); $0 told too
                        self._events.append((ScoreChanged, (p, "money", self.cash[p] - gain, self.cash[p], "payday")))
                self.token = 1
                self.phase = P_ROLL_NUMBER
            else:  # savings: each player from the roller on may save $0..MAX_SAVE
                self.savers = tuple((self.turn + i) % self.n for i in range(self.n))
                self.actor = self.savers[0]
                self.phase = P_SAVE
            return
        self.die = action - FACE
        self.bid, self.bidder, self.first_passer = -1, -1, -1
        idle = [self.hold[p] < 0 and self.boats[p] == 0 for p in range(self.n)]
        if all(idle):  # nobody can put another boat on the map: nothing more can happen (Motu's choice)
            self._end_game()
            return
        # "Each may bid or pass": everyone takes part, even a player who could gain nothing from
        # the move; option sit_out_without_boats has such players sit the auction out.
        self.passed = idle if self.sit_out else [False] * self.n
        order = [(self.turn + i) % self.n for i in range(self.n)]
        active = [p for p in order if not self.passed[p]]
        self.phase = P_AUCTION
        self.actor = active[0]

    def _auction(self, me: int, action: int) -> None:
        if action == PASS:
            self.passed[me] = True
            if self.first_passer < 0:
                self.first_passer = me
        else:
            self.bid, self.bidder = action - BID, me
        active = [p for p in range(self.n) if not self.passed[p]]
        if not active:  # nobody bid: nobody sails
            self._next_turn()
            return
        if active == [self.bidder]:
            self._sell()
            return
        nxt = (me + 1) % self.n
        while self.passed[nxt]:
            nxt = (nxt + 1) % self.n
        self.actor = nxt

    def _sell(self) -> None:
        buyer = self.bidder
        self.cash[buyer] -= self.bid
        events = self._events  # None in a clone a bot plays ahead on; (make, args) made when drained
        if self.bid and events is not None:
            after = self.cash[buyer]
            events.append((ScoreChanged, (buyer, "money", after + self.bid, after, "bought the move")))
        if self.first_passer >= 0:
            self.cash[self.first_passer] += self.bid
            if self.bid and events is not None:
                p = self.first_passer
                events.append((ScoreChanged, (p, "money", self.cash[p] - self.bid, self.cash[p], "sold the move")))
        t = (self.sail[buyer] + self.die) % len(self.board.track_letter)
        self.sail[buyer] = t
        self.actor = buyer
        held = self.hold[buyer]
        if 0 <= held < 4:  # a pearl in front: take the letter, the boat and pearl go to its sector
            self.hold[buyer] = -1
            self._start_placing(self.board.track_letter[t], held)
        elif held < 0 and self.boats[buyer] == 0:  # no boat for a letter or a pearl: the move was all
            self._next_turn()
        else:
            self.phase = P_TAKE

    def _colours_on_offer(self) -> list[int]:
        c = self.board.track_colour[self.sail[self.actor]]
        return [c] if self.supply[c] else [k for k in range(4) if self.supply[k]]

    def _take(self, me: int, action: int) -> None:
        t = self.sail[me]
        held = self.hold[me]
        if action == TAKE_LETTER:
            self.hold[me] = HOLD_LETTER + t
            self.boats[me] -= 1
            self._next_turn()
            return
        c = action - TAKE_PEARL
        self.supply[c] -= 1
        if self.supply.count(0) >= self.nums.colours_out_to_end:
            self.ending = True
        if held >= HOLD_LETTER:  # the letter's boat takes the pearl to the letter's sector
            self.hold[me] = -1
            self._start_placing(self.board.track_letter[held - HOLD_LETTER], c)
        elif self.ending:  # no letter: the pearl was bought for nothing
            self._end_game()
        else:
            self.hold[me] = c
            self.boats[me] -= 1
            self._next_turn()

    def _start_placing(self, letter: str, colour: int) -> None:
        self.place_letter, self.place_colour = letter, colour
        if any(self.colour[k] < 0 for k in self.board.sectors[letter]):
            self.phase = P_PLACE
        else:  # a full sector: the pearl is lost, the boat goes back (docs/rules/pearls.md)
            self.boats[self.actor] += 1
            self._after_placing()

    def _after_placing(self) -> None:
        self.place_letter, self.place_colour = "", -1
        if self.ending:
            self._end_game()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.n
        self.phase = P_ROLL
        self._begin_round()

    def _begin_round(self) -> None:
        self.round += 1
        if self._events is not None:  # (make, args): made when drained (GameState)
            self._events.append((self._turn_began, (self.round, self.turn)))

    def _turn_began(self, round_: int, roller: int) -> TurnBegan:
        return TurnBegan(round_, self.player_name(roller))

    def _end_game(self) -> None:
        self.phase = P_OVER
        if self._events is not None:  # made when drained: scoring the map is dear, and nothing changes after
            self._events.append((self._game_ended, ()))

    def _game_ended(self) -> GameEnded:
        r = self.returns()
        scores = self.scores()
        best = max(r)
        outcome = TIED if r.count(best) != 1 else WON  # the rulebook's winner: cash in hand counts for nothing
        why = "scores (chest + groups): " + ", ".join(f"{self.player_name(p)} {scores[p]}" for p in range(self.n))
        return GameEnded(tuple(r), outcome, why, tuple(p for p in range(self.n) if r[p] == best))
