"""Tahiti (3W, 1994), the hex-and-area wargame of clans on Tahiti and Mo'orea."""
from engine.rules.ruleset import RuleSet


class TahitiRules(RuleSet):
    id = "tahiti"
    name = "Tahiti"
    summary = "Hex-and-area wargame of clans on Tahiti (3W, 1994), advanced rules 15.5-15.14"


RULESET = TahitiRules()
