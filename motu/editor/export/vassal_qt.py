"""VASSAL modules (motu/engine/io/vassal.py) with images drawn by Qt (painter.py).

Scope: the drawing half of the engine's `vmod` format (motu/editor/export/__init__.py gives it),
and `save_vmod` for a module written from Python. motu/engine/io/vassal.py writes the module; its board and
counter images are the print's shapes drawn by painter.py, the renderer of every Motu image,
so no other image library is needed.
"""
from __future__ import annotations

from motu.engine.io.formats import Written
from motu.engine.io.vassal import write_vmod
from motu.engine.scenario.model import Scenario

from .painter import render_png

# (shapes, width, height, pixels per unit) -> PNG bytes: vassal.RenderPng.
render_images = render_png


def save_vmod(scenario: Scenario, path: str) -> Written:
    write_vmod(scenario, path, render_images)
    return Written((path,))


__all__ = ["render_images", "save_vmod"]
