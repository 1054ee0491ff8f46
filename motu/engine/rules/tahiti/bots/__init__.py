"""Tahiti's bots: heuristic (the evaluation, the heuristic bot, the factories), outlook (areas as the
next Area Control Phase leaves them), delta (a plain move's value) and weights."""
