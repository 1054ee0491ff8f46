"""Fire in the Fern! rule data: the tables of motu/resources/rulesets/fern/tables.yaml and options.

Scope: loading the numbers once, and reading a scenario's options with the
catalogue's defaults. Code cites the section beside each use of a number.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motu.engine.plugins import get_ruleset


def tables(ruleset_id: str = "fern") -> dict[str, Any]:
    """The tables of the rule set of that id (the catalogue's `ruleset`): a variant's are its own."""
    return get_ruleset(ruleset_id).document("tables")


def option(options: Mapping[str, Any], catalogue, key: str) -> Any:
    if key in options:
        return options[key]
    return catalogue.options[key].default
