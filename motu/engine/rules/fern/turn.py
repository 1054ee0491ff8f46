"""The turn structure of Fire in the Fern!, which the rules leave to the players.

Scope (docs/rules/fern.md, "Turns"): sides alternate; a game turn is one turn
of each force, the first given by option `first_side`. A side's turn opens with
§8's casualty rolls, then §10's morale tests, then a check for §11's end; then
its leaders spend their motivation attempts (§1) until the player ends the
turn. The game ends after the scenario's `victory.turns` game turns (default
12), when a side retires or when all of a side's units are broken (§11).
"""
from __future__ import annotations

from motu.engine.rules.events import TurnBegan

from .model import END_TURN, RETIRE, Group
from .steps import Auto


def turn_start(s, task) -> None:
    """Reset the moving side's figures for a new turn (§2 motivation once per turn, §1 attempts)."""
    b, p = s.b, s.player
    merged: dict[tuple, int] = {}
    for gid in sorted(s.groups):
        g = s.groups[gid]
        if b.units[g.unit].player != p:
            continue
        g = g._replace(motivated=False, moved=False, fired=False)
        key = (g.unit, g.cell, g.pinned, g.hidden)
        if key in merged:  # figures of one unit in one square with one status are one group again
            keep = merged[key]
            s.groups[keep] = s.groups[keep]._replace(n=s.groups[keep].n + g.n)
            del s.groups[gid]
        else:
            merged[key] = gid
            s.groups[gid] = g
    figures = [0] * len(b.units)
    for g in s.groups.values():
        figures[g.unit] += g.n
    for i, l in enumerate(s.leaders):
        info = b.leaders[i]
        if info.player != p:
            continue
        if l.cell is None:
            s.leaders[i] = l._replace(attempts=0, motivated=False, moved=False)
            continue
        own = figures[info.unit] if info.unit is not None else 0
        allowed = b.attempts_allowed(i, own)
        s.leaders[i] = l._replace(attempts=allowed, motivated=False, moved=False)
    s.reacted = frozenset()
    s.fresh = True
    s.stack.append(("main", p))
    s.stack.append(("check_end",))
    for u in reversed(range(len(b.units))):
        if b.units[u].player == p:
            s.stack.append(("morale", u))
    s.stack.extend(reversed(_carry_rolls(s, p)))


def _carry_rolls(s, p: int) -> list[tuple]:
    """§8: at the start of a turn, a D6 for every casualty in a square where live figures of its side stand."""
    rolls = []
    for (cell, owner), n in sorted(s.cas.items()):
        if n > 0 and s.owner_player(owner) == p and s.figures_at(cell, p) > 0:
            rolls += [("r_carry", cell, owner)] * n
    return rolls


def end_turn(s) -> None:
    """The player ends his turn: the other force's turn, or a new game turn, or the time limit."""
    if s.player != s.b.first_player:
        if s.turn >= s.b.turns:
            s.stack.append(("game_end", s.b.field_at_time_limit, "time"))
            return
        s.turn += 1
        s._emit(TurnBegan(s.turn))
    s.player = 1 - s.player
    s.stack.append(("turn_start",))


def retire(s) -> None:
    """§11: a side retires from the table; the other holds the field."""
    s.retired = s.player
    s.stack.append(("game_end", 1 - s.player, "retired"))


def main_choice(s, task, action) -> bool:
    """END_TURN and RETIRE, shared with the motivation menu; False if the action is neither."""
    if action == END_TURN:
        end_turn(s)
        return True
    if action == RETIRE:
        retire(s)
        return True
    return False


STEPS = {"turn_start": Auto(turn_start)}
__all__ = ["STEPS", "Group"]
