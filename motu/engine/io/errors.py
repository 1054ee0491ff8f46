"""The one error type that every reader raises: which file, where in it, and what is wrong.

Where a format has lines (YAML, XML, JSON syntax) the place is a line and a column; where
the problem is in the structure of a JSON document it is a JSON path (`layers[2].data`).
"""
from __future__ import annotations

from typing import Any, Iterable


class LoadError(Exception):
    """A file that cannot be read. Lines and columns count from 1."""

    def __init__(self, message: str, source: str = "<scenario>", line: int | None = None,
                 column: int | None = None, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.path = path

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        elif self.path:
            where += f": {self.path}"
        return f"{where}: {one_line(self.message)}"

    def to_json(self) -> dict:
        return {"file": self.source, "line": self.line, "column": self.column, "path": self.path,
                "message": one_line(self.message)}


def one_line(text: str) -> str:
    """A message on one line, whatever a library put in it."""
    return " ".join(str(text).split())


def json_path(steps: Iterable[Any]) -> str:
    """`layers[2].objects[0].x` from ('layers', 2, 'objects', 0, 'x')."""
    out = ""
    for step in steps:
        if isinstance(step, int) and not isinstance(step, bool):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + str(step)
    return out or "the document"
