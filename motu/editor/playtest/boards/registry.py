"""Boards by kind: which widget draws a game whose presentation declares a board kind.

Scope: `register_board(kind)` (a class decorator a board widget registers with), `board_class(kind)`
and `board_kinds()`. A presentation (motu/engine/rules/presentation.py) declares its `board_kind`:
"map" is the scenario's grid, which the playtest window always has and no board registers; any
other kind is a board registered here, by Motu's own boards (tiki.py, pearls.py) or by a plug-in
through the `motu.boards` entry point group (each entry point names a BoardWidget subclass,
registered under the entry point's name the first time a board is looked up).
"""
from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable, TypeVar

MAP = "map"
ENTRY_POINTS = "motu.boards"

_BOARDS: dict[str, type] = {}
_plugins_read = False
T = TypeVar("T", bound=type)


def register_board(kind: str) -> Callable[[T], T]:
    """Register a BoardWidget subclass as the board of `kind` (a later registration of a kind wins)."""
    if kind == MAP:
        raise ValueError('"map" is the scenario\'s grid: no board registers it')

    def register(cls: T) -> T:
        _BOARDS[kind] = cls
        return cls
    return register


def _read_plugins() -> None:
    global _plugins_read
    if _plugins_read:
        return
    _plugins_read = True
    for ep in entry_points(group=ENTRY_POINTS):
        if ep.name not in _BOARDS:
            _BOARDS[ep.name] = ep.load()


def board_class(kind: str) -> type | None:
    """The widget class drawing boards of `kind`; None for "map" and for kinds nobody registered."""
    if kind == MAP:
        return None
    if kind not in _BOARDS:
        _read_plugins()
    return _BOARDS.get(kind)


def board_kinds() -> list[str]:
    """Every kind a board is registered for (plug-ins' too)."""
    _read_plugins()
    return sorted(_BOARDS)
