"""What a Tiki game says to its players, in the rulebook's words.

Scope: words for the playtest table (motu/editor/playtest/boards/tiki.py) and its panel: each legal
action (`action_words`), the facts of the state a seat reads (`status_lines`), a village tile
(`village_words`), the end of the game (`result`: who won, and how, as the rulebook ends it). Villages are named by where they lie in the 3x3 square ("the top-left
village"), never by their ids. Nothing here changes a game; Tiki hides nothing, so a seat's
words are everyone's.
"""
from __future__ import annotations

from motu.engine.rules.events import ControlChanged, ScoreChanged
from motu.engine.rules.presentation import Presentation

from .board import EDGES, PATHS, PLACES
from .state import (CREATE, DEAL, KEEP_SHAMAN, MOVE, MOVE_SHAMAN, OVER, PASS, PLACE_SHAMAN, PLAY, SHAMAN, SHUFFLE,
                    VILLAGE_NAMES, TikiState)

WAYS = ("up", "right", "down", "left")


def place(v: int) -> str:
    """'the top-left village' for village v (board order)."""
    return f"the {PLACES[v]} village"


def value_words(value: int | None) -> str:
    if value is None:
        return "its tile not yet turned up"
    if value == 0:
        return "value 0"
    return f"value {value:+d}"


def village_value(state: TikiState, v: int) -> int | None:
    return state.values[v] if v < len(state.values) else None


def edge_words(e: int) -> str:
    a, b = EDGES[e]
    return f"between {place(a)} and {place(b)}"


def _tokens(n: int) -> str:
    return "1 token" if n == 1 else f"{n} tokens"


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def fruits(n: int, spelt: bool = False) -> str:
    """'1 fruit', '3 fruits'; spelt out as the rulebook does ('four fruits') when `spelt`."""
    number = NUMBERS[n] if spelt and 0 <= n < len(NUMBERS) else str(n)
    return f"{number} fruit" if n == 1 else f"{number} fruits"


def wins_with(state: TikiState) -> str:
    """'First player wins with 4 fruits', or that the game is over."""
    if state.winner < 0:
        return "The game is over"
    return f"{state.player_name(state.winner)} wins with {fruits(state.fruit[state.winner])}"


def action_words(state: TikiState, action: int, seat: int | None = None) -> str:
    """One legal action of `state` in words ("Create a totem on the top-left village (value +1)")."""
    if state.phase == SHUFFLE:
        v = len(state.values)
        return f"The tile turned up for {place(v)} shows {value_words(action - DEAL - 1)}"
    if action == PASS:
        return "Pass: no totem can be created or moved"
    if action == KEEP_SHAMAN:
        return "Leave the Shaman where it is"
    if SHAMAN <= action < KEEP_SHAMAN:
        verb = "Move" if state.phase == MOVE_SHAMAN else "Place"
        return f"{verb} the Shaman {edge_words(action - SHAMAN)}"
    if CREATE <= action < MOVE:
        return f"Create a totem on {place(action)} ({value_words(village_value(state, action))})"
    if MOVE <= action < SHAMAN:
        v, d = divmod(action - MOVE, 4)
        n = len(state.stacks[v])
        path = PATHS[(v * 4 + d) * 2 + n - 1] if n else ()
        text = f"Move the totem of {_tokens(n)} on {place(v)} {WAYS[d]}"
        if len(path) == 2:
            return f"{text}: drop the bottom token on {place(path[0])}, the top on {place(path[1])}"
        if path:
            return f"{text} to {place(path[0])}"
        return text
    return state.action_to_string(action)


def village_words(state: TikiState, v: int) -> str:
    """A village tile and its totem ("the top-left village, value +1: totem of First player, Second player")."""
    head = f"{place(v)[0].upper()}{place(v)[1:]}, {value_words(village_value(state, v))}"
    stack = state.stacks[v]
    if not stack:
        return f"{head}: no totem"
    owners = ", ".join(state.player_name(o) for o in stack)
    return f"{head}: totem of {_tokens(len(stack))}, bottom to top {owners}"


def asked(state: TikiState) -> str:
    """What the player to move is asked to do."""
    who = state.player_name(state.player)
    if state.phase == SHUFFLE:
        return f"Set-up: the village tiles are shuffled and turned up ({len(state.values)} of 9)"
    if state.phase == PLACE_SHAMAN:
        return f"{who}: place the Shaman between two villages"
    if state.phase == MOVE_SHAMAN:
        return f"{who} influenced a 0 village: move the Shaman, or leave it where it is"
    if state.phase == PLAY:
        if state.legal_actions() == [PASS]:
            return f"{who}: nothing can be created or moved — pass"
        return f"{who}: create a totem or move a totem with your token on top"
    return ""


