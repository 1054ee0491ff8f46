"""A scenario table's values as the Tables dock reads and writes them: pure functions, no Qt.

Scope: whether a table has the seed's dice shape (`is_dice_table`), a table's name for people
(`title`), first-die results typed as `1, 2` or `5-6` (`parse_dice`, refusing in words what a die
has not), an entry naming no area as the grid shows it, and a value typed in the tree read as the
kind of the value it replaces (`typed_value`, with `walk` to its place).
"""
from __future__ import annotations

from typing import Any

ROLL_AGAIN = "roll_again"
DIE = range(1, 7)


def is_dice_table(table: Any) -> bool:
    """Groups by the first die, each with a list of six second-die entries."""
    groups = table.get("groups") if isinstance(table, dict) else None
    return isinstance(groups, list) and bool(groups) and all(
        isinstance(g, dict) and isinstance(g.get("first"), list) and isinstance(g.get("second"), list)
        and len(g["second"]) == 6 for g in groups)


def title(name: str) -> str:
    return name.replace("_", " ").capitalize()


def parse_dice(text: str) -> list[int]:
    """`1, 2` or `5-6` → die results; ValueError, in words, for anything that is not results 1 to 6."""
    out: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        lo, dash, hi = part.partition("-")
        if not (lo.isdigit() and (hi.isdigit() or not dash)):
            raise ValueError(f"{part} is not a die result (a die has 1 to 6)")
        a, b = int(lo), int(hi or lo)
        bad = next((x for x in (a, b) if not 1 <= x <= 6), None)
        if bad is not None:
            raise ValueError(f"{bad} is not a die result (a die has 1 to 6)")
        if a > b:
            raise ValueError(f"{part} runs backwards: write the lower result first, as {b}-{a}")
        out += list(range(a, b + 1))
    if not out:
        raise ValueError("give at least one first-die result, as 5 or 1, 2")
    return sorted(set(out))


def shown_entry(entry: Any) -> str:
    """A table entry as the grid shows it when it names no area (as typed into the file)."""
    return entry if isinstance(entry, str) else "nothing" if entry is None else str(entry)


def walk(table: Any, path: tuple) -> tuple[Any, Any]:
    node = table
    for k in path[:-1]:
        node = node[k]
    return node, path[-1] if path else None


KIND_WORDS = {bool: "yes or no", int: "a whole number", float: "a number"}


def typed_value(old: Any, text: str) -> Any:
    if isinstance(old, bool):
        if text.lower() not in ("true", "false", "yes", "no"):
            raise ValueError(text)
        return text.lower() in ("true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    return text


__all__ = ["DIE", "KIND_WORDS", "ROLL_AGAIN", "is_dice_table", "parse_dice", "shown_entry", "title", "typed_value",
           "walk"]
