"""The rule-set registry: the four built-in games, and third-party ones by entry point.

Third-party distributions declare, in their pyproject.toml,
`[project.entry-points."motu.rulesets"] mygame = "mypkg.rules:RULESET"`, where
RULESET is a RuleSet instance (or a class, which is instantiated) whose id is the entry
point's name (`mygame`): files are checked against those names before any rule set loads.
"""
from __future__ import annotations

import importlib
import logging
from importlib.metadata import entry_points

from engine.plugins import BUILTIN_RULESETS, RULESET_ENTRY_POINTS

from .ruleset import RuleSet

BUILTIN = BUILTIN_RULESETS
ENTRY_POINT_GROUP = RULESET_ENTRY_POINTS

_log = logging.getLogger(__name__)
_REGISTRY: dict[str, RuleSet] = {}
_loaded = False


def register(ruleset: RuleSet) -> RuleSet:
    if not ruleset.id:
        raise ValueError("a rule set needs an id")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN:
        module = importlib.import_module(f"engine.rules.{name}")
        register(module.RULESET)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
            ruleset = obj() if isinstance(obj, type) else obj
            if ruleset.id != ep.name:  # scenario files are checked against entry point names (engine/plugins.py)
                raise ValueError(f"its id is {ruleset.id!r}; the entry point must be named by the id")
            register(ruleset)
        except Exception as exc:  # a broken plug-in must not stop Motu
            _log.warning("rule set %s from %s could not be loaded: %s", ep.name, ep.value, exc)


def known_ruleset_ids() -> list[str]:
    _load()
    return list(_REGISTRY)


def get_ruleset(ruleset_id: str) -> RuleSet:
    _load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown rule set {ruleset_id!r} (known: {', '.join(_REGISTRY)})") from None


def rulesets() -> list[RuleSet]:
    _load()
    return list(_REGISTRY.values())
