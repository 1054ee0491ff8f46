"""Construction in Tahiti: builds (the Construction and Training Phase, 6.1, 15.8) and maraes (15.8's
one Marae rule)."""
