"""Worker processes end when the process that started them dies: a `kill -9` of `motu play`, or of
the editor during a playtest or a balance report, leaves no worker running on.

Scope: `die_with_parent()`, called first thing in a worker process (the batch pool's initializer,
batch.py; the playtest bots' process, motu/editor/playtest/bot_process.py). On Linux the kernel
itself kills the worker when its parent goes (prctl(PR_SET_PDEATHSIG), through ctypes), even while
the worker is deep in a game. Everywhere a daemon thread watches too: multiprocessing's sentinel
of the parent (a pipe whose other end only the parent holds, or its process handle on Windows)
and the parent's pid (a worker whose parent has died is handed to another: `os.getppid()`
changes). A worker has nothing to save: it ends at once (`os._exit`).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading

PR_SET_PDEATHSIG = 1  # linux/prctl.h
POLL_S = 0.5  # how often the watching thread looks at the parent's pid


def die_with_parent() -> None:
    """Make this process end when its parent does (see the module docstring). Safe to call twice."""
    parent = multiprocessing.parent_process()
    parent_pid = os.getppid()  # who started this process (a fork server's child: the server)
    if sys.platform.startswith("linux"):
        _death_signal()
    if parent is not None and parent.pid and not _alive(parent.pid):
        os._exit(1)  # the parent died before the signal was asked for: nobody will send it
    sentinel = getattr(parent, "sentinel", None) if parent is not None else None
    threading.Thread(target=_watch, args=(parent_pid, sentinel), name="parent-watch", daemon=True).start()


def _death_signal() -> None:
    """Linux: SIGKILL this process when the thread that started it ends (its parent's death)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no libc to ask: the watching thread alone
        pass


def _alive(pid: int) -> bool:
    """Is process `pid` there? (POSIX: signal 0 asks without sending; elsewhere the sentinel tells.)"""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _gone(parent_pid: int) -> bool:
    """Has the parent died? On POSIX an orphan is given to another process (init or a subreaper);
    on Windows a pid does not change, and the sentinel tells."""
    return os.name == "posix" and os.getppid() != parent_pid


def _watch(parent_pid: int, sentinel) -> None:
    while True:
        if sentinel is not None:
            try:
                if multiprocessing.connection.wait([sentinel], POLL_S):
                    os._exit(1)
            except (OSError, ValueError):  # the sentinel closed under us: the pid alone tells
                sentinel = None
        else:
            threading.Event().wait(POLL_S)
        if _gone(parent_pid):
            os._exit(1)
