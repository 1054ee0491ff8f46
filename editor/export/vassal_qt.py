"""The `vmod` format: VASSAL modules (engine/io/vassal.py) with images drawn by Qt (painter.py).

Scope: registering the VASSAL export. pywargame builds the module; its board and counter
images are the print's shapes drawn by painter.py, the renderer of every Motu image, so
no other image library is needed.
"""
from __future__ import annotations

from engine.io.registry import Format, Written, register_format
from engine.io.vassal import write_vmod
from engine.scenario.model import Scenario

from .painter import render_png


def save_vmod(scenario: Scenario, path: str) -> Written:
    write_vmod(scenario, path, render_png)
    return Written((path,))


register_format(Format("vmod", "VASSAL module (board, grid, area zones, pieces)", (".vmod",), save=save_vmod))

__all__ = ["save_vmod"]
