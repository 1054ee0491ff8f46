"""What a playtest window and a balance report show of a Fire in the Fern! game.

Scope: markers for the map (figure groups, leaders, casualty markers), the cell
an action targets so a click on the map can play it, and the summary a balance
report maps (where casualty markers lie at the end, §8).
"""
from __future__ import annotations

from typing import Any

from .model import BLOCK, FIRE, MOVE, OBSERVE, RESCUE, UNPIN

_TARGETED = (MOVE, FIRE, OBSERVE, UNPIN, RESCUE)


def markers(st) -> list[tuple[int, str, str | None]]:
    b = st.b
    out: list[tuple[int, str, str | None]] = []
    for g in st.groups.values():
        unit = b.units[g.unit]
        kind = b.scenario.pieces.get(unit.id)
        symbol = b.catalogue.pieces[kind.kind].symbol if kind is not None and kind.kind in b.catalogue.pieces else "U"
        flags = ("p" if g.pinned else "") + ("h" if g.hidden else "")
        out.append((g.cell, f"{symbol}{g.n}{flags}", unit.side or None))
    for i, lead in enumerate(st.leaders):
        if lead.cell is not None and not lead.dead:
            out.append((lead.cell, "Ldr", b.leaders[i].side or None))
    for (cell, _owner), n in st.cas.items():
        out.append((cell, f"+{n}", None))
    return out


def action_cells(action: int) -> tuple[int | None, int | None]:
    """Moves, volleys, observation, un-pinning and rescue name their target square."""
    for kind in _TARGETED:
        if kind <= action < kind + BLOCK:
            return None, action - kind
    return None, None


def summary(st) -> dict[str, Any]:
    cells: dict[str, int] = {}
    for (cell, _owner), n in st.cas.items():
        label = st.b.label(cell)
        cells[label] = cells.get(label, 0) + n
    return {"cells": cells}
