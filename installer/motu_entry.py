"""The bundled application's entry point: the `motu` command (no arguments: the editor).

MOTU_SMOKE_WINDOW=1 opens the main window on the bundled Tahiti map, lets Qt lay it
out, prints its title and size, and exits: the installer's smoke test runs this
headless (QT_QPA_PLATFORM=offscreen), since the editor itself would wait for a user.
MOTU_SMOKE_HELP=1 prints what Help → User Guide opens on and what About → Licences lists
(tests/installer/test_installer_smoke.py), from the files the build put in the app.
"""
import os
import sys


def smoke_window() -> int:
    from PySide6.QtWidgets import QApplication

    from motu.editor.app import make_window
    from motu.engine.resources import scenarios_dir

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = make_window(str(scenarios_dir() / "tahiti.yaml"))
    window.show()
    for _ in range(20):
        app.processEvents()
    print(f"window: {window.windowTitle()} {window.width()}x{window.height()} visible={window.isVisible()}")
    ok = window.isVisible()
    window.close()
    return 0 if ok else 1


def smoke_help() -> int:
    from PySide6.QtWidgets import QApplication

    from motu.editor.app import make_window
    from motu.editor.help import AboutDialog, UserGuide
    from motu.engine.resources import scenarios_dir

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = make_window(str(scenarios_dir() / "tahiti.yaml"))
    guide = UserGuide(window)
    about = AboutDialog(window)
    app.processEvents()
    text = " ".join(guide.browser.toPlainText().split())
    print(f"guide: {guide.pages[0][0] if guide.pages else ''} | {text[:2000]}")
    print(f"licences: {len(about.notices)}")
    print(f"names: {', '.join(n.name for n in about.notices)}")
    return 0 if guide.pages and about.notices else 1


if __name__ == "__main__":
    # The playtest's bots and the balance report run in worker processes started clean ("spawn"):
    # in a frozen app such a process is this executable again, and must do the worker's job.
    import multiprocessing

    multiprocessing.freeze_support()
    if os.environ.get("MOTU_SMOKE_WINDOW") == "1":
        sys.exit(smoke_window())
    if os.environ.get("MOTU_SMOKE_HELP") == "1":
        sys.exit(smoke_help())
    from motu.cli import main

    sys.exit(main())