def status_lines(state: TikiState, seat: int | None = None) -> list[str]:
    """The facts a seat reads beside the board, one short line each, the same lines in every state."""
    names = [state.player_name(p) for p in range(2)]
    lines = []
    if state.phase == OVER:
        lines.append(wins_with(state))
    else:
        lines.append(asked(state))
    lines.append("Fruits: " + ", ".join(f"{names[p]} {state.fruit[p]}" for p in range(2))
                 + f"; {state.supply} left in the supply ({fruits(state.to_win, True)} win)")
    lines.append("Tiki tokens in hand: " + ", ".join(f"{names[p]} {state.hand[p]}" for p in range(2)))
    if state.shaman_rule:
        lines.append(f"The Shaman stands {edge_words(state.shaman)}: no totem moves between them"
                     if state.shaman >= 0 else "The Shaman is not yet placed")
    if state.tiebreak:
        lines.append("The supply is empty and fruits are level: the next fruit won or lost decides")
    return lines


def panel(state: TikiState, seat: int | None = None) -> list[tuple[str, str]]:
    """The playtest's game panel: the same labelled rows in every state, so it never jumps."""
    names = [state.player_name(p) for p in range(2)]
    asked_now = wins_with(state) if state.phase == OVER else asked(state)
    if not state.shaman_rule:
        shaman = "not in this game"
    elif state.shaman >= 0:
        shaman = f"{edge_words(state.shaman)}: no totem moves between them"
    else:
        shaman = "not yet placed"
    return [
        ("Asked", asked_now),
        ("Fruits", ", ".join(f"{names[p]} {state.fruit[p]}" for p in range(2))
         + f" ({fruits(state.to_win, True)} win)"),
        ("Supply", f"{fruits(state.supply)} left"),
        ("Tokens in hand", ", ".join(f"{names[p]} {state.hand[p]}" for p in range(2))),
        ("Shaman", shaman),
        ("Tie-break", "the supply is empty and fruits are level: the next fruit decides" if state.tiebreak
         else "no"),
    ]


def result(state: TikiState) -> list[tuple[str, str]]:
    """The end of the game as the rulebook ends it: who won, and how — four fruits collected, the most
    fruit when the supply ran out, or the tie-break after it (the next fruit won or lost decides)."""
    if state.phase != OVER or state.winner < 0:
        return []
    names = [state.player_name(p) for p in range(2)]
    winner = names[state.winner]
    if state.fruit[state.winner] >= state.to_win:
        how = f"{winner} has {fruits(state.to_win, True)}, and {fruits(state.to_win, True)} win"
    elif state.tiebreak:
        how = "the tie-break: with the supply empty and fruits level, the next fruit won or lost decided it"
    else:
        how = f"the fruit supply ran out and {winner} has the most fruit"
    return [("Winner", winner), ("How", how),
            ("Fruits", ", ".join(f"{names[p]} {state.fruit[p]}" for p in range(2))),
            ("Fruit supply", f"{fruits(state.supply)} left")]


class TikiPresentation(Presentation):
    """Tiki at the playtest table: its own board ("tiki", motu/editor/playtest/boards), the panel's
    rows, each action and the end of the game in the rulebook's words."""

    board_kind = "tiki"

    def panel(self, state, seat=None):
        return panel(state, seat)

    def action_words(self, state, action, seat=None):
        return action_words(state, action, seat)

    def result(self, state):
        return result(state) or super().result(state)

    def event_words(self, event, seat, state=None):
        """A village influenced and the fruit it gave or took, in the rulebook's words."""
        if not event.visible_to(seat):
            return None
        name = self.namer(state)
        if isinstance(event, ControlChanged) and event.rule == "influence" and event.after is not None:
            return f"{name(event.after)} influences {event.name} (the top token of three); the tokens go back to their owners"
        if isinstance(event, ScoreChanged) and event.what == "fruits" and event.why in VILLAGE_NAMES:
            n = event.after - event.before
            if n > 0:
                return (f"{name(event.player)} wins {fruits(int(n))} from {event.why} "
                        f"(fruits {event.before:g} → {event.after:g})")
            return (f"{name(event.player)} removes {fruits(int(-n))} from the game at {event.why} "
                    f"(fruits {event.before:g} → {event.after:g})")
        return super().event_words(event, seat, state)
