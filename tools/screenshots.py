"""`make screenshots`: the editor as users see it, from a real X window (Xvfb), into docs/screenshots/.

Every shipped scenario at fit zoom, Tahiti zoomed in, a blank new island at fit zoom, and a mid-game
playtest of every playable shipped scenario (tools/playtest_screens.py). Run from
the project root under an X server:
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python tools/screenshots.py
The picture is read back from the X server (QScreen.grabWindow), not rendered apart; only where no
X server can be had (QT_QPA_PLATFORM=offscreen) is the window rendered into an image instead.
"""
from __future__ import annotations

import glob
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from PySide6.QtCore import QSettings, QStandardPaths  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def pump(app, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def shoot(app, w, target: str) -> None:
    pump(app, 0.6)
    while w.problems.is_running():
        app.processEvents()
    pump(app, 0.4)
    if app.platformName() == "offscreen":
        image = w.grab()
    else:
        image = w.screen().grabWindow(w.winId())
    image.save(target)
    print(target)


def window(path_or_scenario, settings_file: str):
    from motu.editor.document import Document
    from motu.editor.main_window import MainWindow
    doc = Document.open(path_or_scenario) if isinstance(path_or_scenario, str) else Document(path_or_scenario)
    w = MainWindow(doc, QSettings(settings_file, QSettings.IniFormat))
    w.resize(1400, 880)
    w.move(0, 0)
    w.show()
    return w


def close(app, w) -> None:
    w.document.undo_stack.setClean()
    w.close()
    app.processEvents()


def main() -> int:
    app = QApplication.instance() or QApplication([])
    QStandardPaths.setTestModeEnabled(True)
    os.environ["MOTU_NO_ERROR_DIALOG"] = "1"
    out_dir = os.path.join(ROOT, "docs", "screenshots")
    os.makedirs(out_dir, exist_ok=True)
    settings_file = os.path.join(tempfile.mkdtemp(), "screens.ini")  # a first start: no saved layout
    for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml"))):
        w = window(path, settings_file)
        name = os.path.splitext(os.path.basename(path))[0]
        shoot(app, w, os.path.join(out_dir, f"{name}.png"))
        if name == "tahiti":
            w.view.reset_zoom()
            w.view.centerOn(w.map_item.geo.centre(w.document.scenario.grid.parse_label("1512")))
            shoot(app, w, os.path.join(out_dir, "tahiti-zoomed.png"))
        close(app, w)
        os.remove(settings_file) if os.path.exists(settings_file) else None
    from motu.engine.rules.registry import get_ruleset
    blank = get_ruleset("tahiti").new_scenario("hex", 20, 16, "New island")
    w = window(blank, settings_file)
    shoot(app, w, os.path.join(out_dir, "new-island.png"))
    close(app, w)
    # The playtest table, mid-game, of every playable shipped scenario (tools/playtest_screens.py).
    from playtest_screens import SHOTS, playtest
    for name in SHOTS:
        playtest(app, name, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
