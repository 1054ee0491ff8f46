"""Motu's engine: boards, scenarios, rule sets and formats. Pure Python; never imports Qt."""
