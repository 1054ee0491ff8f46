"""Fire in the Fern!: skirmishes of the New Zealand Wars on a grid of squares."""
from engine.rules.ruleset import RuleSet


class FernRules(RuleSet):
    id = "fern"
    name = "Fire in the Fern!"
    summary = "Semi-skirmish rules for the New Zealand Wars on a table of squares"


RULESET = FernRules()
