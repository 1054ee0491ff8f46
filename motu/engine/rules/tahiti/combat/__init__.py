"""Combat in Tahiti: battles (the Combat Phase, 9.2, 12.1), losses (losing units, Panic) and retreat
(9.2, 15.8, 15.9)."""
