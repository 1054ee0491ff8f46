"""Atomic file writing: a temporary file beside the target, flushed, then renamed.

A save that is killed leaves its temporary file (`.~NAME.XXXX.tmp`) behind; the next save
of the same target removes such leftovers, but never one that a save under way still holds
(each save holds a lock on its own temporary file while it writes, where the system has
locks; elsewhere only leftovers older than an hour are removed).

A target that is a symbolic link is written through the link: the file it points to gets
the new content and the link stays a link. The editor's QSaveFile does the same, so the
command line and the editor treat a linked scenario alike (docs/format.md).
"""
from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from typing import Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

STALE_AGE_S = 10  # a leftover younger than this may be a save that has not taken its lock yet
STALE_AGE_UNLOCKED_S = 3600  # without locks, only leftovers this old are surely dead


def _prefix(target: str) -> str:
    return ".~" + os.path.basename(target) + "."


def real_target(path: str) -> str:
    """The file a save of `path` writes: `path` itself, or where its symbolic links lead."""
    return os.path.realpath(path) if os.path.islink(path) else os.path.abspath(path)


def remove_leftovers(target: str) -> list[str]:
    """Remove temporary files of Motu's own naming beside `target` that no save holds; their paths."""
    directory, prefix = os.path.dirname(target), _prefix(target)
    removed = []
    now = time.time()
    for tmp in glob.glob(os.path.join(glob.escape(directory), glob.escape(prefix) + "*.tmp")):
        try:
            if not os.path.isfile(tmp) or os.path.islink(tmp):
                continue
            age = now - os.stat(tmp).st_mtime
            if age < (STALE_AGE_S if fcntl else STALE_AGE_UNLOCKED_S):
                continue
            if fcntl is not None:
                fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held: a save is writing it
                except OSError:
                    continue
                finally:
                    os.close(fd)
            os.unlink(tmp)
            removed.append(tmp)
        except OSError:
            continue
    return removed


@contextlib.contextmanager
def atomic_path(path: str) -> Iterator[str]:
    """A temporary file beside `path` to write; renamed over `path` when the block ends without error."""
    target = real_target(path)
    directory = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix=_prefix(target), suffix=".tmp", dir=directory)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)  # this save's own: remove_leftovers leaves it be
        remove_leftovers(target)
        yield tmp
        mode = os.stat(target).st_mode & 0o7777 if os.path.exists(target) else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    finally:
        os.close(fd)


def write_atomic(path: str, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one."""
    with atomic_path(path) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())


def write_atomic_bytes(path: str, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one."""
    with atomic_path(path) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
