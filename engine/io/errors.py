"""The one error type that reading a scenario raises: where, and what is wrong."""
from __future__ import annotations


class LoadError(Exception):
    """A file that cannot be read as a scenario. Lines and columns count from 1."""

    def __init__(self, message: str, source: str = "<scenario>", line: int | None = None,
                 column: int | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"

    def to_json(self) -> dict:
        return {"file": self.source, "line": self.line, "column": self.column, "message": self.message}
