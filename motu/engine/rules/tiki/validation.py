"""Tiki board validation: what a Tiki scenario must be for the game to be played on it.

Scope: checks run after the common ones (motu/engine/scenario/checks.py), each with one registered
code (docs/validation.md): the villages must be drawn as a 3x3 square, every village needs a
value from -1 to 2, and a Shaman drawn on the board must stand between orthogonal neighbours
(only one Shaman); and what a game needs to end: a village worth fruit, and set-up numbers
(fruits, tokens) large enough to play, with the Shaman rule four tokens a player (fewer can
leave both players stuck for ever).
"""
from __future__ import annotations

from typing import Iterable

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, describe_cells, finding, register_code

from .board import edge_between, square_order, village_value

TIKI_NOT_3X3 = register_code("TIKI_NOT_3X3", "error", "A Tiki board is not nine villages in a 3x3 square.")
TIKI_BAD_VALUE = register_code("TIKI_BAD_VALUE", "error", "A Tiki village has no value or a value outside -1..2.")
TIKI_SHAMAN_NOT_ADJACENT = register_code(
    "TIKI_SHAMAN_NOT_ADJACENT", "error", "The Shaman stands between two villages that are not orthogonal neighbours.")
TIKI_SHAMAN_TWICE = register_code("TIKI_SHAMAN_TWICE", "error", "The Tiki board has more than one Shaman.")
TIKI_NO_FRUIT = register_code("TIKI_NO_FRUIT", "error",
                              "No village is worth a fruit, so no fruit can be won and the game cannot end.")
TIKI_SET_UP_NUMBER = register_code("TIKI_SET_UP_NUMBER", "error",
                                   "A set-up number is too small to play: fruits in the supply or to win, or tokens.")

# Fewest of each that plays to an end: a fruit to take and one to win; and tokens enough for a
# totem of three to be built (two players with one token each could never influence a village).
SET_UP_MINIMUM = {"fruit_supply": 1, "fruits_to_win": 1, "tokens_per_player": 2}
# With the Shaman rule a totem of two cannot move from the centre, nor from the middle of a side
# when its one path crosses the Shaman: a Shaman touching the centre walls in two such villages.
# With three tokens each (or two), every token can end in totems of two on those three villages:
# no one has a token to create with or a top token that can move, both pass, and the game never
# ends. Four each cannot all fit there (docs/rules/tiki.md, "No legal move").
SHAMAN_TOKENS_MINIMUM = 4


def check_square(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if square_order(s) is None:
        yield finding(TIKI_NOT_3X3, f"Tiki is played on nine villages in a 3x3 square; this board has "
                      f"{s.grid.size} space{'s' * (s.grid.size != 1)} that are not drawn as one")


def check_values(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    bad = [c for c in range(s.grid.size) if village_value(s.cell_props.get(c)) not in (-1, 0, 1, 2)]
    if bad:
        yield finding(TIKI_BAD_VALUE, f"village value missing or outside -1..2 at {describe_cells(s, bad)}",
                      cells=bad)


def check_shaman(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    shamans = sorted(k for k, feats in s.edges.items() if "shaman" in feats)
    if not shamans:
        return
    order = square_order(s)
    if order is not None:
        where = {cell: k for k, cell in enumerate(order)}
        for a, b in shamans:
            if edge_between(where[a], where[b]) < 0:
                yield finding(TIKI_SHAMAN_NOT_ADJACENT, f"the Shaman between {s.label(a)} and {s.label(b)} is not "
                              "between two villages side by side in the square", edges=[(a, b)])
    if len(shamans) > 1:
        yield finding(TIKI_SHAMAN_TWICE, f"{len(shamans)} edges carry the Shaman; there is one Shaman",
                      edges=shamans)


def check_fruit(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    values = [village_value(s.cell_props.get(c)) for c in range(s.grid.size)]
    if all(v in (-1, 0, 1, 2) for v in values) and not any(v > 0 for v in values):
        yield finding(TIKI_NO_FRUIT, "no village is worth +1 or +2: nobody could ever win a fruit",
                      cells=range(s.grid.size))


def check_set_up_numbers(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    opts = {**cat.default_options(), **s.options}
    for key, least in SET_UP_MINIMUM.items():
        value = opts.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value < least:
            yield finding(TIKI_SET_UP_NUMBER, f"option {key} is {value}; the game needs at least {least}")
    tokens = opts.get("tokens_per_player")
    if (bool(opts.get("shaman_rule")) and isinstance(tokens, int) and not isinstance(tokens, bool)
            and SET_UP_MINIMUM["tokens_per_player"] <= tokens < SHAMAN_TOKENS_MINIMUM):
        order = square_order(s)
        names = [s.label(order[v]) for v in (3, 4, 5)] if order else ["the left village", "the centre",
                                                                        "the right village"]
        yield finding(TIKI_SET_UP_NUMBER,
                      f"option tokens_per_player is {tokens} with the Shaman rule on; the game needs at least "
                      f"{SHAMAN_TOKENS_MINIMUM}: with the Shaman between {names[0]} and {names[1]}, every token "
                      f"can end up in totems of two on {names[0]}, {names[1]} or {names[2]}, which cannot move, "
                      f"so neither player can create or move and the game never ends",
                      cells=[order[v] for v in (3, 4, 5)] if order else ())


TIKI_VALIDATORS = (check_square, check_values, check_shaman, check_fruit, check_set_up_numbers)
