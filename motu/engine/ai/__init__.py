"""Bots: random, and the shared interface heuristic and search bots implement. The rng is handed in."""
