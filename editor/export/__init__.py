"""Exports that need Qt: print-and-play PNG and PDF (print_qt.py) and the VASSAL module's formats.

Importing this package registers the `png`, `pdf` and `vmod` formats in engine/io/registry.py
(the `svg` one is the engine's own, engine/io/svg_print.py).
"""
from . import print_qt  # noqa: F401  (registers png, pdf and vmod)
