"""Helpers for the Movement Phase tests (no tests here): a cleared board on the shipped map, Red
to move, hexes by their labels."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.constants import SPLIT, TAKE, UNIT_CLASSES  # noqa: E402
from motu.engine.rules.tahiti.game_state import CELL, LAND, PICK, SEA  # noqa: E402

from test_tahiti_game_support import RED, at_step, clear_board, feed, game  # noqa: E402


def cell(st, label: str) -> int:
    return st.b.labels.index(label)


def label(st, c: int) -> str:
    return st.b.labels[c]


SPARE = "1106"  # Red's Home Village, far from the hexes the tests move in


def position(*units, cond=None, spare=True, **opts):
    """Red holds the initiative; the board is cleared (the Home Villages stay) and holds these
    (kind, player, hex) units; `cond` this turn's conditions (e.g. rain); Red's Movement Phase begins.
    `spare`: a Red Population unit at SPARE that never moves, so that Red is asked to say *done*
    (a decision with one legal action is taken at once)."""
    st = game(**opts)
    feed(st, PICK + RED)
    clear_board(st)
    if spare:
        units = (("population", RED, SPARE),) + units
    for kind, player, where in units:
        st.add_unit(kind, player, cell(st, where))
    st.cond.update(cond or {})
    return at_step(st, ("movement", RED))


def land(st, f: str, t: str) -> int:
    return LAND + cell(st, f) * st.b.size + cell(st, t)


def sea(st, f: str, t: str) -> int:
    return SEA + cell(st, f) * st.b.size + cell(st, t)


def at(st, label_: str) -> int:
    return CELL + cell(st, label_)


def targets(st, f: str) -> set[str]:
    """Hexes the stack on `f` may move to now (land or sea), as labels."""
    n = st.b.size
    fc = cell(st, f)
    out = set()
    for a in st.legal_actions():
        for base in (LAND, SEA):
            if base <= a < base + n * n and (a - base) // n == fc:
                out.add(label(st, (a - base) % n))
    return out


def within(st, f: str, steps: int) -> set[str]:
    """Hexes at most `steps` hexes from `f`, whatever the terrain (every hex costs at least 1 MP,
    so no move of `steps` MP goes further)."""
    seen = {cell(st, f)}
    edge = set(seen)
    for _ in range(steps):
        edge = {x for c in edge for x in st.b.nb[c]} - seen
        seen |= edge
    return {label(st, c) for c in seen}


def where(st, kind: str, player: int = RED) -> list[str]:
    return sorted(label(st, u.cell) for u in st.units if u.kind == kind and u.player == player)


def take(kind: str, flipped: bool = False, cursed: bool = False) -> int:
    """The action that picks a unit of this class into the group being formed."""
    return TAKE + UNIT_CLASSES.index((kind, flipped, cursed))


def split(st, label_: str) -> int:
    """The action that starts picking units on a hex to move together."""
    return SPLIT + cell(st, label_)
