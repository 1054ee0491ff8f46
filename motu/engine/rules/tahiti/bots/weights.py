"""The weights of the Tahiti heuristic bot's evaluation (heuristic.evaluate, delta.after_move).

Scope: plain numbers, shared by the evaluation of a position and its reading of a move from
the position before it.
"""
from __future__ import annotations

# An area counts AREA, and FIRM more held by a Village or a Control marker (presence alone ends
# when the units leave); being ahead alone is worth LEAD: a tie at the top is only a draw.
AREA, FIRM, LEAD = 8.0, 2.0, 6.0

# A battle coming in the Combat Phase, seen one move ahead: worth BATTLE_WEIGHT a point of
# margin (capped at the margin that takes three losses), and a Head Chieftain's stack that
# could lose it is a risk to the game (his death puts the player out).
BATTLE_WEIGHT, MARGIN_CAP, CHIEFTAIN_RISK = 2.0, 6, 15.0
