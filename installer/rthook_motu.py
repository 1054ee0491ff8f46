"""PyInstaller runtime hook: the bundled app finds its motu/resources/ and motu/scenarios/ beside its code.

motu/engine/resources.py honours MOTU_RESOURCES and MOTU_SCENARIOS; in a one-folder build
both folders are unpacked under sys._MEIPASS (the spec's `datas`). A value the user
set already wins.
"""
import os
import sys

_base = getattr(sys, "_MEIPASS", None)
if _base:
    os.environ.setdefault("MOTU_RESOURCES", os.path.join(_base, "motu", "resources"))
    os.environ.setdefault("MOTU_SCENARIOS", os.path.join(_base, "motu", "scenarios"))
