"""What a Tahiti pearls game says to its players, in the rulebook's words.

Scope: words for the playtest table (motu/editor/playtest/boards/pearls.py) and its panel: each legal
action (`action_words`), the facts one seat may read (`status_lines`), a map square and a
track space (`square_words`, `track_words`), and the map's letters (`column_letters`,
`row_letters`), and the die as the dice tray draws it (`dice`). A seat's lines come from its observation: the other players' chests are never
told ("no player has the right to check how much another has already saved"). Squares are named
by the letters of their column and row, as the board prints them; the middle row and column
(through the island) have no letter and are called "the middle".
"""
from __future__ import annotations

from motu.engine.rules.events import ScoreChanged
from motu.engine.rules.presentation import Presentation

from .board import COLOURS, SIDE
from .scoring import score_map
from .state import (BID, CHOOSE, FACE, HOLD_LETTER, KEEP_BOAT, P_AUCTION, P_CHOOSE, P_OVER, P_PLACE, P_ROLL,
                    P_ROLL_NUMBER, P_SAIL, P_SAVE, P_TAKE, PASS, PLACE, SAIL, SAVE, TAKE_LETTER, TAKE_PEARL, WHITE,
                    PearlsState)


def _letters(state: PearlsState, by_column: bool) -> list[str | None]:
    """The letter printed beside each column (or row): the sector that holds all its sea squares."""
    b = state.board
    out: list[str | None] = []
    for i in range(SIDE):
        line = [(r * SIDE + i) if by_column else (i * SIDE + r) for r in range(SIDE)]
        sea = [k for k in line if k not in b.island]
        # a sector is its column and its row: only a line's own letter holds every sea square of it
        out.append(next((L for L in sorted(b.sectors) if sea and set(sea) <= set(b.sectors[L])), None))
    return out


def column_letters(state: PearlsState) -> list[str | None]:
    return _letters(state, True)


def row_letters(state: PearlsState) -> list[str | None]:
    return _letters(state, False)


def square_words(state: PearlsState, k: int) -> str:
    """'column B, row E', 'the middle column, row E' (board order k = row*7 + column)."""
    r, c = divmod(k, SIDE)
    col, row = column_letters(state)[c], row_letters(state)[r]
    return f"{f'column {col}' if col else 'the middle column'}, {f'row {row}' if row else 'the middle row'}"


def track_words(state: PearlsState, t: int) -> str:
    b = state.board
    return f"track space {t + 1} (letter {b.track_letter[t]}, {COLOURS[b.track_colour[t]]} pearl)"


def _name(state: PearlsState, p: int) -> str:
    return state.player_name(p)


def action_words(state: PearlsState, action: int, seat: int | None = None) -> str:
    """One legal action of `state` in words ("Bid $3 for a move of 2", "Put the boat on column B, row E")."""
    ph = state.phase
    if ph in (P_ROLL, P_ROLL_NUMBER) and FACE < action <= WHITE:
        if action == WHITE:  # the token on the island says which event: payday ($) or savings (treasure)
            return "The die shows a white face: " + ("to the savings bank" if state.token else "payday")
        return f"The die shows {action - FACE}"
    if ph == P_AUCTION:
        if action == PASS:
            return "Pass (final for this auction)" if state.bid < 0 else \
                f"Pass (final for this auction; ${state.bid} goes to the first to pass)"
        if BID <= action:
            return f"Bid ${action - BID} to sail {state.die} space{'s' if state.die != 1 else ''}"
    if ph == P_SAIL and SAIL <= action < CHOOSE:
        return f"Put the sailboat on {track_words(state, action - SAIL)}"
    if ph == P_CHOOSE and CHOOSE <= action < TAKE_LETTER:
        return f"Choose a {COLOURS[action - CHOOSE]} pearl for a boat in front of them"
    if action == TAKE_LETTER:
        t = state.sail[state.actor]
        return f"Take the letter {state.board.track_letter[t]}: an empty boat on the track space marks it"
    if TAKE_PEARL <= action < PLACE:
        colour = COLOURS[action - TAKE_PEARL]
        if state.hold[state.actor] >= HOLD_LETTER:
            letter = state.board.track_letter[state.hold[state.actor] - HOLD_LETTER]
            return f"Take a {colour} pearl and put it with the boat in sector {letter}"
        return f"Take a {colour} pearl and put it on a boat in front of them"
    if PLACE <= action < SAVE:
        return f"Put the boat with its {COLOURS[state.place_colour]} pearl on {square_words(state, action - PLACE)}"
    if SAVE <= action < PASS:
        return f"Save ${action - SAVE} in the chest"
    if action == KEEP_BOAT:
        return "Keep the boat off the map"
    return state.action_to_string(action)


