"""Panic on retreat (9.2) and Clan Elder Panic (15.9), sentence by sentence; hand-worked dice.

Every battle here: Red (Heavy Troops + Slingers = 6) attacks Blue on PAEA_HEX; Red rolls 6, Blue 1,
so Blue (strength s) loses by 6 + 6 - (s + 1) and retreats two hexes toward his Home Village,
to 808 and then 855 (BLUE_WAY), rolling for Panic in each: units in the order they were raised.
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from tahiti_positions import BLUE_HOME, RED_HOME  # noqa: E402
from test_tahiti_game_combat import NEXT_TO_BLUE_HOME, RED_STACK, battle, panics  # noqa: E402
from test_tahiti_game_support import BLUE, RED, count, feed, kinds, pending, positions  # noqa: E402

from motu.engine.rules.tahiti.game_state import FLIPPED  # noqa: E402
H1, H2 = 808, 855  # the two hexes of Blue's retreat


def blue_loses(blue, **opts):
    st = battle(RED_STACK, blue, **opts)
    feed(st, 6, 1)
    return st


def red_elders_at_home(st):
    return count(st, RED, "clan_elder", RED_HOME)


# --- 9.2: every unit rolls in every hex; odd panics; flipped, then lost -------------------------

@pytest.mark.parametrize("face, flipped", [(1, True), (2, False), (3, True), (4, False), (5, True), (6, False)])
def test_rule_9_2_panic_on_an_odd_roll_flips_the_unit(face, flipped):
    st = blue_loses(["fighters", "fighters", "fighters"])  # 9 + 1 = 10 against 12: margin 2, one lost
    panics(st, ("fighters", H1, face), ("fighters", H1, 2), ("fighters", H2, 2), ("fighters", H2, 2))
    assert positions(st, BLUE) == sorted([("fighters", H2, flipped), ("fighters", H2, False)])


def test_rule_9_2_second_panic_in_the_same_retreat_loses_the_unit():
    st = blue_loses(["fighters", "fighters", "fighters"])
    panics(st, ("fighters", H1, 1), ("fighters", H1, 4), ("fighters", H2, 5), ("fighters", H2, 3))
    # The first Fighters: 1 then 5, panicked twice: lost. The second: 4 then 3: flipped.
    assert positions(st, BLUE) == [("fighters", H2, True)]
    assert red_elders_at_home(st) == 0  # only a Clan Elder is captured


def test_rule_9_2_a_unit_flipped_before_the_retreat_is_lost_only_on_its_second_panic_in_it():
    # Flipped earlier in the turn (15.14 Forced March): halved, 2 + 1 = 3 + 1 = 4 against 6 + 1 = 7.
    st = battle(RED_STACK, [("heavy_troops", FLIPPED), "militia"])
    feed(st, 1, 1)  # margin 3: Blue loses the Militia; the Heavy Troops retreat
    panics(st, ("heavy_troops", H1, 3), ("heavy_troops", H2, 2))  # its first panic of this retreat
    assert positions(st, BLUE) == [("heavy_troops", H2, True)]


def test_rule_9_2_head_chieftain_never_panics():
    st = blue_loses(["head_chieftain", "fighters", "fighters"])  # 8 + 1 = 9 against 12: margin 3, one lost
    panics(st, ("fighters", H1, 1), ("fighters", H2, 3))  # only the Fighters rolls: flipped, then lost
    assert positions(st, BLUE) == [("head_chieftain", H2, False)]


def test_rule_9_2_the_shaman_is_a_unit_and_panics():
    # "Unit": every piece of a clan unless the text excludes it (docs "Combat (9.2)"), so the
    # Shaman rolls as at a fire (62). Shaman 1 + 2 Heavy Troops 8 = 9 + 1 = 10 against 12:
    # margin 2, one lost (a Heavy Troops, before the Shaman); the Shaman and the other retreat.
    st = blue_loses(["shaman", "heavy_troops", "heavy_troops"])
    panics(st, ("shaman", H1, 1), ("heavy_troops", H1, 2), ("shaman", H2, 4), ("heavy_troops", H2, 6))
    assert positions(st, BLUE) == [("heavy_troops", H2, False), ("shaman", H2, True)]


def test_rule_21_shaman_lost_to_a_second_panic_is_replaced_in_two_turns():
    # As above, margin 2: a Heavy Troops lost. The Shaman rolls 1 in 808 (flipped), 3 in 855 (lost).
    st = blue_loses(["shaman", "heavy_troops", "heavy_troops"])
    panics(st, ("shaman", H1, 1), ("heavy_troops", H1, 2), ("shaman", H2, 3), ("heavy_troops", H2, 6))
    assert positions(st, BLUE) == [("heavy_troops", H2, False)]
    assert st.shaman_due == {BLUE: st.turn + 2}  # 21: "replaced (in two turns) per the normal rules"


# --- 15.9, sentence by sentence ----------------------------------------------------------------

def test_rule_15_9_clan_elders_on_the_losing_side_roll_in_each_hex():
    # "Any Clan Elders involved on the losing side of a combat must now roll for Panic in each hex
    # they retreat to, as other units do." Red's own Clan Elder (the winner's) does not roll.
    st = battle(RED_STACK + ["clan_elder"], ["clan_elder", "fighters", "fighters"])
    feed(st, 6, 1)  # 7 + 6 = 13 against 7 + 1 = 8: margin 5, Blue loses two, both Fighters
    panics(st, ("clan_elder", H1, 2), ("clan_elder", H2, 2))
    assert positions(st, BLUE) == [("clan_elder", H2, False)]


def test_rule_15_9_first_odd_roll_flips_him_and_he_flips_back_at_the_end():
    st = blue_loses(["clan_elder", "fighters", "fighters"])  # 7 + 1 = 8 against 12: margin 4, two lost
    assert kinds(st, BLUE) == ["clan_elder"]
    panics(st, ("clan_elder", H1, 3), last=False)
    # "The first time an odd number is rolled, flip the Clan Elder over": so he enters the second hex.
    assert positions(st, BLUE) == [("clan_elder", H2, True)]
    panics(st, ("clan_elder", H2, 2))
    # "If he does not panic a second time, flip him back right-side-up."
    assert positions(st, BLUE) == [("clan_elder", H2, False)]


@pytest.mark.parametrize("capture, red_elders", [("adopt", 1), ("remove", 0)])
def test_rule_15_9_second_panic_in_the_same_retreat_is_a_capture(capture, red_elders):
    st = blue_loses(["clan_elder", "militia", "militia", "militia"], rule_12_1_capture=capture)
    # 4 + 1 = 5 against 12: margin 7, three lost: the Militia; the Clan Elder retreats alone.
    panics(st, ("clan_elder", H1, 1), ("clan_elder", H2, 5))  # odd, odd: captured (12.1), not flipped back
    assert kinds(st, BLUE) == []
    assert red_elders_at_home(st) == red_elders  # adopt: he serves Red at Red's Home Village


def test_rule_15_9_no_roll_when_the_stack_retreats_only_one_hex():
    st = battle(RED_STACK, ["clan_elder", "fighters", "fighters"], cell=NEXT_TO_BLUE_HOME)
    feed(st, 6, 1)  # 7 + 1 = 8 against 12: margin 4, both Fighters lost; the Clan Elder retreats one hex, home
    assert kinds(st, BLUE) == ["clan_elder"]
    assert pending(st) != "on_retreat_panic"
    assert positions(st, BLUE) == [("clan_elder", BLUE_HOME, False)]


def test_rule_15_9_one_hex_retreat_other_units_still_roll():
    st = battle(RED_STACK, ["clan_elder", "fighters", "fighters", "fighters"], cell=NEXT_TO_BLUE_HOME)
    feed(st, 6, 1)  # 10 + 1 = 11 against 12: margin 1, each side loses one: a Fighters and Red's Slingers
    panics(st, ("fighters", BLUE_HOME, 1), ("fighters", BLUE_HOME, 2))  # the Clan Elder does not roll
    assert positions(st, BLUE) == [("clan_elder", BLUE_HOME, False), ("fighters", BLUE_HOME, False),
                               ("fighters", BLUE_HOME, True)]


@pytest.mark.parametrize("faces, captured", [((5, 5), False), ((1, 3), True), ((5, 3), False), ((3, 5), False)])
def test_rule_15_9_with_his_head_chieftain_only_1_or_3_panic(faces, captured):
    st = blue_loses(["head_chieftain", "clan_elder", "fighters", "fighters"])  # 9 + 1 = 10 against 12: margin 2
    panics(st, ("clan_elder", H1, faces[0]), ("fighters", H1, 2), ("clan_elder", H2, faces[1]), ("fighters", H2, 2))
    # With his Head Chieftain a 5 is no panic: 5, 5 nothing; 1, 3 captured; 5, 3 or 3, 5 one panic, flipped back.
    expected = [("fighters", H2, False), ("head_chieftain", H2, False)]
    assert positions(st, BLUE) == sorted(expected + ([] if captured else [("clan_elder", H2, False)]))
    assert red_elders_at_home(st) == (1 if captured else 0)


def test_rule_15_9_without_his_head_chieftain_5_panics():
    st = blue_loses(["clan_elder", "fighters", "fighters", "fighters"])  # 10 + 1 = 11 against 12: margin 1
    panics(st, ("clan_elder", H1, 5), ("fighters", H1, 2), ("fighters", H1, 2),
           ("clan_elder", H2, 5), ("fighters", H2, 2), ("fighters", H2, 2))
    assert kinds(st, BLUE) == ["fighters", "fighters"] and red_elders_at_home(st) == 1


def test_rule_15_9_option_off_clan_elders_do_not_roll():
    st = blue_loses(["clan_elder", "fighters", "fighters"], rule_15_9_elder_panic=False)
    assert kinds(st, BLUE) == ["clan_elder"] and pending(st) != "on_retreat_panic"
    assert positions(st, BLUE) == [("clan_elder", H2, False)]
