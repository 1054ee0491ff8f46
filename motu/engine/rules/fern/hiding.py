"""Whether a party or a square's figures are all hidden (§12): what observation.py asks to keep a
side's moves and dice from the other, and what a hidden party's events are told to alone.

Scope: three small queries on a state, below both observation.py and the steps whose events
say who may know them (motivation.py).
"""
from __future__ import annotations


def _all_hidden(groups, leaders) -> bool:
    return bool(groups or leaders) and all(g.hidden for g in groups) and all(l.hidden for l in leaders)


def party_hidden(s, gids, leaders) -> bool:
    """Are the figures and leaders of a party (those still on the table) all hidden?"""
    return _all_hidden([s.groups[g] for g in gids if g in s.groups],
                       [s.leaders[l] for l in leaders if s.leaders[l].cell is not None])


def square_hidden(s, cell: int, side: int) -> bool:
    """Does `side` have figures in the square, all of them hidden?"""
    return _all_hidden([s.groups[g] for g in s.groups_at(cell, side)],
                       [s.leaders[i] for i in s.leaders_at(cell, side)])