def asked(state: PearlsState) -> str:
    """What the player to move is asked to do."""
    ph = state.phase
    who = _name(state, state.actor)
    if ph == P_SAIL:
        return f"Setup: {who}, place your sailboat on a space around the edge"
    if ph == P_CHOOSE:
        return f"Setup: {who}, choose your first pearl"
    if ph in (P_ROLL, P_ROLL_NUMBER):
        roller = _name(state, state.turn)
        return f"{roller} rolls the die" + (" again until a number shows" if ph == P_ROLL_NUMBER else "")
    if ph == P_SAVE:
        return f"Everyone to the savings bank! {who}, save $0 to ${state.nums.max_save} in your chest"
    if ph == P_AUCTION:
        lead = f"highest bid ${state.bid} by {_name(state, state.bidder)}" if state.bid >= 0 else "no bid yet"
        return f"Auction of a move of {state.die}: {who}, bid or pass ({lead})"
    if ph == P_TAKE:
        return f"{who}: take the letter or a pearl"
    if ph == P_PLACE:
        return f"{who}: put your boat and its {COLOURS[state.place_colour]} pearl in sector {state.place_letter}"
    return ""


def _held(state: PearlsState, p: int) -> str:
    h = state.hold[p]
    if h < 0:
        return "nothing in front"
    if h >= HOLD_LETTER:
        return f"letter {state.board.track_letter[h - HOLD_LETTER]}"
    return f"a {COLOURS[h]} pearl in front"


def player_line(state: PearlsState, p: int, seat: int | None) -> str:
    """One player's money, chest, boats and holding, as `seat` may know them."""
    known = p not in state.hidden_chests and (seat is None or seat == p or state.phase == P_OVER)
    chest = f"chest ${state.chest[p]}" if known else "chest hidden"
    return (f"{_name(state, p)}: ${state.cash[p]} cash, {chest}, {state.boats[p]} boats left, "
            f"{state.on_map[p]} on the map, {_held(state, p)}")


def map_points(state: PearlsState) -> list[int]:
    """Each player's points from the pearl banks as the map stands (what every player can see)."""
    return score_map(state.colour, state.owner, state.board.island, state.n, state.ties)[0]


def status_lines(state: PearlsState, seat: int | None = None) -> list[str]:
    """The facts `seat` reads beside the board (None: a spectator of bots, who is shown every chest)."""
    # At the end "you count your riches": the chests are opened, so a finished game is told whole.
    over = state.phase == P_OVER and not state.hidden_chests
    view = state.observation(seat) if seat is not None and not over else state
    lines = []
    if over:
        scores = state.scores()
        best = max(scores)
        winners = " and ".join(_name(state, p) for p, s in enumerate(scores) if s == best)
        lines.append(f"The game is over: {winners} {'wins' if scores.count(best) == 1 else 'share the win'} "
                     f"with {best} points")
        lines.append("Scores (chest + pearl banks): " + ", ".join(
            f"{_name(state, p)} {s} (${state.chest[p]} + {m})" for p, (s, m) in enumerate(zip(scores, map_points(state)))))
    elif view.phase == P_OVER:
        lines.append("The game is over")
    else:
        lines.append(asked(view))
    lines.append("Token on the island: " + ("treasure face up (next white face: savings)" if view.token
                                              else "$ face up (next white face: payday)"))
    lines.append("Pearls left: " + ", ".join(f"{c} {n}" for c, n in zip(COLOURS, view.supply)))
    lines.append("Points of the pearl banks now: " + ", ".join(f"{_name(view, p)} {n}"
                                                              for p, n in enumerate(map_points(view))))
    lines += [player_line(view, p, seat) for p in range(view.n)]
    return lines


