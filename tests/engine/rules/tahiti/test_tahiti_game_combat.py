"""Land combat (9.2), Panic on retreat, Clan Elders (12.1 capture, 15.9 panic), hand-worked dice."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from engine.rules.tahiti.game_state import FLIPPED, PICK  # noqa: E402

from test_tahiti_game_support import BLUE, RED, at_step, feed, game  # noqa: E402


def battle(red: list[str], blue: list[str], **opts):
    """Red attacks Blue on a clear hex of Paea, well away from both Home Villages."""
    st = game(**opts)
    feed(st, PICK + RED)
    st.units = []
    cell = st.b.village_sites[2]  # Paea
    for k in red:
        st.add_unit(k, RED, cell, 1)  # moved in this turn: the attacker
    for k in blue:
        st.add_unit(k, BLUE, cell)
    at_step(st, ("combat",))
    return st, cell


def kinds(st, p):
    return sorted(u[0] for u in st.units if u[1] == p)


def test_rule_9_2_defender_wins_ties():
    st, cell = battle(["clan_elder", "militia"], ["clan_elder", "militia"])
    feed(st, 3, 3)  # 2 + 3 against 2 + 3: the defender wins; margin 0: both lose one
    assert kinds(st, RED) == ["clan_elder"] and kinds(st, BLUE) == ["clan_elder"]
    assert st.node[3][0] == "on_panic" or all(u[2] != cell for u in st.units if u[1] == RED)


def test_rule_9_2_winner_margin_four_loser_loses_two():
    st, cell = battle(["head_chieftain", "fighters", "fighters"], ["clan_elder", "militia", "militia"])
    feed(st, 6, 1)  # 8 + 6 = 14 against 3 + 1 = 4: margin 10, three losses
    assert kinds(st, BLUE) == []  # militia, militia, then the Clan Elder captured (12.1)
    assert kinds(st, RED).count("clan_elder") == 1  # adopted at Red's Home Village
    assert [u[2] for u in st.units if u[0] == "clan_elder"] == [st.home[RED]]


def test_rule_9_2_loser_retreats_toward_home_rolling_panic_each_hex():
    st, cell = battle(["head_chieftain", "fighters", "fighters"], ["militia", "militia", "clan_elder"])
    feed(st, 1, 6)  # 8 + 1 = 9 against 3 + 6 = 9: Blue holds; margin 0: both lose one
    assert st.is_terminal() is False


def test_rule_9_2_unit_panicking_twice_in_one_retreat_is_lost():
    st, cell = battle(["fighters", "head_chieftain"], ["clan_elder", "militia", "militia"])
    feed(st, 6, 1)  # 5 + 6 = 11 against 3 + 1 = 4: margin 7, Blue loses three: all gone
    assert kinds(st, BLUE) == []


def elder_retreat(with_hc: bool):
    st, cell = battle(["heavy_troops", "heavy_troops", "clan_elder"],
                      ["clan_elder", "population"] + (["head_chieftain"] if with_hc else []))
    feed(st, 6, 1)  # 9 + 6 against 1 (+2) + 1: Blue loses three from the margin
    return st


def test_rule_15_9_elder_captured_on_second_odd_roll():
    st, cell = battle(["heavy_troops", "clan_elder"], ["clan_elder", "fighters", "fighters"])
    feed(st, 6, 2)  # 5 + 6 = 11 against 7 + 2 = 9: margin 2, Blue loses one Fighters, retreats 2 hexes
    elder = next(u for u in st.units if u[1] == BLUE and u[0] == "clan_elder")
    # In each of the two hexes the Clan Elder and the Fighters roll: the elder 5, then 3.
    rolls = {"clan_elder": [5, 3], "fighters": [2, 2]}
    while st.node is not None and st.node[3][0] == "on_panic":
        u = st.unit(st.node[3][1][0])
        st.apply_action(rolls[u[0]].pop(0))
    assert st.unit(elder[4]) is None  # panicked twice: captured by Red
    assert sum(1 for u in st.units if u[1] == RED and u[0] == "clan_elder") == 2


def _retreat_rolling(st, elder_roll: int, other_roll: int = 2) -> list[str]:
    """Answer every Panic roll of the retreat: `elder_roll` for Clan Elders, `other_roll` for the rest."""
    rolled = []
    while st.node is not None and st.node[3][0] == "on_panic":
        u = st.unit(st.node[3][1][0])
        rolled.append(u[0])
        st.apply_action(elder_roll if u[0] == "clan_elder" else other_roll)
    return rolled


def test_rule_15_9_elder_with_chieftain_does_not_panic_on_5():
    # Red rolls 6, Blue 1: Blue loses and retreats two hexes, so the Elder rolls twice.
    st, _ = battle(["heavy_troops", "heavy_troops", "clan_elder"], ["clan_elder", "head_chieftain", "fighters", "fighters"])
    feed(st, 6, 1)
    assert _retreat_rolling(st, 5).count("clan_elder") == 2
    elders = [u for u in st.units if u[0] == "clan_elder"]
    # With his Head Chieftain a 5 is no panic: he stays Blue's, unflipped.
    assert [(u[1], bool(u[3] & FLIPPED)) for u in elders if u[1] == BLUE] == [(BLUE, False)]
    # The same two 5s without the Head Chieftain: flipped by the first, captured by the second (12.1).
    st, _ = battle(["heavy_troops", "heavy_troops", "clan_elder"], ["clan_elder", "fighters", "fighters", "fighters"])
    feed(st, 6, 1)
    assert _retreat_rolling(st, 5).count("clan_elder") == 2
    assert sorted(u[1] for u in st.units if u[0] == "clan_elder") == [RED, RED]


def test_rule_15_9_elder_flips_back_after_one_panic():
    st, cell = battle(["heavy_troops", "clan_elder"], ["clan_elder", "fighters", "fighters"])
    feed(st, 6, 2)
    elder = next(u for u in st.units if u[1] == BLUE and u[0] == "clan_elder")
    rolls = {"clan_elder": [5, 2], "fighters": [2, 2]}
    while st.node is not None and st.node[3][0] == "on_panic":
        u = st.unit(st.node[3][1][0])
        st.apply_action(rolls[u[0]].pop(0))
    assert st.unit(elder[4]) is not None and not st.unit(elder[4])[3] & FLIPPED


def test_rule_12_1_head_chieftain_killed_loses_the_game():
    st, cell = battle(["heavy_troops", "heavy_troops", "clan_elder"], ["head_chieftain"])
    feed(st, 6, 1)
    assert st.out[BLUE]


def test_rule_15_6_no_combat_in_the_arioi_area():
    st = game()
    feed(st, PICK + RED)
    st.units = []
    cell = st.b.village_sites[2]
    st.arioi = st.b.area_coast[st.b.area[cell]][0]
    st.add_unit("fighters", RED, cell, 1)
    st.add_unit("clan_elder", RED, cell, 1)
    st.add_unit("militia", BLUE, cell)
    at_step(st, ("combat",))
    assert st.node is None or st.node[3][0] != "on_attack_die"
