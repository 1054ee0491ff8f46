"""Validation of a Tahiti scenario: map_rules (what the rules need of the map), authoring_guide (the
authoring guide's map checks) and play (what a game needs to start and play)."""
