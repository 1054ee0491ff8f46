"""`make screenshots`: the main window on each shipped scenario, offscreen, into docs/screenshots/.

Run from the project root: QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py
"""
from __future__ import annotations

import glob
import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QStandardPaths  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main() -> int:
    app = QApplication.instance() or QApplication([])
    QStandardPaths.setTestModeEnabled(True)
    from editor.document import Document
    from editor.main_window import MainWindow
    out_dir = os.path.join(ROOT, "docs", "screenshots")
    os.makedirs(out_dir, exist_ok=True)
    settings_file = os.path.join(tempfile.mkdtemp(), "screens.ini")
    for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml"))):
        w = MainWindow(Document.open(path), QSettings(settings_file, QSettings.IniFormat))
        w.resize(1400, 900)
        w.show()
        for _ in range(3):
            app.processEvents()
        w.view.fit()
        w.problems.validate_now()
        while w.problems.is_running():
            app.processEvents()
        app.processEvents()
        name = os.path.splitext(os.path.basename(path))[0]
        target = os.path.join(out_dir, f"{name}.png")
        w.grab().save(target)
        print(target)
        w.document.undo_stack.setClean()
        w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