def panel(state: PearlsState, seat: int | None = None) -> list[tuple[str, str]]:
    """The playtest's game panel, as `seat` may know it: the same labelled rows in every state."""
    over = state.phase == P_OVER and not state.hidden_chests
    view = state.observation(seat) if seat is not None and not over else state
    if over:
        scores = state.scores()
        best = max(scores)
        winners = " and ".join(_name(state, p) for p, s in enumerate(scores) if s == best)
        asked_now = f"The game is over: {winners} {'wins' if scores.count(best) == 1 else 'share the win'} with {best} points"
    else:
        asked_now = "The game is over" if view.phase == P_OVER else asked(view)
    rows = [
        ("Asked", asked_now),
        ("Token on the island", "treasure face up (next white face: savings)" if view.token
         else "$ face up (next white face: payday)"),
        ("Pearls left", ", ".join(f"{c} {n}" for c, n in zip(COLOURS, view.supply))),
        ("Pearl banks", ", ".join(f"{_name(view, p)} {n} points" for p, n in enumerate(map_points(view)))),
    ]
    for p in range(view.n):
        line = player_line(view, p, None if over else seat)
        rows.append((_name(view, p), line.split(": ", 1)[1]))
    return rows


def dice(state: PearlsState, action: int) -> dict | None:
    """The special die (marked 1, 2, 3, 4, white, white) as the dice tray shows it: a numbered face
    drawn with its pips, put up for auction; a white face, an event, in words."""
    if state.phase not in (P_ROLL, P_ROLL_NUMBER) or not FACE < action <= WHITE:
        return None
    who = _name(state, state.turn)
    if action == WHITE:
        event = "the savings bank" if state.token else "payday"
        return {"group": "The die", "face": None, "text": f"The die ({who}): white, {event}"}
    n = action - FACE
    return {"group": "The die", "face": n, "text": f"The die ({who}): {n}, put up for auction"}


class PearlsPresentation(Presentation):
    """Tahiti pearls at the playtest table: its own board ("pearls", motu/editor/playtest/boards), the panel's
    rows, each action and the end of the game in the rulebook's words."""

    board_kind = "pearls"

    def panel(self, state, seat=None):
        return panel(state, seat)

    def action_words(self, state, action, seat=None):
        return action_words(state, action, seat)

    def dice(self, state, action, text):
        return dice(state, action) or super().dice(state, action, text)

    def event_words(self, event, seat, state=None):
        if not event.visible_to(seat):
            return None
        if isinstance(event, ScoreChanged) and event.what == "money":  # what each player received or paid
            who, gain = self.namer(state)(event.player), event.after - event.before
            if event.why == "payday":
                return f"Payday: {who} receives ${gain:g}, ${event.before:g} → ${event.after:g}"
            verb = "receives" if gain >= 0 else "pays"
            return f"{who} {verb} ${abs(gain):g} ({event.why}), ${event.before:g} → ${event.after:g}"
        return super().event_words(event, seat, state)

    def result(self, state):
        """The winner, then every player's total: chest and pearl banks (the chests opened at the end)."""
        rows = super().result(state)[:1]
        scores, banks = state.scores(), map_points(state)
        rows += [(_name(state, p), f"{scores[p]} points: chest ${state.chest[p]} + pearl banks {banks[p]}")
                 for p in range(state.n)]
        return rows
