"""Fire in the Fern! rule data: the tables of motu/resources/rulesets/fern/tables.yaml and options.

Scope: loading the numbers once, and reading a scenario's options with the
catalogue's defaults. Code cites the section beside each use of a number.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import yaml

from motu.engine.resources import resource_path


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    with open(resource_path("rulesets", "fern", "tables.yaml"), encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.CSafeLoader)


def option(options: Mapping[str, Any], catalogue, key: str) -> Any:
    if key in options:
        return options[key]
    return catalogue.options[key].default
