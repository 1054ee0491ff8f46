"""Preferences kept in QSettings: the autosave interval, the grid and size New starts with, the palette.

Keys (docs/editor.md lists them): `autosave/minutes` (1–60, default 2), `new/grid` (a
grid shape, "" for the rule set's own), `new/columns` and `new/rows` (0 for the rule
set's own), `view/palette` (system, light or dark).
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QProxyStyle, QSpinBox, QStyle, QStyleFactory,
    QVBoxLayout,
)

AUTOSAVE_KEY, GRID_KEY, COLUMNS_KEY, ROWS_KEY, PALETTE_KEY = (
    "autosave/minutes", "new/grid", "new/columns", "new/rows", "view/palette")
PALETTES = ("system", "light", "dark")
DEFAULT_AUTOSAVE_MINUTES = 2
_system_palette: QPalette | None = None
_system_style: str | None = None


def _int(settings, key: str, default: int) -> int:
    try:
        value = int(settings.value(key, default))
    except (TypeError, ValueError, OverflowError):  # edited or damaged settings: the default
        return default
    return value if -(2 ** 31) < value < 2 ** 31 else default  # what Qt's spin boxes can hold


def autosave_minutes(settings) -> int:
    return max(1, min(60, _int(settings, AUTOSAVE_KEY, DEFAULT_AUTOSAVE_MINUTES)))


def new_defaults(settings) -> tuple[str, int, int]:
    return str(settings.value(GRID_KEY, "") or ""), _int(settings, COLUMNS_KEY, 0), _int(settings, ROWS_KEY, 0)


def palette_name(settings) -> str:
    value = str(settings.value(PALETTE_KEY, "system") or "system")
    return value if value in PALETTES else "system"


def dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor(35, 35, 38), QColor(48, 48, 52), QColor(225, 225, 225)
    for role, colour in ((QPalette.Window, window), (QPalette.WindowText, text), (QPalette.Base, base),
                         (QPalette.AlternateBase, window), (QPalette.ToolTipBase, window),
                         (QPalette.ToolTipText, text), (QPalette.Text, text), (QPalette.Button, window),
                         (QPalette.ButtonText, text), (QPalette.BrightText, QColor("#ff6060")),
                         (QPalette.Highlight, QColor(64, 128, 200)), (QPalette.HighlightedText, QColor("white")),
                         (QPalette.Link, QColor(110, 170, 255)), (QPalette.PlaceholderText, QColor(150, 150, 150))):
        p.setColor(role, colour)
    p.setColor(QPalette.Disabled, QPalette.Text, QColor(120, 120, 120))
    p.setColor(QPalette.Disabled, QPalette.ButtonText, QColor(120, 120, 120))
    p.setColor(QPalette.Disabled, QPalette.WindowText, QColor(120, 120, 120))
    return p


class VisibleChecks(QProxyStyle):
    """Fusion for the dark palette. Fusion frames a check box in the window colour darkened, which on
    a dark base is no frame at all: an unticked box (the Layers dock's Locked column) could not be
    seen. A frame in the text colour is drawn round every check box and item view check."""

    CHECKS = (QStyle.PE_IndicatorCheckBox, QStyle.PE_IndicatorItemViewItemCheck)

    def __init__(self):
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(self, element, option, painter, widget=None) -> None:  # noqa: N802 - Qt's name
        super().drawPrimitive(element, option, painter, widget)
        if element not in self.CHECKS:
            return
        colour = QColor(option.palette.color(QPalette.Text))
        colour.setAlpha(170 if option.state & QStyle.State_Enabled else 80)
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(colour, 1))
        painter.setBrush(Qt.NoBrush)
        side = min(option.rect.width(), option.rect.height(), 16) - 1  # the square Fusion draws in the rect
        box = QRectF(0, 0, side, side)
        box.moveCenter(QRectF(option.rect).center())
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 2, 2)
        painter.restore()


_dark_style: VisibleChecks | None = None


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.Window).lightness() < 110


def set_palette(window, name: str) -> None:
    """Follow the system's palette, or a light or dark one; the map's surroundings follow too."""
    global _system_palette, _system_style
    app = QApplication.instance()
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
        _system_style = app.style().name()
    if name == "dark":
        global _dark_style
        _dark_style = VisibleChecks()  # kept: the application does not hold a Python reference to it
        app.setStyle(_dark_style)
        app.setPalette(dark_palette())
    elif name == "light":
        app.setStyle("Fusion")
        app.setPalette(app.style().standardPalette())
    else:
        if _system_style:
            app.setStyle(_system_style)
        app.setPalette(_system_palette)
    window.settings_store.setValue(PALETTE_KEY, name)
    dark = is_dark(app.palette())
    window.map_item.set_dark(dark)
    window.view.setBackgroundBrush(window.map_item.style.background())
    for act in getattr(window, "palette_actions", {}).values():
        act.setChecked(act.data() == name)


def palette_menu(window, menu) -> dict[str, QAction]:
    group = QActionGroup(window)
    out = {}
    for name in PALETTES:
        act = QAction(name.capitalize() if name != "system" else "Follow the System", window)
        act.setObjectName(f"actionPalette{name.capitalize()}")
        act.setCheckable(True)
        act.setData(name)
        act.setProperty("noShortcut", True)  # a choice made once, not a keystroke
        act.triggered.connect(lambda _=False, n=name: set_palette(window, n))
        group.addAction(act)
        menu.addAction(act)
        out[name] = act
    return out


def apply(window) -> None:
    """Preferences at start: the autosave interval and the palette."""
    window.autosave_timer.setInterval(autosave_minutes(window.settings_store) * 60 * 1000)
    name = palette_name(window.settings_store)
    if name != "system":
        set_palette(window, name)
    else:
        window.view.setBackgroundBrush(window.map_item.style.background())
        if name in getattr(window, "palette_actions", {}):
            window.palette_actions[name].setChecked(True)


class PreferencesDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle("Preferences")
        self.window_ = window
        st = window.settings_store
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.autosave = QSpinBox(objectName="prefAutosave")
        self.autosave.setRange(1, 60)
        self.autosave.setSuffix(" min")
        self.autosave.setValue(autosave_minutes(st))
        self.autosave.setToolTip("Unsaved work is written to a recovery file this often, never over your file")
        form.addRow("Autosave every", self.autosave)
        grid, cols, rows = new_defaults(st)
        self.grid = QComboBox(objectName="prefGrid")
        self.grid.addItems(["The rule set's own", "hex", "square"])
        self.grid.setCurrentIndex({"": 0, "hex": 1, "square": 2}.get(grid, 0))
        form.addRow("New maps: grid", self.grid)
        self.columns = QSpinBox(objectName="prefColumns")
        self.columns.setRange(0, 2000)
        self.columns.setSpecialValueText("The rule set's own")
        self.columns.setValue(cols)
        form.addRow("New maps: columns", self.columns)
        self.rows = QSpinBox(objectName="prefRows")
        self.rows.setRange(0, 2000)
        self.rows.setSpecialValueText("The rule set's own")
        self.rows.setValue(rows)
        form.addRow("New maps: rows", self.rows)
        self.palette = QComboBox(objectName="prefPalette")
        self.palette.addItems(["Follow the system", "Light", "Dark"])
        self.palette.setCurrentIndex(PALETTES.index(palette_name(st)))
        form.addRow("Palette", self.palette)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.accepted.connect(self.store)

    def store(self) -> None:
        st = self.window_.settings_store
        st.setValue(AUTOSAVE_KEY, self.autosave.value())
        st.setValue(GRID_KEY, ("", "hex", "square")[self.grid.currentIndex()])
        st.setValue(COLUMNS_KEY, self.columns.value())
        st.setValue(ROWS_KEY, self.rows.value())
        self.window_.autosave_timer.setInterval(self.autosave.value() * 60 * 1000)
        name = PALETTES[self.palette.currentIndex()]
        if name != palette_name(st) or name != "system":
            set_palette(self.window_, name)


def open_dialog(window) -> PreferencesDialog:
    dialog = PreferencesDialog(window)
    dialog.setWindowModality(Qt.WindowModal)
    dialog.open()
    return dialog
