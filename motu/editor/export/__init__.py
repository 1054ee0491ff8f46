"""Exports that draw with Qt: the drawing halves of the formats motu/engine/io/registry.py declares
as needing Qt — print-and-play PNG and PDF (print_qt.py), VASSAL modules (vassal_qt.py) and the
Tiled maps' tile images (tiled_qt.py), all drawn by painter.py.

Scope: `DRAWINGS` (each Qt-drawn format's id and its drawing half) and `formats()`, the engine's
registry given them, which the editor's File → Export and `motu export` write through. Nothing
is registered by importing this package.
"""
from __future__ import annotations

from typing import Any, Callable

from motu.engine.io.registry import REGISTRY, Registry

from . import print_qt, tiled_qt, vassal_qt

DRAWINGS: dict[str, Callable[..., Any]] = {
    "tmx": tiled_qt.render_tiles,
    "tiled-json": tiled_qt.render_tiles,
    "png": print_qt.print_pages("png"),
    "pdf": print_qt.print_pages("pdf"),
    "vmod": vassal_qt.render_images,
}


def formats() -> Registry:
    """Motu's formats with Qt's drawing: every export writes its pictures."""
    return REGISTRY.drawn_by(DRAWINGS)


__all__ = ["DRAWINGS", "formats"]
