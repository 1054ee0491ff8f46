"""The kinds of step on a Fire in the Fern! game's stack: automatic, a die roll, a player's choice.

Scope: the three records a procedure module registers its steps with. A step is
an immutable tuple whose first item names its kind; the state runs automatic
steps at once, and stops at a roll (a chance node) or a choice (a player node).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .model import D6_OUTCOMES, DIE


def d6(state, task) -> list[tuple[int, float]]:
    return D6_OUTCOMES


@dataclass(frozen=True)
class Auto:
    run: Callable  # (state, task) -> None; may push further steps


@dataclass(frozen=True)
class Roll:
    apply: Callable            # (state, task, face or outcome) -> None
    text: Callable             # (state, task, face or outcome) -> str: what it was for, needed, rolled
    outcomes: Callable = d6    # (state, task) -> [(action, probability)]
    raw: bool = False          # pass the action itself rather than the die face


@dataclass(frozen=True)
class Choice:
    legal: Callable            # (state, task) -> [action]
    apply: Callable            # (state, task, action) -> None
    text: Callable             # (state, task, action) -> str
    valid: Callable | None = None  # (state, task) -> bool; an invalid choice is dropped unasked


def face_of(action: int) -> int:
    return action - DIE


def verdict(ok: bool, yes: str = "success", no: str = "failed") -> str:
    return yes if ok else no
