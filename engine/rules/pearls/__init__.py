"""Tahiti pearls: the pearl-fishing auction game on a track round a lettered map."""
from engine.rules.ruleset import RuleSet


class PearlsRules(RuleSet):
    id = "pearls"
    name = "Tahiti pearls"
    summary = "Pearl-fishing auction game on a 12-space track round a 7x7 map"


RULESET = PearlsRules()
