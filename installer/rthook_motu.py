"""PyInstaller runtime hook: the bundled app finds its resources/ and scenarios/ beside its code.

engine/resources.py honours MOTU_RESOURCES and MOTU_SCENARIOS; in a one-folder build
both folders are unpacked under sys._MEIPASS (the spec's `datas`). A value the user
set already wins.
"""
import os
import sys

_base = getattr(sys, "_MEIPASS", None)
if _base:
    os.environ.setdefault("MOTU_RESOURCES", os.path.join(_base, "resources"))
    os.environ.setdefault("MOTU_SCENARIOS", os.path.join(_base, "scenarios"))
