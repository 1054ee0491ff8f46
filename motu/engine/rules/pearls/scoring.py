"""Final scoring of the pearl banks: groups of one colour, their value, who scores them.

Scope: a pure function of the map (colour and owner of each square). A group is pearls of one
colour joined by sides; it is worth its pearls times the empty squares touching it, even only
by a corner (the island is not empty). The player with most boats in it scores it; everyone
else present scores half, rounded down. Players tied for most boats: see `ties` below and
docs/rules/pearls.md — the rulebook's worked example has both tied players score in full.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .board import ALL_NEIGHBOURS, SIDE_NEIGHBOURS

TIES = ("all", "first")  # all: every player tied for most boats scores in full; first: only the first seat


@dataclass(frozen=True)
class Group:
    colour: int
    squares: tuple[int, ...]
    empty: int                   # empty squares touching the group, by a side or a corner
    boats: tuple[int, ...]       # boats of each player in the group
    points: tuple[int, ...]      # points each player scores for it

    @property
    def value(self) -> int:
        return len(self.squares) * self.empty


def score_map(colour: Sequence[int], owner: Sequence[int], island: frozenset[int], players: int,
              ties: str = "all") -> tuple[list[int], list[Group]]:
    """(points of each player, the groups) for a map; colour/owner are -1 on empty squares."""
    if ties not in TIES:
        raise ValueError(f"ties must be one of {TIES}")
    seen = [False] * len(colour)
    points = [0] * players
    groups: list[Group] = []
    for start, col in enumerate(colour):
        if col < 0 or seen[start]:
            continue
        squares = [start]
        seen[start] = True
        i = 0
        while i < len(squares):
            for nb in SIDE_NEIGHBOURS[squares[i]]:
                if not seen[nb] and colour[nb] == col:
                    seen[nb] = True
                    squares.append(nb)
            i += 1
        members = set(squares)
        empty = {nb for sq in squares for nb in ALL_NEIGHBOURS[sq]
                 if nb not in members and colour[nb] < 0 and nb not in island}
        value = len(squares) * len(empty)
        boats = [0] * players
        for sq in squares:
            boats[owner[sq]] += 1
        most = max(boats)
        leaders = [p for p in range(players) if boats[p] == most]
        full = set(leaders) if ties == "all" else {leaders[0]}
        got = tuple(value if p in full else (value // 2 if boats[p] else 0) for p in range(players))
        for p in range(players):
            points[p] += got[p]
        groups.append(Group(col, tuple(sorted(squares)), len(empty), tuple(boats), got))
    return points, groups
