"""Named cells, areas and unit ids of the shipped map (scenarios/tahiti.yaml) for the Tahiti game
tests (no tests here): one name, one thing. Cells are board indices; areas are area indices; uids
are the units' ids as the set-up raises them (Home Villages of the scenario, rule 3.1 off)."""
from __future__ import annotations

from test_tahiti_game_support import BLUE, GREEN, RED, YELLOW

# The Home Villages: Red Pare, Blue Papara, Green Tautira, Yellow Hitiaa.
RED_HOME, BLUE_HOME, GREEN_HOME, YELLOW_HOME = 245, 1001, 1028, 592
HOME = {RED: RED_HOME, BLUE: BLUE_HOME, GREEN: GREEN_HOME, YELLOW: YELLOW_HOME}

# Paea: neutral at the start, 7 hexes from Blue's Home Village and 13 from Red's.
PAEA_AREA = 2
PAEA_HEX = 807          # a clear hex of Paea
PAEA_MARAE = 808        # the Marae site of Paea, next to PAEA_HEX

# Each Home Village's stack at set-up: HC, 2 CE, Shaman, 3 P, 2 Mi, 1 F, a War Canoe (uids in
# that order, 11 a player).
HC = {RED: 0, BLUE: 11, GREEN: 22, YELLOW: 33}
ELDERS = {RED: (1, 2), BLUE: (12, 13), GREEN: (23, 24), YELLOW: (34, 35)}
SHAMAN = {RED: 3, BLUE: 14, GREEN: 25, YELLOW: 36}
CANOE = {RED: 10, BLUE: 21, GREEN: 32, YELLOW: 43}
