"""Upgrading older scenario documents to the current format version.

Each migration takes a document of version N and returns one of version N+1.
Version 1 is the first, so the table is empty; the hook is here so that the
day a version 2 comes, version-1 files keep opening.
"""
from __future__ import annotations

from typing import Any, Callable

from motu.engine.scenario.model import FORMAT_VERSION

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class MigrationError(Exception):
    pass


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    version = doc.get("motu")
    if not isinstance(version, int) or isinstance(version, bool):
        return doc  # the schema reports the missing or malformed version
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            return doc
        doc = step(doc)
        version = doc["motu"]
    return doc
