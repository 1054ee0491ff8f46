"""Tile images for the Tiled export (motu/engine/io/tiled.py), drawn by Qt (painter.py).

Scope: the drawing half of the engine's `tmx` and `tiled-json` formats (motu/editor/export/__init__.py
gives it to them), so every export from the editor or the `motu` command writes the terrain,
area and counter atlases beside the map (motu/engine/io/tiled_art.py says what they show).
Transparent outside each tile's cell, so Tiled's hex tiles meet without gaps or overlaps.
"""
from __future__ import annotations

from .painter import render_png

# (shapes, width, height, pixels per unit, background or None) -> PNG bytes: tiled.TileRenderer.
render_tiles = render_png

__all__ = ["render_tiles"]
