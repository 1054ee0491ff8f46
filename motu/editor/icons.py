"""Icons from Font Awesome through qtawesome (SIL OFL fonts, MIT code: free to redistribute).

Icons follow the palette's text colour, so they read on light and dark palettes alike.
A name qtawesome does not know gives an empty icon rather than an error.
"""
from __future__ import annotations

import os

from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QApplication


def icon(name: str, colour: str | None = None) -> QIcon:
    os.environ.setdefault("QT_API", "pyside6")  # qtawesome speaks Qt through QtPy: the editor's own binding
    try:
        import qtawesome
    except ImportError:  # the editor works without icons
        return QIcon()
    _only_shipped_fonts(qtawesome)
    app = QApplication.instance()
    if colour is None and app is not None:
        colour = app.palette().color(QPalette.WindowText).name()
    try:
        return qtawesome.icon(name, color=colour or "#303030")
    except Exception:  # an unknown name: no icon, never an error
        return QIcon()


def _only_shipped_fonts(qtawesome) -> None:
    """qtawesome loads every font it bundles before the first icon; the installed app ships only
    Font Awesome 5 Solid (the editor's icons), so the fonts left out are not asked for."""
    folder = os.path.join(os.path.dirname(os.path.realpath(qtawesome.__file__)), "fonts")
    fonts = getattr(qtawesome, "_BUNDLED_FONTS", None)
    if fonts:
        qtawesome._BUNDLED_FONTS = tuple(f for f in fonts if os.path.exists(os.path.join(folder, f[1])))
