"""Tiki: the two-player totem game on nine village tiles."""
from engine.rules.ruleset import RuleSet


class TikiRules(RuleSet):
    id = "tiki"
    name = "Tiki"
    summary = "Two-player totem game on nine village tiles"


RULESET = TikiRules()
