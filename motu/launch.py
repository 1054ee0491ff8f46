"""`make run`: open the editor on a map, or say plainly why it cannot and what to do instead."""
from __future__ import annotations

import importlib.util
import os
import sys
from typing import Callable


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def launch(path: str | None, info: Callable[[str], int] | None = None) -> int:
    """Open the editor; where there is none, say so (and show `info` of the map, when given)."""
    if importlib.util.find_spec("motu.editor.app") is None:
        print(f"The editor is not part of this build; here is the map it would open ({path}):")
        return info(path or "scenarios/tahiti.yaml") if info else 0
    if not has_display() and os.environ.get("QT_QPA_PLATFORM") not in ("offscreen", "minimal"):
        print("No display here: run the editor on a desktop (or under xvfb-run), or use Motu headless, "
              f"e.g. `.venv/bin/motu info {path}`, `.venv/bin/motu validate {path}` or `make test`.")
        return 0
    from motu.editor.app import run_editor  # noqa: PLC0415 - Qt only when there is a window to show

    return run_editor([path] if path else [])


if __name__ == "__main__":
    sys.exit(launch(sys.argv[1] if len(sys.argv) > 1 else "scenarios/tahiti.yaml"))
