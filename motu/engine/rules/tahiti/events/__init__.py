"""Random Events (15.12) in Tahiti: table (the two dice, the third), effects_14_36 and effects_41_66
(one function per entry), picks (areas, players, counters chosen), rast (the Random Area Selection
Table), random_event (the typed event) and odds (how a game ends on the table alone)."""
