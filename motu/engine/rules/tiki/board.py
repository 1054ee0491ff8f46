"""Tiki's board read from a scenario: nine villages in a 3x3 square, their values, the Shaman.

Scope: turning a scenario into the small immutable tables the game state uses (village order,
values, the twelve village-to-village edges, every straight move's path), and the geometry the
validators check. Villages are found by their drawn positions, not by their links or ids, so a
designer may rename tiles; the links drawn in the file do not change how totems move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from motu.engine.scenario.model import Scenario

SIZE = 3
UP, RIGHT, DOWN, LEFT = range(4)
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, column) steps
DIRECTION_NAMES = ("up", "right", "down", "left")
# Where each village lies in the 3x3 square (board order): what players call it, "the top-left village".
PLACES = ("top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom", "bottom-right")

# The twelve edges between orthogonal neighbours, in a fixed order (rows first, then columns):
# they number the Shaman's places in the action encoding.
EDGES: tuple[tuple[int, int], ...] = tuple(
    [(r * 3 + c, r * 3 + c + 1) for r in range(3) for c in range(2)]
    + [(r * 3 + c, (r + 1) * 3 + c) for r in range(2) for c in range(3)])
EDGE_INDEX = {e: i for i, e in enumerate(EDGES)}


def edge_between(a: int, b: int) -> int:
    """The index of the edge between villages a and b (board order), or -1 if they are not neighbours."""
    return EDGE_INDEX.get((a, b) if a < b else (b, a), -1)


def _paths() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """PATHS[(v*4+d)*2 + n-1]: villages entered moving n steps from v in direction d; () if off the board."""
    paths, crossed = [], []
    for v in range(9):
        for dr, dc in DIRECTIONS:
            for n in (1, 2):
                r, c = divmod(v, 3)
                cells, edges = [], []
                prev = v
                for _ in range(n):
                    r, c = r + dr, c + dc
                    if not (0 <= r < 3 and 0 <= c < 3):
                        cells = []
                        break
                    cells.append(r * 3 + c)
                    edges.append(edge_between(prev, r * 3 + c))
                    prev = r * 3 + c
                paths.append(tuple(cells))
                crossed.append(tuple(edges) if cells else ())
    return tuple(paths), tuple(crossed)


PATHS, PATH_EDGES = _paths()


def square_order(scenario: Scenario) -> list[int] | None:
    """Scenario cells in board order (row by row), if the spaces are drawn as a 3x3 square; else None."""
    grid = scenario.grid
    if grid.size != SIZE * SIZE:
        return None
    try:
        centres = [grid.center(c) for c in range(grid.size)]
    except Exception:  # a grid with no drawn positions cannot be a square of tiles
        return None
    xs = sorted({round(x, 6) for x, _ in centres})
    ys = sorted({round(y, 6) for _, y in centres})
    if len(xs) != SIZE or len(ys) != SIZE:
        return None
    order: list[int | None] = [None] * 9
    for cell, (x, y) in enumerate(centres):
        k = ys.index(round(y, 6)) * 3 + xs.index(round(x, 6))
        if order[k] is not None:
            return None
        order[k] = cell
    return order  # type: ignore[return-value]


def village_value(props: Mapping[str, Any] | None) -> int | None:
    """A village's value if it is a whole number (bool is not), else None."""
    v = (props or {}).get("value")
    return v if isinstance(v, int) and not isinstance(v, bool) else None


@dataclass(frozen=True)
class TikiBoard:
    """What the rules need of a scenario, compiled once and shared by every state of a game."""

    cells: tuple[int, ...]        # scenario cell of each village, board order
    labels: tuple[str, ...]       # the villages' names, board order
    values: tuple[int, ...]       # the villages' values, board order
    shaman: int                   # edge index where the scenario sets the Shaman, or -1
    sides: tuple[tuple[str, str], ...] = (("first", "First player"), ("second", "Second player"))  # (id, name)

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> "TikiBoard":
        order = square_order(scenario)
        if order is None:
            raise ValueError("a Tiki board must be nine villages drawn in a 3x3 square")
        values = []
        for cell in order:
            v = village_value(scenario.cell_props.get(cell))
            if v is None or not -1 <= v <= 2:
                raise ValueError(f"village {scenario.label(cell)} needs a value from -1 to 2")
            values.append(v)
        where = {cell: k for k, cell in enumerate(order)}
        shaman = -1
        for (a, b), feats in sorted(scenario.edges.items()):
            if "shaman" in feats:
                e = edge_between(where[a], where[b])
                if e < 0:
                    raise ValueError(f"the Shaman between {scenario.label(a)} and {scenario.label(b)} "
                                     "is not between neighbouring villages")
                shaman = e
                break
        sides = tuple((s.id, s.name) for s in scenario.sides.values())[:2]
        return cls(tuple(order), tuple(scenario.label(c) for c in order), tuple(values), shaman,
                   sides if len(sides) == 2 else cls.sides)

    def edge_name(self, e: int) -> str:
        a, b = EDGES[e]
        return f"{self.labels[a]}|{self.labels[b]}"
