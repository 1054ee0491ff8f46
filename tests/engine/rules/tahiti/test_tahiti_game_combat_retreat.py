"""Retreat after a land battle (9.2) and toward a Marae (15.8); hand-worked dice.

Every battle here: Red (Heavy Troops + Slingers = 6) attacks Blue on PAEA_HEX unless said otherwise.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from tahiti_positions import BLUE_HOME, PAEA_AREA, PAEA_HEX, PAEA_MARAE, RED_HOME  # noqa: E402
from test_tahiti_game_combat import NEXT_TO_BLUE_HOME, RED_STACK, battle, panics  # noqa: E402
from test_tahiti_game_support import BLUE, GREEN, RED, feed, game, in_compound, kinds, pending, positions  # noqa: E402

from motu.engine.rules.tahiti.game_state import CELL  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control, marae_control  # noqa: E402


def red_attacks(blue, **kw):
    """Red's RED_STACK against Blue's `blue` (battle's keywords); the attacker's die is next."""
    st = battle(RED_STACK, blue, **kw)
    assert pending(st) == "on_attack_die"
    return st


def test_rule_9_2_loser_retreats_two_hexes_toward_his_home_village():
    st = red_attacks(["militia", "militia"])
    feed(st, 4, 5)  # 6 + 4 = 10 against 2 + 5 = 7: margin 3, Blue loses a Militia and retreats
    panics(st, ("militia", 808, 2), ("militia", 855, 4))  # 7 hexes from home, then 6, then 5; even: no panic
    assert positions(st, BLUE) == [("militia", 855, False)]
    assert positions(st, RED) == [("heavy_troops", PAEA_HEX, False), ("slingers", PAEA_HEX, False)]


def test_rule_9_2_retreat_stops_on_reaching_the_home_village():
    st = red_attacks(["militia", "militia"], cell=NEXT_TO_BLUE_HOME)
    feed(st, 4, 5)  # margin 3 as above; the Home Village is one hex away: a one-hex retreat
    panics(st, ("militia", BLUE_HOME, 6))  # one hex, one roll
    assert positions(st, BLUE) == [("militia", BLUE_HOME, False)]


def test_rule_9_2_retreat_never_into_or_through_enemy_held_hexes():
    def green_on_the_way(st):
        st.add_unit("militia", GREEN, 808)  # Green holds the first hex of Blue's way home
    st = red_attacks(["militia", "militia"], setup=green_on_the_way)
    feed(st, 4, 5)
    panics(st, ("militia", 854, 2), ("militia", 855, 2))  # round by 854, to the same 855 (5 from home)
    assert positions(st, BLUE) == [("militia", 855, False)]

    def green_on_both_ways(st):
        st.add_unit("militia", GREEN, 808)
        st.add_unit("militia", GREEN, 854)
    st = red_attacks(["militia", "militia"], setup=green_on_both_ways)
    feed(st, 4, 5)
    # Neither 855 nor 856 (5 from home) can be reached in two free hexes: 809 (6 from home) by 761.
    panics(st, ("militia", 761, 2), ("militia", 809, 2))
    assert positions(st, BLUE) == [("militia", 809, False)]


def blocked(st):
    for c in (808, 761, 760, 854):  # every land hex next to PAEA_HEX (759 and 806 are lagoon)
        st.add_unit("militia", GREEN, c)


def test_rule_9_2_loser_with_nowhere_to_go_is_lost_his_elder_captured():
    st = red_attacks(["clan_elder", "militia"], setup=blocked)
    feed(st, 4, 6)  # 6 + 4 = 10 against 2 + 6 = 8: margin 2, Blue loses the Militia; no free hex
    assert kinds(st, BLUE) == []
    assert positions(st, RED) == [("clan_elder", RED_HOME, False), ("heavy_troops", PAEA_HEX, False),
                                  ("slingers", PAEA_HEX, False)]


def test_rule_9_2_loser_with_nowhere_to_go_loses_his_head_chieftain():
    st = red_attacks(["head_chieftain", "militia"], setup=blocked)
    feed(st, 4, 5)  # 6 + 4 = 10 against 3 + 5 = 8: margin 2, the Militia lost; the Head Chieftain trapped
    assert st.out[BLUE] and kinds(st, BLUE) == []


def test_rule_21_shaman_lost_with_a_stranded_stack_is_replaced_in_two_turns():
    st = red_attacks(["shaman", "militia"], setup=blocked)
    feed(st, 4, 6)  # 6 + 4 = 10 against 2 + 6 = 8: margin 2, Blue loses the Militia; no free hex
    assert kinds(st, BLUE) == []
    assert st.shaman_due == {BLUE: st.turn + 2}  # 21: "replaced (in two turns) per the normal rules"


def test_rule_9_2_without_a_home_village_the_loser_chooses_where_to_go():
    def home_taken(st):
        st.villages[BLUE_HOME][0] = RED  # Red holds Blue's Home Village
        st.maraes[PAEA_MARAE] = 1
        st.control_markers[PAEA_AREA] = BLUE  # Blue controls Paea and so its Marae
    st = red_attacks(["militia", "militia"], setup=home_taken, rule_15_8_maraes=True)
    feed(st, 4, 5)
    # Every free hex two hexes away; 15.8: no Marae retreat for a player with no Home Village.
    assert st.node[:4] == ("decide", BLUE, tuple(CELL + c for c in (712, 713, 714, 762, 809, 855, 856)),
                           "on_retreat_target")
    st.apply_action(CELL + 714)
    panics(st, ("militia", 761, 2), ("militia", 714, 2))
    assert positions(st, BLUE) == [("militia", 714, False)]


MOOREA_HEX = 289  # an inland Teavaro hex of tahiti-moorea.yaml, clear like its six neighbours
MOOREA_TWO_AWAY = (221, 222, 287, 291, 356, 360, 426, 427, 428)  # every hex two from it


def test_rule_9_2_home_village_out_of_reach_over_land_the_loser_chooses_where_to_go():
    """A stack beaten on Mo'orea cannot reach its Home Village on Tahiti over land: as without a
    Home Village it goes the full distance to a hex of its choice (not one hex, every hex being
    equally far from home), so its Clan Elders roll 15.9 Panic."""
    st = battle(RED_STACK, ["clan_elder", "militia", "militia"], cell=MOOREA_HEX, name="tahiti-moorea.yaml")
    feed(st, 4, 5)  # 6 + 4 = 10 against 3 + 5 = 8: margin 2, Blue loses a Militia and retreats
    assert st.node[:4] == ("decide", BLUE, tuple(CELL + c for c in MOOREA_TWO_AWAY), "on_retreat_target")
    st.apply_action(CELL + 222)
    # Two hexes (by 290): the Clan Elder rolls in each (15.9), 1 flips him, 4 does not.
    panics(st, ("clan_elder", 290, 1), ("militia", 290, 2), ("clan_elder", 222, 4), ("militia", 222, 2))
    assert positions(st, BLUE) == [("clan_elder", 222, False), ("militia", 222, False)]  # flipped back


def test_rule_15_8_no_retreat_toward_a_marae_out_of_reach_over_land():
    """15.8 on Mo'orea: Blue's Marae on Tahiti cannot be reached over land: no target."""
    b = game("tahiti-moorea.yaml").b
    marae = next(c for c in b.marae_sites if b.area_island[b.area[c]] == "tahiti")

    def blue_marae_on_tahiti(st):
        st.maraes[marae] = 1
        st.control_markers[b.area[marae]] = BLUE
    st = battle(RED_STACK, ["militia", "militia"], cell=MOOREA_HEX, name="tahiti-moorea.yaml",
                setup=blue_marae_on_tahiti, rule_15_8_maraes=True)
    assert marae_control(st, area_control(st))[marae] == BLUE  # built, and Blue's
    feed(st, 4, 5)  # 6 + 4 = 10 against 2 + 5 = 7: margin 3, Blue loses a Militia
    assert st.node[:4] == ("decide", BLUE, tuple(CELL + c for c in MOOREA_TWO_AWAY), "on_retreat_target")


def with_paea_marae(st):
    st.maraes[PAEA_MARAE] = 1
    st.control_markers[PAEA_AREA] = BLUE


def test_rule_15_8_loser_may_retreat_into_his_marae_compound():
    st = red_attacks(["clan_elder", "militia", "militia"], setup=with_paea_marae, rule_15_8_maraes=True)
    feed(st, 4, 6)  # 6 + 4 = 10 against 3 + 6 = 9: margin 1, each side loses 1: Red its Slingers
    assert st.node[:4] == ("decide", BLUE, (CELL + BLUE_HOME, CELL + PAEA_MARAE), "on_retreat_target")
    st.apply_action(CELL + PAEA_MARAE)
    # One hex to the Marae: the Militia rolls; the Clan Elder does not (15.9, a one-hex retreat).
    panics(st, ("militia", PAEA_MARAE, 2))
    assert in_compound(st, BLUE) == [("clan_elder", PAEA_MARAE), ("militia", PAEA_MARAE)]
    assert positions(st, RED) == [("heavy_troops", PAEA_HEX, False)]


def test_rule_15_8_loser_may_retreat_toward_home_instead():
    st = red_attacks(["clan_elder", "militia", "militia"], setup=with_paea_marae, rule_15_8_maraes=True)
    feed(st, 4, 6)
    st.apply_action(CELL + BLUE_HOME)
    # Through the Marae's hex without stopping: not into the compound.
    panics(st, ("clan_elder", 808, 2), ("militia", 808, 2), ("clan_elder", 855, 2), ("militia", 855, 2))
    assert positions(st, BLUE) == [("clan_elder", 855, False), ("militia", 855, False)] and in_compound(st, BLUE) == []


def test_rule_15_8_no_marae_retreat_when_the_battle_was_in_the_marae_hex():
    # Red brings no Combat Units into the Marae's hex, so Blue still controls the Marae (15.8).
    st = battle(["head_chieftain", "clan_elder"], ["militia"] * 4, cell=PAEA_MARAE, setup=with_paea_marae,
                rule_15_8_maraes=True)
    assert pending(st) == "on_attack_die"
    feed(st, 5, 1)  # 3 + 5 = 8 against 4 + 1 = 5: margin 3, Blue loses a Militia
    # No choice to make: toward the Home Village (808 is 6 hexes from it, 856 5, 857 4).
    panics(st, *[("militia", 856, 2)] * 3, *[("militia", 857, 2)] * 3)
    assert positions(st, BLUE) == [("militia", 857, False)] * 3 and in_compound(st, BLUE) == []
