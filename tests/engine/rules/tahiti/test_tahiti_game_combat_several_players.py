"""Battles in a hex of three players (9.2, Motu's choice; option rule_9_2_several_players);
hand-worked dice. Turn order Red, Blue, Green; Red has just moved in unless said otherwise.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from tahiti_positions import BLUE_HOME, PAEA_HEX, RED_HOME  # noqa: E402
from test_tahiti_game_combat import BLUE_WAY, GREEN_WAY, RED_WAY, battle, panics  # noqa: E402
from test_tahiti_game_support import BLUE, GREEN, RED, feed, kinds, pending, positions  # noqa: E402

from motu.engine.rules.tahiti.game_state import CELL, DONE, MOVED  # noqa: E402


def test_rule_9_2_three_players_one_at_a_time_strongest_defender_first():
    st = battle(["fighters", "fighters"], ["militia"], ["slingers", "militia"])
    # Red attacks Green first (3 against Blue's 1): 6 + 2 = 8 against 3 + 4 = 7: margin 1, each loses 1.
    feed(st, 2, 4)
    assert kinds(st, RED) == ["fighters"] and kinds(st, GREEN) == ["slingers"] and kinds(st, BLUE) == ["militia"]
    panics(st, ("slingers", GREEN_WAY[0], 2), ("slingers", GREEN_WAY[1], 2))  # Green retreats home
    # The next battle in the same hex: Red, still the last to move in, against Blue:
    # 3 + 1 = 4 against 1 + 6 = 7: Blue wins by 3, Red loses its Fighters.
    assert pending(st) == "on_attack_die"
    feed(st, 1, 6)
    assert kinds(st, RED) == []
    assert positions(st, BLUE) == [("militia", PAEA_HEX, False)]
    assert positions(st, GREEN) == [("slingers", GREEN_WAY[1], False)]


def test_rule_9_2_three_players_the_last_to_move_in_attacks_each_in_turn():
    # Red and Green both moved in; Green moves after Red in turn order: Green attacks.
    st = battle(["fighters"], ["militia"], [("heavy_troops", MOVED)])
    feed(st, 6, 1)  # Green 4 + 6 = 10 against Red (the stronger, 3) 3 + 1 = 4: margin 6, Red loses 3
    assert kinds(st, RED) == [] and kinds(st, BLUE) == ["militia"]
    feed(st, 6, 1)  # then Green against Blue: 10 against 1 + 1 = 2: margin 8, Blue loses all
    assert kinds(st, BLUE) == [] and positions(st, GREEN) == [("heavy_troops", PAEA_HEX, False)]


def test_rule_9_2_three_players_together_defenders_win_ties():
    st = battle(["fighters", "fighters"], ["militia"], ["slingers", "militia"], rule_9_2_several_players="together")
    # 6 + 2 = 8 against Blue and Green 1 + 2 + 1 = 4, + 4 = 8: a tie, the defenders win; margin 0: each
    # side loses 1: Red a Fighters, the defenders their weakest: a Militia, Blue's (raised first).
    feed(st, 2, 4)
    assert kinds(st, BLUE) == [] and kinds(st, GREEN) == ["militia", "slingers"]
    panics(st, ("fighters", RED_WAY[0], 2), ("fighters", RED_WAY[1], 2))
    assert positions(st, RED) == [("fighters", RED_WAY[1], False)]
    assert positions(st, GREEN) == [("militia", PAEA_HEX, False), ("slingers", PAEA_HEX, False)]


def test_rule_9_2_three_players_together_each_loser_retreats_toward_his_own_home():
    st = battle(["heavy_troops", "heavy_troops"], ["clan_elder", "militia"], ["militia", "population"],
                rule_9_2_several_players="together")
    # 8 + 3 = 11 against 2 + 1 + 4 = 7: margin 4, the defenders lose two, weakest first across both:
    # Green's Population, then a Militia (Blue's, raised first).
    feed(st, 3, 4)
    assert kinds(st, BLUE) == ["clan_elder"] and kinds(st, GREEN) == ["militia"]
    # Blue (the stronger) retreats first, then Green; the Clan Elder flips on a 3 and back at the end.
    panics(st, ("clan_elder", BLUE_WAY[0], 3), ("clan_elder", BLUE_WAY[1], 2),
           ("militia", GREEN_WAY[0], 2), ("militia", GREEN_WAY[1], 2))
    assert positions(st, BLUE) == [("clan_elder", BLUE_WAY[1], False)]
    assert positions(st, GREEN) == [("militia", GREEN_WAY[1], False)]


def test_rule_12_1_three_players_together_captures_go_to_the_attacker_or_the_leading_defender():
    st = battle(["heavy_troops", "heavy_troops"], ["clan_elder"], ["militia", "population"],
                rule_9_2_several_players="together")
    feed(st, 6, 4)  # 8 + 6 = 14 against 2 + 4 = 6: margin 8, three lost: Population, Militia, Clan Elder
    assert kinds(st, BLUE) == [] and kinds(st, GREEN) == []
    assert ("clan_elder", RED_HOME, False) in positions(st, RED)  # the attacker captures him
    st = battle(["heavy_troops", "clan_elder"], ["fighters"], ["fighters"], rule_9_2_several_players="together")
    feed(st, 1, 6)  # 5 + 1 = 6 against 6 + 6 = 12: margin 6, Red loses 3: Heavy Troops, Clan Elder
    # The leading defender (Blue and Green equal; Blue first in turn order) captures the Clan Elder.
    assert kinds(st, RED) == []
    assert positions(st, BLUE) == [("clan_elder", BLUE_HOME, False), ("fighters", PAEA_HEX, False)]
    assert kinds(st, GREEN) == ["fighters"]


def test_rule_7_5_three_players_population_alone_is_optional():
    st = battle(["fighters", "clan_elder"], ["population"], ["population"])
    assert st.node[:3] == ("decide", RED, (DONE, CELL + PAEA_HEX))
    feed(st, DONE)
    assert kinds(st, BLUE) == ["population"] and kinds(st, GREEN) == ["population"]
    assert pending(st) not in ("on_attack_die", "on_attack_population")
