"""How a game of Tahiti can end, in the rulebook's words and in the order a designer reads them.

Scope: the words of victory.py's result kinds (what a game's `GameEnded` event says, what a
balance report counts), and their reading order, the greatest victory first.
"""
from __future__ import annotations

TAHITI_OUTCOMES = {  # a result's kind (victory.py) in the rulebook's words; the victory levels are words already
    "total victory": "Total Victory (event 66)", "armageddon": "Armageddon (event 66)",
    "last standing": "last clan standing", "nobody": "no clan left", "defeat": "defeat (solitaire)",
    "solitaire": "counted against the target (solitaire)",
}
OUTCOME_ORDER = ("Total Victory (event 66)", "decisive victory", "substantive victory", "marginal victory", "draw",
                 "last clan standing", "Armageddon (event 66)", "no clan left")
TURN_LIMIT = "the turn limit"  # what ended a game counted by areas (victory.end_by_areas)
SEASON_END = "an end-of-season event (11-13)"


def outcome_words(kind: str) -> str:
    return TAHITI_OUTCOMES.get(kind, kind)
