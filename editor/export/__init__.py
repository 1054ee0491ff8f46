"""Exports that draw with Qt: print-and-play PNG and PDF (print_qt.py), VASSAL modules
(vassal_qt.py) and the Tiled maps' tile images (tiled_qt.py), all drawn by painter.py.

Importing this package registers the `png`, `pdf` and `vmod` formats in engine/io/registry.py,
and gives the `tmx` and `tiled-json` formats their tile images (the `svg` format is the
engine's own, engine/io/svg_print.py).
"""
from . import print_qt, tiled_qt, vassal_qt  # noqa: F401  (registers png, pdf and vmod; draws Tiled's tiles)
