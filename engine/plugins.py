"""Which rule sets this installation has, by id, found without importing any of them.

Scope: the built-in rule-set ids and the names of the `motu.rulesets` entry points (a
third-party rule set's entry point is named by its id). The model and the file reader ask
here whether a scenario names a known rule set; they sit below the rules, so they cannot ask
the registry (engine/rules/registry.py), which imports the rule sets themselves.
"""
from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

BUILTIN_RULESETS = ("tahiti", "fern", "tiki", "pearls")
RULESET_ENTRY_POINTS = "motu.rulesets"


@lru_cache(maxsize=1)
def ruleset_ids() -> tuple[str, ...]:
    """The built-in ids, then each entry point's name (whether or not its rule set loads)."""
    extra = [ep.name for ep in entry_points(group=RULESET_ENTRY_POINTS) if ep.name not in BUILTIN_RULESETS]
    return BUILTIN_RULESETS + tuple(dict.fromkeys(extra))
