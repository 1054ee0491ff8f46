"""The Help menu: Keyboard Shortcuts (a searchable list made from the window's own actions), the User
Guide (Motu's docs shown in the app, or opened in the browser, opening on the user's page) and About
(the versions in use, and the licences of what Motu runs with: motu/editor/licences.py)."""
from __future__ import annotations

import os
import platform
import sys
from importlib import resources

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QUrl, Qt, qVersion
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QPlainTextEdit,
    QPushButton, QSplitter, QTableWidget, QTableWidgetItem, QTabWidget, QTextBrowser, QVBoxLayout, QWidget,
)

from . import licences

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build(window, menu) -> None:
    menu.addAction(window.action("&User Guide", lambda: UserGuide(window).show(), QKeySequence.HelpContents,
                                 name="actionUserGuide"))
    menu.addAction(window.action("&Keyboard and Mouse Shortcuts", lambda: ShortcutsDialog(window).show(), ["Ctrl+/"],
                                 name="actionKeyboardShortcuts"))
    menu.addSeparator()
    about = window.action("&About Motu", lambda: AboutDialog(window).open(), ["Ctrl+Shift+F1"], name="actionAbout")
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


USER_GUIDE = "user-guide.md"


def docs_folder() -> str | None:
    """Where the guide's pages are: motu/docs/, where a wheel or the one-folder app carries them
    (setup.py and the spec copy docs/ there), else a source checkout's docs/."""
    packaged = resources.files("motu") / "docs"
    if packaged.is_dir() and os.path.isdir(str(packaged)):
        return str(packaged)
    checkout = os.path.join(ROOT, "docs")
    return checkout if os.path.isfile(os.path.join(checkout, USER_GUIDE)) else None


def _title(name: str) -> str:
    return name[:-3].replace("-", " ").capitalize()


def guide_pages() -> list[tuple[str, str]]:
    """(title, path) of the documents the User Guide shows: the user's page first, then the other
    pages of docs/, the rules, and last the developers' README of a source checkout."""
    pages = []
    docs = docs_folder()
    if docs:
        # docs/README.md is the folder's index for readers of the repository: the list here is the guide's own.
        names = sorted(n for n in os.listdir(docs) if n.endswith(".md") and n != "README.md")
        if USER_GUIDE in names:
            pages.append(("User guide", os.path.join(docs, USER_GUIDE)))
        pages += [(_title(n), os.path.join(docs, n)) for n in names if n != USER_GUIDE]
        rules = os.path.join(docs, "rules")
        if os.path.isdir(rules):
            pages += [(f"Rules: {n[:-3]}", os.path.join(rules, n)) for n in sorted(os.listdir(rules)) if n.endswith(".md")]
    readme = os.path.join(ROOT, "README.md")
    if os.path.exists(readme) and docs == os.path.join(ROOT, "docs"):
        pages.append(("Developers (README)", readme))
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
        self.fit_pictures()

    def fit_pictures(self) -> None:
        """Screenshots as wide as the page at most (Markdown gives them their full size), keeping
        their proportions, so a page reads without scrolling sideways."""
        doc = self.browser.document()
        room = max(200, self.browser.viewport().width() - 40)
        cursor = QTextCursor(doc)
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                frag = it.fragment()
                fmt = frag.charFormat()
                if fmt.isImageFormat():
                    image = fmt.toImageFormat()
                    picture = doc.resource(QTextDocument.ImageResource, QUrl(image.name()))
                    size = picture.size() if hasattr(picture, "size") else None
                    if size is not None and size.width() > room:
                        image.setWidth(room)
                        image.setHeight(size.height() * room / size.width())
                        cursor.setPosition(frag.position())
                        cursor.setPosition(frag.position() + frag.length(), QTextCursor.KeepAnchor)
                        cursor.setCharFormat(image)
                it += 1
            block = block.next()

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
            f"<table>{lines}</table><p>Motu is free software under the MIT licence. It uses Qt and Qt for "
            "Python (PySide6) under the GNU LGPL-3.0; the Licences tab lists everything Motu runs with "
            "and their licences. Icons: Font Awesome (SIL OFL 1.1) through qtawesome.</p>")


class AboutDialog(QDialog):
    """About Motu: the versions in use, and a Licences tab listing every distribution Motu runs with,
    its version and licence, and the licence texts of the one chosen."""

    def __init__(self, window):
        super().__init__(window)
        self.setObjectName("aboutBox")
        self.setWindowTitle("About Motu")
        self.resize(820, 560)
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget()
        about = QLabel(about_text())
        about.setObjectName("aboutText")
        about.setTextFormat(Qt.RichText)
        about.setWordWrap(True)
        about.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        about.setOpenExternalLinks(True)
        about.setMargin(12)
        self.tabs.addTab(about, "About")
        self.tabs.addTab(self._licences_tab(), "Licences")
        lay.addWidget(self.tabs)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _licences_tab(self) -> QWidget:
        # Motu first, then what it runs with by name.
        self.notices = sorted(licences.notices(), key=lambda n: (n.name.lower() != "motu", n.name.lower()))
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.addWidget(QLabel(f"Motu runs with these {len(self.notices)} pieces of software, each under its own "
                             "licence. Qt and PySide6 are used under the GNU LGPL-3.0 and can be replaced "
                             "by your own build (their sources: code.qt.io)."), 0)
        lay.itemAt(0).widget().setWordWrap(True)
        split = QSplitter()
        self.licence_list = QListWidget()
        self.licence_list.setObjectName("licenceList")
        self.licence_list.addItems([f"{n.name} {n.version} — {n.licence}" for n in self.notices])
        for i, n in enumerate(self.notices):
            self.licence_list.item(i).setToolTip(f"{n.name} {n.version}: {n.licence}")
        self.licence_text = QPlainTextEdit()
        self.licence_text.setObjectName("licenceText")
        self.licence_text.setReadOnly(True)
        split.addWidget(self.licence_list)
        split.addWidget(self.licence_text)
        split.setSizes([360, 440])
        lay.addWidget(split, 1)
        self.licence_list.currentRowChanged.connect(self.show_licence)
        if self.notices:
            self.licence_list.setCurrentRow(0)
        return page

    def show_licence(self, row: int) -> None:
        if 0 <= row < len(self.notices):
            n = self.notices[row]
            texts = "\n\n".join((f"{name}\n\n" if name else "") + text.strip() for name, text in n.texts)
            self.licence_text.setPlainText(texts or f"{n.name} declares {n.licence}; it carries no licence file.")
