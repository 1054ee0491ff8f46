"""Movement in Tahiti: profiles (the scenario's, for `motu query`), and in a game stacks (who moves),
reach (where to), moves (the Movement Phase's first step), after_dice (15.13, 15.14, the Marae
compound) and expedition (the high seas)."""
