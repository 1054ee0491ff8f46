"""Pearl-game board validation: what a scenario must be for the pearl game to be played on it.

Scope: checks run after the common ones (motu/engine/scenario/checks.py), each with one registered
code (docs/validation.md): the map is 49 squares in a 7x7 square with the island among them;
every track space has a letter A-F and a pearl colour; the track covers every letter; every
letter has both a row and a column on the map, not all of them island; two to four sides play;
bids start at $0.
"""
from __future__ import annotations

from typing import Iterable

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, finding, register_code

from .board import COLOURS, LETTERS, SIDE, map_letters, map_order

PEARLS_MAP_NOT_7X7 = register_code("PEARLS_MAP_NOT_7X7", "error", "The pearl map is not 49 squares in a 7x7 square.")
PEARLS_NO_ISLAND = register_code("PEARLS_NO_ISLAND", "error", "The pearl map has no island.")
PEARLS_TRACK_SPACE = register_code(
    "PEARLS_TRACK_SPACE", "error", "A track space has no letter A-F or no pearl colour (green, white, black, blue).")
PEARLS_TRACK_LETTER_MISSING = register_code(
    "PEARLS_TRACK_LETTER_MISSING", "error", "A letter A-F is on no track space.")
PEARLS_LETTER_NO_LINE = register_code(
    "PEARLS_LETTER_NO_LINE", "error", "A letter A-F has no row or no column on the map.")
PEARLS_PLAYERS = register_code("PEARLS_PLAYERS", "error", "A pearl-game scenario needs two to four sides.")
PEARLS_SECTOR_EMPTY = register_code(
    "PEARLS_SECTOR_EMPTY", "error", "A letter's row and column on the map are all island: no boat can go there.")
PEARLS_MAX_BID = register_code("PEARLS_MAX_BID", "error", "The highest bid (option max_bid) is below $0.")


def check_map(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if map_order(s) is None:
        n = sum(t in ("water", "island") for t in s.terrain)
        yield finding(PEARLS_MAP_NOT_7X7, f"the map has {n} water and island squares not drawn as a 7x7 square")
    if "island" not in s.terrain:
        yield finding(PEARLS_NO_ISLAND, "no square of the map is the Island of Tahiti")


def check_track(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    track = [c for c, t in enumerate(s.terrain) if t == "track"]
    seen = set()
    for c in track:
        props = s.cell_props.get(c) or {}
        letter, colour = props.get("letter"), props.get("colour")
        if not isinstance(letter, str) or not isinstance(colour, str) or letter not in LETTERS or colour not in COLOURS:
            yield finding(PEARLS_TRACK_SPACE, f"track space {s.label(c)} has letter {letter!r} and colour {colour!r}",
                          cells=[c])
        seen.add(letter if isinstance(letter, str) else None)
    missing = [x for x in LETTERS if x not in seen]
    if missing:
        yield finding(PEARLS_TRACK_LETTER_MISSING, f"no track space carries the letter{'s' * (len(missing) > 1)} "
                      f"{', '.join(missing)}", cells=track)


def check_letters(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    cols, rows = map_letters(s)
    for letter in LETTERS:
        lacks = [what for what, line in (("column", cols), ("row", rows)) if letter not in line]
        if lacks:
            yield finding(PEARLS_LETTER_NO_LINE, f"letter {letter} has no {' and no '.join(lacks)} on the map "
                          "(tables.map_letters)")


def check_sides(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if not 2 <= len(s.sides) <= 4:
        yield finding(PEARLS_PLAYERS, f"the scenario has {len(s.sides)} sides; the game is for two to four players")


def check_sectors(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    order = map_order(s)
    if order is None:
        return
    cols, rows = map_letters(s)
    for letter in LETTERS:
        squares = [order[r * SIDE + c] for r in range(SIDE) for c in range(SIDE) if cols[c] == letter or rows[r] == letter]
        if squares and all(s.terrain[c] == "island" for c in squares):
            yield finding(PEARLS_SECTOR_EMPTY, f"the sector of letter {letter} is all island", cells=squares)


def check_max_bid(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    value = s.options.get("max_bid", cat.options["max_bid"].default)
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        yield finding(PEARLS_MAX_BID, f"option max_bid is {value}; the lowest bid is $0")


PEARLS_VALIDATORS = (check_map, check_track, check_letters, check_sides, check_sectors, check_max_bid)
