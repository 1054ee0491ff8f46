"""Rule sets: one package per game, the registry, the game API and its conformance check."""
