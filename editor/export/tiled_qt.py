"""Tile images for the Tiled export (engine/io/tiled.py), drawn by Qt (painter.py).

Scope: giving the engine's `tmx` and `tiled-json` formats their renderer, so every export
from the editor or the `motu` command writes the terrain, area and counter atlases beside the
map (engine/io/tiled_art.py says what they show). Transparent outside each tile's cell, so
Tiled's hex tiles meet without gaps or overlaps.
"""
from __future__ import annotations

from engine.io import tiled

from .painter import render_png

tiled.set_tile_renderer(render_png)

__all__: list[str] = []
