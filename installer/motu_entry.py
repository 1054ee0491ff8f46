"""The bundled application's entry point: the `motu` command (no arguments: the editor).

MOTU_SMOKE_WINDOW=1 opens the main window on the bundled Tahiti map, lets Qt lay it
out, prints its title and size, and exits: the installer's smoke test runs this
headless (QT_QPA_PLATFORM=offscreen), since the editor itself would wait for a user.
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


if __name__ == "__main__":
    # The playtest's bots and the balance report run in worker processes started clean ("spawn"):
    # in a frozen app such a process is this executable again, and must do the worker's job.
    import multiprocessing

    multiprocessing.freeze_support()
    if os.environ.get("MOTU_SMOKE_WINDOW") == "1":
        sys.exit(smoke_window())
    from motu.cli import main

    sys.exit(main())
