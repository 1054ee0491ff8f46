"""The rule-set registry, as the layers above the rules know it: motu/engine/plugins.py finds and
loads rule sets by name (built-in packages, then `motu.rulesets` entry points); this module
gives its functions their RuleSet types."""
from __future__ import annotations

from motu.engine.plugins import BUILTIN_RULESETS, RULESET_ENTRY_POINTS, get_ruleset, known_ruleset_ids, register, rulesets

from .ruleset import RuleSet

BUILTIN = BUILTIN_RULESETS
ENTRY_POINT_GROUP = RULESET_ENTRY_POINTS

__all__ = ["RuleSet", "BUILTIN", "ENTRY_POINT_GROUP", "get_ruleset", "known_ruleset_ids", "register", "rulesets"]
