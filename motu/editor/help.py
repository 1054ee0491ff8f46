"""The Help menu: Keyboard Shortcuts (a searchable list made from the window's own actions), the User
Guide (Motu's docs shown in the app, or opened in the browser) and About (the versions in use)."""
from __future__ import annotations

import os
import platform
import sys

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QUrl, Qt, qVersion
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLineEdit, QListWidget, QMessageBox, QPushButton,
    QSplitter, QTableWidget, QTableWidgetItem, QTextBrowser, QVBoxLayout,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build(window, menu) -> None:
    menu.addAction(window.action("&User Guide", lambda: UserGuide(window).show(), QKeySequence.HelpContents,
                                 name="actionUserGuide"))
    menu.addAction(window.action("&Keyboard and Mouse Shortcuts", lambda: ShortcutsDialog(window).show(), ["Ctrl+/"],
                                 name="actionKeyboardShortcuts"))
    menu.addSeparator()
    about = window.action("&About Motu", lambda: about_box(window), ["Ctrl+Shift+F1"], name="actionAbout")
    about.setMenuRole(QAction.AboutRole)
    menu.addAction(about)


def action_name(act: QAction) -> str:
    """What an action is called in the shortcut list: its name, not a text that changes as it is used
    (Undo's text names the step it would undo)."""
    return str(act.property("actionName") or act.text()).replace("&", "").replace("…", "")


def gesture_rows(window) -> list[tuple[str, str, str]]:
    """(what it does, the mouse gesture, where) for the map view's gestures and each tool's."""
    rows = [(what, how, "Map") for what, how in window.view.gestures]
    for tool in window.tools.values():
        rows += [(what, how, f"Map: {tool.text}") for what, how in tool.gestures]
    return rows


def shortcut_rows(window) -> list[tuple[str, str, str]]:
    """(action, keys, where it lives) for every action of the window that has a shortcut, then the mouse's
    gestures on the map."""
    menus = {}
    for top in window.menuBar().actions():
        if top.menu() is None:
            continue
        title = top.text().replace("&", "")
        stack = [top.menu()]
        while stack:
            m = stack.pop()
            for a in m.actions():
                if a.menu() is not None:
                    stack.append(a.menu())
                else:
                    menus.setdefault(a, title)
    rows = []
    seen = set()
    for act in window.findChildren(QAction):
        if act in seen or not act.shortcuts():
            continue
        seen.add(act)
        text = action_name(act)
        if not text:
            continue
        keys = ", ".join(k.toString(QKeySequence.NativeText) for k in act.shortcuts())
        rows.append((text, keys, menus.get(act, "Map")))
    rows.sort(key=lambda r: (r[2], r[0]))
    return rows + gesture_rows(window)


class ShortcutsDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard and Mouse Shortcuts")
        self.resize(660, 600)  # room for the mouse gestures and the tool each belongs to
        lay = QVBoxLayout(self)
        self.search = QLineEdit(placeholderText="Search actions or keys…")
        self.search.setObjectName("shortcutsSearch")
        self.search.setClearButtonEnabled(True)
        lay.addWidget(self.search)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Action", "Keys or mouse", "Where"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeToContents)
        self.rows = shortcut_rows(window)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        lay.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.search.textChanged.connect(self.filter)

    def filter(self, text: str) -> None:
        words = text.lower().split()
        for r, row in enumerate(self.rows):
            hay = " ".join(row).lower()
            self.table.setRowHidden(r, not all(w in hay for w in words))

    def visible_actions(self) -> list[str]:
        return [self.rows[r][0] for r in range(len(self.rows)) if not self.table.isRowHidden(r)]


def guide_pages() -> list[tuple[str, str]]:
    """(title, path) of the documents the User Guide shows: the README, then docs/*.md."""
    pages = []
    readme = os.path.join(ROOT, "README.md")
    if os.path.exists(readme):
        pages.append(("Motu (README)", readme))
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        for name in sorted(os.listdir(docs)):
            if name.endswith(".md"):
                pages.append((name[:-3].replace("-", " ").capitalize(), os.path.join(docs, name)))
        rules = os.path.join(docs, "rules")
        if os.path.isdir(rules):
            for name in sorted(os.listdir(rules)):
                if name.endswith(".md"):
                    pages.append((f"Rules: {name[:-3]}", os.path.join(rules, name)))
    return pages


class UserGuide(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("userGuide")
        self.setWindowTitle("Motu User Guide")
        self.resize(1000, 700)
        lay = QVBoxLayout(self)
        split = QSplitter()
        self.pages = guide_pages()
        self.list = QListWidget()
        self.list.addItems([t for t, _ in self.pages])
        self.browser = QTextBrowser()
        self.browser.setObjectName("guideBrowser")
        self.browser.setOpenExternalLinks(True)
        split.addWidget(self.list)
        split.addWidget(self.browser)
        split.setSizes([220, 780])
        lay.addWidget(split)
        row = QHBoxLayout()
        browser_button = QPushButton("Open in Browser")
        browser_button.clicked.connect(self.open_in_browser)
        row.addStretch(1)
        row.addWidget(browser_button)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        row.addWidget(close)
        lay.addLayout(row)
        self.list.currentRowChanged.connect(self.show_page)
        if self.pages:
            self.list.setCurrentRow(0)
        else:
            self.browser.setPlainText("The documentation is not installed with this copy of Motu.")

    def show_page(self, row: int) -> None:
        if not 0 <= row < len(self.pages):
            return
        path = self.pages[row][1]
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            self.browser.setPlainText(f"{path}: {exc}")
            return
        self.browser.setSearchPaths([os.path.dirname(path)])
        self.browser.setMarkdown(text)

    def open_in_browser(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.pages):
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.pages[row][1]))


def versions() -> dict[str, str]:
    try:
        from importlib.metadata import version
        motu = version("motu")
    except Exception:
        motu = "unknown"
    return {"Motu": motu, "Qt": qVersion(), "PySide6": pyside_version,
            "Python": f"{platform.python_version()} ({sys.platform})"}


def about_text() -> str:
    v = versions()
    lines = "".join(f"<tr><td>{k}</td><td>&nbsp;{val}</td></tr>" for k, val in v.items())
    return ("<h3>Motu</h3><p>A map editor and scenario designer for hex-and-area wargames, square-grid "
            "skirmish games and small board games.</p>"
            f"<table>{lines}</table><p>Icons: Font Awesome (SIL OFL 1.1) through qtawesome.</p>")


def about_box(window) -> None:
    box = QMessageBox(window)
    box.setObjectName("aboutBox")
    box.setWindowTitle("About Motu")
    box.setTextFormat(Qt.RichText)
    box.setText(about_text())
    box.setStandardButtons(QMessageBox.Ok)
    box.open()
