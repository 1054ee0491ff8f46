"""Which rule sets this installation has, found by name, and the rule sets themselves on demand.

Scope: the plug-in registry of rule sets, the engine's bottom layer. Ids are known without
importing any rule set (the built-in ids and the names of the `motu.rulesets` entry points: a
third-party rule set's entry point is named by its id), so the file reader and the model can
check a scenario's rule set cheaply. `get_ruleset(id)` loads rule sets on first use, by name
(the built-in packages `motu.engine.rules.<id>`, then the entry points), so code of any layer may
ask for the rule set a scenario names and use it through the RuleSet interface
(motu/engine/rules/ruleset.py) without importing the rules layer: the layers above register, the
layers below ask. Third-party distributions declare, in their pyproject.toml,
`[project.entry-points."motu.rulesets"] mygame = "mypkg.rules:RULESET"`, where RULESET is a
RuleSet instance (or a class, which is instantiated) whose id is the entry point's name.
"""
from __future__ import annotations

import importlib
import logging
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

BUILTIN_RULESETS = ("tahiti", "fern", "tiki", "pearls")
RULESET_ENTRY_POINTS = "motu.rulesets"

_log = logging.getLogger(__name__)
_REGISTRY: dict[str, Any] = {}
_loaded = False


@lru_cache(maxsize=1)
def ruleset_ids() -> tuple[str, ...]:
    """The built-in ids, then each entry point's name (whether or not its rule set loads)."""
    extra = [ep.name for ep in entry_points(group=RULESET_ENTRY_POINTS) if ep.name not in BUILTIN_RULESETS]
    return BUILTIN_RULESETS + tuple(dict.fromkeys(extra))


def register(ruleset: Any) -> Any:
    """Add a rule set (an object with the RuleSet interface) under its id."""
    if not getattr(ruleset, "id", ""):
        raise ValueError("a rule set needs an id")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_RULESETS:
        register(importlib.import_module(f"motu.engine.rules.{name}").RULESET)
    for ep in entry_points(group=RULESET_ENTRY_POINTS):
        try:
            obj = ep.load()
            ruleset = obj() if isinstance(obj, type) else obj
            if ruleset.id != ep.name:  # scenario files are checked against entry point names (ruleset_ids)
                raise ValueError(f"its id is {ruleset.id!r}; the entry point must be named by the id")
            register(ruleset)
        except Exception as exc:  # a broken plug-in must not stop Motu
            _log.warning("rule set %s from %s could not be loaded: %s", ep.name, ep.value, exc)


def reload_plugins() -> None:
    """Find the entry points again (a distribution installed while Motu runs: tests, a designer's
    new rule set); rule sets already loaded stay."""
    global _loaded
    ruleset_ids.cache_clear()
    _loaded = False
    _load()


def known_ruleset_ids() -> list[str]:
    _load()
    return list(_REGISTRY)


def get_ruleset(ruleset_id: str) -> Any:
    _load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown rule set {ruleset_id!r} (known: {', '.join(_REGISTRY)})") from None


def rulesets() -> list[Any]:
    _load()
    return list(_REGISTRY.values())
