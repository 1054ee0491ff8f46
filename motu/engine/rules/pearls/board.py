"""The pearl game's board read from a scenario: the 7x7 map, its letters, the 12-space track.

Scope: turning a scenario into the immutable tables the game state and the scoring use, and
the geometry the validators check. Map cells are the `water` and `island` spaces, found by
their drawn positions (7 columns x 7 rows); the track is the `track` spaces in the order the
file lists them, which is clockwise. Letters of the map's rows and columns are the scenario's
`tables.map_letters` ({columns: [7 letters or null], rows: [...]}).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from motu.engine.scenario.model import Scenario

SIDE = 7
COLOURS = ("green", "white", "black", "blue")
LETTERS = ("A", "B", "C", "D", "E", "F")  # a tuple: "AB" is no letter


def map_order(scenario: Scenario) -> list[int] | None:
    """Scenario cells of the map (water and island) in board order, row by row; None if not 7x7."""
    cells = [c for c, t in enumerate(scenario.terrain) if t in ("water", "island")]
    if len(cells) != SIDE * SIDE:
        return None
    centres = {c: scenario.grid.center(c) for c in cells}
    xs = sorted({round(x, 6) for x, _ in centres.values()})
    ys = sorted({round(y, 6) for _, y in centres.values()})
    if len(xs) != SIDE or len(ys) != SIDE:
        return None
    order: list[int | None] = [None] * (SIDE * SIDE)
    for c, (x, y) in centres.items():
        k = ys.index(round(y, 6)) * SIDE + xs.index(round(x, 6))
        if order[k] is not None:
            return None
        order[k] = c
    return order  # type: ignore[return-value]


def map_letters(scenario: Scenario) -> tuple[list[Any], list[Any]]:
    """(letter of each column, letter of each row); missing entries are None."""
    table = scenario.tables.get("map_letters") or {}
    cols = list(table.get("columns") or []) if isinstance(table, dict) else []
    rows = list(table.get("rows") or []) if isinstance(table, dict) else []
    return (cols + [None] * SIDE)[:SIDE], (rows + [None] * SIDE)[:SIDE]


def _neighbours(diagonal: bool) -> tuple[tuple[int, ...], ...]:
    out = []
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr, dc) != (0, 0) and (diagonal or dr == 0 or dc == 0)]
    for k in range(SIDE * SIDE):
        r, c = divmod(k, SIDE)
        out.append(tuple((r + dr) * SIDE + c + dc for dr, dc in steps if 0 <= r + dr < SIDE and 0 <= c + dc < SIDE))
    return tuple(out)


SIDE_NEIGHBOURS = _neighbours(False)   # touching by a side: what makes a group
ALL_NEIGHBOURS = _neighbours(True)     # touching even by a corner: the empty spaces a group counts


@dataclass(frozen=True)
class PearlsBoard:
    """What the rules need of a scenario, compiled once and shared by every state of a game."""

    cells: tuple[int, ...]                  # scenario cell of each map square, board order
    island: frozenset[int]                  # map squares that are the island (board order)
    track_cells: tuple[int, ...]            # scenario cell of each track space, clockwise
    track_letter: tuple[str, ...]
    track_colour: tuple[int, ...]           # index into COLOURS
    sectors: dict[str, tuple[int, ...]]     # letter -> map squares of its column and row, island excluded
    labels: tuple[str, ...]                 # names of the map squares
    track_labels: tuple[str, ...]
    sides: tuple[str, ...]                  # side ids, seat order
    side_names: tuple[str, ...] = ()

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> "PearlsBoard":
        order = map_order(scenario)
        if order is None:
            raise ValueError("the pearl map must be 49 water and island spaces drawn as a 7x7 square")
        island = frozenset(k for k, c in enumerate(order) if scenario.terrain[c] == "island")
        if not island:
            raise ValueError("the pearl map has no island")
        track = [c for c, t in enumerate(scenario.terrain) if t == "track"]
        if not track:
            raise ValueError("the pearl board has no track")
        letters, colours = [], []
        for c in track:
            props = scenario.cell_props.get(c) or {}
            if props.get("letter") not in LETTERS or props.get("colour") not in COLOURS:
                raise ValueError(f"track space {scenario.label(c)} needs a letter A-F and a pearl colour")
            letters.append(props["letter"])
            colours.append(COLOURS.index(props["colour"]))
        cols, rows = map_letters(scenario)
        sectors = {}
        for letter in LETTERS:
            squares = [r * SIDE + c for r in range(SIDE) for c in range(SIDE)
                       if (cols[c] == letter or rows[r] == letter) and r * SIDE + c not in island]
            sectors[letter] = tuple(squares)
        for letter in set(letters):
            if not sectors[letter]:
                raise ValueError(f"letter {letter} has no row or column on the map")
        return cls(tuple(order), island, tuple(track), tuple(letters), tuple(colours), sectors,
                   tuple(scenario.label(c) for c in order), tuple(scenario.label(c) for c in track),
                   tuple(scenario.sides), tuple(s.name for s in scenario.sides.values()))
