"""Playing a game: a session owns the seeded generator and the action log."""
