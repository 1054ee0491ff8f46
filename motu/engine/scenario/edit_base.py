"""What an Edit is: a small frozen value that changes a scenario and returns its inverse.

Scope: the Edit base class (`scope` tells views what kind of data changed, `touched_cells`
which cells, `merge` joins the steps of one stroke), EditError, Compound and PieceEdits (several
edits as one undo step, whole or not at all), and the checks every edit makes of cells, ids
and sides. The edits themselves are map_edits.py and record_edits.py.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from .model import Scenario, is_ident


class EditError(ValueError):
    """An edit that cannot apply to this scenario (unknown id, cell off the map…)."""


class Edit(ABC):
    scope: ClassVar[str] = "scenario"
    text: ClassVar[str] = "Edit"

    @abstractmethod
    def _apply(self, scenario: Scenario) -> "Edit": ...

    def apply(self, scenario: Scenario) -> "Edit":
        inverse = self._apply(scenario)
        scenario.revision += 1
        scenario.cache.clear()
        return inverse

    def touched_cells(self) -> tuple[int, ...]:
        """The cells whose drawing this edit changes (views repaint only these)."""
        cells = getattr(self, "cells", None)
        return tuple(cells) if cells else ()

    def merge(self, later: "Edit") -> "Edit | None":
        """This edit followed by `later` as one edit, when both belong to one stroke."""
        return None


def apply(scenario: Scenario, edit: Edit) -> Edit:
    return edit.apply(scenario)


def check_cells(scenario: Scenario, cells: tuple[int, ...]) -> None:
    n = scenario.grid.size
    for c in cells:
        if not (isinstance(c, int) and 0 <= c < n):
            raise EditError(f"cell {c} is off the map")


def check_ids(*ids: object) -> None:
    for i in ids:
        if not is_ident(i):
            raise EditError(f"{i!r} is not a valid id (letters, digits, _ . : ' -; at most 64)")


def check_side(scenario: Scenario, side: str | None) -> None:
    if side is not None and side not in scenario.sides:
        raise EditError(f"there is no side {side!r}")


@dataclass(frozen=True)
class Compound(Edit):
    """Several edits as one undo step; applies in order, undoes in reverse."""

    edits: tuple[Edit, ...]
    label: str = "Edit"
    scope: ClassVar[str] = "scenario"

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.label

    def touched_cells(self) -> tuple[int, ...]:
        return tuple(c for e in self.edits for c in e.touched_cells())

    def _apply(self, scenario: Scenario) -> Edit:
        inverses: list[Edit] = []
        try:
            for e in self.edits:
                inverses.append(e._apply(scenario))
        except Exception:
            # Leave the scenario as it was: an edit applies whole or not at all.
            for inv in reversed(inverses):
                inv._apply(scenario)
            raise
        return Compound(tuple(reversed(inverses)), self.label)


@dataclass(frozen=True)
class PieceEdits(Compound):
    """Several pieces changed as one undo step; views redraw the pieces only."""

    scope: ClassVar[str] = "pieces"

    def _apply(self, scenario: Scenario) -> Edit:
        inverse = super()._apply(scenario)
        return PieceEdits(inverse.edits, self.label)
