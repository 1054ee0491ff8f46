"""Tahiti's rule data: options (tables.yaml, rules.yaml, scenario options, conditions) and tables
(the YAML files a game reads: events, counters, combat, construction, victory, expeditions)."""
